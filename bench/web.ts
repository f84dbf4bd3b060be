/**
 * Web client benchmark (`npm run bench:web`): the size of the built client (packages/web/dist, as
 * `npm run build` leaves it) gzipped at level 9, split into what the index page loads and the
 * worker chunk(s); then the board's demo page (board.html, built here with Vite) in Debian's
 * headless Chromium on a position of 150 tiles or more (a random game with all three expansions
 * through the engine, its pile two boxes' tiles): frames per second and the 95th percentile frame
 * time while the mouse pans (drag) and zooms (wheel) for a few seconds, the number of SVG elements,
 * and how long board.update() takes. Then the client as `carcassonne serve` serves it (SQLite in a
 * temporary folder): the bytes on the wire for the index page and what it loads (brotli, as a
 * browser asks), and, in Chromium at 1440×900, the time from pressing Start on the local setup to
 * the first legal cell wholly in the window (found by its accessible name, as a player sees it).
 * Prints figures, never asserts: timings move with the machine and its load.
 *
 * Usage: node bench/dist/web.js [--seconds 4] [--json]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { recordResults } from './record.js';

const WEB = fileURLToPath(new URL('../../packages/web', import.meta.url));
const MAIN = fileURLToPath(new URL('../../packages/cli/dist/main.js', import.meta.url));
const DIST = join(WEB, 'dist');
const CHROMIUM = '/usr/bin/chromium';
const IMAGES = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg', '.ico']);

const argv = process.argv.slice(2);
const secondsFlag = argv.indexOf('--seconds');
const seconds = secondsFlag >= 0 ? Number(argv[secondsFlag + 1]) : 4;
const json = argv.includes('--json');
recordResults('web', 'bench:web', 'Web client');
if (!Number.isFinite(seconds) || seconds <= 0) {
  console.error('bench:web: --seconds takes a positive number');
  process.exit(2);
}

const kB = (bytes: number): number => Math.round(bytes / 100) / 10;
const gzipped = (file: string): number => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

// ---------------------------------------------------------------- bundle

function bundle() {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error(`bench:web: ${DIST}/index.html is missing: npm run build`);
    process.exit(2);
  }
  const files = readdirSync(DIST, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name).slice(DIST.length + 1));
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  // What the index page loads before it runs: its scripts, module preloads and style sheets.
  const initial = ['index.html'];
  for (const m of html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/?([^"]+\.(?:js|css))"/g)) {
    if (m[1] !== undefined) initial.push(m[1]);
  }
  const code = files.filter((f) => ['.js', '.css'].includes(extname(f)));
  const workers = code.filter((f) => !initial.includes(f) && /worker/.test(f));
  // The service worker (offline play) is fetched once the page has loaded, then kept.
  const sw: string[] = code.filter((f) => f === 'sw.js');
  const other = code.filter((f) => !initial.includes(f) && !workers.includes(f) && !sw.includes(f));
  const images = files.filter((f) => IMAGES.has(extname(f)));
  const inlined = code.filter((f) => readFileSync(join(DIST, f), 'utf8').includes('data:image/')).length;
  const sum = (list: string[]) => list.reduce((s, f) => s + gzipped(f), 0);
  const initialBytes = sum(initial);
  const workerBytes = sum(workers);
  const swBytes = sum(sw);
  const otherBytes = sum(other);
  return {
    initial: { files: initial, kB: kB(initialBytes) },
    workers: { files: workers, kB: kB(workerBytes) },
    serviceWorker: { files: sw, kB: kB(swBytes) },
    other: { files: other, kB: kB(otherBytes) },
    totalKB: kB(initialBytes + workerBytes + swBytes + otherBytes),
    artwork: { imageFiles: images, inlinedIn: inlined },
  };
}

// ---------------------------------------------------------------- board

interface Phase {
  fps: number;
  p95Ms: number;
  frames: number;
  events: number;
}

/** Frame timestamps from requestAnimationFrame while `drive` runs. */
async function frames(page: Page, drive: () => Promise<number>): Promise<Phase> {
  await page.evaluate(`(() => {
    window.benchFrames = [];
    window.benchOn = true;
    const tick = (t) => { window.benchFrames.push(t); if (window.benchOn) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })()`);
  const events = await drive();
  const times = await page.evaluate<number[]>('(window.benchOn = false, window.benchFrames)');
  const gaps = times.slice(1).map((t, i) => t - (times[i] ?? t));
  gaps.sort((a, b) => a - b);
  const span = (times.at(-1) ?? 0) - (times[0] ?? 0);
  return {
    fps: Math.round(((times.length - 1) / span) * 1000 * 10) / 10,
    p95Ms: Math.round((gaps[Math.floor(gaps.length * 0.95)] ?? 0) * 10) / 10,
    frames: times.length,
    events,
  };
}

async function board() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  const out = mkdtempSync(join(tmpdir(), 'carc-bench-web-'));
  try {
    await build({
      configFile: false,
      root: WEB,
      logLevel: 'warn',
      build: {
        outDir: out,
        emptyOutDir: true,
        target: 'es2022',
        rollupOptions: { input: join(WEB, 'board.html') },
      },
    });
    const server = await preview({
      configFile: false,
      root: WEB,
      logLevel: 'warn',
      build: { outDir: out },
      preview: { host: '127.0.0.1', port: 0, open: false },
    });
    const url = server.resolvedUrls?.local[0];
    if (url === undefined) throw new Error('vite preview has no address');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--no-first-run',
      ],
    });
    try {
      const width = 1280;
      const height = 800;
      const page = await browser.newPage({ viewport: { width, height } });
      await page.goto(`${url}board.html?scenario=large`);
      await page.waitForFunction('window.boardTest !== undefined', undefined, { timeout: 60_000 });
      const tiles = await page.evaluate<number>('window.boardTest.input.view.tiles.length');
      const elements = await page.evaluate<number>("document.querySelectorAll('.carc-board svg *').length");
      const firstUpdateMs = await page.evaluate<number>('window.boardTest.firstUpdateMs');
      await page.waitForFunction('window.boardTest.firstPaintMs !== undefined');
      const firstPaintMs = await page.evaluate<number>('window.boardTest.firstPaintMs');
      // The same input again (what a redraw after each move costs, less the new tile).
      const updates = await page.evaluate<number[]>(`(() => {
        const t = window.boardTest;
        const ms = [];
        for (let i = 0; i < 20; i++) {
          const start = performance.now();
          t.board.update(t.input);
          ms.push(performance.now() - start);
        }
        return ms;
      })()`);
      updates.sort((a, b) => a - b);
      // update() and the frame painted after it (style, layout, paint).
      const updatePaintMs = await page.evaluate<number>(`new Promise((resolve) => {
        const t = window.boardTest;
        const start = performance.now();
        t.board.update(t.input);
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
      })`);

      const until = (ms: number) => {
        const end = Date.now() + ms;
        return () => Date.now() < end;
      };
      await page.mouse.move(width / 2, height / 2);
      const zoom = await frames(page, async () => {
        let n = 0;
        for (const going = until(seconds * 1000); going(); n++) {
          // 15 steps in, 15 out: stays inside the zoom's scale extent.
          await page.mouse.wheel(0, Math.floor(n / 15) % 2 === 0 ? -40 : 40);
        }
        return n;
      });
      const pan = await frames(page, async () => {
        let n = 0;
        await page.mouse.move(width / 2, height / 2);
        await page.mouse.down();
        for (const going = until(seconds * 1000); going(); n++) {
          const a = (n / 60) * 2 * Math.PI;
          await page.mouse.move(width / 2 + 200 * Math.cos(a), height / 2 + 150 * Math.sin(a));
        }
        await page.mouse.up();
        return n;
      });
      return {
        viewport: `${width}×${height}`,
        chromium: browser.version(),
        tiles,
        svgElements: elements,
        firstUpdateMs: Math.round(firstUpdateMs * 10) / 10,
        firstPaintMs: Math.round(firstPaintMs * 10) / 10,
        updateMs: Math.round((updates[Math.floor(updates.length / 2)] ?? 0) * 10) / 10,
        updatePaintMs: Math.round(updatePaintMs * 10) / 10,
        pan,
        zoom,
      };
    } finally {
      await browser.close();
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- the client as served

/** The body of `url` as it travels (no decoding), and the encoding the server chose. */
function raw(url: string, encoding: string): Promise<{ bytes: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          bytes: Buffer.concat(chunks),
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
        }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function served() {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: npm run build`);
  const dir = mkdtempSync(join(tmpdir(), 'carc-bench-served-'));
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'PORT']) delete env[name];
  const proc = spawn(process.execPath, [MAIN, 'serve', '--port', '0', '--database', join(dir, 'bench.db')], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 30_000);
      proc.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /open (http:\/\/[^\s"]+)/.exec(out);
        if (m !== null) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      proc.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
    });
    // The index page and what it loads before it runs, each as a browser asks for it.
    const index = await raw(`${url}/`, 'br, gzip');
    const html = (await raw(`${url}/`, 'identity')).bytes.toString('utf8');
    const assets = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map(
      (m) => m[1]!,
    );
    let wire = index.bytes.length;
    const encodings = new Set([index.encoding]);
    for (const a of assets) {
      const r = await raw(`${url}${a}`, 'br, gzip');
      wire += r.bytes.length;
      encodings.add(r.encoding);
    }

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless=new', '--no-sandbox', '--disable-background-networking', '--no-first-run'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(`${url}/?botDelay=0#/local`);
      const start = page.getByRole('button', { name: /start/i }).first();
      await start.waitFor();
      const t0 = Date.now();
      await start.click();
      // A legal cell wholly inside the window, as the player would see it.
      await page.waitForFunction(
        `[...document.querySelectorAll('[aria-label^="Place the tile at"]')].some((c) => {
          const r = c.getBoundingClientRect();
          return r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
        })`,
        undefined,
        { timeout: 30_000, polling: 'raf' },
      );
      const startToCellMs = Date.now() - t0;
      return { indexKB: kB(wire), files: 1 + assets.length, encodings: [...encodings], startToCellMs };
    } finally {
      await browser.close();
    }
  } finally {
    proc.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- report

const sizes = bundle();
const view = await board();
const app = await served();
if (json) {
  console.log(JSON.stringify({ bundle: sizes, board: view, served: app }, null, 2));
} else {
  const row = (label: string, value: string, note = '') =>
    console.log(`  ${label.padEnd(34)}${value.padStart(10)}  ${note}`);
  const art = sizes.artwork;
  console.log('web client, built (packages/web/dist), gzip -9:');
  row('index page: HTML, JS, CSS', `${sizes.initial.kB} kB`, sizes.initial.files.join(' '));
  row('worker chunk(s)', `${sizes.workers.kB} kB`, sizes.workers.files.join(' '));
  if (sizes.serviceWorker.files.length > 0) row('service worker', `${sizes.serviceWorker.kB} kB`, 'sw.js');
  if (sizes.other.files.length > 0) row('other chunks', `${sizes.other.kB} kB`, sizes.other.files.join(' '));
  row('total', `${sizes.totalKB} kB`);
  row(
    'artwork (images)',
    art.imageFiles.length + art.inlinedIn === 0 ? 'none' : 'included',
    art.imageFiles.length + art.inlinedIn === 0
      ? 'no image files, no data:image in JS or CSS (tiles are drawn as SVG from code)'
      : `${art.imageFiles.join(' ')} ${art.inlinedIn} file(s) with data:image`,
  );
  console.log(
    `board, ${view.tiles} tiles, ${view.viewport}, headless ${view.chromium} (software rendering):`,
  );
  row('SVG elements', String(view.svgElements));
  row('pan (mouse drag)', `${view.pan.fps} fps`, `p95 frame ${view.pan.p95Ms} ms, ${view.pan.events} moves`);
  row(
    'zoom (mouse wheel)',
    `${view.zoom.fps} fps`,
    `p95 frame ${view.zoom.p95Ms} ms, ${view.zoom.events} wheel events`,
  );
  row('first update() (every tile drawn)', `${view.firstUpdateMs} ms`);
  row('first update() to its painted frame', `${view.firstPaintMs} ms`);
  row('update(), same view again', `${view.updateMs} ms`, 'median of 20');
  row('update() to the next painted frame', `${view.updatePaintMs} ms`);
  console.log('the client as `carcassonne serve` serves it, Chromium 1440×900:');
  row(
    'index page on the wire',
    `${app.indexKB} kB`,
    `${app.files} files (HTML, JS, CSS), ${app.encodings.join('/')}`,
  );
  row('Start → a legal cell in the window', `${app.startToCellMs} ms`, 'local game, you against a bot');
}
