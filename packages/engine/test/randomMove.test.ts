/**
 * `Game.randomMove`: a uniformly random legal move for random playouts, a placement drawn by
 * rejection sampling over (candidate cell × rotation) instead of listing every placement (B-4,
 * H-4), with an exact fallback. Checked on fixed positions from seeded games:
 *
 * - the candidate space holds every legal placement exactly once (exhaustively), so accepted
 *   candidates are uniform over the legal list;
 * - 20,000 draws from the sampler fit the uniform distribution over the exact `legalMoves()` list
 *   (Pearson's chi-square, p > 1e-4; the seed is fixed, so the test is deterministic), and every
 *   draw is in that list;
 * - the fallback (after `tries` rejections) is reached where most candidates are illegal, and the
 *   mixture stays uniform.
 *
 * They have the power to see a bias: the sampler changed on purpose to the classic "random cell,
 * then a random rotation that fits" failed the base game position (χ² = 5260, 28 degrees of
 * freedom), the Halflings square (χ² = 6297, 13) and the ransom position (χ² = 207, 36; p ≈ 6e-26).
 */
import { describe, expect, test } from 'vitest';
import type { ExpansionId, Game, UniformRandom } from '@carc/engine';
import {
  BUILTIN,
  Game as GameClass,
  HALFLINGS,
  M_PLACE,
  createGame,
  movePayload,
  moveType,
  unwrap,
} from '@carc/engine';
import { chiSquareUniform, gammaQ } from './chiSquare.js';
import { prng } from './playout.js';

/** Draws per position: with up to ~60 legal moves, ≥ 300 expected per move, ample power. */
const DRAWS = 20_000;

/** A uniform source from the test's own PRNG that counts its calls (to see the fallback). */
function counting(seed: number): UniformRandom & { calls: number } {
  const next = prng(seed);
  return {
    calls: 0,
    int(n: number): number {
      this.calls++;
      return Math.floor((next() / 4294967296) * n);
    },
  };
}

/** The exact legal moves of a position, listed on a copy (so that the position stays unlisted). */
function exactMoves(g: Game): number[] {
  const c = g.clone();
  const buf = new Int32Array(c.maxMoves);
  return Array.from(buf.subarray(0, c.legalMoves(buf)));
}

/**
 * The first decision of a seeded game (moves picked uniformly from the exact list) where `want`
 * holds, checked right after the move that led to it, before anything lists its moves.
 */
function findPosition(expansions: readonly ExpansionId[], want: (g: Game) => boolean): Game {
  for (let seed = 1; seed < 400; seed++) {
    const g = unwrap(createGame({ players: 2, seed, expansions }));
    const pick = prng(seed * 7919);
    const buf = new Int32Array(g.maxMoves);
    while (!g.isOver) {
      if (want(g)) return g;
      const n = g.legalMoves(buf);
      g.play(buf[pick() % n]!);
    }
  }
  throw new Error('no such position in 400 seeded games');
}

interface Sampled {
  counts: number[];
  /** Draws that reached the fallback (listed the moves). */
  fallbacks: number;
}

/**
 * `DRAWS` moves from `randomMove` at position `g`, each from a fresh copy (a fallback lists the
 * moves, and a listed position picks from its list: the rejection sampler must be what is tested),
 * counted per move of the exact list; a move outside it fails the test.
 */
function sample(g: Game, legal: readonly number[], tries: number, seed: number): Sampled {
  const index = new Map(legal.map((m, i) => [m, i]));
  const counts = legal.map(() => 0);
  const rng = counting(seed);
  const work = g.clone();
  let fallbacks = 0;
  for (let k = 0; k < DRAWS; k++) {
    g.cloneInto(work);
    const before = rng.calls;
    const m = work.state.randomMove(rng, tries);
    if (rng.calls - before > tries) fallbacks++;
    const i = index.get(m);
    if (i === undefined)
      throw new Error(`randomMove gave ${JSON.stringify(work.toAction(m))}, not a legal move`);
    counts[i]!++;
  }
  return { counts, fallbacks };
}

/** The candidates of tile kind t accepted by `placementCandidate`, as `cell << 2 | quarters`, sorted. */
function acceptedCandidates(g: Game, t: number): number[] {
  const out: number[] = [];
  const space = g.state.placementCandidates(t);
  for (let r = 0; r < space; r++) {
    const p = g.state.placementCandidate(t, r);
    if (p !== -1) out.push(p);
  }
  return out.sort((a, b) => a - b);
}

/** Tile kind t's legal placements as the engine lists them, as `cell << 2 | quarters`, sorted. */
function listedPlacements(g: Game, t: number): number[] {
  const buf = new Int32Array(g.maxMoves);
  const n = g.state.collectPlacements(t, buf, 0, (c, q) => (c << 2) | q);
  return Array.from(buf.subarray(0, n)).sort((a, b) => a - b);
}

const isPlace = (g: Game) => g.phaseName === 'place';

describe('chi-square p-values (the helper)', () => {
  test('match tabulated critical values', () => {
    // χ² at p = 0.05 for 1, 10 and 100 degrees of freedom, and p = 1e-4 for 50.
    expect(gammaQ(0.5, 3.841459 / 2)).toBeCloseTo(0.05, 5);
    expect(gammaQ(5, 18.307038 / 2)).toBeCloseTo(0.05, 5);
    expect(gammaQ(50, 124.342113 / 2)).toBeCloseTo(0.05, 5);
    expect(gammaQ(25, 95.968748 / 2) / 1e-4).toBeCloseTo(1, 4);
  });

  test('reject a visibly non-uniform sample and accept a uniform one', () => {
    expect(chiSquareUniform([100, 100, 100, 100]).p).toBe(1);
    // χ² = 32 on 3 degrees of freedom: p = 5.23e-7.
    expect(chiSquareUniform([140, 100, 100, 60]).p / 5.233466e-7).toBeCloseTo(1, 4);
  });
});

describe('randomMove: uniform over the exact legal moves', () => {
  test('B-4: a base game placement, the list never built', () => {
    // Cells with one legal rotation beside cells with several: where "a random cell, then a
    // rotation that fits" would be biased.
    const g = findPosition([], (x) => {
      if (!isPlace(x) || x.turn < 25) return false;
      const perCell = new Map<number, number>();
      for (const m of exactMoves(x))
        perCell.set(movePayload(m) >>> 2, (perCell.get(movePayload(m) >>> 2) ?? 0) + 1);
      const n = [...perCell.values()];
      return n.length >= 6 && Math.min(...n) === 1 && Math.max(...n) >= 3;
    });
    expect(g.state.placementCount).toBe(-1); // B-5 asked only whether the tile fits
    const legal = exactMoves(g);
    expect(new Set(legal).size).toBe(legal.length);
    // Every legal placement is exactly one candidate, and nothing else is accepted.
    const t = g.state.drawn;
    expect(acceptedCandidates(g, t)).toEqual(listedPlacements(g, t));
    expect(acceptedCandidates(g, t)).toEqual(legal.map(movePayload).sort((a, b) => a - b));
    const { counts } = sample(g, legal, 32, 1);
    const fit = chiSquareUniform(counts);
    expect(fit.p, JSON.stringify(fit)).toBeGreaterThan(1e-4);
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });

  test('B-4, B-5: most candidates illegal, the fallback reached, still uniform', () => {
    const g = findPosition([], (x) => {
      if (!isPlace(x)) return false;
      const n = exactMoves(x).length;
      return n >= 2 && x.state.placementCandidates(x.state.drawn) >= 30 * n;
    });
    const legal = exactMoves(g);
    const space = g.state.placementCandidates(g.state.drawn);
    expect(legal.length * 30).toBeLessThanOrEqual(space);
    expect(acceptedCandidates(g, g.state.drawn)).toEqual(legal.map(movePayload).sort((a, b) => a - b));
    // The engine's bound: (1 − n/space)^32 of the draws fall back, here a fair share.
    const bounded = sample(g, legal, 32, 2);
    expect(bounded.fallbacks).toBeGreaterThan(DRAWS / 20);
    expect(bounded.fallbacks).toBeLessThan(DRAWS);
    expect(chiSquareUniform(bounded.counts).p).toBeGreaterThan(1e-4);
    // One try only: nearly every draw falls back, some are accepted; the mixture is uniform.
    const one = sample(g, legal, 1, 3);
    expect(one.fallbacks).toBeGreaterThan(DRAWS / 2);
    expect(one.fallbacks).toBeLessThan(DRAWS);
    expect(chiSquareUniform(one.counts).p).toBeGreaterThan(1e-4);
    // No tries at all: the exact path alone.
    expect(sample(g, legal, 0, 4).fallbacks).toBe(DRAWS);
  });

  test('H-4: a triangle in hand (the draw, or a triangle on the frontier or a gap)', () => {
    const g = findPosition(['halflings'], (x) => {
      const h = x.expansion(HALFLINGS);
      if (x.phaseName !== 'turn' || h === undefined || h.handCount[x.current]! < 2) return false;
      if (x.state.board.gapCount === 0) return false;
      // Some legal triangle goes into a gap (H-1: beside a lone triangle).
      const gaps = Array.from(x.state.board.gaps.subarray(0, x.state.board.gapCount));
      return exactMoves(x).some((m) => {
        const a = x.toAction(m);
        return a.type === 'triangle' && gaps.includes(x.state.grid.cell(a.x, a.y)!);
      });
    });
    const h = g.expansion(HALFLINGS)!;
    const cap = h.hand.length / g.players;
    // Each triangle in hand: its candidates accept exactly its legal placements.
    for (let i = 0; i < h.handCount[g.current]!; i++) {
      const t = h.hand[g.current * cap + i]!;
      expect(acceptedCandidates(g, t)).toEqual(listedPlacements(g, t));
    }
    const legal = exactMoves(g);
    expect(new Set(legal).size).toBe(legal.length);
    expect(legal.some((m) => g.toAction(m).type === 'draw')).toBe(true);
    const { counts, fallbacks } = sample(g, legal, 32, 5);
    const fit = chiSquareUniform(counts);
    expect(fit.p, JSON.stringify(fit)).toBeGreaterThan(1e-4);
    expect(fallbacks).toBeLessThan(DRAWS / 10); // the candidates did the work
  });

  test('B-4 with the Halflings: a square tile beside lone triangles (gaps are no candidates)', () => {
    const g = findPosition(['halflings'], (x) => isPlace(x) && x.state.board.gapCount >= 2 && x.turn >= 15);
    const legal = exactMoves(g);
    expect(acceptedCandidates(g, g.state.drawn)).toEqual(legal.map(movePayload).sort((a, b) => a - b));
    expect(chiSquareUniform(sample(g, legal, 32, 6).counts).p).toBeGreaterThan(1e-4);
  });

  test('T-6: a placement with a ransom open (free actions are candidates too)', () => {
    const g = findPosition(
      ['tower'],
      (x) => isPlace(x) && exactMoves(x).some((m) => moveType(m) !== M_PLACE),
    );
    const legal = exactMoves(g);
    const free = legal.filter((m) => moveType(m) !== M_PLACE).length;
    expect(free).toBeGreaterThan(0);
    const { counts } = sample(g, legal, 32, 7);
    expect(chiSquareUniform(counts).p).toBeGreaterThan(1e-4);
  });

  test('every other decision picks from the exact list (phase 2, all three expansions)', () => {
    const g = findPosition(['halflings', 'tower', 'princess-and-dragon'], (x) => {
      return x.phaseName === 'action' && exactMoves(x).length >= 4;
    });
    const legal = exactMoves(g);
    const { counts } = sample(g, legal, 32, 8);
    expect(chiSquareUniform(counts).p).toBeGreaterThan(1e-4);
  });

  test('B-4: random playouts with randomMove end like any game, and leave legalMoves exact', () => {
    for (const expansions of [[], ['halflings', 'tower', 'princess-and-dragon']] as const) {
      for (let seed = 0; seed < 8; seed++) {
        const g = unwrap(createGame({ players: 3, seed, expansions }));
        const rng = counting(seed);
        while (!g.isOver) {
          const legal = exactMoves(g);
          if (isPlace(g) && g.turn % 10 === 0 && g.state.placementCount === -1) {
            // A snapshot holds the list the game never built, and reads back to the same game.
            const back = unwrap(GameClass.fromSnapshot(JSON.parse(JSON.stringify(g.toSnapshot())), BUILTIN));
            expect(exactMoves(back)).toEqual(legal);
          }
          const m = g.randomMove(rng);
          expect(legal).toContain(m);
          g.play(m);
        }
      }
    }
  });
});
