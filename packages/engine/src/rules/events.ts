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
  /** Points each of `players` scored. */
  points: number;
  /** Cells the feature covers, for highlighting. */
  at: Point[];
}
