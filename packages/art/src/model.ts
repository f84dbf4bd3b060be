/**
 * What to draw for a board, as data: per placed tile its cell, its turn and its artwork; the figures
 * on it (meeples with their owner, the dragon, the fairy, towers with their height), each with the
 * point where it stands. The SVG renderer draws from this model, and a web board (canvas, DOM or
 * SVG) can do the same without knowing how the artwork is computed.
 *
 * Coordinates: a point `at` is in the frame of its cell after the tile's turn (unit square, +y
 * south, (0,0) the cell's north-west corner), so on the board it lies at (x + at.x, y + at.y).
 * Artwork (`TileArt`) stays in the tile's own frame; `turnPoint` carries its points onto the cell.
 */
import type {
  CornerName,
  FeatureKind,
  GameEvent,
  GameView,
  MeepleView,
  PlacedTileView,
  TileDef,
} from '@carc/engine';
import { CORNER_NAMES } from '@carc/engine';
import type { BoardBounds } from './bounds.js';
import { boardBounds } from './bounds.js';
import { PLAYER_PALETTE } from './palette.js';
import type { Pt, TileArt } from './tileArt.js';
import { SQUARE_OUTLINE, TRIANGLE_OUTLINE, tileArt } from './tileArt.js';

/** What the renderers need of a catalog (the engine's `Catalog` fits). */
export interface TileLookup {
  kindOf(id: string): number | undefined;
  def(kind: number): TileDef;
}

/**
 * The parts of a view the renderers read; scores and supply feed the legend. The expansions' fields,
 * when in play: the dragon (D-3) and the fairy with the meeple she is next to (D-14); the towers
 * with their height (T-2), the tower pieces left (T-0) and the prisoners held (T-3).
 */
export type BoardView = Pick<GameView, 'tiles' | 'meeples'> &
  Partial<Pick<GameView, 'scores' | 'supply' | 'dragon' | 'fairy' | 'towers' | 'towerPieces' | 'prisoners'>>;

/** A placed tile, ready to draw. */
export interface TileModel {
  tile: string;
  x: number;
  y: number;
  rotation: PlacedTileView['rotation'];
  /** For a triangle: the corner holding its right angle (H-1). */
  corner?: CornerName;
  /**
   * Clockwise quarter turns from the artwork's frame to the cell: the rotation, or for a triangle
   * the index of its corner (nw 0, ne 1, se 2, sw 3; the artwork has its right angle at nw).
   */
  turns: number;
  /** The definition and its artwork; undefined for a tile the lookup does not know. */
  def: TileDef | undefined;
  art: TileArt | undefined;
  /** T-2: the height of the tower on this tile (0: a bare foundation, or no tower). */
  towerHeight: number;
}

/** A meeple on the board. */
export interface MeepleFigure {
  type: 'meeple';
  player: number;
  /** Index into `PLAYER_PALETTE` (the seat, modulo the number of colours). */
  colour: number;
  x: number;
  y: number;
  corner?: CornerName;
  feature: number;
  kind: FeatureKind;
  /** Where it stands in its cell (several on one feature stand side by side). */
  at: Pt;
  /** B-9: a meeple final scoring returned to its owner's supply, drawn where it stood at the end. */
  returned?: true;
}

/** The dragon (D-3), in the middle of its cell or triangle. */
export interface DragonFigure {
  type: 'dragon';
  x: number;
  y: number;
  corner?: CornerName;
  at: Pt;
}

/** The fairy (D-14), beside the meeple she is next to, or in a corner of her tile. */
export interface FairyFigure {
  type: 'fairy';
  x: number;
  y: number;
  corner?: CornerName;
  at: Pt;
}

/** A tower (T-2) with its height, at its foundation. */
export interface TowerFigure {
  type: 'tower';
  x: number;
  y: number;
  corner?: CornerName;
  height: number;
  at: Pt;
}

export type Figure = MeepleFigure | DragonFigure | FairyFigure | TowerFigure;

export interface BoardModel {
  /** The cells the tiles cover. */
  bounds: BoardBounds;
  tiles: TileModel[];
  /** Towers, then meeples, then the dragon and the fairy: the order to draw them in. */
  figures: Figure[];
  /** The printed symbols on the board (garden, volcano, portal…), each name once, in board order. */
  symbols: string[];
}

/** Sideways step between meeples sharing one feature, in cells. */
const SHARE_STEP = 0.12;
const CENTRE: Pt = { x: 0.5, y: 0.5 };

/** Rotates a tile-frame point q clockwise quarter turns about the cell centre (+y south). */
export function turnPoint(p: Pt, q: number): Pt {
  let { x, y } = p;
  for (let i = 0; i < (q & 3); i++) [x, y] = [1 - y, x];
  return { x, y };
}

/** The quarter turns of a placed tile (see `TileModel.turns`). */
export function turnsOf(t: Pick<PlacedTileView, 'rotation' | 'corner'>): number {
  return t.corner !== undefined ? CORNER_NAMES.indexOf(t.corner) : Math.round(t.rotation / 90) & 3;
}

/**
 * Where a figure on feature `feature` of a placed tile is drawn, in the tile's cell after its turn
 * (the meeple spot of the artwork). The middle of the cell for an unknown tile or feature.
 */
export function featurePoint(
  placed: Pick<PlacedTileView, 'tile' | 'rotation' | 'corner'>,
  tiles: TileLookup,
  feature: number,
): Pt {
  const kind = tiles.kindOf(placed.tile);
  const art = kind === undefined ? undefined : tileArt(tiles.def(kind));
  return turnPoint(art?.anchors[feature] ?? CENTRE, turnsOf(placed));
}

/** The middle of a cell, or of the triangle at `corner` in it. */
export function placeCentre(corner: CornerName | undefined): Pt {
  if (corner === undefined) return CENTRE;
  return turnPoint({ x: 1 / 3, y: 1 / 3 }, CORNER_NAMES.indexOf(corner));
}

/** The outline of a cell, or of the triangle at `corner` in it, in cell coordinates (0..1). */
export function placeOutline(corner: CornerName | undefined): Pt[] {
  if (corner === undefined) return [...SQUARE_OUTLINE];
  const q = CORNER_NAMES.indexOf(corner);
  return TRIANGLE_OUTLINE.map((p) => turnPoint(p, q));
}

const samePlace = (a: { x: number; y: number; corner?: CornerName }, b: typeof a): boolean =>
  a.x === b.x && a.y === b.y && a.corner === b.corner;

/**
 * B-9: the meeples that stood on the board when the game ended, which final scoring then returned
 * to their owners' supply, read from the game's events: the `return` events between the last turn
 * and the `end` event. None before the end, or without events. Their `meeple` numbers count each
 * player's returned meeples in order (the events do not name them).
 */
export function meeplesAtEnd(
  events: readonly GameEvent[],
  view: Pick<BoardView, 'tiles'>,
  tiles: TileLookup,
): MeepleView[] {
  let end = events.length - 1;
  while (end >= 0 && events[end]?.type !== 'end') end--;
  if (end < 0) return [];
  const out: MeepleView[] = [];
  const numbers = new Map<number, number>();
  for (let i = end - 1; i >= 0; i--) {
    const e = events[i];
    if (!e || e.type === 'place' || e.type === 'meeple' || e.type === 'draw' || e.type === 'discard') break;
    if (e.type === 'score' && !e.final) break;
    if (e.type !== 'return') continue;
    const placed = view.tiles.find((t) => samePlace(t, e));
    const kind = placed && tiles.kindOf(placed.tile);
    const feature = kind === undefined ? undefined : tiles.def(kind).features[e.feature];
    if (!feature) continue;
    out.unshift({
      player: e.player,
      x: e.x,
      y: e.y,
      ...(e.corner !== undefined ? { corner: e.corner } : {}),
      feature: e.feature,
      kind: feature.kind,
      meeple: 0,
    });
  }
  for (const m of out) {
    const n = numbers.get(m.player) ?? 0;
    m.meeple = n;
    numbers.set(m.player, n + 1);
  }
  return out;
}

export interface BoardModelOptions {
  /**
   * The game's events (`Game.events`, when recorded): after the end, the meeples final scoring
   * returned are drawn where they stood (B-9), marked `returned`.
   */
  events?: readonly GameEvent[];
}

/** The model of the board of `view`. */
export function boardModel(view: BoardView, tiles: TileLookup, opts: BoardModelOptions = {}): BoardModel {
  const models: TileModel[] = view.tiles.map((t) => {
    const kind = tiles.kindOf(t.tile);
    const def = kind === undefined ? undefined : tiles.def(kind);
    const height = view.towers?.find((w) => samePlace(w, t))?.height ?? 0;
    return {
      tile: t.tile,
      x: t.x,
      y: t.y,
      rotation: t.rotation,
      ...(t.corner !== undefined ? { corner: t.corner } : {}),
      turns: turnsOf(t),
      def,
      art: def ? tileArt(def) : undefined,
      towerHeight: height,
    };
  });
  /** The tile under a figure: the one in its cell, or in its half when it names a corner. */
  const tileAt = (p: { x: number; y: number; corner?: CornerName | undefined }): TileModel | undefined =>
    models.find((t) => t.x === p.x && t.y === p.y && (p.corner === undefined || t.corner === p.corner));
  const anchor = (t: TileModel, feature: number): Pt => turnPoint(t.art?.anchors[feature] ?? CENTRE, t.turns);

  const figures: Figure[] = [];
  for (const w of view.towers ?? []) {
    const t = tileAt(w);
    const foundation = t?.art?.tower;
    figures.push({
      type: 'tower',
      x: w.x,
      y: w.y,
      ...(w.corner !== undefined ? { corner: w.corner } : {}),
      height: w.height,
      at: t && foundation ? turnPoint(foundation, t.turns) : placeCentre(w.corner),
    });
  }
  const shared = new Map<string, number>();
  const returned = new Set(opts.events ? meeplesAtEnd(opts.events, view, tiles) : []);
  for (const m of [...view.meeples, ...returned]) {
    const t = tileAt(m);
    if (!t?.art) continue;
    const key = `${m.x},${m.y},${m.corner ?? ''},${m.feature}`;
    const n = shared.get(key) ?? 0;
    shared.set(key, n + 1);
    const a = anchor(t, m.feature);
    figures.push({
      type: 'meeple',
      player: m.player,
      colour: m.player % PLAYER_PALETTE.length,
      x: m.x,
      y: m.y,
      ...(m.corner !== undefined ? { corner: m.corner } : {}),
      feature: m.feature,
      kind: m.kind,
      at: { x: a.x + n * SHARE_STEP, y: a.y },
      ...(returned.has(m) ? { returned: true as const } : {}),
    });
  }
  if (view.dragon) {
    const d = view.dragon;
    figures.push({
      type: 'dragon',
      x: d.x,
      y: d.y,
      ...(d.corner !== undefined ? { corner: d.corner } : {}),
      at: placeCentre(d.corner),
    });
  }
  const f = view.fairy;
  if (f) {
    const m = f.meeple;
    const t = m && tileAt(m);
    let at: Pt = { x: 0.78, y: 0.22 };
    if (m && t?.art) {
      const a = anchor(t, m.feature);
      at = { x: a.x + 0.16, y: a.y - 0.14 };
    }
    figures.push({
      type: 'fairy',
      x: f.x,
      y: f.y,
      ...(f.corner !== undefined ? { corner: f.corner } : {}),
      at,
    });
  }
  const symbols: string[] = [];
  for (const t of models) for (const s of t.def?.symbols ?? []) if (!symbols.includes(s)) symbols.push(s);
  return { bounds: boardBounds(view.tiles), tiles: models, figures, symbols };
}
