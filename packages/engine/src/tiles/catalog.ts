/**
 * The tile catalog: validated definitions plus the typed-array tables the hot path reads.
 *
 * Implementation notes: every (kind, rotation) pair is compiled once into cell-frame tables, so
 * placement checks, which run for every cell and rotation, compare small integers and never walk
 * feature lists. For a square the four side types are also packed two bits each (3 = no tile
 * there), which turns the B-4 check for one rotation into a single XOR and mask.
 */
import { HALF_SLOTS, SIDE_D, SIDE_SLOTS, rotateSide } from '../geometry/edges.js';
import type { FeatureKind } from '../types.js';
import {
  E_CITY,
  E_FIELD,
  E_NONE,
  E_ROAD,
  FEATURE_KINDS,
  K_CITY,
  K_MONASTERY,
  K_ROAD,
  K_TOWER,
} from '../types.js';
import type { Result } from '../util/result.js';
import { err, ok } from '../util/result.js';
import type { TileDef, TileDefError, TileDefInput } from './tileDef.js';
import { parseTileDef } from './tileDef.js';
import type { FeatureAttributeSpec, TileSchema } from './schema.js';
import { BASE_TILE_SCHEMA } from './schema.js';

/** Most tile definitions one file or record may add (H-0: a player's own faces). */
export const MAX_EXTRA_TILES = 256;

/** Most features one tile may carry. */
export const MAX_FEATURES = 16;

/** Tile sets by id (`basic:2`, `tower:1`…): tile id → copies in one copy of the set. */
export type TileSets = Readonly<Record<string, Readonly<Record<string, number>>>>;

const kindCode = (k: FeatureKind): number => FEATURE_KINDS.indexOf(k);

export class Catalog {
  readonly defs: readonly TileDef[];
  /** 0 square, 1 triangle, per kind. */
  readonly triangle: Uint8Array;
  /** Features per kind. */
  readonly featureCount: Uint8Array;
  /** Feature kind code (K_*) per kind · MAX_FEATURES + feature. */
  readonly featureKind: Int8Array;
  /** Pennants per kind · MAX_FEATURES + feature. */
  readonly pennants: Int8Array;
  /** Road/city ends (sides) per kind · MAX_FEATURES + feature: a new segment's open ends. */
  readonly ends: Int8Array;
  /** How many features of each kind code a tile kind has, per kind · 5 + code. */
  readonly kindCount: Int8Array;
  /** Local index of the monastery, or -1, per kind. */
  readonly monastery: Int8Array;
  /** Edge type (E_*) per (kind · 4 + rotation) · 5 + cell side; E_NONE where the tile has no such side. */
  readonly edgeType: Int8Array;
  /** Road or city feature on a cell side, per (kind · 4 + rotation) · 5 + side; -1 for field sides. */
  readonly edgeFeature: Int8Array;
  /** Field feature on a cell half-side, per (kind · 4 + rotation) · 10 + half; -1 on city sides. */
  readonly halfFeature: Int8Array;
  /** Square side types packed two bits per side (n lowest), per kind · 4 + rotation. */
  readonly pattern: Int32Array;
  /** Printed symbols per kind, one bit per symbol of the schema, in its order (see `hasSymbol`). */
  readonly symbols: Int32Array;
  /** What its definitions were read with, and extra definitions are read with (tiles/schema.ts). */
  readonly schema: TileSchema;
  /** Per declared attribute (in schema order): its value per kind · MAX_FEATURES + feature. */
  readonly attributeValues: readonly Int8Array[];
  private readonly symbolBit: ReadonlyMap<string, number>;
  private readonly attributeByName: ReadonlyMap<string, number>;
  /** D-10: 1 where a city feature carries the princess, per kind · MAX_FEATURES + feature. */
  readonly princess: Uint8Array;
  /** 1 for kinds defined by a player's file or a record rather than built in (H-0). */
  readonly custom: Uint8Array;
  private readonly byId: Map<string, number>;

  private constructor(defs: TileDef[], custom: ReadonlySet<string>, schema: TileSchema) {
    const n = defs.length;
    this.defs = defs;
    this.schema = schema;
    this.symbolBit = new Map(schema.symbols.map((d, i) => [d.name, 1 << i]));
    this.attributeByName = new Map(schema.attributes.map((a, i) => [a.name, i]));
    this.attributeValues = schema.attributes.map(() => new Int8Array(n * MAX_FEATURES));
    this.byId = new Map(defs.map((d, i) => [d.id, i]));
    this.triangle = new Uint8Array(n);
    this.featureCount = new Uint8Array(n);
    this.featureKind = new Int8Array(n * MAX_FEATURES).fill(-1);
    this.pennants = new Int8Array(n * MAX_FEATURES);
    this.ends = new Int8Array(n * MAX_FEATURES);
    this.kindCount = new Int8Array(n * FEATURE_KINDS.length);
    this.monastery = new Int8Array(n).fill(-1);
    this.edgeType = new Int8Array(n * 4 * SIDE_SLOTS).fill(E_NONE);
    this.edgeFeature = new Int8Array(n * 4 * SIDE_SLOTS).fill(-1);
    this.halfFeature = new Int8Array(n * 4 * HALF_SLOTS).fill(-1);
    this.pattern = new Int32Array(n * 4);
    this.symbols = new Int32Array(n);
    this.princess = new Uint8Array(n * MAX_FEATURES);
    this.custom = Uint8Array.from(defs, (d) => (custom.has(d.id) ? 1 : 0));
    defs.forEach((def, t) => this.compile(def, t));
  }

  private compile(def: TileDef, t: number): void {
    const tri = def.shape === 'triangle';
    this.triangle[t] = tri ? 1 : 0;
    this.featureCount[t] = def.features.length;
    for (const sym of def.symbols) this.symbols[t] |= this.symbolBit.get(sym) ?? 0;
    const ownSides = tri ? [0, 3, SIDE_D] : [0, 1, 2, 3];
    def.features.forEach((f, i) => {
      const code = kindCode(f.kind);
      this.featureKind[t * MAX_FEATURES + i] = code;
      this.pennants[t * MAX_FEATURES + i] = f.pennants;
      this.ends[t * MAX_FEATURES + i] = f.sides.length;
      this.princess[t * MAX_FEATURES + i] = f.princess ? 1 : 0;
      this.kindCount[t * FEATURE_KINDS.length + code]++;
      if (code === K_MONASTERY) this.monastery[t] = i;
      this.schema.attributes.forEach((a, k) => {
        this.attributeValues[k][t * MAX_FEATURES + i] = featureAttribute(f, a);
      });
    });
    for (let q = 0; q < 4; q++) {
      const r = t * 4 + q;
      for (const side of ownSides) {
        const cellSide = rotateSide(side, q);
        this.edgeType[r * SIDE_SLOTS + cellSide] = E_FIELD;
      }
      def.features.forEach((f, i) => {
        for (const side of f.sides) {
          const cellSide = rotateSide(side, q);
          this.edgeType[r * SIDE_SLOTS + cellSide] = f.kind === 'city' ? E_CITY : E_ROAD;
          this.edgeFeature[r * SIDE_SLOTS + cellSide] = i;
        }
        for (const half of f.halves) {
          this.halfFeature[r * HALF_SLOTS + rotateSide(half >> 1, q) * 2 + (half & 1)] = i;
        }
      });
      let pattern = 0;
      for (let s = 0; s < 4; s++) {
        const e = this.edgeType[r * SIDE_SLOTS + s];
        pattern |= (e === E_NONE ? 3 : e) << (2 * s);
      }
      this.pattern[r] = pattern;
    }
  }

  /** The kind index of a tile id, or undefined. */
  kindOf(id: string): number | undefined {
    return this.byId.get(id);
  }

  /** Whether tile kind t carries a printed symbol (false for a symbol the schema does not declare). */
  hasSymbol(t: number, symbol: string): boolean {
    return (this.symbols[t] & (this.symbolBit.get(symbol) ?? 0)) !== 0;
  }

  /** The index of a declared feature attribute (for `attribute`, FeatureGraph.attribute), or -1. */
  attributeIndex(name: string): number {
    return this.attributeByName.get(name) ?? -1;
  }

  /** The value of attribute `a` (attributeIndex) on local feature `f` of tile kind `t`: 0 when unset. */
  attribute(t: number, f: number, a: number): number {
    return this.attributeValues[a][t * MAX_FEATURES + f];
  }

  /** Whether some feature of tile kind `t` has attribute `a` set. */
  tileHas(t: number, a: number): boolean {
    const values = this.attributeValues[a];
    for (let f = 0; f < this.featureCount[t]; f++) if (values[t * MAX_FEATURES + f] !== 0) return true;
    return false;
  }

  def(kind: number): TileDef {
    return this.defs[kind];
  }

  /** Whether local feature `f` of tile kind `t` is a road or city (features with open ends). */
  hasEnds(t: number, f: number): boolean {
    const code = this.featureKind[t * MAX_FEATURES + f];
    return code === K_ROAD || code === K_CITY;
  }

  /** Whether a feature can hold a meeple (every kind except a tower foundation, T-1). */
  isMeepleSpot(t: number, f: number): boolean {
    return this.featureKind[t * MAX_FEATURES + f] !== K_TOWER;
  }

  /**
   * Builds a catalog from definitions validated with `schema` (by default the base game's); ids
   * must be unique.
   */
  static fromDefs(
    defs: readonly TileDef[],
    custom: ReadonlySet<string> = new Set(),
    schema: TileSchema = BASE_TILE_SCHEMA,
  ): Result<Catalog, TileDefError> {
    const seen = new Set<string>();
    for (const d of defs) {
      if (seen.has(d.id)) {
        return err({
          code: 'tile/invalid',
          tile: d.id,
          path: 'id',
          message: `tile "${d.id}": id defined twice`,
        });
      }
      if (d.features.length > MAX_FEATURES) {
        return err({
          code: 'tile/invalid',
          tile: d.id,
          path: 'features',
          message: `tile "${d.id}": features: at most ${MAX_FEATURES} features per tile`,
        });
      }
      seen.add(d.id);
    }
    return ok(new Catalog([...defs], custom, schema));
  }

  /**
   * This catalog extended with definitions from a file or a record (H-0, test fixtures). A
   * definition with the id of one of this catalog's own tiles would silently change what that id
   * means: it is refused (`tile/builtin-id`, path `where[i].id`) unless `replace` is set, and then
   * it replaces the tile (a player's exact faces of H1-01…). At most MAX_EXTRA_TILES definitions.
   */
  withExtra(extra: readonly unknown[], where = 'tiles', replace = false): Result<Catalog, TileDefError> {
    if (extra.length > MAX_EXTRA_TILES) {
      return err({
        code: 'tile/invalid',
        tile: undefined,
        path: where,
        message: `at most ${MAX_EXTRA_TILES} tile definitions in one file or record, not ${extra.length}`,
      });
    }
    const defs = this.defs.filter((_, k) => this.custom[k] === 0);
    const custom = new Set<string>();
    for (const [i, input] of extra.entries()) {
      const r = parseTileDef(input, `${where}[${i}]`, this.schema);
      if (!r.ok) return r;
      const def = r.value;
      if (custom.has(def.id)) {
        return err({
          code: 'tile/invalid',
          tile: def.id,
          path: 'id',
          message: `tile "${def.id}": id defined twice`,
        });
      }
      custom.add(def.id);
      const builtin = defs.findIndex((d) => d.id === def.id);
      if (builtin >= 0 && !replace) {
        const path = `${where}[${i}].id`;
        return err({
          code: 'tile/builtin-id',
          tile: def.id,
          path,
          message: `${path}: "${def.id}" is a built-in tile id; an extra definition may not redefine it unless replacing built-in tiles is asked for (replaceTiles, H-0)`,
        });
      }
      if (builtin >= 0) defs[builtin] = def;
      else defs.push(def);
    }
    return Catalog.fromDefs(defs, custom, this.schema);
  }

  /**
   * Compiles built-in definitions (the program's own data) with the schema of the base game and
   * the expansions that bring them: a defect there is a bug, thrown.
   */
  static builtin(inputs: readonly TileDefInput[], schema: TileSchema = BASE_TILE_SCHEMA): Catalog {
    const defs = inputs.map((input) => {
      const r = parseTileDef(input, 'tile', schema);
      if (!r.ok) throw new Error(`invariant: built-in tile: ${r.error.message}`);
      return r.value;
    });
    const r = Catalog.fromDefs(defs, new Set(), schema);
    if (!r.ok) throw new Error(`invariant: built-in catalog: ${r.error.message}`);
    return r.value;
  }
}

/** A validated feature's value of attribute `a`: the core's own fields for its three, else by name. */
function featureAttribute(f: TileDef['features'][number], a: FeatureAttributeSpec): number {
  if (a.name === 'pennants') return f.pennants;
  if (a.name === 'princess') return f.princess ? 1 : 0;
  if (a.name === 'tunnel') return f.tunnel ? 1 : 0;
  return f.attributes !== undefined && Object.hasOwn(f.attributes, a.name) ? f.attributes[a.name] : 0;
}
