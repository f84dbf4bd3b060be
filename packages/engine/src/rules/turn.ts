/**
 * The turn flow (B-3..B-10, X-3): what the player to act may do (`legalMoves`, `toAction`) and
 * what a move does (`playMove`): draw (B-5 discards tiles that fit nowhere) → `place` → `action`
 * (a meeple, an expansion's alternative, or pass) → the steps after phase 2 → next player, or the
 * end of the game with final scoring (B-9). Steps before the draw come first where an expansion
 * has them (H-3, H-4).
 *
 * Implementation notes: `playMove` and `legalMoves` are the hot path of searches; they loop only
 * over the hooks that exist (gathered by `GameState.wire`) and allocate nothing.
 */
import { ROTATIONS } from '../types.js';
import type { Action } from './actions.js';
import {
  M_MEEPLE,
  M_PASS,
  M_PLACE,
  encodeMeeple,
  meepleSegment,
  moveType,
  placeCell,
  placeQuarters,
} from './actions.js';
import type { Step } from './expansion.js';
import { P_ACTION, P_OVER, P_PLACE, P_PRE, P_STEP } from './phases.js';
import { listPlacements, putTile } from './placements.js';
import { finalScoring } from './scoring.js';
import { nextInt } from './rng.js';
import type { GameState } from './state.js';

/** Plays a move produced by legalMoves(). Unchecked: use apply() for untrusted input. */
export function playMove(g: GameState, move: number): void {
  // A free action (T-6 ransom) leaves the decision in front of the player open, whichever it is.
  const free = g.freeOwner[moveType(move)];
  if (free !== undefined) {
    free.playMove!(move);
    return;
  }
  if (g.phase === P_PLACE) {
    placeDrawn(g, placeCell(move), placeQuarters(move));
    return;
  }
  if (g.phase === P_STEP) {
    if (g.steps[g.stepIndex].play(move)) runSteps(g, g.stepIndex + 1);
    return;
  }
  if (g.phase === P_PRE) {
    if (g.preSteps[g.stepIndex].play(move)) runPreSteps(g, g.stepIndex + 1);
    return;
  }
  switch (moveType(move)) {
    case M_PASS:
      break;
    case M_MEEPLE:
      g.deployMeeple(g.current, meepleSegment(move));
      break;
    default: {
      const owner = g.moveOwner[moveType(move)];
      if (owner?.playMove === undefined)
        throw new Error(`play: move type ${moveType(move)} is not a phase-2 move of this game`);
      // An expansion's phase-2 action ends phase 2, unless it says otherwise.
      if (!owner.playMove(move)) return;
    }
  }
  runSteps(g, 0);
}

function placeDrawn(g: GameState, c: number, q: number): void {
  const t = g.drawn;
  // Unchecked by contract, but a tile put where it cannot go would corrupt the board (walks over
  // it could then loop): a few comparisons to refuse it loudly.
  if (!g.board.fits(t, q, c))
    throw new Error(
      `play: the drawn tile cannot go on cell ${c} turned ${q} (not a legal move; apply() checks actions)`,
    );
  const slot = putTile(g, t, q, c);
  g.drawn = -1;
  g.lastSlot = slot;
  g.placedCount++;
  g.phase = P_ACTION;
  if (g.recordEvents) {
    const def = g.catalog.def(t);
    // The slot's cell: putTile may have moved the board to a larger grid.
    const { x, y } = g.grid.point(g.board.slotCell[slot]);
    g.emit({ type: 'place', player: g.current, tile: def.id, x, y, rotation: ROTATIONS[q] });
  }
  for (const h of g.placedHooks) h.onTilePlaced!(slot);
}

/** Places tile kind t from outside the pile (H-4: a triangle from hand) and opens phase 2. */
export function placeTile(g: GameState, t: number, q: number, c: number): void {
  const slot = putTile(g, t, q, c);
  g.lastSlot = slot;
  if (g.recordEvents) {
    const { x, y } = g.grid.point(g.board.slotCell[slot]);
    const tile = g.catalog.def(t).id;
    g.emit({ type: 'place', player: g.current, tile, x, y, rotation: ROTATIONS[q] });
  }
  for (const h of g.placedHooks) h.onTilePlaced!(slot);
}

/** Enters `steps` from index i: true when one waits for decisions (phase `phase`), else all are done. */
function enterStep(g: GameState, steps: readonly Step[], i: number, phase: number): boolean {
  for (; i < steps.length; i++) {
    if (steps[i].enter()) {
      g.phase = phase;
      g.stepIndex = i;
      return true;
    }
  }
  g.stepIndex = -1;
  return false;
}

/** Runs the steps after phase 2 from index i until one needs a decision, then ends the turn. */
function runSteps(g: GameState, i: number): void {
  if (enterStep(g, g.steps, i, P_STEP)) return;
  g.lastSlot = -1;
  startTurn(g, (g.current + 1) % g.players);
}

/** Runs the steps before the draw (H-3 draft, H-4 a triangle instead of drawing) from index i. */
function runPreSteps(g: GameState, i: number): void {
  if (enterStep(g, g.preSteps, i, P_PRE)) return;
  // A step may have placed a tile instead of the draw (H-4): then phase 2 follows.
  if (g.lastSlot >= 0) g.phase = P_ACTION;
  else draw(g);
}

/**
 * Starts the turn of player `next` (turn start hooks, the steps before the draw, the draw), or ends
 * the game (B-9): when no tile is left to draw, after `endAfter` placed tiles, or when no tile left
 * in the pile can come into play and fit anywhere (B-5) and `next` cannot place a tile instead of
 * drawing (H-4). In that last case the tiles are removed at once, at the end of the turn that
 * placed the last tile (their `discard` events name its player), and no further turn begins: no
 * start-of-turn hook runs (no D-15 point).
 */
export function startTurn(g: GameState, next: number): void {
  if (g.bagCount > 0 && g.placedCount < g.endAfter) {
    if (!anyTileFits(g, next)) {
      // Every draw discards (or, D-6, sets aside) its tile, and the game ends.
      draw(g);
      return;
    }
    g.current = next;
    g.turn++;
    for (const h of g.turnStartHooks) h.onTurnStart!();
    runPreSteps(g, 0);
    return;
  }
  g.current = next;
  finish(g);
}

/**
 * Whether some tile left in the pile, drawn now, would come into play (no expansion keeps it out,
 * D-6) and fit somewhere (B-4), or player `next` could place one instead of drawing (H-4). From
 * the top of a scripted pile: usually the first answers.
 */
function anyTileFits(g: GameState, next: number): boolean {
  tiles: for (let i = g.bagCount - 1; i >= 0; i--) {
    const t = g.bag[i];
    for (const h of g.keepOutHooks) if (h.keepsOut!(t)) continue tiles;
    if (g.board.fitsAnywhere(t)) return true;
  }
  for (const h of g.instead) if (h.placesInstead!(next)) return true;
  return false;
}

/** Draws the next tile, discarding those that fit nowhere (B-5); ends the game when none is left (B-9, H-6). */
function draw(g: GameState): void {
  draw: while (g.bagCount > 0 && g.placedCount < g.endAfter) {
    const i = g.bagCount - 1;
    if (!g.scripted) {
      const j = nextInt(g.rng, g.bagCount);
      const t = g.bag[j];
      g.bag[j] = g.bag[i];
      g.bag[i] = t;
    }
    const t = g.bag[i];
    g.bagCount = i;
    if (g.recordEvents) g.emit({ type: 'draw', player: g.current, tile: g.catalog.def(t).id });
    for (const h of g.drawHooks) if (!h.onDraw!(t)) continue draw;
    // B-5 needs only whether it fits: the list waits until someone asks (see `placements`).
    if (g.board.fitsAnywhere(t)) {
      g.drawn = t;
      g.placementCount = -1;
      g.phase = P_PLACE;
      return;
    }
    g.discardCount++;
    if (g.recordEvents)
      g.emit({ type: 'discard', player: g.current, tile: g.catalog.def(t).id, rule: 'B-5' });
  }
  finish(g);
}

function finish(g: GameState): void {
  g.drawn = -1;
  g.placementCount = 0;
  finalScoring(g);
  g.phase = P_OVER;
  if (g.recordEvents) {
    const best = Math.max(...g.scores);
    const winners = [...g.scores.keys()].filter((p) => g.scores[p] === best);
    g.emit({ type: 'end', scores: [...g.scores], winners });
  }
}

/** Writes the legal moves of the player to act into `out` and returns how many (hot path). */
export function legalMoves(g: GameState, out: Int32Array): number {
  if (g.phase === P_PLACE) {
    listPlacements(g);
    out.set(g.placements.subarray(0, g.placementCount));
    let n = g.placementCount;
    for (const h of g.anytimeHooks) n = h.addAnytime!(out, n);
    return n;
  }
  if (g.phase === P_STEP || g.phase === P_PRE) {
    // T-6: free actions are open at every decision of the turn, the steps' included.
    const step = g.phase === P_STEP ? g.steps[g.stepIndex] : g.preSteps[g.stepIndex];
    let n = step.moves(out);
    for (const h of g.anytimeHooks) n = h.addAnytime!(out, n);
    return n;
  }
  if (g.phase !== P_ACTION) return 0;
  let n = 0;
  out[n++] = M_PASS;
  // B-6: one meeple, on an unoccupied feature of the tile just placed, from supply.
  if (g.supply[g.current] > 0) {
    const slot = g.lastSlot;
    const t = g.board.slotKind[slot];
    const base = g.board.slotSeg[slot];
    const count = g.catalog.featureCount[t];
    for (let f = 0; f < count; f++) {
      if (!g.catalog.isMeepleSpot(t, f)) continue;
      if (g.graph.meepleTotal[g.graph.find(base + f)] === 0 && g.mayDeploy(base + f)) {
        out[n++] = encodeMeeple(base + f);
      }
    }
  }
  for (const h of g.addHooks) n = h.addActions!(out, n);
  for (const h of g.filterHooks) n = h.filterActions!(out, n);
  for (const h of g.anytimeHooks) n = h.addAnytime!(out, n);
  return n;
}

/** Converts an encoded move to its data form. */
export function toAction(g: GameState, move: number): Action {
  switch (moveType(move)) {
    case M_PLACE: {
      const c = placeCell(move);
      return { type: 'place', x: g.grid.x(c), y: g.grid.y(c), rotation: ROTATIONS[placeQuarters(move)] };
    }
    case M_MEEPLE: {
      const seg = meepleSegment(move);
      return { type: 'meeple', ...g.segmentPlace(seg), feature: g.graph.local[seg] };
    }
    case M_PASS:
      return { type: 'pass' };
    default: {
      const owner = g.moveOwner[moveType(move)];
      if (!owner?.toAction) throw new Error(`invariant: no expansion plays move type ${moveType(move)}`);
      return owner.toAction(move);
    }
  }
}
