/**
 * A fingerprint of the tiles a game is played with, which records carry (`catalog`, and
 * `triangles` for the tiles that come into play besides the pile, H-3), so that a record made with
 * one set of tile definitions is not silently replayed with another: the same actions on changed
 * tiles would mean a different game, or no game at all.
 *
 * What is hashed: the validated definition of every tile kind that can be in play (the tile sets
 * of the pile with their copies, or the scripted draws; the start and set-up tiles; the off-pile
 * tiles), as canonical JSON (keys sorted, tiles by id). The hash is FNV-1a, run twice over the
 * UTF-16 code units with two offset bases: 64 bits as 16 hex digits, pure and without Node or Web
 * Crypto (it detects changes; it is no defence against someone forging a collision).
 */
import type { Catalog } from '../tiles/catalog.js';
import type { Result } from '../util/result.js';
import { err, ok } from '../util/result.js';
import type { GameConfig } from './config.js';
import { DEFAULT_START } from './config.js';
import type { Options } from './options.js';
import type { Registry } from './registry.js';

/** The fingerprints of one game's tiles: `triangles` only when some tiles come into play off the pile. */
export interface CatalogHashes {
  catalog: string;
  triangles?: string;
}

/** JSON text with every object's keys sorted: the same value always gives the same text. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    const keys = Object.keys(v).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(Reflect.get(v, k))}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** FNV-1a (32 bits) of a string's UTF-16 code units from `basis`. */
function fnv1a(text: string, basis: number): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** 64 bits of FNV-1a over `text`, as 16 hex digits. */
export function hashText(text: string): string {
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  return hex(fnv1a(text, 0x811c9dc5)) + hex(fnv1a(text, 0x050c5d1f));
}

/**
 * The fingerprints of the tiles of the game `config` describes, or why they cannot be computed
 * (the same errors `Game.create` reports: an unknown tile, a bad tile file).
 */
export function catalogHashes(config: GameConfig, registry: Registry): Result<CatalogHashes, string> {
  const options: Options = { ...registry.defaults, ...config.options };
  const defs = registry.defs.filter((d) => config.expansions?.includes(d.id));
  let catalog: Catalog = registry.catalog();
  if (config.tiles !== undefined && config.tiles.length > 0) {
    const c = catalog.withExtra(config.tiles, 'tiles', config.replaceTiles === true);
    if (!c.ok) return err(c.error.message);
    catalog = c.value;
  }
  const ids = new Set<string>();
  const counts = new Map<string, Readonly<Record<string, number>>>();
  if (config.draws !== undefined) {
    for (const id of config.draws) ids.add(id);
  } else {
    const sets = [options.tileSetBase, ...defs.flatMap((d) => d.tileSet?.(options.tileSetBase) ?? [])];
    for (const set of sets) {
      // A set is looked up as the registry's own (util/names.ts); the registry refuses reserved names.
      const tiles = Object.hasOwn(registry.tileSets, set) ? registry.tileSets[set] : {};
      counts.set(set, { ...tiles });
      for (const id of Object.keys(tiles)) ids.add(id);
    }
  }
  ids.add((config.startTile ?? DEFAULT_START).tile);
  for (const t of config.setup?.tiles ?? []) ids.add(t.tile);
  const offPile = defs.flatMap((d) => d.offPile?.(options, catalog) ?? []);
  for (const k of offPile) ids.add(catalog.def(k).id);
  const tiles = [];
  for (const id of [...ids].sort()) {
    const k = catalog.kindOf(id);
    if (k === undefined) return err(`unknown tile id ${JSON.stringify(id)}`);
    tiles.push(catalog.def(k));
  }
  const out: CatalogHashes = {
    catalog: hashText(canonicalJson({ sets: Object.fromEntries(counts), tiles })),
  };
  if (offPile.length > 0) {
    const triangles = offPile.map((k) => catalog.def(k)).sort((a, b) => (a.id < b.id ? -1 : 1));
    out.triangles = hashText(canonicalJson(triangles));
  }
  return ok(out);
}
