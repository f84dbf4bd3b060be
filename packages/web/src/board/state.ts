/**
 * What the board shows, as plain data, and the pure functions that change it: the input drawn last
 * and its model, the legal cells offered, the placement previewed (the pending decision), and what
 * the camera remembers to tell a new turn or another player's tile. No DOM here: the render draws
 * a state, the input changes it.
 */
import type { BoardModel, Figure, TileModel } from '@carc/art';
import { tileArt, turnsOf } from '@carc/art';
import type { CellChoice, CellPlacement, GameEvent } from '@carc/engine';
import type { BoardInput, BoardPreview, BoardTiles } from './types.js';

/** A cell's key in maps and sets. */
export const cellKey = (x: number, y: number): string => `${x},${y}`;

/** The placement previewed: a legal cell and which of its placements (rotations) is shown. */
export interface Pending {
  cell: CellChoice;
  index: number;
}

/** What the camera remembers between updates. */
export interface CameraMemory {
  /** The legal cells offered last, as one string (a new one starts the viewer's placement). */
  offered: string;
  /** The tiles seen last (new ones are another player's placement). */
  seenTiles: ReadonlySet<string>;
  /** When the user last panned or zoomed (performance.now()). */
  userMovedAt: number;
}

export interface BoardState {
  input?: BoardInput;
  model?: BoardModel;
  /** The legal cells offered, by key. */
  cells: Map<string, CellChoice>;
  pending?: Pending;
  /** The version of the step last shown (or passed over), to show each step once. */
  shownStep?: number;
  camera: CameraMemory;
  /** Whether the camera framed the board once (the first fit waits for a size). */
  fitted: boolean;
}

export function createState(): BoardState {
  return {
    cells: new Map(),
    camera: { offered: '', seenTiles: new Set(), userMovedAt: -Infinity },
    fitted: false,
  };
}

/** The cells an input offers: its placements with at least one way to place, when interactive. */
export function offeredCells(input: BoardInput): CellChoice[] {
  return input.interactive ? (input.hints.placements ?? []).filter((c) => c.placements.length > 0) : [];
}

/** The offered cells by key. */
export function cellsOf(input: BoardInput): Map<string, CellChoice> {
  return new Map(offeredCells(input).map((c) => [cellKey(c.x, c.y), c]));
}

/** A cell chosen: a new preview at its first placement, or, on the previewed cell, the next one. */
export function selectCell(pending: Pending | undefined, c: CellChoice): Pending {
  if (pending && pending.cell.x === c.x && pending.cell.y === c.y) {
    return { cell: pending.cell, index: (pending.index + 1) % c.placements.length };
  }
  return { cell: c, index: 0 };
}

/** The preview kept across an update: only while its cell is offered exactly as before. */
export function keptPending(
  pending: Pending | undefined,
  cells: ReadonlyMap<string, CellChoice>,
): Pending | undefined {
  if (!pending) return undefined;
  const c = cells.get(cellKey(pending.cell.x, pending.cell.y));
  const same =
    c !== undefined &&
    JSON.stringify(c.placements.map((p) => p.action)) ===
      JSON.stringify(pending.cell.placements.map((p) => p.action));
  return same && c ? { cell: c, index: pending.index } : undefined;
}

/** The placement previewed, if any. */
export const pendingPlacement = (pending: Pending | undefined): CellPlacement | undefined =>
  pending?.cell.placements[pending.index];

/** The preview as callers see it (null for none). */
export function previewOf(pending: Pending | undefined): BoardPreview | null {
  const p = pendingPlacement(pending);
  if (!pending || !p) return null;
  return { tile: p.tile, rotation: p.rotation, x: pending.cell.x, y: pending.cell.y };
}

/** The tile a placement would put on its cell, as the model draws it. */
export function placementModel(tiles: BoardTiles, c: CellChoice, p: CellPlacement): TileModel {
  const kind = tiles.kindOf(p.tile);
  const def = kind === undefined ? undefined : tiles.def(kind);
  return {
    tile: p.tile,
    x: c.x,
    y: c.y,
    rotation: p.rotation,
    ...(p.corner !== undefined ? { corner: p.corner } : {}),
    turns: turnsOf(p),
    def,
    art: def ? tileArt(def) : undefined,
    towerHeight: 0,
  };
}

/** After the user pans or zooms, the camera leaves the view alone this long (others' moves). */
export const USER_QUIET_MS = 4000;

/**
 * What the camera follows at an update: a new set of legal cells (the start of the viewer's
 * placement) comes into view; otherwise tiles new since the last update (another player's
 * placement) do, unless the user panned or zoomed in the last USER_QUIET_MS. `reveal` lists the
 * cells to bring into view, if any; `memory` is what the camera remembers after this update.
 */
export function follow(
  memory: CameraMemory,
  next: BoardInput,
  wasFitted: boolean,
  now: number,
): { memory: CameraMemory; newTurn: boolean; reveal?: { x: number; y: number }[] } {
  const seenTiles = new Set(next.view.tiles.map((t) => cellKey(t.x, t.y)));
  const fresh = next.view.tiles.filter((t) => !memory.seenTiles.has(cellKey(t.x, t.y)));
  const firstView = memory.seenTiles.size === 0;
  const offer = offeredCells(next);
  const offered = offer
    .map((c) => cellKey(c.x, c.y))
    .sort()
    .join(';');
  const newTurn = offered !== '' && offered !== memory.offered;
  const after = { ...memory, offered, seenTiles };
  if (!wasFitted) return { memory: after, newTurn }; // the first fit frames everything
  if (newTurn) return { memory: after, newTurn, reveal: offer };
  if (!firstView && fresh.length > 0 && now - memory.userMovedAt > USER_QUIET_MS)
    return { memory: after, newTurn, reveal: fresh };
  return { memory: after, newTurn };
}

/**
 * The meeples a step sends home during play (scored features, the dragon, the princess), as the
 * figures the board drew before it: they leave where they stood. Final scoring's are not among
 * them (the final board keeps them, faded).
 */
export function goingHome(before: BoardModel, events: readonly GameEvent[]): Figure[] {
  const left = before.figures.filter((f) => f.type === 'meeple');
  const out: Figure[] = [];
  for (const e of events) {
    if (e.type === 'score' && e.final) break;
    if (e.type !== 'return' && e.type !== 'removed') continue;
    const i = left.findIndex(
      (f) =>
        f.type === 'meeple' &&
        f.player === e.player &&
        f.x === e.x &&
        f.y === e.y &&
        f.corner === e.corner &&
        f.feature === e.feature,
    );
    const f = left[i];
    if (i < 0 || !f) continue;
    left.splice(i, 1);
    out.push(f);
  }
  return out;
}
