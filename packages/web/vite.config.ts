import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';

/**
 * Builds the service worker (src/sw.ts) into dist/sw.js, at the root so that its scope is the whole
 * client, and writes into it what it precaches: every file of the build but itself and the source
 * maps (index.html as `./`), and a version, a hash of those files, which names its cache.
 */
function precache(): Plugin {
  return {
    name: 'carc-precache',
    apply: 'build',
    buildStart() {
      this.emitFile({
        type: 'chunk',
        id: fileURLToPath(new URL('src/sw.ts', import.meta.url)),
        fileName: 'sw.js',
      });
    },
    generateBundle: {
      order: 'post', // after index.html is written
      handler(_options, bundle) {
        const sw = bundle['sw.js'];
        if (sw?.type !== 'chunk' || !('index.html' in bundle)) this.error('precache: no sw.js or index.html');
        const files = Object.keys(bundle)
          .filter((f) => f !== 'sw.js' && !f.endsWith('.map'))
          .sort();
        const hash = createHash('sha256');
        for (const f of files) {
          const file = bundle[f];
          hash.update(f).update(file?.type === 'chunk' ? file.code : (file?.source ?? ''));
        }
        const manifest = {
          version: hash.digest('hex').slice(0, 16),
          files: files.map((f) => (f === 'index.html' ? './' : f)),
        };
        sw.code = sw.code.replace(/\bPRECACHE\b/g, `(${JSON.stringify(manifest)})`);
      },
    },
  };
}

// The server (carcassonne serve) serves dist/ at /, with the .br and .gz copies that
// scripts/precompress.mjs writes after the build (`npm run build`); `npm run dev` proxies the API to a
// local server.
export default defineConfig({
  plugins: [svelte(), precache()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, target: 'es2022' },
  worker: { format: 'es' },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
