// Before packing: builds the web client and copies it into this package's web/, where the server
// looks first (http/static.ts), so an installed `carcassonne serve` serves the client too. After
// packing (`--remove`): the copy goes, so the repository's server serves packages/web/dist again.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('../../web/', import.meta.url));
const into = fileURLToPath(new URL('../web/', import.meta.url));
if (process.argv.includes('--remove')) {
  rmSync(into, { recursive: true, force: true });
  process.exit(0);
}
execFileSync('npm', ['run', 'build', '--silent'], { cwd: web, stdio: 'inherit' });
if (!existsSync(`${web}dist/index.html`)) throw new Error('bundle-web: the web client did not build');
rmSync(into, { recursive: true, force: true });
// Source maps stay behind: an installed server serves the client, nobody debugs its build there.
cpSync(`${web}dist`, into, { recursive: true, filter: (file) => !file.endsWith('.map') });
