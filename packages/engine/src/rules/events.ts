/** What happened in a game, as data: the log a UI shows and that explains every point. */
import type { CornerName } from '../geometry/edges.js';
import type { FeatureKind, Point, Rotation, RuleId } from '../types.js';

/**
 * Every event by type. The base game's are declared here; each expansion adds its own by
 * declaration merging (`declare module '…/rules/events.js' { interface Events { … } }`).
 */
export interface Events {
  draw: { type: 'draw'; player: number; tile: string };
  /** B-5: a drawn tile that fits nowhere leaves the game. */
  discard: { type: 'discard'; player: number; tile: string; rule: RuleId };
  place: { type: 'place'; player: number; tile: string; x: number; y: number; rotation: Rotation };
  meeple: {
    type: 'meeple';
    player: number;
    x: number;
    y: number;
    corner?: CornerName;
    feature: number;
    kind: FeatureKind;
  };
  score: ScoreEvent;
  /** A meeple back in its owner's supply after its feature was scored. */
  return: { type: 'return'; player: number; x: number; y: number; corner?: CornerName; feature: number };
  /** A meeple removed from the board by a rule (eaten by the dragon D-7, sent home by the princess D-10). */
  removed: {
    type: 'removed';
    player: number;
    x: number;
    y: number;
    corner?: CornerName;
    feature: number;
    rule: RuleId;
  };
  /** Points outside feature scoring (D-15: the fairy's start-of-turn point). */
  bonus: { type: 'bonus'; player: number; points: number; rule: RuleId };
  /** B-9: the final scores and the winners. */
  end: { type: 'end'; scores: number[]; winners: number[] };
}

export type GameEvent = Events[keyof Events];

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
