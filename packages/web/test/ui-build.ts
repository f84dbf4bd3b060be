/**
 * Test helpers for the UI: builds the dev page (src/ui/dev) with Vite, serves it over HTTP and opens
 * it in the system's Chromium (playwright-core; never a downloaded browser).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import type { Browser, BrowserContext } from 'playwright-core';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll } from 'vitest';

const web = fileURLToPath(new URL('..', import.meta.url));

/** Builds the dev page into `outDir`. */
export async function buildDevPage(outDir: string): Promise<void> {
  await build({
    root: join(web, 'src/ui/dev'),
    configFile: false,
    logLevel: 'warn',
    plugins: [svelte({ configFile: join(web, 'svelte.config.js') })],
    build: { outDir, emptyOutDir: true, target: 'es2022', sourcemap: false },
  });
}

/** Builds the board's demo page (board.html, src/board/demo.ts), the packages from their sources. */
export async function buildBoardPage(outDir: string): Promise<void> {
  const repo = fileURLToPath(new URL('../../..', import.meta.url));
  await build({
    configFile: false,
    root: web,
    logLevel: 'warn',
    resolve: {
      alias: {
        '@carc/engine': join(repo, 'packages/engine/src/index.ts'),
        '@carc/art': join(repo, 'packages/art/src/index.ts'),
      },
    },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      rollupOptions: { input: join(web, 'board.html') },
    },
  });
}

/** Builds the web client itself (index.html and its worker) into `outDir`, as `npm run build` does. */
export async function buildApp(outDir: string): Promise<void> {
  await build({
    root: web,
    configFile: join(web, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** Serves `dir` on a free local port. */
export async function serve(dir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split(/[?#]/)[0] ?? '/'));
    const file = join(dir, path === '/' ? 'index.html' : path);
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/`, server };
}

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** The system's Chromium, headless, with a fresh profile (removed by `close`). */
export async function launchChromium(
  options: { viewport?: { width: number; height: number }; hasTouch?: boolean } = {},
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'carc-ui-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...options,
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The system's Chromium, headless, as a browser whose `newContext()` gives isolated contexts (each
 * its own storage and cookies: one per person in a test).
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export const tempDir = (prefix: string): string => mkdtempSync(join(tmpdir(), prefix));

/**
 * For one test file: builds a page (`build` into a folder), serves it and opens Chromium before its
 * tests, and closes both after them. `url()` is the page's address, `context()` the browser's.
 */
function usePage(
  prefix: string,
  buildInto: (dir: string) => Promise<void>,
  options: Parameters<typeof launchChromium>[0] = {},
): { url: () => string; context: () => BrowserContext } {
  let server: Server | undefined;
  let url = '';
  let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = tempDir(prefix);
    await buildInto(dir);
    ({ url, server } = await serve(dir));
    chromium = await launchChromium(options);
  }, 120_000);
  afterAll(async () => {
    await chromium?.close();
    server?.close();
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });
  return {
    url: () => url,
    context: () => {
      if (chromium === undefined) throw new Error(`${prefix}: Chromium is not open (beforeAll failed?)`);
      return chromium.context;
    },
  };
}

/** The dev page (src/ui/dev) for one test file: see usePage. */
export const useDevPage = (prefix: string): ReturnType<typeof usePage> => usePage(prefix, buildDevPage);

/** The web client itself, as `npm run build` makes it, for one test file: see usePage. */
export const useBuiltApp = (
  prefix: string,
  options: Parameters<typeof launchChromium>[0] = {},
): ReturnType<typeof usePage> => usePage(prefix, buildApp, options);

/** The board's demo page for one test file: see usePage. */
export const useBoardPage = (
  prefix: string,
  options: Parameters<typeof launchChromium>[0] = {},
): ReturnType<typeof usePage> => usePage(prefix, buildBoardPage, options);
