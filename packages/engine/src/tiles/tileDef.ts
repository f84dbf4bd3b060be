/**
 * Tile definitions: the project's own data format and its validation (B-1, H-0).
 *
 * A definition lists the features printed on one kind of tile, in the tile's own frame (rotation 0,
 * north up; a triangle has its right angle at the north-west corner, so its sides are N, W and the
 * diagonal D). Roads and cities name the whole sides they touch; fields name half-sides (see
 * geometry/edges.ts for L and R); a field names the cities it touches by one side of each. Built-in
 * catalogs and players' own files (H-0) use this same format and go through the same validation.
 *
 * Beside that fixed structure, a feature may carry attributes and a tile may show symbols, each
 * declared by the base game or an expansion (tiles/schema.ts): a tile file read with a registry's
 * schema accepts what it declares and refuses any other key or symbol, naming its path.
 *
 * ```ts
 * { id: 'BA/RCr', features: [
 *     { kind: 'road', edges: 'W E' },
 *     { kind: 'city', edges: 'N' },
 *     { kind: 'field', halves: 'EL WR', cities: 'N' },
 *     { kind: 'field', halves: 'ER SL SR WL' } ] }
 * ```
 */
import { HALF_NAMES, SIDE_D, SIDE_NAMES, SIDE_N, SIDE_W } from '../geometry/edges.js';
import type { FeatureKind, Shape } from '../types.js';
import { FEATURE_KINDS, SHAPES } from '../types.js';
import type { Result } from '../util/result.js';
import { err, ok } from '../util/result.js';
import { isReservedName } from '../util/names.js';
import type { FeatureAttributeSpec, TileSchema } from './schema.js';
import { BASE_TILE_SCHEMA, STRUCTURE_KEYS, attributeMax } from './schema.js';

/**
 * Declared attributes as written on a feature: flags true or false, counts as integers (strings
 * are the structure's own keys, which share the object). Which names a file may use is the
 * schema's to say, so it is checked when read, not typed.
 */
export type AttributeInput = Readonly<Record<string, boolean | number | string | undefined>>;

/**
 * A feature as written in a definition file: its structure, and attributes that the schema it is
 * read with must declare (`pennants`, `princess`, `tunnel`, an expansion's own).
 */
export type FeatureInput =
  | ({ kind: 'road'; edges: string } & AttributeInput)
  | ({ kind: 'city'; edges: string } & AttributeInput)
  | ({ kind: 'field'; halves: string; cities?: string } & AttributeInput)
  | ({ kind: 'monastery' } & AttributeInput)
  | ({ kind: 'tower' } & AttributeInput);

/** A tile definition as written in a definition file. */
export interface TileDefInput {
  id: string;
  shape?: Shape;
  /** Symbols the schema declares. */
  symbols?: readonly string[];
  features: readonly FeatureInput[];
}

/** One validated feature of a tile, in the tile's own frame. */
export interface FeatureDef {
  kind: FeatureKind;
  /** Side slots (0 n, 1 e, 2 s, 3 w, 4 diagonal) of a road or city. */
  sides: number[];
  /** Half slots (side · 2 + h) of a field. Empty for an inner field closed in by cities. */
  halves: number[];
  /** Feature indices of the cities a field touches (B-9). */
  cities: number[];
  pennants: number;
  /** D-10: the princess symbol on a city part. */
  princess: boolean;
  /** D-2: a road passing under a city. */
  tunnel: boolean;
  /**
   * Declared attributes other than the three above, by name, only those set (a flag true, a count
   * above 0): absent when there are none, so definitions without them hash as they always did.
   */
  attributes?: Readonly<Record<string, number>>;
}

/** A validated tile definition. */
export interface TileDef {
  id: string;
  shape: Shape;
  symbols: string[];
  features: FeatureDef[];
}

/**
 * Why a definition was refused: the tile, the field path inside it, and the reason.
 * `tile/builtin-id`: an extra definition (a file's, a record's) reuses a built-in tile's id without
 * leave to replace it; its path is then the definition's place in the list (`tiles[3].id`).
 */
export interface TileDefError {
  code: 'tile/invalid' | 'tile/builtin-id';
  tile: string | undefined;
  path: string;
  message: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Validates one definition against `schema` (by default the base game's declarations alone; a
 * registry's catalog reads with the schema of all its expansions); every failure names the tile
 * and the field.
 */
export function parseTileDef(
  input: unknown,
  where = 'tile',
  schema: TileSchema = BASE_TILE_SCHEMA,
): Result<TileDef, TileDefError> {
  const id = isRecord(input) && typeof input.id === 'string' ? input.id : undefined;
  const fail = (path: string, reason: string) =>
    err<TileDefError>({
      code: 'tile/invalid',
      tile: id,
      path,
      message: `${id === undefined ? where : `tile "${id}"`}: ${path ? `${path}: ` : ''}${reason}`,
    });

  if (!isRecord(input)) return fail('', 'a tile definition must be an object');
  for (const key of Object.keys(input)) {
    if (!['id', 'shape', 'symbols', 'features'].includes(key)) return fail(key, 'unknown field');
  }
  if (id === undefined || id.trim() === '') return fail('id', 'must be a non-empty string');
  // Tile ids are looked up in maps, but they also key views and tile sets: no name that every
  // object inherits (util/names.ts) may be one.
  if (isReservedName(id))
    return fail(
      'id',
      `${JSON.stringify(id)} is a reserved name (every JavaScript object has it); choose another id`,
    );
  const shape = input.shape ?? 'square';
  if (typeof shape !== 'string' || !(SHAPES as readonly string[]).includes(shape)) {
    return fail('shape', `must be one of ${SHAPES.join(', ')}`);
  }
  const triangle = shape === 'triangle';
  const allowedSides = triangle ? [SIDE_N, SIDE_W, SIDE_D] : [0, 1, 2, 3];
  const sideList = allowedSides.map((s) => SIDE_NAMES[s]).join(' ');
  const halfList = allowedSides.flatMap((s) => [HALF_NAMES[s * 2], HALF_NAMES[s * 2 + 1]]).join(' ');

  const symbols: string[] = [];
  if (input.symbols !== undefined) {
    if (!Array.isArray(input.symbols)) return fail('symbols', 'must be an array');
    const known = schema.symbols.map((d) => d.name);
    for (const [i, s] of input.symbols.entries()) {
      if (typeof s !== 'string' || !known.includes(s)) {
        return fail(
          `symbols[${i}]`,
          `unknown symbol ${JSON.stringify(s)} (declared: ${known.join(', ') || 'none'})`,
        );
      }
      symbols.push(s);
    }
  }
  if (!Array.isArray(input.features) || input.features.length === 0) {
    return fail('features', 'must be a non-empty array');
  }

  const features: FeatureDef[] = [];
  const sideOwner = new Map<number, number>(); // side → index of the road/city feature on it
  const halfOwner = new Map<number, number>();
  const citySpecs: [number, string][] = [];
  const counts: Partial<Record<FeatureKind, number>> = {};
  for (const [i, f] of (input.features as unknown[]).entries()) {
    const at = `features[${i}]`;
    if (!isRecord(f)) return fail(at, 'must be an object');
    const kind = f.kind;
    if (typeof kind !== 'string' || !(FEATURE_KINDS as readonly string[]).includes(kind)) {
      return fail(`${at}.kind`, `must be one of ${FEATURE_KINDS.join(', ')}`);
    }
    const k = kind as FeatureKind;
    const declared = schema.attributes.filter((a) => a.kinds.includes(k));
    const attributes = new Map<FeatureAttributeSpec, number>();
    for (const key of Object.keys(f)) {
      if (STRUCTURE_KEYS[k].includes(key)) continue;
      const spec = declared.find((a) => a.name === key);
      if (spec === undefined) {
        const names = declared.map((a) => a.name).join(', ');
        return fail(
          `${at}.${key}`,
          `unknown field for a ${k} (${names ? `declared attributes: ${names}` : 'no attribute is declared for it'})`,
        );
      }
      const value = f[key];
      if (value === undefined) continue; // left out, as a program's own definitions may write it
      if (spec.type === 'flag') {
        if (typeof value !== 'boolean') return fail(`${at}.${key}`, 'must be true or false');
        attributes.set(spec, value ? 1 : 0);
      } else {
        const max = attributeMax(spec);
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
          return fail(`${at}.${key}`, `must be an integer from 0 to ${max}`);
        }
        attributes.set(spec, value);
      }
    }
    counts[k] = (counts[k] ?? 0) + 1;
    if ((k === 'monastery' || k === 'tower') && counts[k] > 1) return fail(at, `a tile has at most one ${k}`);
    const feature: FeatureDef = {
      kind: k,
      sides: [],
      halves: [],
      cities: [],
      pennants: 0,
      princess: false,
      tunnel: false,
    };
    // The core keeps pennants, the princess and the tunnel in fields of its own, which its hot path
    // reads and definitions have always hashed with; any other attribute goes by name.
    for (const [spec, value] of attributes) {
      if (spec.name === 'pennants') feature.pennants = value;
      else if (spec.name === 'princess') feature.princess = value === 1;
      else if (spec.name === 'tunnel') feature.tunnel = value === 1;
      else if (value !== 0) feature.attributes = { ...feature.attributes, [spec.name]: value };
    }
    if (k === 'road' || k === 'city') {
      if (typeof f.edges !== 'string') return fail(`${at}.edges`, 'must be a string of sides, e.g. "W E"');
      const names = f.edges.split(/\s+/).filter(Boolean);
      if (names.length === 0) return fail(`${at}.edges`, 'must name at least one side');
      for (const name of names) {
        const side = (SIDE_NAMES as readonly string[]).indexOf(name);
        if (!allowedSides.includes(side)) {
          return fail(`${at}.edges`, `"${name}" is not a side of a ${shape} tile (${sideList})`);
        }
        if (sideOwner.has(side)) return fail(`${at}.edges`, `side ${name} already carries a road or city`);
        sideOwner.set(side, i);
        feature.sides.push(side);
      }
    } else if (k === 'field') {
      if (typeof f.halves !== 'string')
        return fail(`${at}.halves`, 'must be a string of half-sides, e.g. "NL NR"');
      for (const name of f.halves.split(/\s+/).filter(Boolean)) {
        const half = (HALF_NAMES as readonly string[]).indexOf(name);
        if (half < 0 || !allowedSides.includes(half >> 1)) {
          return fail(`${at}.halves`, `"${name}" is not a half-side of a ${shape} tile (${halfList})`);
        }
        if (halfOwner.has(half)) return fail(`${at}.halves`, `half-side ${name} already belongs to a field`);
        halfOwner.set(half, i);
        feature.halves.push(half);
      }
      if (f.cities !== undefined) {
        if (typeof f.cities !== 'string')
          return fail(`${at}.cities`, 'must be a string of sides, e.g. "N S"');
        citySpecs.push([i, f.cities]);
      }
    }
    features.push(feature);
  }

  // Every side is exactly one of: city (no field halves), road (fields on both halves), field.
  for (const side of allowedSides) {
    const owner = sideOwner.get(side);
    const isCity = owner !== undefined && features[owner]!.kind === 'city';
    for (const h of [0, 1]) {
      const half = side * 2 + h;
      if (isCity && halfOwner.has(half)) {
        return fail('features', `half-side ${HALF_NAMES[half]} lies on a city side and cannot be a field`);
      }
      if (!isCity && !halfOwner.has(half)) {
        return fail('features', `half-side ${HALF_NAMES[half]} belongs to no field`);
      }
    }
    if (owner === undefined && halfOwner.get(side * 2) !== halfOwner.get(side * 2 + 1)) {
      return fail('features', `side ${SIDE_NAMES[side]} has no road, so both its halves must be one field`);
    }
  }
  for (const [i, spec] of citySpecs) {
    const feature = features[i]!;
    for (const name of spec.split(/\s+/).filter(Boolean)) {
      const side = (SIDE_NAMES as readonly string[]).indexOf(name);
      const owner = side < 0 ? undefined : sideOwner.get(side);
      if (owner === undefined || features[owner]!.kind !== 'city') {
        return fail(`features[${i}].cities`, `"${name}" is not a side covered by a city of this tile`);
      }
      if (!feature.cities.includes(owner)) feature.cities.push(owner);
    }
  }
  return ok({ id, shape: shape as Shape, symbols, features });
}
