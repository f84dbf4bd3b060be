/**
 * The Halflings' vocabulary: their actions and phases, merged into the core's types (declaration
 * merging) and listed for the registry (H-3, H-4, H-13). Their refusals use the core's codes.
 */
import type { ActionSpec } from '../../rules/actions.js';
import { FIELD, MEEPLE_PAYLOAD, MEEPLE_SPOT, bitsFor } from '../../rules/actions.js';
import type { CornerName } from '../../geometry/edges.js';
import type { Phase } from '../../rules/phases.js';
import type { Options } from '../../rules/options.js';
import type { Rotation } from '../../types.js';
import { triangleKinds } from './tiles.js';

/** H-13: the kinds of meeple a crop circle names: knight (city), thief (road), farmer (field). */
export const CROP_MEEPLES = ['knight', 'thief', 'farmer'] as const;
export type CropMeeple = (typeof CROP_MEEPLES)[number];
/** H-13: what every player does with the kind of meeple named. */
export const CROP_MODES = ['add', 'remove'] as const;

declare module '../../rules/actions.js' {
  interface Actions {
    /** H-4: draw a normal tile (when one could play a triangle instead). */
    draw: { type: 'draw' };
    /** H-4: play the triangle `tile` from one's hand at (x, y); the rotation names its right-angle corner. */
    triangle: { type: 'triangle'; tile: string; x: number; y: number; rotation: Rotation };
    /** H-3 `halflings-deal draft`: take the face-up triangle `tile`. */
    draft: { type: 'draft'; tile: string };
    /** H-13: after the crop-circle turn, name a kind of meeple and the action every player does. */
    'crop-circle': { type: 'crop-circle'; meeple: CropMeeple; mode: (typeof CROP_MODES)[number] };
    /** H-13: one's crop-circle action on one's own meeple at (x, y, feature): add one beside it, or remove it. */
    crop: { type: 'crop'; x: number; y: number; feature: number; corner?: CornerName } & MeepleChoice;
  }
}

declare module '../../rules/phases.js' {
  interface Phases {
    /** H-3 `halflings-deal draft`: the players take face-up triangles in turn. */
    draft: true;
    /** H-4: the player to act draws a normal tile or plays a triangle from their hand. */
    turn: true;
    /** H-13: the crop circle's choice and every player's action. */
    'crop-circle': true;
  }
}

/** Bits of the hand slot in a triangle move: a hand never holds more than `halflings-hand`. */
export const handSlotBits = (options: Options): number => bitsFor(options.halflingsHand);

export const HALFLINGS_ACTIONS: readonly ActionSpec[] = [
  {
    type: 'draw',
    rule: 'H-4',
    doc: 'draw a normal tile instead of playing a triangle',
    fields: {},
    payload: () => ({}),
  },
  {
    type: 'triangle',
    rule: 'H-4',
    doc: 'play a triangle from one’s hand instead of drawing',
    fields: { tile: FIELD.tile, x: FIELD.int, y: FIELD.int, rotation: FIELD.rotation },
    payload: (options, sizes) => ({ cell: sizes.cellBits, rotation: 2, handSlot: handSlotBits(options) }),
  },
  {
    type: 'draft',
    rule: 'H-3',
    doc: 'take one of the face-up triangles',
    fields: { tile: FIELD.tile },
    payload: (options, _sizes, catalog) => ({ faceUp: bitsFor(triangleKinds(catalog, options).length) }),
  },
  {
    type: 'crop-circle',
    rule: 'H-13',
    doc: 'name a kind of meeple, and whether every player adds or removes one',
    fields: { meeple: FIELD.oneOf(CROP_MEEPLES), mode: FIELD.oneOf(CROP_MODES) },
    payload: () => ({ meepleKindAndMode: 3 }),
  },
  {
    type: 'crop',
    rule: 'H-13',
    doc: 'add a meeple beside one of one’s own, or remove one, as the crop circle says',
    fields: MEEPLE_SPOT,
    payload: MEEPLE_PAYLOAD,
  },
];

export const HALFLINGS_PHASES: readonly Phase[] = ['draft', 'turn', 'crop-circle'];
