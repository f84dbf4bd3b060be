/**
 * Client adapters: what a board UI that knows no rules needs to draw a decision, as data (in the
 * manner of chessground's `dests`). Everything here is computed from `legalActions()` and the
 * public state, and every choice carries the exact action to submit, so the UI never builds one.
 *
 * - `placementsByCell`: the legal placements of the tile (or the triangles in hand, H-4) grouped by
 *   cell, each with its rotation and, for a triangle, the corner of its right angle;
 * - `figureTargets`: every legal action that puts or takes a figure on a feature (a meeple, the
 *   fairy, the princess's knight, a capture, a crop circle's meeple, a tower piece), with the tile it
 *   is on (id and rotation) and the feature index, so the art package can place it in the tile;
 * - `featureCoverage`: the tiles, feature indices and sides a feature reaches, to highlight a whole
 *   city on hover;
 * - `lastRoundTiles`: the tiles placed since the current player's previous turn;
 * - `decisionHints`: all of it for one viewer, as plain JSON a server can send (the placements and
 *   targets, each target with its feature's coverage, only to the player to act).
 */
import type { CornerName, SideName } from '../geometry/edges.js';
import { CORNER_NAMES, SIDE_NAMES, rotateSide } from '../geometry/edges.js';
import type { Action } from '../rules/actions.js';
import type { Game } from '../rules/game.js';
import type { Rotation } from '../types.js';
import { ROTATIONS } from '../types.js';

/** One legal way to put a tile on a cell. */
export interface CellPlacement {
  /** The action to submit. */
  action: Action;
  tile: string;
  rotation: Rotation;
  /** For a triangle: the corner of its right angle (H-1). */
  corner?: CornerName;
}

/** The legal placements on one cell. */
export interface CellChoice {
  x: number;
  y: number;
  placements: CellPlacement[];
}

/** A legal action about a figure on a feature of a placed tile (a dragon step: the tile it leads to). */
export interface FigureTarget {
  /** The action to submit. */
  action: Action;
  /** The placed tile the figure goes on or is taken from, and how it lies. */
  x: number;
  y: number;
  corner?: CornerName;
  tile: string;
  rotation: Rotation;
  /** The feature index in the tile's definition, or undefined for the whole tile (the fairy on a tile, D-14). */
  feature?: number;
}

/** One tile's part of a feature. */
export interface CoveredTile {
  x: number;
  y: number;
  corner?: CornerName;
  tile: string;
  rotation: Rotation;
  /** The feature's index in this tile's definition. */
  feature: number;
  /** The board sides of this tile the feature touches (a road's or city's edges; D: the diagonal). */
  sides: SideName[];
}

/** A tile on the board. */
export interface BoardTile {
  x: number;
  y: number;
  corner?: CornerName;
  tile: string;
  rotation: Rotation;
}

/** A figure target with the feature it stands for, for highlighting it on hover. */
export interface TargetHint extends FigureTarget {
  coverage?: CoveredTile[];
}

/** What a board needs to show one viewer (docs/protocol.md, `hints`). */
export interface DecisionHints {
  /** The tiles placed since the current player's previous turn (public). */
  lastRound: BoardTile[];
  /** The viewer's legal placements, grouped by cell, when the viewer is to act. */
  placements?: CellChoice[];
  /** The viewer's legal figure actions, each with its feature's coverage, when the viewer is to act. */
  targets?: TargetHint[];
}

/**
 * The hints for `viewer` (a player, or −1 for a spectator): the last round for everyone; the
 * decision's placements and targets only for the player to act, since they can show that player's
 * hand (H-4) and are of no use to anyone else.
 */
export function decisionHints(game: Game, viewer: number): DecisionHints {
  const hints: DecisionHints = { lastRound: lastRoundTiles(game) };
  if (game.isOver || viewer < 0 || game.toAct !== viewer) return hints;
  hints.placements = placementsByCell(game);
  hints.targets = figureTargets(game).map((t): TargetHint => {
    if (t.feature === undefined) return t;
    const coverage = featureCoverage(game, t.x, t.y, t.corner, t.feature);
    return coverage === undefined ? t : { ...t, coverage };
  });
  return hints;
}

/** The legal placements of the decision in front of the player to act, grouped by cell. */
export function placementsByCell(game: Game): CellChoice[] {
  const cells = new Map<string, CellChoice>();
  for (const action of game.legalActions()) {
    let p: CellPlacement;
    if (action.type === 'place') {
      p = { action, tile: game.drawnTile ?? '', rotation: action.rotation };
    } else if (action.type === 'triangle') {
      p = {
        action,
        tile: action.tile,
        rotation: action.rotation,
        corner: CORNER_NAMES[action.rotation / 90],
      };
    } else {
      continue;
    }
    const key = `${action.x},${action.y}`;
    let cell = cells.get(key);
    if (cell === undefined) {
      cell = { x: action.x, y: action.y, placements: [] };
      cells.set(key, cell);
    }
    cell.placements.push(p);
  }
  return [...cells.values()];
}

/**
 * The legal actions of the player to act that put or take a figure on a placed tile, and the
 * dragon's steps (D-7) on the tiles they lead to.
 */
export function figureTargets(game: Game): FigureTarget[] {
  const out: FigureTarget[] = [];
  for (const action of game.legalActions()) {
    if (action.type === 'dragon') {
      const step = dragonTarget(game, action);
      if (step !== undefined) out.push(step);
      continue;
    }
    const a: Readonly<Partial<Record<string, unknown>>> = { ...action };
    if (typeof a.x !== 'number' || typeof a.y !== 'number') continue;
    if (action.type === 'place' || action.type === 'triangle') continue;
    const corner = typeof a.corner === 'string' ? CORNER_NAMES.find((c) => c === a.corner) : undefined;
    const at = tileAt(game, a.x, a.y, corner);
    if (at === undefined) continue;
    const { slot, ...place } = at;
    const target: FigureTarget = { action, ...place };
    if (typeof a.feature === 'number') target.feature = a.feature;
    else if (action.type === 'tower' || action.type === 'tower-meeple')
      target.feature = towerFeature(game, slot);
    out.push(target);
  }
  return out;
}

/**
 * The tiles a feature reaches (feature `feature` of the tile at (x, y), `corner` naming a triangle),
 * each with its own feature index and the board sides it touches; undefined when there is no such
 * feature.
 */
export function featureCoverage(
  game: Game,
  x: number,
  y: number,
  corner: CornerName | undefined,
  feature: number,
): CoveredTile[] | undefined {
  const s = game.state;
  const seg = s.locateFeature(x, y, corner, feature);
  if (!seg.ok) return undefined;
  const { graph, board, catalog } = s;
  const root = graph.find(seg.value);
  const out: CoveredTile[] = [];
  let m = root;
  do {
    const slot = graph.slot[m];
    const place = s.slotPlace(slot);
    const q = board.slotRot[slot];
    const def = catalog.def(board.slotKind[slot]);
    const local = graph.local[m];
    out.push({
      ...place,
      tile: def.id,
      rotation: ROTATIONS[q],
      feature: local,
      sides: def.features[local].sides.map((side) => SIDE_NAMES[rotateSide(side, q)]),
    });
    m = graph.next[m];
  } while (m !== root);
  return out;
}

/** The tiles placed since the current player's previous turn (their own last tile included). */
export function lastRoundTiles(game: Game): BoardTile[] {
  const s = game.state;
  const since = s.turn - game.players;
  const out: BoardTile[] = [];
  for (let slot = 0; slot < s.board.slotCount; slot++) {
    if (s.board.slotTurn[slot] === 0 || s.board.slotTurn[slot] < since) continue;
    const def = s.catalog.def(s.board.slotKind[slot]);
    out.push({ ...s.slotPlace(slot), tile: def.id, rotation: ROTATIONS[s.board.slotRot[slot]] });
  }
  return out;
}

/** The placed tile at (x, y) (and corner), with its slot. */
function tileAt(
  game: Game,
  x: number,
  y: number,
  corner: CornerName | undefined,
): (BoardTile & { slot: number }) | undefined {
  const s = game.state;
  for (let slot = 0; slot < s.board.slotCount; slot++) {
    const p = s.slotPlace(slot);
    if (p.x !== x || p.y !== y) continue;
    if (corner !== undefined && p.corner !== corner) continue;
    const def = s.catalog.def(s.board.slotKind[slot]);
    return { ...p, tile: def.id, rotation: ROTATIONS[s.board.slotRot[slot]], slot };
  }
  return undefined;
}

/**
 * A dragon step (D-7) as a target on the tile it leads to. The step is played on a copy to find
 * where the dragon lands, so the board needs no movement rules (H-11: cells or tiles, the portal…).
 */
function dragonTarget(game: Game, action: Action): FigureTarget | undefined {
  const after = game.clone();
  if (!after.apply(action).ok) return undefined;
  const to = after.view(-1).dragon;
  if (to === undefined || to === null) return undefined;
  const at = tileAt(game, to.x, to.y, to.corner);
  if (at === undefined) return undefined;
  const { x, y, corner, tile, rotation } = at;
  return corner === undefined ? { action, x, y, tile, rotation } : { action, x, y, corner, tile, rotation };
}

/** The feature index of the tower foundation of the tile in `slot` (T-1). */
function towerFeature(game: Game, slot: number): number | undefined {
  const s = game.state;
  const def = s.catalog.def(s.board.slotKind[slot]);
  const i = def.features.findIndex((f) => f.kind === 'tower');
  return i < 0 ? undefined : i;
}
