/**
 * The web client as a new user gets it: `carcassonne serve` started from a directory outside the
 * repository still serves the client at `/` (found beside the server, not under the working
 * directory), its files compressed (brotli or gzip, as asked) and cached (content-hashed files for
 * a year, immutable; index.html and the service worker revalidated); and without a client the
 * server says so at start, and serves the API. Needs packages/cli/dist (`npm run build`); builds the
 * web client (`npm run build -w @carc/web`) when it is not built yet.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_WEB_ROOT,
  IMMUTABLE,
  REVALIDATE,
  findWebClient,
  isContentHashed,
  missingWebClient,
} from '../src/http/static.js';
import type { ServerProcess } from './harness.js';
import { FAST, startServerProcess, tempDatabase } from './harness.js';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent (still compressed when it was). */
  body: Buffer;
}

/** A GET with exactly these headers, the body left as it came (fetch would decompress it). */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const outside = (prefix: string): string => mkdtempSync(join(tmpdir(), prefix));
const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The web client's built script (`assets/index-<hash>.js`), when it is built with its compressed copies. */
async function webClientScript(): Promise<string | undefined> {
  const index = join(DEFAULT_WEB_ROOT, 'index.html');
  if (!existsSync(index)) return undefined;
  const html = await readFile(index, 'utf8');
  const script = /<script[^>]*\bsrc="\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (script === undefined) return undefined;
  const compressed = ['.br', '.gz'].every((ext) => existsSync(join(DEFAULT_WEB_ROOT, script + ext)));
  return compressed ? script : undefined;
}

/** No WEB_ROOT from the environment running the tests: the default is what is tested. */
const NO_WEB_ROOT = { WEB_ROOT: '' };

describe('isContentHashed', () => {
  it("tells Vite's hashed files from the rest", () => {
    expect(isContentHashed('assets/index-BXJYJClg.js')).toBe(true);
    expect(isContentHashed('assets/worker-DE6IznWP.js')).toBe(true);
    expect(isContentHashed('assets/index-CvztC0p3.css')).toBe(true);
    expect(isContentHashed('assets/index-BXJYJClg.js.map')).toBe(false);
    expect(isContentHashed('index.html')).toBe(false);
    expect(isContentHashed('sw.js')).toBe(false);
    expect(isContentHashed('assets/logo.svg')).toBe(false);
    expect(isContentHashed('other/index-BXJYJClg.js')).toBe(false);
  });
});

describe('findWebClient', () => {
  it("finds the build beside the server's package by default, WEB_ROOT relative to the working directory", () => {
    expect(DEFAULT_WEB_ROOT).toBe(fileURLToPath(new URL('../../web/dist', import.meta.url)));
    expect(findWebClient(undefined)).toMatchObject({ root: DEFAULT_WEB_ROOT, configured: false });
    expect(findWebClient('')).toMatchObject({ root: DEFAULT_WEB_ROOT, configured: false });
    const empty = outside('carc-no-web-');
    expect(findWebClient(empty)).toEqual({ root: empty, found: false, configured: true });
    expect(findWebClient('some/dir').root).toBe(resolve('some/dir'));
  });

  it('says what to do when there is none', () => {
    const missing = { root: '/nowhere', found: false };
    expect(missingWebClient({ ...missing, configured: false })).toBe(
      'web client not found at /nowhere (no index.html): build it with `npm run build`, or set WEB_ROOT ' +
        '(serve --web) to a build of packages/web; serving the API only',
    );
    expect(missingWebClient({ ...missing, configured: true })).toMatch(/point WEB_ROOT .* at a build/);
  });
});

describe('the web client, served from outside the repository', () => {
  let server: ServerProcess;
  let script: string;

  beforeAll(async () => {
    script = (await webClientScript()) ?? '';
    if (script === '') {
      // Not built yet (the tests may run before `npm run build`, as in CI): build it as that does.
      await run('npm', ['run', 'build', '--silent', '-w', '@carc/web'], { cwd: ROOT });
      script = (await webClientScript()) ?? '';
    }
    expect(script, `no script with compressed copies in ${DEFAULT_WEB_ROOT}/index.html`).not.toBe('');
    server = await startServerProcess(
      tempDatabase(),
      { ...FAST, ...NO_WEB_ROOT },
      { cwd: outside('carc-cwd-') },
    );
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('prints the URL to open, and serves index.html at /', async () => {
    expect(server.output()).toContain(`open ${server.url}`);
    expect(server.output()).not.toContain('not found');
    const r = await get(`${server.url}/`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.equals(readFileSync(join(DEFAULT_WEB_ROOT, 'index.html')))).toBe(true);
  });

  it('sends a hashed script brotli-compressed when asked, gzip when only that is accepted, cached as immutable', async () => {
    const file = readFileSync(join(DEFAULT_WEB_ROOT, script));
    expect(isContentHashed(script)).toBe(true);

    const br = await get(`${server.url}/${script}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(file.length / 3);
    expect(brotliDecompressSync(br.body).equals(file)).toBe(true);

    const gz = await get(`${server.url}/${script}`, { 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);
    expect(gz.body.length).toBeLessThan(file.length / 2);
    expect(gunzipSync(gz.body).equals(file)).toBe(true);

    const plain = await get(`${server.url}/${script}`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body.equals(file)).toBe(true);

    console.log(
      `${script}: ${plain.body.length} bytes as is, ${gz.body.length} gzip, ${br.body.length} brotli`,
    );
  });

  it('revalidates index.html and the service worker (no-cache, ETag: 304 when unchanged)', async () => {
    for (const path of ['/', '/index.html', '/sw.js']) {
      const r = await get(`${server.url}${path}`, { 'accept-encoding': 'br' });
      expect(r.status, path).toBe(200);
      expect(r.headers['cache-control'], path).toBe(REVALIDATE);
      const etag = r.headers['etag'];
      expect(etag, path).toBeDefined();
      const again = await get(`${server.url}${path}`, { 'accept-encoding': 'br', 'if-none-match': etag! });
      expect(again.status, path).toBe(304);
    }
    const sw = await get(`${server.url}/sw.js`, { 'accept-encoding': 'gzip' });
    expect(sw.headers['content-type']).toMatch(/javascript/);
    const body = sw.headers['content-encoding'] === 'gzip' ? gunzipSync(sw.body) : sw.body;
    expect(body.equals(readFileSync(join(DEFAULT_WEB_ROOT, 'sw.js')))).toBe(true);
  });

  it('does not serve the compressed copies under their own names', async () => {
    expect((await get(`${server.url}/${script}.br`)).status).toBe(404);
    expect((await get(`${server.url}/${script}.gz`)).status).toBe(404);
  });
});

describe('without the web client', () => {
  let server: ServerProcess;
  const empty = outside('carc-no-web-');

  beforeAll(async () => {
    server = await startServerProcess(
      tempDatabase(),
      { ...FAST, WEB_ROOT: empty },
      { cwd: outside('carc-cwd-') },
    );
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('says so at start, with no URL to open, and serves the API only', async () => {
    // Standard error (the reason) and standard output (the URL) may arrive in either order.
    await expect.poll(() => server.output()).toContain(`web client not found at ${empty} (no index.html)`);
    const out = server.output();
    expect(out).toContain('WEB_ROOT');
    expect(out).toContain(`serving the API only at ${server.url}`);
    expect(out).not.toMatch(/open http/);
    const health = await get(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString()) as { ok: boolean }).toMatchObject({ ok: true });
    const root = await get(`${server.url}/`);
    expect(root.status).toBe(404);
  });
});
