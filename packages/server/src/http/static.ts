/**
 * The web client's files, served at `/`: where the build is, and how its files are sent.
 *
 * Where: `WEB_ROOT` (`serve --web`) when set, relative to the working directory; otherwise the
 * build of the web package beside this one, found from this module's own location (so that it does
 * not depend on the directory the server was started from): `packages/web/dist` in the repository,
 * `node_modules/@carc/web/dist` when the packages are installed side by side. @carc/server does not
 * depend on @carc/web (which depends on it); it only looks there.
 *
 * How: the build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file
 * (packages/web/vite.config.ts); the copy the request accepts is sent, with `content-encoding` and
 * `vary: accept-encoding`. Vite's content-hashed files (`assets/<name>-<hash>.<ext>`) never change
 * under their name: cached for a year, immutable. The rest (index.html, the service worker sw.js)
 * is revalidated at every use (`no-cache`, with an ETag), so a new build is seen on the next load.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The web client's build when `WEB_ROOT` is not set: @carc/web's dist beside this package. */
/**
 * Where the web client is looked for: the copy an installed package carries (web/, put there when
 * it is packed), else the build in this repository (packages/web/dist).
 */
const PACKAGED_WEB_ROOT = fileURLToPath(new URL('../../web', import.meta.url));
export const DEFAULT_WEB_ROOT = existsSync(resolve(PACKAGED_WEB_ROOT, 'index.html'))
  ? PACKAGED_WEB_ROOT
  : fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Content-hashed files: immutable. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Every other file: stored, but checked with the server before each use. */
export const REVALIDATE = 'no-cache';

export interface WebClient {
  /** The directory looked in (absolute). */
  root: string;
  /** Whether it holds a build (an index.html). */
  found: boolean;
  /** Whether `root` came from the configuration (WEB_ROOT, --web) rather than the default. */
  configured: boolean;
}

/** Where the web client's build is, for the configured `webRoot` (undefined: the default). */
export function findWebClient(webRoot: string | undefined): WebClient {
  const configured = webRoot !== undefined && webRoot !== '';
  const root = configured ? resolve(webRoot) : DEFAULT_WEB_ROOT;
  return { root, found: existsSync(resolve(root, 'index.html')), configured };
}

/** What to tell whoever starts a server without the web client. */
export function missingWebClient(client: WebClient): string {
  const fix = client.configured
    ? 'point WEB_ROOT (serve --web) at a build of packages/web, or unset it'
    : 'build it with `npm run build`, or set WEB_ROOT (serve --web) to a build of packages/web';
  return `web client not found at ${client.root} (no index.html): ${fix}; serving the API only`;
}

/** A Vite content-hashed file: `assets/<name>-<hash>.<ext>` (a source map is not one). */
export function isContentHashed(file: string): boolean {
  return /^assets\/(?:[^/]+\/)*[^/]+-[A-Za-z0-9_-]{8,}\.[A-Za-z0-9]+$/.test(file) && !file.endsWith('.map');
}

/** Serves the build at `client.root` at `/` (the caller has checked that it is `found`). */
export async function serveWebClient(fastify: FastifyInstance, client: WebClient): Promise<void> {
  const root = client.root;
  await fastify.register(fastifyStatic, {
    root,
    // Routes for the files there at start (a URL for anything else is a 404, like /api's).
    wildcard: false,
    // The compressed copies are sent in place of their file, never under their own names.
    globIgnore: ['**/*.br', '**/*.gz'],
    preCompressed: true,
    // Set below, per file.
    cacheControl: false,
    setHeaders: (res, path) => {
      // `path` is the file sent: the compressed copy when one is.
      const file = relative(root, path)
        .split(sep)
        .join('/')
        .replace(/\.(?:br|gz)$/, '');
      res.setHeader('cache-control', isContentHashed(file) ? IMMUTABLE : REVALIDATE);
      res.setHeader('vary', 'accept-encoding');
    },
  });
}
