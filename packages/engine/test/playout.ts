/**
 * Seeded random playouts with invariant checks after every move.
 *
 * Moves are picked uniformly among legalMoves() with the test's own PRNG (mulberry32), so a failure
 * replays from its seed alone. Every failure message names the seed and the move index.
 */
import type { GameConfig } from '@carc/engine';
import { createGame, MEEPLES_PER_PLAYER, unwrap } from '@carc/engine';
import type { PlacedMeeple } from './reference.js';
import { RefGame, compareWithEngine, gameMeeples, gameTiles } from './reference.js';

/** mulberry32: a tiny PRNG independent of the engine's. Returns uint32s. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** xorshift32 from `(0x9e3779b9 ^ seed)`: the move picker of the golden and reuse tests. Returns uint32s. */
export function xorshift(seed: number): () => number {
  let x = (0x9e3779b9 ^ seed) >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>>= 0);
  };
}

export interface PlayoutChecks {
  /** Compare the feature graph with the reference flood fill: after every move, after placements only, or never. */
  reference: 'every-move' | 'placements' | 'none';
  /** Run the independent RefGame in lockstep: same legal placements and meeple spots, same scores. */
  lockstep: boolean;
  /** Tiles the game must hold in all, the start tile included (72 for a base game, B-1). */
  tiles: number;
}

export interface PlayoutResult {
  moves: number[];
  scores: number[];
  tilesPlaced: number;
  discarded: number;
  referenceChecks: number;
}

/** Plays one random game from `config` and checks the invariants; throws with seed and move index. */
export function playout(
  label: string,
  config: GameConfig,
  moveSeed: number,
  checks: PlayoutChecks,
): PlayoutResult {
  const g = unwrap(createGame(config));
  g.recordEvents = true;
  const players = g.players;
  // Tiles in the game: the start tile, setup tiles and the pile (72 for a base game, B-1).
  const totalTiles = checks.tiles;
  const rand = prng(moveSeed);
  const buf = new Int32Array(g.maxMoves);
  const moves: number[] = [];
  let prevScores = Array.from(g.scores);
  let discarded = 0;
  let eventsRead = 0;
  let referenceChecks = 0;
  let moveIndex = -1;
  let lastAction = 'start';
  const where = () => `${label}: move index ${moveIndex} (${lastAction})`;
  const fail = (msg: string): never => {
    throw new Error(`${where()}: ${msg}`);
  };

  const rg = checks.lockstep
    ? new RefGame(players, { tinyCityScoring: g.options.tinyCityScoring }, gameTiles(g), [], gameMeeples(g))
    : undefined;
  if (rg) {
    rg.current = g.current;
    if (g.state.drawn >= 0) rg.takeDraws([g.catalog.def(g.state.drawn)], false);
    else rg.finish();
  }

  const checkReference = () => {
    referenceChecks++;
    const diffs = compareWithEngine(g);
    if (diffs.length > 0) fail(`engine and reference disagree:\n  ${diffs.slice(0, 12).join('\n  ')}`);
  };

  const checkLegal = (n: number) => {
    if (!rg) return;
    if (g.phaseName !== rg.phase) fail(`phase ${g.phaseName}, reference ${rg.phase}`);
    if (g.phaseName === 'place') {
      if (g.drawnTile !== rg.drawn?.id) fail(`drawn ${g.drawnTile}, reference ${rg.drawn?.id}`);
      const engine = [];
      for (let i = 0; i < n; i++) {
        const a = g.toAction(buf[i]);
        if (a.type !== 'place') fail(`non-placement ${JSON.stringify(a)} in the place phase`);
        else engine.push(`${a.x},${a.y},${a.rotation / 90}`);
      }
      const expected = rg.placements().map((s) => `${s.x},${s.y},${s.q}`);
      sameSet('legal placements (B-4)', engine, expected);
    } else if (g.phaseName === 'action') {
      const engine = [];
      let passes = 0;
      for (let i = 0; i < n; i++) {
        const a = g.toAction(buf[i]);
        if (a.type === 'pass') passes++;
        else if (a.type === 'meeple') engine.push(String(a.feature));
        else fail(`placement in the action phase`);
      }
      if (passes !== 1) fail(`${passes} pass moves`);
      sameSet('meeple spots (B-6)', engine, rg.spots().map(String));
    }
  };

  const sameSet = (what: string, engine: string[], expected: string[]) => {
    const a = [...engine].sort().join(' ');
    const b = [...expected].sort().join(' ');
    if (a !== b || new Set(engine).size !== engine.length) fail(`${what}: engine [${a}], reference [${b}]`);
  };

  const checkCheap = () => {
    // Meeple conservation: on the board + in supply = 7 each; the graph's counts agree.
    const onBoard = new Array<number>(players).fill(0);
    g.state.meepleSeg.forEach((seg, i) => {
      if (seg >= 0) onBoard[Math.floor(i / MEEPLES_PER_PLAYER)]++;
    });
    for (let p = 0; p < players; p++) {
      if (onBoard[p] + g.state.supply[p] !== MEEPLES_PER_PLAYER) {
        fail(`player ${p}: ${onBoard[p]} meeples on the board + ${g.state.supply[p]} in supply != 7`);
      }
    }
    const graphPer = new Array<number>(players).fill(0);
    let graphTotal = 0;
    for (let s = 0; s < g.state.graph.count; s++) {
      if (g.state.graph.parent[s] !== s) continue;
      graphTotal += g.state.graph.meepleTotal[s];
      for (let p = 0; p < players; p++) graphPer[p] += g.state.graph.meeples[s * players + p];
    }
    const boardTotal = onBoard.reduce((a, b) => a + b, 0);
    if (graphTotal !== boardTotal)
      fail(`graph meepleTotal sums to ${graphTotal}, ${boardTotal} on the board`);
    for (let p = 0; p < players; p++) {
      if (graphPer[p] !== onBoard[p])
        fail(`graph counts ${graphPer[p]} meeples of player ${p}, ${onBoard[p]} on board`);
    }
    // Tile conservation: placed + discarded + left in the bag + drawn = all tiles.
    for (; eventsRead < g.events.length; eventsRead++)
      if (g.events[eventsRead].type === 'discard') discarded++;
    const accounted = g.state.board.slotCount + discarded + g.state.bagCount + (g.state.drawn >= 0 ? 1 : 0);
    if (accounted !== totalTiles) fail(`tiles: ${accounted} accounted for, ${totalTiles} in the game`);
    if (g.state.board.slotCount !== 1 + (config.setup?.tiles?.length ?? 0) + g.state.placedCount) {
      fail(`slotCount ${g.state.board.slotCount} vs placedCount ${g.state.placedCount}`);
    }
    // Scores: never below 0 (B-10), never falling in the base game.
    for (let p = 0; p < players; p++) {
      if (g.scores[p] < 0) fail(`player ${p} has a negative score ${g.scores[p]} (B-10)`);
      if (g.scores[p] < prevScores[p])
        fail(`player ${p}'s score fell from ${prevScores[p]} to ${g.scores[p]}`);
    }
    prevScores = Array.from(g.scores);
  };

  let lockEvents = 0;
  const advanceReference = (m: number) => {
    if (!rg) return;
    const a = g.toAction(m);
    if (a.type === 'place') rg.place(a.x, a.y, a.rotation / 90);
    else rg.act(a.type === 'meeple' ? a.feature : -1);
  };
  const afterTurn = () => {
    if (!rg) return;
    const draws = [];
    for (; lockEvents < g.events.length; lockEvents++) {
      const e = g.events[lockEvents];
      if (e.type === 'draw') draws.push(g.catalog.def(g.catalog.kindOf(e.tile)!));
    }
    const problems = rg.takeDraws(draws, g.isOver);
    if (problems.length > 0) fail(problems.join('; '));
    if (rg.current !== g.current && !g.isOver) fail(`player ${g.current} to act, reference ${rg.current}`);
    const same = (a: readonly number[], b: readonly number[]) => a.join(',') === b.join(',');
    if (!same(Array.from(g.scores), rg.scores))
      fail(`scores ${Array.from(g.scores)}, reference ${rg.scores}`);
    if (!same(Array.from(g.state.supply), rg.supply))
      fail(`supply ${Array.from(g.state.supply)}, reference ${rg.supply}`);
    const norm = (ms: PlacedMeeple[]) =>
      ms
        .map((x) => `${x.player}:${x.slot}/${x.local}`)
        .sort()
        .join(' ');
    if (norm(gameMeeples(g)) !== norm(rg.meeples)) {
      fail(`meeples [${norm(gameMeeples(g))}], reference [${norm(rg.meeples)}]`);
    }
  };

  checkCheap();
  if (checks.reference !== 'none') checkReference();
  for (moveIndex = 0; !g.isOver; moveIndex++) {
    const n = g.legalMoves(buf);
    if (n === 0) fail('no legal move, yet the game is not over');
    checkLegal(n);
    const m = buf[rand() % n];
    lastAction = JSON.stringify(g.toAction(m));
    const placing = g.phaseName === 'place';
    advanceReference(m);
    g.play(m);
    moves.push(m);
    if (!placing) afterTurn();
    checkCheap();
    if (checks.reference === 'every-move' || (checks.reference === 'placements' && placing)) checkReference();
  }
  // The end (B-9): every tile drawn and placed or discarded, no move left, every meeple home.
  if (g.phaseName !== 'over') fail(`phase ${g.phaseName} at the end`);
  if (g.legalMoves(buf) !== 0 || g.legalActions().length !== 0) fail('legal moves after the end');
  if (g.state.bagCount !== 0 || g.state.drawn !== -1)
    fail(`bag ${g.state.bagCount}, drawn ${g.state.drawn} at the end`);
  if (g.state.board.slotCount + discarded !== totalTiles) {
    fail(`${g.state.board.slotCount} placed + ${discarded} discarded != ${totalTiles}`);
  }
  for (let p = 0; p < players; p++)
    if (g.state.supply[p] !== MEEPLES_PER_PLAYER) fail(`player ${p} meeples not home`);
  if (checks.reference !== 'none') checkReference();
  return {
    moves,
    scores: Array.from(g.scores),
    tilesPlaced: g.state.board.slotCount,
    discarded,
    referenceChecks,
  };
}
