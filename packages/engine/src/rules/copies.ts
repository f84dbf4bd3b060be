/**
 * Copies of a game's rule state: clones (what bots branch from), copies into an earlier copy
 * (searches, once per iteration, without allocating), determinizations (what one player may know,
 * the rest resampled), and the state as snapshot parts. All of them go through one declaration of
 * the state's own fields (`GAME_STATE`, util/state.ts); the board, the feature graph and the
 * expansions' instances copy theirs.
 */
import { Grid } from '../geometry/grid.js';
import type { StateFields, StatePart } from '../util/state.js';
import { copyState, statePart } from '../util/state.js';
import { listPlacements, placementBound, regrid, roomForPlacements } from './placements.js';
import { seedRng } from './rng.js';
import { GameState } from './state.js';

/**
 * A game's own state (its board, feature graph and expansions copy theirs): what `clone`,
 * `cloneInto` and `determinize` copy. The legal placements only up to their count.
 */
const GAME_STATE: StateFields<GameState> = {
  arrays: [
    { key: 'scores' },
    { key: 'meepleSeg' },
    { key: 'supply' },
    { key: 'bag' },
    { key: 'rng' },
    { key: 'placements', span: (_d, s) => [0, s.placementCount] },
  ],
  scalars: [
    'bagCount',
    'placedCount',
    'discardCount',
    'current',
    'turn',
    'phase',
    'stepIndex',
    'drawn',
    'lastSlot',
    'placementCount',
    'gridRadius',
  ],
};

/** A new game equal to `src`, sharing its grid, lineage and scratch space; `scripted` as given. */
function copyOf(src: GameState, scripted: boolean): GameState {
  const g = new GameState(
    src.catalog,
    src.options,
    src.players,
    src.registry,
    src.defs,
    0,
    0,
    scripted,
    src.endAfter,
    src,
  );
  copyInto(g, src);
  return g;
}

/** An independent copy, with its events so far: what bots branch from. */
export function cloneState(src: GameState): GameState {
  const g = copyOf(src, src.scripted);
  g.recordEvents = src.recordEvents;
  g.events = [...src.events];
  return g;
}

/**
 * `cloneState(src)` into `into`, a copy made earlier from a game of the same lineage (same set-up
 * and scriptedness), whose arrays are reused instead of allocated: for searches that copy once per
 * move they score. The copy records no events.
 */
export function cloneStateInto(src: GameState, into: GameState): GameState {
  if (into.lineage !== src.lineage || into.scripted !== src.scripted || into === src) {
    throw new RangeError('cloneInto: `into` must be an earlier copy of a game of this lineage');
  }
  copyInto(into, src);
  return into;
}

/**
 * A copy in which everything `viewer` may not see is resampled from `seed` (for bots: ISMCTS
 * determinization): the order of future draws (a scripted pile becomes a shuffled one, since the
 * order is hidden) and the other players' face-down triangles (H-3). Two games that look the
 * same to `viewer` give the same copy for a seed. The copy records no events.
 */
export function determinizeState(src: GameState, viewer: number, seed: number, into?: GameState): GameState {
  let g: GameState;
  if (into === undefined) {
    g = copyOf(src, false);
  } else {
    if (into.lineage !== src.lineage || into.scripted || into === src) {
      throw new RangeError('determinize: `into` must be an earlier determinization of this game');
    }
    g = into;
    copyInto(g, src);
  }
  seedRng(g.rng, seed);
  for (const x of g.expansions) x.determinize?.(viewer);
  // The bag's order is a by-product of past draws that nobody sees, but the copy's draws depend
  // on it: sorted by kind, a sample is a function of what the viewer sees and of the seed only.
  g.bag.subarray(0, g.bagCount).sort();
  return g;
}

/**
 * Makes `dst` equal to `src` (a game of the same lineage: same grid, catalog and set-up) while
 * reusing its arrays: what a search does once per iteration. Only the expansions' instances (a
 * few small arrays) are made anew. The copy records no events.
 */
function copyInto(dst: GameState, src: GameState): void {
  roomForPlacements(dst, src.placementCount);
  dst.board.copyFrom(src.board);
  dst.grid = src.grid;
  dst.graph.copyFrom(src.graph);
  copyState(GAME_STATE, dst, src);
  dst.recordEvents = false;
  dst.events = [];
  dst.wire(src.expansions.map((x) => x.clone(dst)));
}

/**
 * Every declared state of `g` as snapshot parts (rules/snapshot.ts): its own, its board's, its
 * feature graph's and each expansion instance's; undefined when an expansion in play declares
 * none (it cannot be snapshotted). After reading them, ask consistency.ts.
 */
export function stateParts(g: GameState): StatePart[] | undefined {
  // A snapshot holds the list (its format predates the lazy list; a reader checks it).
  listPlacements(g);
  const game = statePart('game', GAME_STATE, g, undefined, (s) => {
    const most = placementBound(s.board.maxTiles);
    if (s.placementCount < 0 || s.placementCount > most) return `placementCount must be from 0 to ${most}`;
    roomForPlacements(s, s.placementCount);
    // The grid the snapshot's cells are packed for: at least this fresh game's, at most the largest.
    const r = s.gridRadius;
    if (r < s.grid.radius || r > s.board.maxTiles)
      return `gridRadius must be from ${s.grid.radius} to ${s.board.maxTiles}`;
    regrid(s, Grid.of(r));
    return undefined;
  });
  const parts = [game, g.board.statePart(), g.graph.statePart()];
  for (const x of g.expansions) {
    if (x.stateParts === undefined) return undefined;
    parts.push(...x.stateParts());
  }
  return parts;
}
