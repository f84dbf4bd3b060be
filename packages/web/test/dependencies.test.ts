/**
 * The browser client ships the engine, the art, the bots and the protocol, nothing of a server:
 * its dependency tree (what `npm install @carc/web` would bring, development tools aside) holds no
 * database or Redis driver, no HTTP server and not the server package itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const SERVER_ONLY = ['@carc/server', 'better-sqlite3', 'pg', 'ioredis', 'redis', 'fastify', 'ws', 'piscina'];

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** The directory of package `name` as Node would find it from `from` (node_modules upwards). */
function packageDir(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Every package the client depends on at run time, by name, with the path that brought it. */
function runtimeTree(root: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const visit = (dir: string, path: string[]): void => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
    const names = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies });
    for (const name of names) {
      if (seen.has(name)) continue;
      const found = packageDir(name, dir);
      seen.set(name, [...path, name]);
      if (found !== undefined) visit(found, [...path, name]);
    }
  };
  visit(root, ['@carc/web']);
  return seen;
}

describe('the web client depends on no server part', () => {
  it('has the engine, art, bots and protocol in its tree, and no database or Redis driver', () => {
    const tree = runtimeTree(WEB);
    for (const name of ['@carc/engine', '@carc/art', '@carc/bots', '@carc/protocol']) {
      expect(tree.has(name), name).toBe(true);
    }
    const found = SERVER_ONLY.filter((name) => tree.has(name)).map((name) => tree.get(name)!.join(' → '));
    expect(found, 'server-only packages reached from the client').toEqual([]);
  });
});
