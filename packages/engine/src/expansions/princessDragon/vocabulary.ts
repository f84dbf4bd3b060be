/**
 * The Princess & the Dragon's vocabulary: its actions, events, error codes and phase, merged into
 * the core's types (declaration merging) and listed for the registry (D-3..D-19).
 */
import type { ActionSpec } from '../../rules/actions.js';
import { FIELD, MEEPLE_PAYLOAD, MEEPLE_SPOT } from '../../rules/actions.js';
import type { CornerName } from '../../geometry/edges.js';
import type { RuleErrorCode } from '../../rules/errors.js';
import type { Phase } from '../../rules/phases.js';
import type { RuleId } from '../../types.js';

/** D-7: the directions of a dragon step. */
export const DIRECTIONS = ['n', 'e', 's', 'w'] as const;
export type Direction = (typeof DIRECTIONS)[number];

declare module '../../rules/actions.js' {
  interface Actions {
    /**
     * D-14: the fairy next to one's own meeple at (x, y, feature), or with `fairy-placement
     * on-tile` onto the tile (no feature). `meeple`: see MeepleChoice.
     */
    fairy: { type: 'fairy'; x: number; y: number; feature?: number; corner?: CornerName } & MeepleChoice;
    /** D-10: the princess sends the knight of `owner` at (x, y, feature) home. */
    princess: {
      type: 'princess';
      owner: number;
      x: number;
      y: number;
      feature: number;
      corner?: CornerName;
    } & MeepleChoice;
    /** D-7: one step of the dragon's hunt. */
    dragon: { type: 'dragon'; direction: Direction };
  }
}

declare module '../../rules/events.js' {
  interface Events {
    /** D-6: a dragon tile drawn before the dragon is in play. */
    'set-aside': { type: 'set-aside'; player: number; tile: string; rule: RuleId };
    /** D-6: set-aside tiles return to the pile. */
    'returned-to-pile': { type: 'returned-to-pile'; tiles: string[]; rule: RuleId };
    /** D-3, D-7: the dragon lands on or steps to a cell; `player` chose the step of a hunt. */
    dragon: { type: 'dragon'; x: number; y: number; player?: number; step?: number; rule: RuleId };
    /** D-14: the fairy moves. */
    fairy: {
      type: 'fairy';
      player: number;
      x: number;
      y: number;
      corner?: CornerName;
      feature?: number;
      rule: RuleId;
    };
  }
}

declare module '../../rules/errors.js' {
  interface RuleErrorCodes {
    'meeple/on-dragon': true;
    'princess/must-remove': true;
    'fairy/not-own-meeple': true;
    'dragon/blocked': true;
  }
}

declare module '../../rules/phases.js' {
  interface Phases {
    /** D-7: the players move the dragon step by step. */
    dragon: true;
  }
}

export const PRINCESS_DRAGON_ACTIONS: readonly ActionSpec[] = [
  {
    type: 'fairy',
    rule: 'D-14',
    doc: 'move the fairy next to one of one’s meeples (or onto a tile)',
    fields: {
      x: FIELD.int,
      y: FIELD.int,
      feature: FIELD.optional(FIELD.int),
      corner: FIELD.corner,
      meeple: FIELD.meeple,
    },
    // next-follower: a meeple; on-tile: a tile slot (D-14).
    payload: (_o, sizes) => ({ meepleOrTile: Math.max(sizes.meepleBits, sizes.slotBits) }),
  },
  {
    type: 'princess',
    rule: 'D-10',
    doc: 'send a knight of the city one’s princess tile joins back to its owner',
    fields: { owner: FIELD.int, ...MEEPLE_SPOT },
    payload: MEEPLE_PAYLOAD,
  },
  {
    type: 'dragon',
    rule: 'D-7',
    doc: 'move the dragon one step',
    fields: { direction: FIELD.oneOf(DIRECTIONS) },
    payload: () => ({ direction: 2 }),
  },
];

export const PRINCESS_DRAGON_ERRORS: readonly RuleErrorCode[] = [
  'meeple/on-dragon',
  'princess/must-remove',
  'fairy/not-own-meeple',
  'dragon/blocked',
];

export const PRINCESS_DRAGON_PHASES: readonly Phase[] = ['dragon'];
