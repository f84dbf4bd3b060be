/**
 * Invariant playouts: seeded random games, moves chosen uniformly among
 * legalMoves() by the test's own PRNG. After every move: meeple conservation (B-1, B-6), tile
 * conservation (B-1, B-5), scores ≥ 0 and never falling in the base game (B-10), and the engine's
 * feature graph equal to the reference flood fill (test/reference.ts). At the end (B-9): every tile
 * placed or discarded, phase 'over', no legal move, every meeple home.
 *
 * In the first games of each batch an independent base-game model (RefGame) also runs in lockstep:
 * the same legal placements (B-4, H-1, H-2), meeple spots (B-6), discards (B-5), scores (B-7, B-9,
 * H-8, H-9), supplies and meeples after every turn.
 *
 * Every failure names the seed and the move index; `playout(label, config, moveSeed, checks)`
 * with those values replays it.
 */
import { describe, expect, test } from 'vitest';
import type { Action, GameConfig, Options, Game } from '@carc/engine';
import { createGame, makeRecord, parseRecord, replayRecord, TILE_SETS, unwrap } from '@carc/engine';
import { playout, prng } from './playout.js';
import { TRIANGLE_LIST } from './triangleTiles.js';

/** The move PRNG's seed for a game seed (kept apart from the bag's seed). */
const moveSeed = (seed: number) => (Math.imul(seed, 0x9e3779b1) ^ 0x5bd1e995) >>> 0;

/** `npm run test:soak` (CARC_SOAK=1) plays the full counts; `npm test` a tenth to a half of them. */
const SOAK = process.env.CARC_SOAK === '1';
const BASE_GAMES = SOAK ? 10_000 : 1_000;
const BATCH = 1_000;
/** Games per batch that also run the independent RefGame in lockstep. */
const LOCKSTEP_PER_BATCH = 100;

interface Tally {
  games: number;
  moves: number;
  referenceChecks: number;
  discarded: number;
  ms: number;
}
const tally = (): Tally => ({ games: 0, moves: 0, referenceChecks: 0, discarded: 0, ms: 0 });
const totals = { base: tally(), variants: tally(), triangles: tally() };

function run(t: Tally, label: string, config: GameConfig, seed: number, lockstep: boolean, tiles = 72): void {
  const t0 = performance.now();
  const r = playout(label, config, moveSeed(seed), { reference: 'every-move', lockstep, tiles });
  t.ms += performance.now() - t0;
  t.games++;
  t.moves += r.moves.length;
  t.referenceChecks += r.referenceChecks;
  t.discarded += r.discarded;
}

describe(`B-1 B-4..B-10 invariant playouts: ${BASE_GAMES} two-player base games, reference graph checked after every move`, () => {
  for (let b = 0; b < BASE_GAMES / BATCH; b++) {
    const from = b * BATCH + 1;
    const to = (b + 1) * BATCH;
    test(`seeds ${from}..${to} (lockstep RefGame in the first ${LOCKSTEP_PER_BATCH})`, () => {
      for (let seed = from; seed <= to; seed++) {
        run(totals.base, `base seed ${seed}`, { players: 2, seed }, seed, seed < from + LOCKSTEP_PER_BATCH);
      }
    });
  }
  test('tally', () => {
    report('base', totals.base);
    expect(totals.base.games).toBe(BASE_GAMES);
  });
});

describe('B-1 B-7 O invariant playouts: 3..6 players, tiny-city-scoring 2, tile-set-base basic:1', () => {
  const VARIANT_GAMES = SOAK ? 3_000 : 1_000;
  const variants: Partial<Options>[] = [
    {},
    { tinyCityScoring: 2 },
    { tileSetBase: 'basic:1' },
    { tinyCityScoring: 2, tileSetBase: 'basic:1' },
  ];
  for (let b = 0; b < VARIANT_GAMES / BATCH; b++) {
    test(`${BATCH} games, players and options cycling (lockstep RefGame in the first ${LOCKSTEP_PER_BATCH * 2})`, () => {
      for (let i = b * BATCH; i < (b + 1) * BATCH; i++) {
        const seed = 1_000_000 + i;
        const players = 3 + (i % 4);
        const options = variants[Math.floor(i / 4) % variants.length];
        const label = `variant seed ${seed}, ${players} players, options ${JSON.stringify(options)}`;
        run(totals.variants, label, { players, seed, options }, seed, i % BATCH < LOCKSTEP_PER_BATCH * 2);
      }
    });
  }
  test('tally', () => {
    report('variants', totals.variants);
    expect(totals.variants.games).toBe(VARIANT_GAMES);
  });
});

describe('H-1 H-2 H-7 H-8 H-9 H-10 invariant playouts: base tiles with test triangles shuffled in', () => {
  const TRIANGLE_GAMES = SOAK ? 1_000 : 500;
  const ids = TRIANGLE_LIST.map((t) => t.id);
  test(`${TRIANGLE_GAMES} scripted games, 1..4 players, lockstep RefGame in all`, () => {
    for (let i = 0; i < TRIANGLE_GAMES; i++) {
      const seed = 2_000_000 + i;
      const draws = shuffledPile(seed, ids);
      const players = 1 + (i % 4);
      const config: GameConfig = { players, tiles: TRIANGLE_LIST, draws };
      const label = `triangle pile seed ${seed}, ${players} players`;
      run(totals.triangles, label, config, seed, true, 72 + TRIANGLE_LIST.length);
    }
    report('triangles', totals.triangles);
  });
});

describe('clone independence and determinism', () => {
  test('B-3 play on a clone leaves the original unchanged, and the original replays the clone exactly', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const rand = prng(moveSeed(seed));
      const g = unwrap(createGame({ players: 2 + (seed % 4), seed }));
      const buf = new Int32Array(g.maxMoves);
      const stop = rand() % 140;
      for (let k = 0; k < stop && !g.isOver; k++) g.play(buf[rand() % g.legalMoves(buf)]);
      const before = snapshot(g);
      const c = g.clone();
      expect(snapshot(c), `seed ${seed}: a clone equals its original`).toBe(before);
      const played: number[] = [];
      while (!c.isOver) {
        const m = buf[rand() % c.legalMoves(buf)];
        played.push(m);
        c.play(m);
      }
      expect(snapshot(g), `seed ${seed}: original changed by play on its clone`).toBe(before);
      for (const [i, m] of played.entries()) {
        const n = g.legalMoves(buf);
        expect(Array.from(buf.subarray(0, n)), `seed ${seed}, move index ${stop + i}`).toContain(m);
        g.play(m);
      }
      expect(snapshot(g), `seed ${seed}: same moves on the original and the clone`).toBe(snapshot(c));
    }
  });

  test('B-2 same seed gives the same draws, moves and scores; another seed does not', () => {
    const play = (seed: number) => {
      const g = unwrap(createGame({ players: 3, seed }));
      g.recordEvents = true;
      const rand = prng(moveSeed(seed));
      const buf = new Int32Array(g.maxMoves);
      const moves: number[] = [];
      while (!g.isOver) {
        const m = buf[rand() % g.legalMoves(buf)];
        moves.push(m);
        g.play(m);
      }
      return { moves, scores: Array.from(g.scores), events: JSON.stringify(g.events) };
    };
    for (let seed = 1; seed <= 200; seed++) {
      const a = play(seed);
      const b = play(seed);
      expect(b.moves, `seed ${seed}`).toEqual(a.moves);
      expect(b.scores, `seed ${seed}`).toEqual(a.scores);
      expect(b.events, `seed ${seed}`).toBe(a.events);
      expect(play(seed + 7919).events, `seeds ${seed} and ${seed + 7919}`).not.toBe(a.events);
    }
  });
});

describe('records', () => {
  test('B-3 a played game saved with makeRecord replays through parseRecord/replayRecord to the same state', () => {
    const ids = TRIANGLE_LIST.map((t) => t.id);
    for (let i = 0; i < 300; i++) {
      const seed = 3_000_000 + i;
      const config: GameConfig =
        i % 3 === 2
          ? { players: 1 + (i % 4), tiles: TRIANGLE_LIST, draws: shuffledPile(seed, ids) }
          : {
              players: 2 + (i % 5),
              seed,
              options: i % 2 ? { tinyCityScoring: 2, tileSetBase: 'basic:1' } : {},
            };
      const g = unwrap(createGame(config));
      const rand = prng(moveSeed(seed));
      const buf = new Int32Array(g.maxMoves);
      const actions: { player: number; action: Action }[] = [];
      const stop = i % 10 === 0 ? rand() % 100 : Infinity; // some records end mid-game
      while (!g.isOver && actions.length < stop) {
        const m = buf[rand() % g.legalMoves(buf)];
        actions.push({ player: g.toAct, action: g.toAction(m) });
        g.play(m);
      }
      const text = JSON.stringify(makeRecord(config, actions));
      const replay = unwrap(replayRecord(unwrap(parseRecord(text))));
      expect(snapshot(replay.game), `seed ${seed}`).toBe(snapshot(g));
    }
  });
});

/** A pile of the basic:2 tiles (less the start tile) with the given extra ids, shuffled by our PRNG. */
function shuffledPile(seed: number, extra: readonly string[]): string[] {
  const counts: Record<string, number> = { ...TILE_SETS['basic:2'] };
  counts['BA/RCr']--;
  const pile = [...Object.entries(counts).flatMap(([id, n]) => new Array<string>(n).fill(id)), ...extra];
  const rand = prng(seed);
  for (let i = pile.length - 1; i > 0; i--) {
    const j = rand() % (i + 1);
    [pile[i], pile[j]] = [pile[j], pile[i]];
  }
  return pile;
}

/** Everything a game's future depends on, as a string (big arrays sparsely: index:value). */
function snapshot(g: Game): string {
  const { board, graph } = g.state;
  const n = graph.count;
  const s = board.slotCount;
  const sparse = (a: ArrayLike<number>, none: number) => {
    const out: string[] = [];
    for (let i = 0; i < a.length; i++) if (a[i] !== none) out.push(`${i}:${a[i]}`);
    return out.join(' ');
  };
  const head = (a: { subarray(begin: number, end: number): ArrayLike<number> }, k: number) =>
    Array.from(a.subarray(0, k));
  return JSON.stringify({
    slots: [board.slotKind, board.slotRot, board.slotCell, board.slotSeg].map((a) => head(a, s)),
    cells: [sparse(board.cellTiles, 0), sparse(board.sideSlot, -1), sparse(board.sideType, -1)],
    graph: [graph.parent, graph.size, graph.next, graph.kind, graph.slot, graph.local, graph.openEnds]
      .concat([graph.pennants, graph.tiles, graph.cells, graph.meepleTotal])
      .map((a) => head(a, n)),
    meeples: head(graph.meeples, n * g.players),
    scores: Array.from(g.scores),
    meepleSeg: Array.from(g.state.meepleSeg),
    supply: Array.from(g.state.supply),
    bag: head(g.state.bag, g.state.bagCount),
    rng: Array.from(g.state.rng),
    turn: [g.state.placedCount, g.current, g.phaseName, g.state.drawn, g.state.lastSlot],
    legal: g.legalActions(),
  });
}

function report(what: string, t: Tally): void {
  console.log(
    `${what}: ${t.games} games, ${t.moves} moves, ${t.referenceChecks} reference checks, ` +
      `${t.discarded} tiles discarded (B-5), ${(t.ms / 1000).toFixed(1)} s`,
  );
}
