// @ts-check
/**
 * After `vite build` (`npm run build`): writes a brotli (`.br`, quality 11) and a gzip (`.gz`,
 * level 9) copy beside each text file of the build, for the server to send in place of the file
 * when the browser accepts it (@fastify/static's `preCompressed`, packages/server/src/http/static.ts):
 * the best ratio, and no compressing per request. A copy no smaller than its file is not written.
 * Source maps are left as they are (only the developer tools fetch them). The copies are not in the
 * service worker's list (written into sw.js during the build, before this runs): it caches the
 * files, which the browser has decompressed.
 *
 * Usage: node scripts/precompress.mjs [dir]   (default: dist beside this script's directory)
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|wasm)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const dir = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const files = (await readdir(dir, { recursive: true })).filter((f) => TEXT.test(f)).map((f) => join(dir, f));
if (!files.includes(join(dir, 'index.html'))) {
  console.error(`precompress: no index.html in ${dir}: run vite build first`);
  process.exit(1);
}

let before = 0;
let after = 0;
await Promise.all(
  files.map(async (file) => {
    const data = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gz(data, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < data.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
    before += data.length;
    after += Math.min(br.length, data.length);
  }),
);
/** @param {number} n */
const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
console.log(`precompress: ${files.length} files, ${kB(before)} → ${kB(after)} brotli (and gzip copies)`);
