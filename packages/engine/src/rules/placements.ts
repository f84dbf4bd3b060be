/**
 * Tile placements (B-4, H-1, H-2, H-4): generating the legal placements of a tile, sampling one
 * without listing them (random playouts), and putting a tile on the board with its features joined
 * to its neighbours', the game moving to a larger grid when a tile comes near the edge.
 *
 * Implementation notes: every function here takes the rule state and allocates nothing per
 * placement (random playouts call them once per move); they call back into the state through its
 * methods only, so that this module imports no value from state.ts.
 */
import { HALF_SLOTS, SIDE_D, SIDE_SLOTS, opposite } from '../geometry/edges.js';
import type { Grid } from '../geometry/grid.js';
import { E_NONE } from '../types.js';
import { encodePlace, placeCell, placeQuarters } from './actions.js';
import type { Step } from './expansion.js';
import { P_PLACE, P_PRE, P_STEP } from './phases.js';
import type { UniformRandom } from './rng.js';
import type { GameState } from './state.js';

/**
 * Rejections `randomMove` allows before it lists the moves. A random base game accepts about one
 * candidate in four or five (measured over random games of every expansion; about 0.1–0.3 % of placements reach the limit), so this rarely falls back but bounds the cost
 * of a position where almost no candidate is legal.
 */
export const SAMPLE_TRIES = 32;

/**
 * Most legal placements a draw can have in a game of `maxTiles` tiles: four rotations on each
 * frontier cell (at most four per tile, plus the start's) and on each cell with a lone triangle.
 */
export const placementBound = (maxTiles: number): number => maxTiles * 5 * 4 + 16;

/**
 * Scratch moves for `randomMove`, one for all games: the engine runs on one thread, and no call
 * spans two games (a per-game buffer was a sixth of a base game's state).
 */
let scratchMoves = new Int32Array(0);

/** Lists the legal placements of the drawn tile into `placements`, unless they are listed already. */
export function listPlacements(g: GameState): void {
  if (g.phase === P_PLACE && g.placementCount < 0) {
    roomForPlacements(g, placementCandidates(g, g.drawn));
    generatePlacements(g, g.drawn, g.placements, 0);
  }
}

/** Makes `placements` hold at least n entries (keeping those listed). */
export function roomForPlacements(g: GameState, n: number): void {
  if (g.placements.length >= n) return;
  const grown = new Int32Array(Math.max(n, 2 * g.placements.length));
  grown.set(g.placements.subarray(0, Math.max(0, g.placementCount)));
  g.placements = grown;
}

/** Writes every legal (cell, rotation) of tile kind t (B-4) into `out` from `n0`. */
export function generatePlacements(g: GameState, t: number, out: Int32Array, n0: number): number {
  const n = g.board.placements(t, out, n0, encodePlace);
  if (out === g.placements) g.placementCount = n;
  return n;
}

/**
 * Appends the legal placements of tile kind t to `out[n..)`, each encoded by `encode(cell,
 * quarters)`, and returns the new count (H-4: the triangles in hand).
 */
export function collectPlacements(
  g: GameState,
  t: number,
  out: Int32Array,
  n: number,
  encode: (cell: number, q: number) => number,
): number {
  const count = generatePlacements(g, t, out, n);
  for (let i = n; i < count; i++) out[i] = encode(placeCell(out[i]), placeQuarters(out[i]));
  return count;
}

/**
 * The size of the candidate space of tile kind t's placements (B-4, H-1, H-4): every frontier
 * cell, and for a triangle every cell holding a lone triangle, times four rotations. It holds
 * each legal placement once (the frontier and the gaps are disjoint: a cell leaves the frontier
 * when a tile is placed on it), and `placementCandidate` accepts exactly those.
 */
export function placementCandidates(g: GameState, t: number): number {
  const b = g.board;
  return (b.frontierCount + (g.catalog.triangle[t] === 1 ? b.gapCount : 0)) * 4;
}

/**
 * Candidate r of `placementCandidates(t)` as `cell << 2 | quarters` when tile kind t may go there
 * (`Board.fits`, the test `Board.placements` applies), else -1.
 */
export function placementCandidate(g: GameState, t: number, r: number): number {
  const b = g.board;
  const i = r >>> 2;
  const q = r & 3;
  const c = i < b.frontierCount ? b.frontier[i] : b.gaps[i - b.frontierCount];
  return b.fits(t, q, c) ? (c << 2) | q : -1;
}

/**
 * A uniformly random one of the moves `legalMoves()` lists, drawn from `rng` (random playouts; the
 * game's own generator is untouched). A placement of the drawn tile (B-4), or a pre-draw choice
 * whose step offers candidates (H-4: the draw or a triangle from hand), is drawn by rejection
 * sampling: a uniform candidate from a space holding every legal move once (`placementCandidate`,
 * `Step.candidates`) plus the free actions (T-6, always legal), accepted when legal, so accepted
 * moves are uniform over the legal ones. After `tries` rejections (few legal candidates), and for
 * every other decision, the moves are listed and one is picked: uniform too, so the mixture is.
 */
export function randomMove(g: GameState, rng: UniformRandom, tries: number): number {
  let space = 0;
  let step: Step | undefined;
  if (g.phase === P_PLACE) {
    // Listed already (a caller asked for legalMoves): picking from the list is cheaper.
    if (g.placementCount < 0) space = placementCandidates(g, g.drawn);
  } else if (g.phase === P_STEP || g.phase === P_PRE) {
    const s = g.phase === P_STEP ? g.steps[g.stepIndex] : g.preSteps[g.stepIndex];
    if (s.candidates !== undefined && s.candidate !== undefined) {
      step = s;
      space = s.candidates();
    }
  }
  if (scratchMoves.length < g.maxMoves) scratchMoves = new Int32Array(g.maxMoves);
  const buf = scratchMoves;
  if (space > 0 && tries > 0) {
    let free = 0;
    for (const h of g.anytimeHooks) free = h.addAnytime!(buf, free);
    const total = space + free;
    for (let k = 0; k < tries; k++) {
      const r = rng.int(total);
      if (r >= space) return buf[r - space];
      if (step !== undefined) {
        const m = step.candidate!(r);
        if (m !== -1) return m;
      } else {
        const p = placementCandidate(g, g.drawn, r);
        if (p !== -1) return encodePlace(p >>> 2, p & 3);
      }
    }
  }
  const n = g.legalMoves(buf);
  if (n === 0) throw new Error(`randomMove: no legal move in phase ${g.phaseName}`);
  return buf[rng.int(n)];
}

/**
 * Places a tile and merges its features with its neighbours' (B-4, H-2). A tile near the grid's
 * edge first moves the game to a larger grid, which re-packs every cell: read the tile's cell
 * from its slot afterwards, not from `c`.
 */
export function putTile(g: GameState, t: number, q: number, c0: number): number {
  const c = makeRoom(g, c0);
  const board = g.board;
  const graph = g.graph;
  const cat = g.catalog;
  const slot = board.place(t, q, c, graph.count);
  board.slotTurn[slot] = g.turn;
  graph.addTile(slot, t);
  const base = board.slotSeg[slot];
  const row = (t * 4 + q) * SIDE_SLOTS;
  const delta = g.grid.sideDelta;
  for (let s = 0; s < 4; s++) {
    if (cat.edgeType[row + s] === E_NONE) continue;
    const other = board.sideSlot[(c + delta[s]) * 4 + opposite(s)];
    if (other !== -1) joinSides(g, base, row, s, other, opposite(s));
  }
  const other = board.complementOf(slot);
  if (other !== -1) joinSides(g, base, row, SIDE_D, other, SIDE_D);
  return slot;
}

/** Joins the features along one shared side: road or city at the centre, fields half to half. */
function joinSides(g: GameState, base: number, row: number, s: number, other: number, o: number): void {
  const cat = g.catalog;
  const board = g.board;
  const oRow = (board.slotKind[other] * 4 + board.slotRot[other]) * SIDE_SLOTS;
  const oBase = board.slotSeg[other];
  const f = cat.edgeFeature[row + s];
  if (f !== -1) g.graph.joinEdge(base + f, oBase + cat.edgeFeature[oRow + o]);
  const hRow = (row / SIDE_SLOTS) * HALF_SLOTS;
  const ohRow = (oRow / SIDE_SLOTS) * HALF_SLOTS;
  for (let h = 0; h < 2; h++) {
    const a = cat.halfFeature[hRow + s * 2 + h];
    if (a !== -1) g.graph.union(base + a, oBase + cat.halfFeature[ohRow + o * 2 + 1 - h]);
  }
}

/**
 * Cell c, after moving the game to a larger grid if a tile there would come near the edge (see
 * Grid.holds): on the grid it is packed for afterwards.
 */
function makeRoom(g: GameState, c: number): number {
  const grid = g.grid;
  const x = grid.x(c);
  const y = grid.y(c);
  if (grid.holds(x, y, g.board.maxTiles)) return c;
  regrid(g, grid.grownFor(x, y, g.board.maxTiles));
  return g.grid.cell(x, y) ?? -1;
}

/**
 * Moves the game to grid `to` (as large as the current one or larger), re-packing every cell it
 * holds: the board's, the legal placements found at the draw, and the expansions' (their
 * `remapCells`).
 */
export function regrid(g: GameState, to: Grid): void {
  const from = g.grid;
  if (to === from) return;
  if (to.radius < from.radius) throw new RangeError('regrid: a game never moves to a smaller grid');
  g.board.regrid(to);
  const remap = (c: number): number => to.remap(c, from);
  for (let i = 0; i < g.placementCount; i++) {
    const m = g.placements[i];
    g.placements[i] = encodePlace(remap(placeCell(m)), placeQuarters(m));
  }
  for (const x of g.expansions) x.remapCells?.(remap);
  g.grid = to;
  g.gridRadius = to.radius;
}
