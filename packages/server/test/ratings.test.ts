/**
 * Ratings (ratings/glicko2.ts): the paper's worked example (Glickman, "Example of the Glicko-2
 * system": a 1500 player, deviation 200, volatility 0.06, beats a 1400/30 and loses to a 1550/100
 * and a 1700/300 → 1464.06, 151.52, 0.05999), a period without games, duels and multi-player games
 * as pairwise results, forfeits, and the pools games are rated in.
 */
import { describe, expect, it } from 'vitest';
import type { Rating } from '../src/ratings/glicko2.js';
import { NEWCOMER, provisional, rate, rateGame } from '../src/ratings/glicko2.js';
import { POOLS, poolOf } from '../src/ratings/pools.js';

const player = (rating: number, deviation: number, volatility = 0.06): Rating => ({
  rating,
  deviation,
  volatility,
});

describe('Glicko-2', () => {
  it("gives the paper's worked example: 1464.06, 151.52, 0.05999", () => {
    const after = rate(player(1500, 200), [
      { opponent: player(1400, 30), score: 1 },
      { opponent: player(1550, 100), score: 0 },
      { opponent: player(1700, 300), score: 0 },
    ]);
    // The paper rounds as it goes (μ' = −0.2069 → 1464.06); unrounded it is 1464.0507.
    expect(Math.abs(after.rating - 1464.06)).toBeLessThan(0.01);
    expect(after.deviation).toBeCloseTo(151.52, 2);
    expect(Math.abs(after.volatility - 0.05999)).toBeLessThan(0.00001);
  });

  it('widens the deviation of a period without games, and leaves the rating', () => {
    const after = rate(player(1500, 200), []);
    expect(after.rating).toBe(1500);
    expect(after.deviation).toBeCloseTo(Math.sqrt((200 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 6);
  });

  it('moves a duel like two single results: the winner up, the loser down, a draw of equals nowhere', () => {
    const [winner, loser] = rateGame([
      { rating: NEWCOMER, score: 80 },
      { rating: NEWCOMER, score: 60 },
    ]);
    expect(winner!.rating).toBeGreaterThan(1500);
    expect(loser!.rating).toBeLessThan(1500);
    expect(winner!.rating - 1500).toBeCloseTo(1500 - loser!.rating, 6);
    expect(winner).toEqual(rate(NEWCOMER, [{ opponent: NEWCOMER, score: 1 }]));
    const [a, b] = rateGame([
      { rating: player(1600, 80), score: 50 },
      { rating: player(1600, 80), score: 50 },
    ]);
    expect(a!.rating).toBeCloseTo(1600, 6);
    expect(b!.deviation).toBeLessThan(80);
    // An upset moves more than the expected result.
    const [favourite] = rateGame([
      { rating: player(1800, 60), score: 40 },
      { rating: player(1400, 60), score: 90 },
    ]);
    const [expectedWinner] = rateGame([
      { rating: player(1800, 60), score: 90 },
      { rating: player(1400, 60), score: 40 },
    ]);
    expect(1800 - favourite!.rating).toBeGreaterThan(expectedWinner!.rating - 1800);
  });

  it('rates a game of four as pairwise results, in the order of the scores; a forfeit loses to all', () => {
    const after = rateGame([
      { rating: NEWCOMER, score: 30 },
      { rating: NEWCOMER, score: 95 },
      { rating: NEWCOMER, score: 60 },
      { rating: NEWCOMER, score: 60 },
    ]);
    const [last, first, third, fourth] = after.map((r) => r.rating);
    expect(first).toBeGreaterThan(third!);
    expect(third).toBeCloseTo(fourth!, 9);
    expect(third).toBeGreaterThan(last!);
    expect(after[1]).toEqual(
      rate(NEWCOMER, [
        { opponent: NEWCOMER, score: 1 },
        { opponent: NEWCOMER, score: 1 },
        { opponent: NEWCOMER, score: 1 },
      ]),
    );
    const forfeit = rateGame([
      { rating: NEWCOMER, score: 120, forfeited: true },
      { rating: NEWCOMER, score: 10 },
      { rating: NEWCOMER, score: 5 },
    ]);
    expect(forfeit[0]!.rating).toBeLessThan(1500);
    expect(forfeit[1]!.rating).toBeGreaterThan(forfeit[2]!.rating);
  });

  it('marks a newcomer provisional until the deviation falls under 110', () => {
    expect(provisional(NEWCOMER)).toBe(true);
    let r = NEWCOMER;
    let games = 0;
    while (provisional(r)) {
      r = rate(r, [{ opponent: player(1500, 60), score: games % 2 === 0 ? 1 : 0 }]);
      games++;
    }
    expect(games).toBeGreaterThan(3);
    expect(games).toBeLessThan(30);
  });
});

describe('rating pools', () => {
  it('puts duels and larger games, base game and expansions, in four pools', () => {
    const seats = (n: number) => Array.from({ length: n }, () => ({ kind: 'human' as const }));
    expect(poolOf({ seats: seats(2), expansions: [] })).toBe('duel-base');
    expect(poolOf({ seats: seats(2), expansions: ['tower'] })).toBe('duel-expansions');
    expect(poolOf({ seats: seats(5), expansions: [] })).toBe('multi-base');
    expect(poolOf({ seats: seats(3), expansions: ['halflings', 'tower'] })).toBe('multi-expansions');
    expect(POOLS.map((p) => p.id).sort()).toEqual([
      'duel-base',
      'duel-expansions',
      'multi-base',
      'multi-expansions',
    ]);
  });
});
