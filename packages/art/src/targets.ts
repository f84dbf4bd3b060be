/**
 * Where a board UI draws the targets of a decision (the engine's client adapters, placed in the
 * tile's artwork): every legal figure action of the player to act, with the point, in its tile's
 * cell after the tile's turn, where a meeple, the fairy, the princess's choice or a capture is
 * offered. The board draws these points and submits the action of the one chosen.
 */
import type { FigureTarget, Game } from '@carc/engine';
import { figureTargets } from '@carc/engine';
import type { Pt } from './tileArt.js';
import { featurePoint, placeCentre } from './model.js';

export interface TargetPoint extends FigureTarget {
  /** In cell coordinates (0..1, +y south) of the target's tile, after its turn. */
  at: Pt;
}

/** The legal figure actions of the player to act with the point to draw each at. */
export function targetPoints(game: Game): TargetPoint[] {
  return figureTargets(game).map((t) => ({
    ...t,
    at: t.feature === undefined ? placeCentre(t.corner) : featurePoint(t, game.catalog, t.feature),
  }));
}
