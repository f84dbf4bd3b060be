/**
 * The Tower's vocabulary: its actions, events, error codes and phase, merged into the core's types
 * (declaration merging) and listed for the registry (T-2..T-6).
 */
import type { ActionSpec } from '../../rules/actions.js';
import { FIELD, MEEPLE_PAYLOAD, MEEPLE_SPOT } from '../../rules/actions.js';
import type { CornerName } from '../../geometry/edges.js';
import type { RuleErrorCode } from '../../rules/errors.js';
import type { Phase } from '../../rules/phases.js';
import type { RuleId } from '../../types.js';

declare module '../../rules/actions.js' {
  interface Actions {
    /** T-2 A/B: one of one's tower pieces on the foundation or open tower of the tile at (x, y). */
    tower: { type: 'tower'; x: number; y: number; corner?: CornerName };
    /** T-2 C: one of one's meeples on top of the open tower at (x, y), closing it. */
    'tower-meeple': { type: 'tower-meeple'; x: number; y: number; corner?: CornerName };
    /** T-3: capture the meeple of `owner` at (x, y, feature) (for a meeple on a tower: the tower's feature). */
    capture: {
      type: 'capture';
      owner: number;
      x: number;
      y: number;
      feature: number;
      corner?: CornerName;
    } & MeepleChoice;
    /** T-6: pay `captor` 3 points to free one of one's meeples held there. */
    ransom: { type: 'ransom'; captor: number };
  }
}

declare module '../../rules/events.js' {
  interface Events {
    /** T-2: a tower piece built (A on a foundation, B on an open tower); `height` after building. */
    tower: {
      type: 'tower';
      player: number;
      x: number;
      y: number;
      corner?: CornerName;
      height: number;
      rule: RuleId;
    };
    /** T-3: a captured meeple of another player is now held by `captor`. */
    prisoner: { type: 'prisoner'; captor: number; owner: number; rule: RuleId };
    /** T-5: two players swap one prisoner each. */
    exchange: { type: 'exchange'; players: [number, number]; rule: RuleId };
    /** T-6: `player` pays `captor` 3 points to free a meeple. */
    ransom: { type: 'ransom'; player: number; captor: number; points: number; rule: RuleId };
  }
}

declare module '../../rules/errors.js' {
  interface RuleErrorCodes {
    'tower/closed': true;
    'tower/no-pieces': true;
    'tower/out-of-range': true;
    'ransom/not-allowed': true;
  }
}

declare module '../../rules/phases.js' {
  interface Phases {
    /** T-3: the builder chooses a meeple to capture, or none. */
    capture: true;
  }
}

const place = { x: FIELD.int, y: FIELD.int, corner: FIELD.corner };

export const TOWER_ACTIONS: readonly ActionSpec[] = [
  {
    type: 'tower',
    rule: 'T-2',
    doc: 'build one of one’s tower pieces on a foundation or an open tower',
    fields: place,
    payload: (_o, sizes) => ({ foundation: sizes.segmentBits }),
  },
  {
    type: 'tower-meeple',
    rule: 'T-2',
    doc: 'close an open tower with one of one’s meeples',
    fields: place,
    payload: (_o, sizes) => ({ foundation: sizes.segmentBits }),
  },
  {
    type: 'capture',
    rule: 'T-3',
    doc: 'capture a meeple within the tower’s range',
    fields: { owner: FIELD.int, ...MEEPLE_SPOT },
    payload: MEEPLE_PAYLOAD,
  },
  {
    type: 'ransom',
    rule: 'T-6',
    doc: 'pay 3 points to free one of one’s meeples held prisoner',
    fields: { captor: FIELD.int },
    payload: MEEPLE_PAYLOAD,
  },
];

export const TOWER_ERRORS: readonly RuleErrorCode[] = [
  'tower/closed',
  'tower/no-pieces',
  'tower/out-of-range',
  'ransom/not-allowed',
];

export const TOWER_PHASES: readonly Phase[] = ['capture'];
