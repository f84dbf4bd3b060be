/**
 * Actions (what a player chooses) and their integer encoding for the hot path.
 *
 * Encoding: the low 4 bits hold the move type; the rest is the payload: a placement keeps its
 * quarter turns in bits 4–5 and its packed cell above; every other type keeps one integer above
 * bit 4 (a segment, a meeple index, a tile slot or a direction). Types 0–2 are the base game's;
 * expansions own the others (see expansions/expansion.ts).
 */
import type { CornerName } from '../geometry/edges.js';
import type { Rotation } from '../types.js';

export const DIRECTIONS = ['n', 'e', 's', 'w'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** A player's choice, as data: what legalActions() lists and apply() takes. */
export type Action =
  /** B-3, B-4: place the drawn tile. */
  | { type: 'place'; x: number; y: number; rotation: Rotation }
  /** B-6 (D-13 through a portal): a meeple on a feature; `corner` names a triangle when a cell holds two. */
  | { type: 'meeple'; x: number; y: number; feature: number; corner?: CornerName }
  /** Nothing in phase 2. */
  | { type: 'pass' }
  /**
   * D-14: the fairy next to one's own meeple at (x, y, feature), or with `fairy-placement on-tile`
   * onto the tile (no feature). `meeple`: see MeepleChoice.
   */
  | ({ type: 'fairy'; x: number; y: number; feature?: number; corner?: CornerName } & MeepleChoice)
  /** D-10: the princess sends the knight of `owner` at (x, y, feature) home. */
  | ({
      type: 'princess';
      owner: number;
      x: number;
      y: number;
      feature: number;
      corner?: CornerName;
    } & MeepleChoice)
  /** D-7: one step of the dragon's hunt. */
  | { type: 'dragon'; direction: Direction }
  /** T-2 A/B: one of one's tower pieces on the foundation or open tower of the tile at (x, y). */
  | { type: 'tower'; x: number; y: number; corner?: CornerName }
  /** T-2 C: one of one's meeples on top of the open tower at (x, y), closing it. */
  | { type: 'tower-meeple'; x: number; y: number; corner?: CornerName }
  /** T-3: capture the meeple of `owner` at (x, y, feature) (for a meeple on a tower: the tower's feature). */
  | ({
      type: 'capture';
      owner: number;
      x: number;
      y: number;
      feature: number;
      corner?: CornerName;
    } & MeepleChoice)
  /** T-6: pay `captor` 3 points to free one of one's meeples held there. */
  | { type: 'ransom'; captor: number }
  /** H-4: draw a normal tile (when one could play a triangle instead). */
  | { type: 'draw' }
  /** H-4: play the triangle `tile` from one's hand at (x, y); the rotation names its right-angle corner. */
  | { type: 'triangle'; tile: string; x: number; y: number; rotation: Rotation }
  /** H-3 `halflings-deal draft`: take the face-up triangle `tile`. */
  | { type: 'draft'; tile: string }
  /** H-13: after the crop-circle turn, name a kind of meeple and the action every player does. */
  | { type: 'crop-circle'; meeple: CropMeeple; mode: 'add' | 'remove' }
  /** H-13: one's crop-circle action on one's own meeple at (x, y, feature): add one beside it, or remove it. */
  | ({ type: 'crop'; x: number; y: number; feature: number; corner?: CornerName } & MeepleChoice);

/**
 * Which of the owner's meeples on one spot (one feature of one tile) an action means, when two or
 * more stand there (H-13 adds a meeple beside one's own): the owner's meeple number, 0..6 (meeple
 * index − owner · MEEPLES_PER_PLAYER). Listed actions carry it exactly when the spot holds two or
 * more of the owner's meeples, so that every choice is distinct (which one matters: D-18, D-19).
 */
export interface MeepleChoice {
  meeple?: number;
}

/** H-13: the kinds of meeple a crop circle names: knight (city), thief (road), farmer (field). */
export const CROP_MEEPLES = ['knight', 'thief', 'farmer'] as const;
export type CropMeeple = (typeof CROP_MEEPLES)[number];

export type ActionType = Action['type'];
export const ACTION_TYPES: readonly ActionType[] = [
  'place',
  'meeple',
  'pass',
  'fairy',
  'princess',
  'dragon',
  'tower',
  'tower-meeple',
  'capture',
  'ransom',
  'draw',
  'triangle',
  'draft',
  'crop-circle',
  'crop',
];

export const M_PASS = 0;
export const M_PLACE = 1;
export const M_MEEPLE = 2;
export const M_FAIRY = 3;
export const M_PRINCESS = 4;
export const M_DRAGON = 5;
export const M_TOWER = 6;
export const M_TOWER_MEEPLE = 7;
export const M_CAPTURE = 8;
export const M_RANSOM = 9;
export const M_DRAW = 10;
export const M_HAND = 11;
export const M_DRAFT = 12;
export const M_CROP_CIRCLE = 13;
export const M_CROP = 14;

/** Bits of the move type, the low bits of every move. */
export const TYPE_BITS = 4;
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
  M_PLACE | (quarters << 4) | (cell << 6);
export const encodeMeeple = (segment: number): number => M_MEEPLE | (segment << 4);
/** A move of type `type` with a single integer payload. */
export const encodeMove = (type: number, payload: number): number => type | (payload << 4);
export const moveType = (m: number): number => m & 15;
export const movePayload = (m: number): number => m >>> 4;
export const placeCell = (m: number): number => m >>> 6;
export const placeQuarters = (m: number): number => (m >>> 4) & 3;
export const meepleSegment = (m: number): number => m >>> 4;

/** The type code of each action type in an encoded move (its low TYPE_BITS bits). */
export const MOVE_TYPES: Readonly<Record<ActionType, number>> = {
  pass: M_PASS,
  place: M_PLACE,
  meeple: M_MEEPLE,
  fairy: M_FAIRY,
  princess: M_PRINCESS,
  dragon: M_DRAGON,
  tower: M_TOWER,
  'tower-meeple': M_TOWER_MEEPLE,
  capture: M_CAPTURE,
  ransom: M_RANSOM,
  draw: M_DRAW,
  triangle: M_HAND,
  draft: M_DRAFT,
  'crop-circle': M_CROP_CIRCLE,
  crop: M_CROP,
};
