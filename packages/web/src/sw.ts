/**
 * The service worker: the page keeps working without a network once it has been loaded (play on
 * this device: hotseat and bots, whose engine runs in the page's worker). It precaches the build's
 * files (index.html, the JS and CSS, the worker chunk) and serves them cache first; /api and /ws
 * always go to the network (online play needs the server anyway).
 *
 * The list of files and the build's version are written in by the build (`precache()` in
 * vite.config.ts replaces PRECACHE). A new build is a new cache: the browser finds the new sw.js
 * on a load that reaches the server, installs it, which takes over at once (skipWaiting, claim) and
 * deletes the older caches; the next load runs the new version.
 */
export {}; // a module: its `self` below is the worker's scope, not the page's

declare const self: ServiceWorkerGlobalScope;
/** Written in at build time: the build's version and its files, relative to this script. */
declare const PRECACHE: { version: string; files: string[] };

const { version, files } = PRECACHE;
const CACHE = `carc-${version}`;
const SCOPE = new URL(self.registration.scope);
/** The page itself (index.html); its routes are hashes, so its query string does not matter. */
const PAGE = new URL('./', SCOPE).href;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Through the HTTP cache: the page has just loaded most of these files, whose names change
      // with their content (the server lets them be kept a year, immutable); index.html is
      // revalidated (no-cache). Sent compressed, they are stored decompressed.
      await cache.addAll(files.map((f) => new URL(f, SCOPE).href));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('carc-') && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== SCOPE.origin) return;
  const path = url.pathname.slice(SCOPE.pathname.length - 1);
  if (path.startsWith('/api/') || path === '/ws') return; // the network's, as without a worker
  if (request.mode === 'navigate' && (path === '/' || path === '/index.html')) {
    event.respondWith((async () => (await caches.match(PAGE, { cacheName: CACHE })) ?? fetch(request))());
    return;
  }
  event.respondWith((async () => (await caches.match(request, { cacheName: CACHE })) ?? fetch(request))());
});
