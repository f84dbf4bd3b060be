/** What happened in a game, as data: the log a UI shows and that explains every point. */
import type { CornerName } from '../geometry/edges.js';
import type { FeatureKind, Point, Rotation, RuleId } from '../types.js';

export type GameEvent =
  | { type: 'draw'; player: number; tile: string }
  | { type: 'discard'; player: number; tile: string; rule: RuleId }
  | { type: 'place'; player: number; tile: string; x: number; y: number; rotation: Rotation }
  | {
      type: 'meeple';
      player: number;
      x: number;
      y: number;
      corner?: CornerName;
      feature: number;
      kind: FeatureKind;
    }
  | ScoreEvent
  | { type: 'return'; player: number; x: number; y: number; corner?: CornerName; feature: number }
  /** A meeple removed from the board by a rule (eaten by the dragon D-7, sent home by the princess D-10). */
  | {
      type: 'removed';
      player: number;
      x: number;
      y: number;
      corner?: CornerName;
      feature: number;
      rule: RuleId;
    }
  /** Points outside feature scoring (D-15: the fairy's start-of-turn point). */
  | { type: 'bonus'; player: number; points: number; rule: RuleId }
  /** D-6: a dragon tile drawn before the dragon is in play. */
  | { type: 'set-aside'; player: number; tile: string; rule: RuleId }
  /** D-6: set-aside tiles return to the pile. */
  | { type: 'returned-to-pile'; tiles: string[]; rule: RuleId }
  /** D-3, D-7: the dragon lands on or steps to a cell; `player` chose the step of a hunt. */
  | { type: 'dragon'; x: number; y: number; player?: number; step?: number; rule: RuleId }
  /** T-2: a tower piece built (A on a foundation, B on an open tower); `height` after building. */
  | { type: 'tower'; player: number; x: number; y: number; corner?: CornerName; height: number; rule: RuleId }
  /** T-3: a captured meeple of another player is now held by `captor`. */
  | { type: 'prisoner'; captor: number; owner: number; rule: RuleId }
  /** T-5: two players swap one prisoner each. */
  | { type: 'exchange'; players: [number, number]; rule: RuleId }
  /** T-6: `player` pays `captor` 3 points to free a meeple. */
  | { type: 'ransom'; player: number; captor: number; points: number; rule: RuleId }
  /** D-14: the fairy moves. */
  | {
      type: 'fairy';
      player: number;
      x: number;
      y: number;
      corner?: CornerName;
      feature?: number;
      rule: RuleId;
    }
  | { type: 'end'; scores: number[]; winners: number[] };

/** One scored feature: what it was, what it counted, who had the majority and what they got. */
export interface ScoreEvent {
  type: 'score';
  rule: RuleId;
  kind: FeatureKind;
  /** False for features completed during play, true for final scoring (B-9). */
  final: boolean;
  complete: boolean;
  /** Distinct tiles of the feature (roads, cities, monastery area). */
  tiles: number;
  /** Distinct cells of the feature (H-8); equals `tiles` without triangles. */
  cells: number;
  pennants: number;
  /** Completed cities a field touches (B-9). */
  cities: number;
  /** Meeples of each player on the feature. */
  meeples: number[];
  /** The majority players (B-7: ties all score). */
  players: number[];
  /** Points each of `players` scored for the feature. */
  points: number;
  /** Extra points outside the feature's value (D-17: the fairy bonus), each with its rule. */
  bonuses: { player: number; points: number; rule: RuleId }[];
  /** Cells the feature covers, for highlighting. */
  at: Point[];
}
