// `npm run release:version -- X.Y.Z`: every package of the workspace moves to version X.Y.Z
// together, and so do their dependencies on each other; CHANGELOG.md gets a heading for X.Y.Z
// (above the last one) if it has none, to be filled in before the packages are published.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const version = process.argv[2];
if (version === undefined || !/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) {
  console.error('usage: npm run release:version -- X.Y.Z (a semantic version)');
  process.exit(2);
}
const root = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8'));
const manifests = root.workspaces.map((w) => `${ROOT}${w}/package.json`);
const names = new Set(manifests.map((m) => JSON.parse(readFileSync(m, 'utf8')).name));
for (const file of manifests) {
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  pkg.version = version;
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
    for (const dep of Object.keys(pkg[field] ?? {})) if (names.has(dep)) pkg[field][dep] = version;
  }
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
  console.log(`${pkg.name} ${version}`);
}
const changelog = `${ROOT}CHANGELOG.md`;
const text = readFileSync(changelog, 'utf8');
if (!text.includes(`## ${version}`)) {
  const at = text.indexOf('\n## ');
  const entry = `\n## ${version} — unreleased\n\n- (what changed)\n`;
  writeFileSync(
    changelog,
    at < 0 ? `${text.trimEnd()}\n${entry}` : text.slice(0, at) + entry + text.slice(at),
  );
  console.log(`CHANGELOG.md: a heading for ${version}; write what changed under it`);
}
console.log('then: npm install (to update package-lock.json), npm test, npm run test:pack');
