/**
 * Actions (what a player chooses) and their integer encoding for the hot path.
 *
 * Encoding: the low TYPE_BITS bits hold the move type; the rest is the payload: a placement keeps
 * its quarter turns in the next 2 bits and its packed cell above; every other type keeps one
 * integer (a segment, a meeple index, a tile slot or a direction, or fields its spec declares).
 * Types 0–2 are the base game's; a registry gives every expansion action type its code, in
 * registry order (`Registry.moveCode`), so an expansion never picks a number another could take.
 */
import type { CornerName } from '../geometry/edges.js';
import { CORNER_NAMES } from '../geometry/edges.js';
import type { Catalog } from '../tiles/catalog.js';
import type { Rotation, RuleId } from '../types.js';
import { ROTATIONS } from '../types.js';
import { isReservedName, ownValue } from '../util/names.js';
import { MEEPLES_PER_PLAYER } from './constants.js';
import type { Options } from './options.js';

/**
 * Every action by type. The base game's are declared here; each expansion adds its own by
 * declaration merging (`declare module '…/rules/actions.js' { interface Actions { … } }`, see
 * expansions/{name}/vocabulary.ts) and describes them at run time with `ActionSpec`s.
 */
export interface Actions {
  /** B-3, B-4: place the drawn tile. */
  place: { type: 'place'; x: number; y: number; rotation: Rotation };
  /** B-6 (D-13 through a portal): a meeple on a feature; `corner` names a triangle when a cell holds two. */
  meeple: { type: 'meeple'; x: number; y: number; feature: number; corner?: CornerName };
  /** Nothing in phase 2. */
  pass: { type: 'pass' };
}

/** A player's choice, as data: what legalActions() lists and apply() takes. */
export type Action = Actions[keyof Actions];
export type ActionType = keyof Actions;

/**
 * Which of the owner's meeples on one spot (one feature of one tile) an action means, when two or
 * more stand there (H-13 adds a meeple beside one's own): the owner's meeple number, 0..6 (meeple
 * index − owner · MEEPLES_PER_PLAYER). Listed actions carry it exactly when the spot holds two or
 * more of the owner's meeples, so that every choice is distinct (which one matters: D-18, D-19).
 */
export interface MeepleChoice {
  meeple?: number;
}

/** The shape of one field of an action, as a record or a client sends it. */
export interface FieldShape {
  /** What a value must be, for error messages ("an integer", "n, e, s or w"). */
  readonly describe: string;
  readonly optional: boolean;
  test(value: unknown): boolean;
}

const shape = (describe: string, test: (v: unknown) => boolean, optional = false): FieldShape => ({
  describe,
  optional,
  test,
});

/** The field shapes actions are made of. */
export const FIELD = {
  int: shape('an integer', Number.isInteger),
  /** No tile id is a name every object inherits (`toString`…): the catalog refuses such ids. */
  tile: shape('a tile id', (v) => typeof v === 'string' && v.length > 0 && !isReservedName(v)),
  rotation: shape('0, 90, 180 or 270', (v) => (ROTATIONS as readonly unknown[]).includes(v)),
  /** One of a fixed list of strings. */
  oneOf: (values: readonly string[]): FieldShape =>
    shape(values.join(', ').replace(/, ([^,]*)$/, ' or $1'), (v) => values.includes(v as string)),
  /** The same shape, but the field may be left out. */
  optional: (s: FieldShape): FieldShape => shape(s.describe, s.test, true),
  /** MeepleChoice: an owner's meeple number, given only when two of their meeples share a spot. */
  meeple: shape(
    `a meeple number from 0 to ${MEEPLES_PER_PLAYER - 1}`,
    (v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) < MEEPLES_PER_PLAYER,
    true,
  ),
  /** A triangle's corner (nw, ne, se, sw), given only when a cell holds two triangles (H-1). */
  corner: shape('nw, ne, se or sw', (v) => (CORNER_NAMES as readonly unknown[]).includes(v), true),
} as const;

/** The fields that name a meeple on the board: its spot, and which of the owner's if two share it. */
export const MEEPLE_SPOT: Readonly<Record<string, FieldShape>> = {
  x: FIELD.int,
  y: FIELD.int,
  feature: FIELD.int,
  corner: FIELD.corner,
  meeple: FIELD.meeple,
};

/** The payload of a move naming one meeple on the board (a meeple index, player · 7 + i). */
export const MEEPLE_PAYLOAD = (_options: Options, sizes: MoveSizes): Readonly<Record<string, number>> => ({
  meeple: sizes.meepleBits,
});

/**
 * One action type of the base game or an expansion: its fields (what records and clients send,
 * checked for shape before the engine looks at their meaning) and the widths of its encoded
 * move's payload in a game of given sizes, summed against PAYLOAD_BITS when a game is created.
 */
export interface ActionSpec {
  readonly type: ActionType;
  /** The rule it plays, and a one-line explanation (for documentation and clients). */
  readonly rule: RuleId;
  readonly doc: string;
  readonly fields: Readonly<Record<string, FieldShape>>;
  payload(options: Options, sizes: MoveSizes, catalog: Catalog): Readonly<Record<string, number>>;
}

/** Sizes in the game being created from which move fields get their widths (see `ActionSpec.payload`). */
export interface MoveSizes {
  /** Bits of a packed cell of this game's grid. */
  readonly cellBits: number;
  /** Bits of a segment index. */
  readonly segmentBits: number;
  /** Bits of a tile slot index. */
  readonly slotBits: number;
  /** Bits of a meeple index (player · 7 + i). */
  readonly meepleBits: number;
  /** Bits of a player index. */
  readonly playerBits: number;
}

/** The base game's actions. */
export const BASE_ACTIONS: readonly ActionSpec[] = [
  {
    type: 'pass',
    rule: 'B-6',
    doc: 'place no meeple',
    fields: {},
    payload: () => ({}),
  },
  {
    type: 'place',
    rule: 'B-4',
    doc: 'place the drawn tile',
    fields: { x: FIELD.int, y: FIELD.int, rotation: FIELD.rotation },
    payload: (_o, sizes) => ({ cell: sizes.cellBits, rotation: 2 }),
  },
  {
    type: 'meeple',
    rule: 'B-6',
    doc: 'put a meeple on a feature of the tile just placed',
    fields: { x: FIELD.int, y: FIELD.int, feature: FIELD.int, corner: FIELD.corner },
    payload: (_o, sizes) => ({ segment: sizes.segmentBits }),
  },
];

/** What is wrong with the shape of an action: the field, and why. */
export interface ShapeError {
  readonly field: string;
  readonly reason: string;
}

/**
 * Checks an untrusted object against the action specs in play: a known type, no unknown field,
 * every field of its shape. `extra` names fields allowed besides (a record's `player`, `expect`).
 * Only the object's own fields count: a name looked up in a spec is one the spec declares itself
 * (`Object.hasOwn`), never one every object inherits (`constructor`, `toString`, `__proto__`…), and
 * a field the object merely inherits is no field of the action.
 */
export function checkShape(
  specs: ReadonlyMap<string, ActionSpec>,
  v: unknown,
  extra: readonly string[] = [],
): ShapeError | undefined {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    return { field: '', reason: 'an action must be an object {type, …}' };
  }
  const type = ownValue(v, 'type');
  const spec = typeof type === 'string' ? specs.get(type) : undefined;
  if (spec === undefined) return { field: 'type', reason: `must be one of ${[...specs.keys()].join(', ')}` };
  for (const k of Object.keys(v)) {
    if (k !== 'type' && !Object.hasOwn(spec.fields, k) && !extra.includes(k)) {
      return { field: k, reason: `unknown field for a ${spec.type}` };
    }
  }
  for (const [k, f] of Object.entries(spec.fields)) {
    const value = ownValue(v, k);
    if (value === undefined ? !f.optional : !f.test(value))
      return { field: k, reason: `must be ${f.describe}` };
  }
  return undefined;
}

/**
 * A fresh copy of an action that `checkShape` accepted: its type and the fields its spec declares,
 * nothing else (no field of `extra`, nothing inherited, no symbol): what a match or a record keeps.
 */
export function shapedAction(specs: ReadonlyMap<string, ActionSpec>, v: object): Action {
  const type = ownValue(v, 'type');
  const spec = typeof type === 'string' ? specs.get(type) : undefined;
  if (spec === undefined) throw new Error(`invariant: shapedAction of an unchecked action`);
  const out = new Map<string, unknown>([['type', spec.type]]);
  for (const k of Object.keys(spec.fields)) {
    const value = ownValue(v, k);
    if (value !== undefined) out.set(k, value);
  }
  // Every field was checked against its spec by checkShape, and only declared names are copied.
  return Object.fromEntries(out) as unknown as Action;
}

/** The base game's move codes; every other type's code is assigned by the registry (`moveCode`). */
export const M_PASS = 0;
export const M_PLACE = 1;
export const M_MEEPLE = 2;

/** Bits of the move type, the low bits of every move. */
export const TYPE_BITS = 5;
/** How many action types a registry may hold. */
export const MAX_ACTION_TYPES = 1 << TYPE_BITS;
/**
 * Bits above the type. Moves stay non-negative 32-bit integers (they live in Int32Array buffers
 * and are read with `>>>`), so every payload must fit here: `Game.create` checks the widths each
 * move type needs in that game (cells of its grid, segments, hand slots…) and refuses a game that
 * cannot be encoded rather than let a field wrap into another.
 */
export const PAYLOAD_BITS = 31 - TYPE_BITS;
/** Bits needed to store the values 0..n−1. */
export const bitsFor = (n: number): number => (n <= 1 ? 0 : 32 - Math.clz32(n - 1));

export const encodePlace = (cell: number, quarters: number): number =>
  M_PLACE | (quarters << TYPE_BITS) | (cell << (TYPE_BITS + 2));
export const encodeMeeple = (segment: number): number => M_MEEPLE | (segment << TYPE_BITS);
/** A move of type `type` with a single integer payload. */
export const encodeMove = (type: number, payload: number): number => type | (payload << TYPE_BITS);
export const moveType = (m: number): number => m & (MAX_ACTION_TYPES - 1);
export const movePayload = (m: number): number => m >>> TYPE_BITS;
export const placeCell = (m: number): number => m >>> (TYPE_BITS + 2);
export const placeQuarters = (m: number): number => (m >>> TYPE_BITS) & 3;
export const meepleSegment = (m: number): number => m >>> TYPE_BITS;
