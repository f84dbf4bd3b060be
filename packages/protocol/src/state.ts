/**
 * A viewer's state as it travels (protocol v2): its view and its hints in a compact shape, packed
 * and unpacked by exact inverses, so the state a client rebuilds is the server's. What is packed:
 *
 * - the legal actions, as runs of actions of one type with the same fields (`LegalRun`): the type
 *   and field names once, then the values;
 * - every action a hint carries, as its place in the legal actions;
 * - every field of a hint that repeats what the client already has: a placement's field equal to
 *   its action's (a triangle's tile, a rotation) or, for a tile's id, the drawn tile; a target's or
 *   a covered tile's field equal to its action's or to the tile at its place on the board.
 *
 * A decision's placements and targets are the largest part of what the player to act is sent;
 * packed, they are a few bytes a choice.
 */
import type { Action, DecisionHints, GameView, PlacedTileView } from '@carc/engine';
import type { Json, JsonObject } from './delta.js';
import { same } from './delta.js';

/** Consecutive legal actions of one type with the same fields: their values, field after field. */
export interface LegalRun {
  type: string;
  fields: string[];
  values: Json[];
}

type Fields = Record<string, Json>;

/** The viewer's state on the wire: changes to it are what `step` frames carry. */
export interface PackedState {
  view: Omit<GameView, 'legalActions'> & { legalActions: LegalRun[] };
  hints: Fields;
}

export function packState(view: GameView, hints: DecisionHints): PackedState {
  const legal = view.legalActions;
  const packedHints: Fields = { ...(hints as unknown as Fields) };
  packedHints.lastRound = packLastRound(hints.lastRound, view.tiles);
  // Only the player to act has a decision to pack (everyone else's hints are the last round).
  if (hints.placements === undefined && hints.targets === undefined) {
    return { view: { ...view, legalActions: packLegal(legal) }, hints: packedHints };
  }
  const index = legalIndex(legal);
  const tiles = boardIndex(view.tiles);
  if (hints.placements !== undefined) {
    packedHints.placements = hints.placements.map((cell): Json => {
      const placements = cell.placements.map((p): Json => {
        const packed = packChoice(
          p as unknown as Fields,
          index,
          placementSource(p.action, view),
          PLACEMENT_DERIVED,
        );
        return Object.keys(packed).length === 1 && typeof packed.action === 'number' ? packed.action : packed;
      });
      // A cell is the list of its placements when its place is their first action's.
      const first = cell.placements[0]?.action as unknown as Fields | undefined;
      const plain = Object.keys(cell).every((k) => k === 'x' || k === 'y' || k === 'placements');
      if (first?.x === cell.x && first.y === cell.y && plain) return placements;
      return { ...(cell as unknown as Fields), placements };
    }) as unknown as Json;
  }
  if (hints.targets !== undefined) {
    packedHints.targets = hints.targets.map((t) => {
      const packed = packChoice(t as unknown as Fields, index, targetSource(t.action, tiles), TARGET_DERIVED);
      if (t.coverage !== undefined) {
        packed.coverage = t.coverage.map((c) =>
          coveredAsTuple(
            omitDerived(c as unknown as Fields, tiles.get(place(c.x, c.y, c.corner)) ?? {}, TILE_DERIVED),
          ),
        );
      }
      return packed;
    });
  }
  return { view: { ...view, legalActions: packLegal(legal) }, hints: packedHints };
}

export function unpackState(state: PackedState): { view: GameView; hints: DecisionHints } {
  const legal = unpackLegal(state.view.legalActions);
  const view: GameView = { ...state.view, legalActions: legal };
  const tiles = boardIndex(view.tiles);
  const { placements, targets, ...rest } = state.hints;
  const hints = { ...rest } as unknown as DecisionHints;
  if (rest.lastRound !== undefined) hints.lastRound = unpackLastRound(rest.lastRound, view.tiles);
  if (Array.isArray(placements)) {
    type Cell = NonNullable<DecisionHints['placements']>[number];
    hints.placements = (placements as unknown as (Json[] | (Fields & { placements: Json[] }))[]).map(
      (packed) => {
        const list = Array.isArray(packed) ? packed : packed.placements;
        const cellPlacements = list.map((entry) => {
          const p: Fields = typeof entry === 'number' ? { action: entry } : (entry as Fields);
          const action = actionAt(legal, p.action);
          return { ...restoreDerived(p, placementSource(action, view), PLACEMENT_DERIVED), action };
        }) as unknown as Cell['placements'];
        if (!Array.isArray(packed)) return { ...(packed as unknown as Cell), placements: cellPlacements };
        const first = cellPlacements[0]?.action as unknown as { x: number; y: number } | undefined;
        if (first === undefined) throw new RangeError('a cell without placements');
        return { x: first.x, y: first.y, placements: cellPlacements };
      },
    );
  }
  if (Array.isArray(targets)) {
    hints.targets = (targets as Fields[]).map((t) => {
      const action = actionAt(legal, t.action);
      const out: Fields = {
        ...restoreDerived(t, targetSource(action, tiles), TARGET_DERIVED),
        action: action as unknown as Json,
      };
      if (Array.isArray(t.coverage)) {
        out.coverage = (t.coverage as Json[]).map((packed) => {
          const c = coveredFromTuple(packed);
          const tile = tiles.get(place(c.x as number, c.y as number, c.corner as string | undefined)) ?? {};
          return restoreDerived(c, tile, TILE_DERIVED);
        });
      }
      return out as unknown as NonNullable<DecisionHints['targets']>[number];
    });
  }
  return { view, hints };
}

/** The state as the JSON object the changes are computed on. */
export const asJson = (state: PackedState): JsonObject => state as unknown as JsonObject;
export const asState = (json: Json): PackedState => json as unknown as PackedState;

// ---- what a hint's fields repeat

/** A placement's tile and rotation: its action's (a triangle names its tile), else the drawn tile. */
const PLACEMENT_DERIVED = ['tile', 'rotation'] as const;
const placementSource = (action: Action, view: Pick<GameView, 'drawnTile'>): Fields => {
  const a = action as unknown as Fields;
  const source: Fields = { tile: a.tile ?? view.drawnTile };
  if (a.rotation !== undefined) source.rotation = a.rotation;
  return source;
};

/** A target's place and feature: its action's; the tile and its rotation: the board's at that place. */
const TARGET_DERIVED = ['x', 'y', 'corner', 'feature', 'tile', 'rotation'] as const;
const TILE_DERIVED = ['tile', 'rotation'] as const;
function targetSource(action: Action, tiles: Map<string, Fields>): Fields {
  const a = action as unknown as Fields;
  const source: Fields = {};
  for (const key of ['x', 'y', 'corner', 'feature']) if (a[key] !== undefined) source[key] = a[key] as Json;
  const tile = tiles.get(place(source.x as number, source.y as number, source.corner as string | undefined));
  return { ...source, ...tile };
}

/**
 * The last round's tiles, each as its index in the board's tiles when it is the tile there (they
 * are the latest tiles laid: looked for from the end).
 */
function packLastRound(lastRound: DecisionHints['lastRound'], tiles: readonly PlacedTileView[]): Json {
  return lastRound.map((t): Json => {
    for (let i = tiles.length - 1; i >= 0; i--) {
      const there = tiles[i]!;
      if (there.x !== t.x || there.y !== t.y || there.corner !== t.corner) continue;
      const same =
        there.tile === t.tile && there.rotation === t.rotation && Object.keys(t).every((k) => k in there);
      return same ? i : (t as unknown as Json);
    }
    return t as unknown as Json;
  });
}

function unpackLastRound(packed: Json, tiles: readonly PlacedTileView[]): DecisionHints['lastRound'] {
  if (!Array.isArray(packed)) throw new RangeError('the last round is not a list');
  return (packed as Json[]).map((entry) => {
    if (typeof entry !== 'number') return entry as unknown as DecisionHints['lastRound'][number];
    const t = tiles[entry];
    if (t === undefined) throw new RangeError(`the last round names tile ${entry} of ${tiles.length}`);
    return { ...t };
  });
}

/** A covered tile's fields in this order, the corner only for a triangle. */
const COVERED = ['x', 'y', 'feature', 'sides', 'corner'] as const;

/** A covered tile as a tuple when it has just those fields (its tile and rotation come from the board). */
function coveredAsTuple(c: Fields): Json {
  const keys = Object.keys(c);
  if (!keys.every((k) => (COVERED as readonly string[]).includes(k))) return c;
  if (!COVERED.slice(0, 4).every((k) => Object.hasOwn(c, k))) return c;
  const tuple = COVERED.slice(0, 4).map((k) => c[k] as Json);
  if (c.corner !== undefined) tuple.push(c.corner);
  return tuple;
}

function coveredFromTuple(packed: Json): Fields {
  if (!Array.isArray(packed)) return packed as Fields;
  const out: Fields = {};
  (packed as Json[]).forEach((v, i) => {
    const key = COVERED[i];
    if (key === undefined) throw new RangeError('a covered tile with too many fields');
    out[key] = v;
  });
  return out;
}

// ---- legal actions as runs

function packLegal(actions: readonly Action[]): LegalRun[] {
  const runs: LegalRun[] = [];
  let run: LegalRun | undefined;
  for (const action of actions) {
    const { type, ...rest } = action as unknown as Fields & { type: string };
    const fields = Object.keys(rest).filter((k) => rest[k] !== undefined);
    if (run === undefined || run.type !== type || !sameList(run.fields, fields)) {
      run = { type, fields, values: [] };
      runs.push(run);
    }
    for (const f of fields) run.values.push(rest[f] as Json);
  }
  return runs;
}

function unpackLegal(runs: readonly LegalRun[]): Action[] {
  const out: Action[] = [];
  for (const { type, fields, values } of runs) {
    if (fields.length === 0) {
      out.push({ type } as Action);
      continue;
    }
    if (values.length % fields.length !== 0) throw new RangeError(`legal actions "${type}": ragged values`);
    for (let i = 0; i < values.length; i += fields.length) {
      const action: Record<string, Json> = { type };
      fields.forEach((f, j) => setOwn(action, f, values[i + j] as Json));
      out.push(action as unknown as Action);
    }
  }
  return out;
}

/** A run of field-less actions holds one action: `pass`, `draw` and the like are single anyway. */
const sameList = (a: readonly string[], b: readonly string[]): boolean =>
  a.length > 0 && a.length === b.length && a.every((x, i) => x === b[i]);

// ---- hints

/** A choice (placement or target) with its action as an index and what `source` gives left out. */
function packChoice(choice: Fields, index: LegalIndex, source: Fields, derived: readonly string[]): Fields {
  const action = choice.action as unknown as Action;
  const rest = omitDerived(choice, source, derived);
  rest.action = index(action) ?? (action as unknown as Json);
  return rest;
}

/** Where an action stands in the legal actions, or undefined. */
type LegalIndex = (action: Action) => number | undefined;

/**
 * Finds actions among `legal` by value: bucketed by type and place, then compared field by field
 * (faster than a JSON text per action, and exact).
 */
function legalIndex(legal: readonly Action[]): LegalIndex {
  const bucketOf = (a: Action): string => {
    const f = a as unknown as Fields;
    return `${a.type}:${String(f.x)}:${String(f.y)}`;
  };
  const buckets = new Map<string, number[]>();
  legal.forEach((a, i) => {
    const key = bucketOf(a);
    const bucket = buckets.get(key);
    if (bucket === undefined) buckets.set(key, [i]);
    else bucket.push(i);
  });
  return (action) => buckets.get(bucketOf(action))?.find((i) => same(legal[i], action));
}

/** The key listing the derived fields a packed object lacks (though its source has them). */
const ABSENT = '-';

/**
 * `fields` without the `derived` ones equal to `source`'s. One it lacks while `source` has it is
 * listed under `-` (derived fields are the protocol's own names, never `-`).
 */
export function omitDerived(fields: Fields, source: Fields, derived: readonly string[]): Fields {
  const out: Fields = {};
  for (const key of Object.keys(fields)) {
    const v = fields[key];
    if (v === undefined) continue;
    if (derived.includes(key) && Object.hasOwn(source, key) && source[key] === v) continue;
    setOwn(out, key, v);
  }
  const absent = derived.filter((k) => fields[k] === undefined && source[k] !== undefined);
  if (absent.length > 0) out[ABSENT] = absent;
  return out;
}

/** The inverse of `omitDerived`. */
export function restoreDerived(packed: Fields, source: Fields, derived: readonly string[]): Fields {
  const absent = packed[ABSENT];
  const out: Fields = {};
  for (const key of Object.keys(packed)) {
    const v = packed[key];
    if (key !== ABSENT && v !== undefined) setOwn(out, key, v);
  }
  for (const key of derived) {
    const v = source[key];
    const lacks = Array.isArray(absent) && absent.includes(key);
    if (!Object.hasOwn(packed, key) && !lacks && v !== undefined) setOwn(out, key, v);
  }
  return out;
}

function actionAt(legal: readonly Action[], packed: Json | undefined): Action {
  if (typeof packed !== 'number') return packed as unknown as Action;
  const action = legal[packed];
  if (action === undefined) throw new RangeError(`a hint names legal action ${packed} of ${legal.length}`);
  return action;
}

// ---- the board, by place

const place = (x: number | undefined, y: number | undefined, corner: string | undefined): string =>
  `${x},${y},${corner ?? ''}`;

/** Each placed tile's id and rotation by its place (a cell, and a triangle's corner). */
function boardIndex(tiles: readonly PlacedTileView[]): Map<string, Fields> {
  const out = new Map<string, Fields>();
  for (const t of tiles) out.set(place(t.x, t.y, t.corner), { tile: t.tile, rotation: t.rotation });
  return out;
}

function setOwn(target: Record<string, Json>, key: string, value: Json): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
