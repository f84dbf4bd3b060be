/**
 * What a player (or a spectator) may see of a game: everything public, never the order of the tile
 * bag or the randomness that decides it (only counts by kind are public).
 *
 * A view is the base game's fields (`BaseView`) plus one typed slice per expansion in play. The core
 * knows no expansion, so it declares `ExpansionViews` empty and each expansion adds its fields by
 * declaration merging, the way options merge into `Options`:
 *
 *     declare module '../../rules/view.js' {
 *       interface ExpansionViews {
 *         towerPieces: number[]; // (each field with a doc comment naming its rule: T-0)
 *       }
 *     }
 *
 * (from outside src/: `declare module '@carc/engine'`, as test/inn/inn.ts does). Every slice field
 * is optional in a `GameView`, since its expansion may not be in play. An expansion's `view` hook
 * returns only fields it declared (`ExpansionInstance.view`), and shows hidden things only to their
 * owner (H-3: a player sees their own triangles, a spectator nobody's).
 */
import type { CornerName } from '../geometry/edges.js';
import { CORNER_NAMES } from '../geometry/edges.js';
import type { FeatureKind, Rotation } from '../types.js';
import { FEATURE_KINDS, ROTATIONS } from '../types.js';
import type { Action } from './actions.js';
import { MEEPLES_PER_PLAYER } from './constants.js';
import type { Game } from './game.js';
import type { GameState } from './state.js';
import type { Phase } from './phases.js';

export interface PlacedTileView {
  tile: string;
  x: number;
  y: number;
  rotation: Rotation;
  /** For a triangle: the corner holding its right angle. */
  corner?: CornerName;
}

export interface MeepleView {
  player: number;
  x: number;
  y: number;
  corner?: CornerName;
  feature: number;
  kind: FeatureKind;
  /** The owner's meeple number, 0..6: tells apart two meeples on one spot (H-13), as actions name them. */
  meeple: number;
}

/** A position on the board: a cell, and the corner of the triangle in it for a triangle (H-1). */
export interface PlaceView {
  x: number;
  y: number;
  corner?: CornerName;
}

/** The base game's part of every view. */
export interface BaseView {
  /** Whose view this is: a player index, or -1 for a spectator. */
  viewer: number;
  players: number;
  phase: Phase;
  /** The player to act, or -1 when the game is over. */
  toAct: number;
  scores: number[];
  /** Meeples in each player's supply. */
  supply: number[];
  /** The drawn tile (shown to everyone once drawn), if any. */
  drawnTile: string | null;
  tiles: PlacedTileView[];
  meeples: MeepleView[];
  /** Tiles left to draw: total and counts by kind; the order is hidden. */
  bag: { size: number; counts: Record<string, number> };
  /** The viewer's legal actions when they are the player to act (none for a spectator). */
  legalActions: Action[];
  /** Expansions in play. */
  expansions: string[];
  /** The player whose turn it is (during the dragon's hunt `toAct` is someone else), or -1. */
  current: number;
}

/**
 * The fields expansions add to a view, each declared by its expansion (`declare module`, see the
 * header) with a doc comment naming its rule. Empty here: the core knows no expansion.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ExpansionViews {}

/** A view: the base fields, and the slice of each expansion in play (absent otherwise). */
export type GameView = BaseView & Partial<ExpansionViews>;

/** The base fields of a view, by name: what is not an expansion's slice. */
const BASE_FIELDS: Record<keyof BaseView, true> = {
  viewer: true,
  players: true,
  phase: true,
  toAct: true,
  scores: true,
  supply: true,
  drawnTile: true,
  tiles: true,
  meeples: true,
  bag: true,
  legalActions: true,
  expansions: true,
  current: true,
};

/** The expansions' slices of the view of `viewer`, in registry order. */
export function expansionViews(game: Game, viewer: number): Partial<ExpansionViews> {
  const view = game.view(viewer);
  return Object.fromEntries(Object.entries(view).filter(([k]) => !Object.hasOwn(BASE_FIELDS, k)));
}

/** The view of `viewer` (a player index, or -1 for a spectator): `game.view(viewer)`. */
export function viewOf(game: Game, viewer: number): GameView {
  return game.view(viewer);
}

/** Builds the view of `viewer` from the rule state (what `Game.view` returns). */
export function stateView(game: GameState, viewer: number): GameView {
  const { board, catalog, grid } = game;
  const tiles: PlacedTileView[] = [];
  for (let slot = 0; slot < board.slotCount; slot++) {
    const t = board.slotKind[slot];
    const c = board.slotCell[slot];
    const q = board.slotRot[slot];
    const v: PlacedTileView = { tile: catalog.def(t).id, x: grid.x(c), y: grid.y(c), rotation: ROTATIONS[q] };
    if (catalog.triangle[t] === 1) v.corner = CORNER_NAMES[q];
    tiles.push(v);
  }
  const meeples: MeepleView[] = [];
  game.meepleSeg.forEach((seg, i) => {
    if (seg < 0) return;
    meeples.push({
      player: Math.floor(i / MEEPLES_PER_PLAYER),
      ...game.segmentPlace(seg),
      feature: game.graph.local[seg],
      kind: FEATURE_KINDS[game.graph.kind[seg]],
      meeple: game.meepleNumber(i),
    });
  });
  // Counted in a map and made an object by its own entries: a tile id never reaches a prototype.
  const counts = new Map<string, number>();
  for (let i = 0; i < game.bagCount; i++) {
    const id = catalog.def(game.bag[i]).id;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const sorted: Record<string, number> = Object.fromEntries(
    [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  // Only the player to act sees their choices: they can name hidden things (H-3: one's triangles).
  const mayAct = viewer >= 0 && viewer === game.toAct;
  return {
    viewer,
    players: game.players,
    phase: game.phaseName,
    toAct: game.toAct,
    scores: Array.from(game.scores),
    supply: Array.from(game.supply),
    drawnTile: game.drawnTile ?? null,
    tiles,
    meeples,
    bag: { size: game.bagCount, counts: sorted },
    legalActions: mayAct ? game.legalActions() : [],
    expansions: [...game.expansionIds],
    current: game.isOver ? -1 : game.current,
    ...slicesOf(game, viewer),
  };
}

/** The expansions' slices of the view of `viewer`, in registry order. */
function slicesOf(game: GameState, viewer: number): Partial<ExpansionViews> {
  const out: Partial<ExpansionViews> = {};
  for (const x of game.expansions) if (x.view) Object.assign(out, x.view(viewer));
  return out;
}
