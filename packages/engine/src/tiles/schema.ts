/**
 * The open part of the tile format: the attributes a feature may carry and the symbols a tile may
 * show, each declared by the base game or by an expansion (`featureAttributes` and `symbols` of its
 * definition), as options are. A registry gathers the declarations of the base game and of its
 * expansions into one schema; tile files read with it accept what it declares and refuse anything
 * else, naming the field.
 *
 * An attribute is a key on a feature in a tile file (`{ kind: 'road', edges: 'W E', inn: true }`):
 * a flag (true or false) or a count (a small integer). When features join, their values combine by
 * the attribute's merge rule: `or` (a road with an inn on any of its tiles has an inn), `sum`
 * (pennants) or `max`. The catalog keeps a table per attribute (Catalog.attribute), and a feature on
 * the board reports the merged value (FeatureGraph.attribute).
 */
import type { FeatureKind, RuleId } from '../types.js';
import { FEATURE_KINDS } from '../types.js';
import { isReservedName } from '../util/names.js';

/** How the values of joined features combine: `or` for flags, `sum` or `max` for counts. */
export type AttributeMerge = 'or' | 'sum' | 'max';

/** A feature attribute a tile file may write on some kinds of feature. */
export interface FeatureAttributeSpec {
  /** Its key on a feature in a tile file (`inn`, `pennants`). */
  readonly name: string;
  /** The kinds of feature that may carry it. */
  readonly kinds: readonly FeatureKind[];
  /** `flag`: true or false, false when left out; `count`: an integer from 0 to `max`, 0 when left out. */
  readonly type: 'flag' | 'count';
  /** The largest count (9 when absent); flags are 0 or 1. */
  readonly max?: number;
  readonly merge: AttributeMerge;
  readonly rule?: RuleId;
  /** What it means, for people. */
  readonly doc: string;
}

/** A symbol printed on a tile, which rules may react to (`dragon`) or which is drawn only (`garden`). */
export interface TileSymbolSpec {
  readonly name: string;
  readonly rule?: RuleId;
  readonly doc: string;
}

/** What tile files may write beyond the fixed structure, and who declared each name. */
export interface TileSchema {
  readonly attributes: readonly FeatureAttributeSpec[];
  readonly symbols: readonly TileSymbolSpec[];
}

/** The keys that give a feature its structure: no attribute may take one of them. */
export const STRUCTURE_KEYS: Readonly<Record<FeatureKind, readonly string[]>> = {
  road: ['kind', 'edges'],
  city: ['kind', 'edges'],
  field: ['kind', 'halves', 'cities'],
  monastery: ['kind'],
  tower: ['kind'],
};

/** A catalog packs a tile's symbols into the bits of one 32-bit integer. */
export const MAX_SYMBOLS = 31;

/** The largest count an attribute may declare (the catalog's tables are 8-bit per feature). */
export const MAX_COUNT = 127;

/** The base game's declarations: pennants on cities (B-7), and the garden, drawn only (B-1). */
export const BASE_TILE_SCHEMA: TileSchema = {
  attributes: [
    {
      name: 'pennants',
      kinds: ['city'],
      type: 'count',
      merge: 'sum',
      rule: 'B-7',
      doc: 'pennants (coats of arms) on a city part: each adds to a city’s score',
    },
  ],
  symbols: [{ name: 'garden', rule: 'B-1', doc: 'a garden, drawn only (no rule reacts to it)' }],
};

/** The declarations of one source: the base game or an expansion (named by its id). */
export interface SchemaPart {
  readonly owner: string;
  readonly attributes?: readonly FeatureAttributeSpec[];
  readonly symbols?: readonly TileSymbolSpec[];
}

/**
 * Gathers declarations in order into one schema. Throws for a name declared twice, a reserved or
 * structural name, an attribute with no kinds or a merge rule that does not fit its type, and for
 * more symbols than a catalog can hold: each is a defect of a definition, found when the registry
 * is made.
 */
export function buildTileSchema(parts: readonly SchemaPart[]): TileSchema {
  const attributes: FeatureAttributeSpec[] = [];
  const symbols: TileSymbolSpec[] = [];
  const owner = new Map<string, string>();
  const claim = (what: string, name: string, by: string) => {
    if (typeof name !== 'string' || !/^[A-Za-z][A-Za-z0-9]*$/.test(name) || isReservedName(name)) {
      throw new Error(
        `registry: ${by}: ${what} ${JSON.stringify(name)} must be a name of letters and digits`,
      );
    }
    const key = `${what} ${name}`;
    const first = owner.get(key);
    if (first !== undefined) throw new Error(`registry: ${what} "${name}" declared by ${first} and ${by}`);
    owner.set(key, by);
  };
  for (const part of parts) {
    for (const a of part.attributes ?? []) {
      claim('feature attribute', a.name, part.owner);
      if (a.kinds.length === 0 || a.kinds.some((k) => !FEATURE_KINDS.includes(k))) {
        throw new Error(`registry: ${part.owner}: feature attribute "${a.name}" needs feature kinds`);
      }
      if (a.kinds.some((k) => STRUCTURE_KEYS[k].includes(a.name))) {
        throw new Error(`registry: ${part.owner}: "${a.name}" is a structural key, not an attribute`);
      }
      const fits = a.type === 'flag' ? a.merge === 'or' : a.merge === 'sum' || a.merge === 'max';
      if (!fits) throw new Error(`registry: ${part.owner}: a ${a.type} attribute cannot merge by ${a.merge}`);
      const max = a.max ?? 9;
      if (a.type === 'count' && (!Number.isInteger(max) || max < 1 || max > MAX_COUNT)) {
        throw new Error(`registry: ${part.owner}: attribute "${a.name}": max must be from 1 to ${MAX_COUNT}`);
      }
      attributes.push(a);
    }
    for (const s of part.symbols ?? []) {
      claim('tile symbol', s.name, part.owner);
      symbols.push(s);
    }
  }
  if (symbols.length > MAX_SYMBOLS) {
    throw new Error(`registry: ${symbols.length} tile symbols, but a catalog holds at most ${MAX_SYMBOLS}`);
  }
  return { attributes, symbols };
}

/** The largest value of an attribute: 1 for a flag. */
export const attributeMax = (a: FeatureAttributeSpec): number => (a.type === 'flag' ? 1 : (a.max ?? 9));
