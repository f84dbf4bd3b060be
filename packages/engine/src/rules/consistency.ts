/**
 * The checks a game read from a snapshot goes through (rules/snapshot.ts) before it is trusted:
 * its own fields in range, its board and feature graph what its placed tiles make, no tile more
 * often than the game has, and a player to act with a legal move. Each answers with the reason
 * (and, where it helps, the snapshot path), or undefined when all is well.
 */
import type { StatePart } from '../util/state.js';
import { encodePlace } from './actions.js';
import { MEEPLES_PER_PLAYER } from './constants.js';
import { P_ACTION, P_OVER, P_PLACE, P_PRE, P_STEP } from './phases.js';
import { placementCandidates, putTile, regrid } from './placements.js';
import type { GameState } from './state.js';

/**
 * What in the board and feature graph of `g`, read from a snapshot, differs from what its placed
 * tiles make (a full snapshot path and the reason), or undefined. The tiles (kind, rotation, cell
 * per slot) are replayed in placement order onto `fresh`, a game just created from the same
 * configuration, and every other entry is compared with the result: the cells' sides, their edge
 * types and what faces them, the frontier and the triangular gaps, the segments, the union-find
 * and its member lists, open ends, pennants, distinct tiles and cells. Derived structures are thus
 * rebuilt rather than trusted (a list that misses an entry would make a search loop forever); the
 * meeples on each feature are checked against `meepleSeg` by whyInconsistent.
 */
export function whyNotFromTiles(g: GameState, fresh: GameState): string | undefined {
  const why = replayTiles(g, fresh);
  if (why !== undefined) return why;
  const compare: [string, StatePart, StatePart, readonly string[]][] = [
    ['state.board', g.board.statePart(), fresh.board.statePart(), []],
    ['state.graph', g.graph.statePart(), fresh.graph.statePart(), ['meeples', 'meepleTotal']],
  ];
  for (const [path, mine, built, skip] of compare) {
    const have = mine.write();
    const want = built.write();
    for (const [k, y] of Object.entries(want)) {
      if (skip.includes(k)) continue;
      const x = have[k];
      if (Array.isArray(y) && Array.isArray(x)) {
        if (x.length !== y.length)
          return `${path}.${k}: must hold ${y.length} entries (from the placed tiles), not ${x.length}`;
        const i = y.findIndex((v, j) => v !== x[j]);
        if (i >= 0) return `${path}.${k}[${i}]: must be ${y[i]} (from the placed tiles), not ${x[i]}`;
      } else if (x !== y) {
        return `${path}.${k}: must be ${String(y)} (from the placed tiles), not ${String(x)}`;
      }
    }
  }
  return undefined;
}

/** Places the tiles of `g`'s slots on `fresh` in order, each where it fits, or says why one cannot go. */
function replayTiles(g: GameState, fresh: GameState): string | undefined {
  const b = g.board;
  const into = fresh.board;
  const start = into.slotCount;
  if (b.slotCount < start)
    return `state.board.slotCount: must be at least ${start}, the start tile and the set-up`;
  // Replayed on this game's grid, so that cells compare as numbers (its radius was checked to be
  // at least the fresh game's).
  regrid(fresh, g.grid);
  const w = g.grid.width;
  for (let s = 0; s < b.slotCount; s++) {
    const t = b.slotKind[s];
    const q = b.slotRot[s];
    const c = b.slotCell[s];
    if (s < start) {
      if (t !== into.slotKind[s] || q !== into.slotRot[s] || c !== into.slotCell[s])
        return `state.board.slotKind[${s}]: slot ${s} must hold the tile the configuration places there (start tile, set-up)`;
      continue;
    }
    const px = c % w;
    const py = Math.floor(c / w);
    if (
      px < 1 ||
      py < 1 ||
      px >= w - 1 ||
      py >= w - 1 ||
      !g.grid.holds(px - (w >> 1), py - (w >> 1), b.maxTiles)
    )
      return `state.board.slotCell[${s}]: ${c} is not a cell of this game's board`;
    // Every tile after the set-up was placed where it fits (B-4, H-1, H-2): room in its cell, and
    // every side it touches matching (the feature graph joins its features across them).
    if (!into.fits(t, q, c))
      return `state.board.slotCell[${s}]: the tile of slot ${s} does not fit on cell ${c} (B-4)`;
    putTile(fresh, t, q, c);
    into.slotTurn[s] = b.slotTurn[s];
  }
  return undefined;
}

/**
 * Whether some tile kind is placed, in the pile, drawn or held more often in `g` (read from a
 * snapshot, consistent otherwise) than `total` says (`tileCounts()` of a game just created from
 * its configuration; discarded tiles and the triangles back in the box are gone). So every tile
 * to come has a slot on the board.
 */
export function whyTooManyTiles(g: GameState, total: ReadonlyMap<number, number>): string | undefined {
  for (const [k, n] of tileCounts(g)) {
    const m = total.get(k) ?? 0;
    if (n > m)
      return `${n} tiles ${g.catalog.def(k).id} are placed, in the pile, drawn or held: more than the ${m} of this game`;
  }
  return undefined;
}

/**
 * Why `g` (read from a snapshot, consistent otherwise) cannot go on, or undefined: a game not over
 * has a player to act, with a legal move (a step that never waits, or a draft with nothing left to
 * pick, would leave none).
 */
export function whyStuck(g: GameState): string | undefined {
  if (g.phase === P_OVER) return undefined;
  const actor = g.toAct;
  if (!(actor >= 0 && actor < g.players))
    return `the player to act in phase ${g.phaseName} must be a player, not ${actor}`;
  if (g.legalMoves(new Int32Array(g.maxMoves)) === 0)
    return `phase ${g.phaseName} has no legal move for player ${actor}, yet the game is not over`;
  return undefined;
}

/**
 * How many tiles of each kind are placed, in the pile, drawn or held by an expansion; with
 * `inventory`, an expansion's tiles that come into play off the pile (the Halflings' triangles,
 * those back in the box too) are counted all instead of those it holds: what a game has in all.
 */
export function tileCounts(g: GameState, inventory = false): Map<number, number> {
  const kinds: number[] = Array.from(g.board.slotKind.subarray(0, g.board.slotCount));
  kinds.push(...g.bag.subarray(0, g.bagCount));
  if (g.drawn >= 0) kinds.push(g.drawn);
  for (const [i, x] of g.expansions.entries()) {
    const off = inventory ? g.defs[i].offPile?.(g.options, g.catalog) : undefined;
    if (off !== undefined) kinds.push(...off);
    else x.tilesHeld?.(kinds);
  }
  const out = new Map<number, number>();
  for (const k of kinds) out.set(k, (out.get(k) ?? 0) + 1);
  return out;
}

/**
 * What in `g`'s own state is out of range after a snapshot was read into it (all parts: it looks
 * at the board and the feature graph too), or undefined.
 */
export function whyInconsistent(g: GameState): string | undefined {
  const why = whyTurnInconsistent(g) ?? whyPlacementsInconsistent(g) ?? whyMeeplesInconsistent(g);
  if (why !== undefined) return why;
  if (g.placedCount < 0 || g.discardCount < 0 || g.turn < 0) return 'counts must be non-negative';
  return undefined;
}

/** The phase, step, player, pile and drawn tile. */
function whyTurnInconsistent(g: GameState): string | undefined {
  const kinds = g.catalog.defs.length;
  const phases = [P_PLACE, P_ACTION, P_STEP, P_OVER, P_PRE];
  if (!phases.includes(g.phase)) return `phase must be one of ${phases.join(', ')}`;
  const steps = g.phase === P_STEP ? g.steps : g.phase === P_PRE ? g.preSteps : undefined;
  if (steps ? g.stepIndex < 0 || g.stepIndex >= steps.length : g.stepIndex !== -1)
    return 'stepIndex does not name a step of this phase';
  if (g.current < 0 || g.current >= g.players) return `current must be a player from 0 to ${g.players - 1}`;
  if (g.bagCount < 0 || g.bagCount > g.bag.length) return `bagCount must be from 0 to ${g.bag.length}`;
  for (let i = 0; i < g.bagCount; i++)
    if (g.bag[i] < 0 || g.bag[i] >= kinds) return `bag[${i}] is not a tile kind`;
  if (g.drawn < -1 || g.drawn >= kinds) return 'drawn is not a tile kind';
  if ((g.phase === P_PLACE) !== g.drawn >= 0) return 'a tile is drawn exactly in the place phase';
  if (g.lastSlot !== -1 && g.lastSlot !== g.board.slotCount - 1)
    return `lastSlot must be -1 or ${g.board.slotCount - 1}, the tile placed last`;
  if (g.phase === P_ACTION && g.lastSlot < 0) return 'the action phase needs the tile just placed';
  return undefined;
}

/** The legal placements of the drawn tile, found once per draw: found again and compared. */
function whyPlacementsInconsistent(g: GameState): string | undefined {
  if (g.placementCount < 0 || g.placementCount > g.placements.length) return 'placementCount out of range';
  if (g.phase !== P_PLACE) return undefined;
  const want = new Int32Array(placementCandidates(g, g.drawn));
  const n = g.board.placements(g.drawn, want, 0, encodePlace);
  if (g.placementCount !== n) return `placementCount must be ${n}, the legal placements of the drawn tile`;
  for (let i = 0; i < n; i++)
    if (g.placements[i] !== want[i])
      return `placements[${i}] must be ${want[i]}, a legal placement of the drawn tile`;
  return undefined;
}

/** Supplies count the meeples in supply, and the features' meeple counts those standing on them. */
function whyMeeplesInconsistent(g: GameState): string | undefined {
  for (const [i, s] of g.meepleSeg.entries())
    if (s < -2 || s >= g.graph.count) return `meepleSeg[${i}] is neither -2, -1 nor a segment`;
  const graph = g.graph;
  const onRoot = new Map<number, number>();
  for (let p = 0; p < g.players; p++) {
    let free = 0;
    for (let i = p * MEEPLES_PER_PLAYER; i < (p + 1) * MEEPLES_PER_PLAYER; i++) {
      const seg = g.meepleSeg[i];
      if (seg === -1) free++;
      if (seg < 0) continue;
      const k = graph.find(seg) * g.players + p;
      onRoot.set(k, (onRoot.get(k) ?? 0) + 1);
    }
    if (g.supply[p] !== free) return `supply[${p}] must be ${free}, the meeples of player ${p} in supply`;
  }
  for (let r = 0; r < graph.count; r++) {
    if (graph.parent[r] !== r) continue;
    let total = 0;
    for (let p = 0; p < g.players; p++) {
      const n = onRoot.get(r * g.players + p) ?? 0;
      if (graph.meeples[r * g.players + p] !== n)
        return `graph.meeples: feature ${r} holds ${n} of player ${p}'s meeples`;
      total += n;
    }
    if (graph.meepleTotal[r] !== total) return `graph.meepleTotal: feature ${r} holds ${total} meeples`;
  }
  return undefined;
}
