/**
 * The bots' fixed ratings (ratings/bots.ts), measured by `carcassonne tournament --ratings`
 * (docs/ratings.md, "Bots' ratings"): one for every level in every pool, stronger levels higher,
 * each with a deviation a game against it can trust.
 */
import { describe, expect, it } from 'vitest';
import type { BotName } from '@carc/bots';
import { BOT_NAMES } from '@carc/bots';
import { botRating } from '../src/ratings/bots.js';
import { NEWCOMER, rateGame } from '../src/ratings/glicko2.js';
import type { PoolId } from '../src/ratings/pools.js';
import { POOLS } from '../src/ratings/pools.js';

describe("bots' fixed ratings", () => {
  it.each(POOLS.map((p) => p.id))('rates every level in %s, random < greedy < mcts', (pool) => {
    const ratings = BOT_NAMES.map((level) => botRating(level, pool));
    for (const r of ratings) {
      expect(Number.isFinite(r.rating)).toBe(true);
      expect(r.rating).toBeGreaterThan(0);
      expect(r.deviation).toBeGreaterThanOrEqual(30);
      expect(r.volatility).toBe(0.06);
    }
    const [random, greedy, mcts] = ratings.map((r) => r.rating);
    expect(random).toBeLessThan(greedy!);
    expect(greedy).toBeLessThan(mcts!);
  });

  it('moves a newcomer who beats the Hard bot more than one who beats the Easy bot', () => {
    const beat = (level: 'random' | 'mcts') =>
      rateGame([
        { rating: NEWCOMER, score: 90 },
        { rating: botRating(level, 'duel-base'), score: 60 },
      ])[0]!.rating;
    expect(beat('mcts')).toBeGreaterThan(beat('random'));
    expect(beat('random')).toBeGreaterThan(NEWCOMER.rating);
  });

  it('gives each call its own object (a caller may not change the table); refuses an unknown level or pool', () => {
    const a = botRating('greedy', 'duel-base');
    a.rating = 0;
    expect(botRating('greedy', 'duel-base').rating).not.toBe(0);
    expect(() => botRating('alphago' as BotName, 'duel-base')).toThrow(/no fixed rating for bot "alphago"/);
    expect(() => botRating('mcts', 'toString' as PoolId)).toThrow(RangeError);
  });
});
