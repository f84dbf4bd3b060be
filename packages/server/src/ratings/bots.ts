/**
 * The bots' fixed ratings per pool: a bot's rating never moves, so that a game against one is a
 * measuring stick and a newcomer who plays the bots gets a first rating that means something.
 *
 * Measured by the bots playing each other (seat-rotated fresh deals, mcts at the server's budget of
 * 1,500 iterations within 1 s a decision) with `carcassonne tournament --ratings --anchor
 * greedy=1500`: each game read as pairwise results, the ratings a Bradley–Terry fit on the Glicko
 * scale with every bot a 1500/350 newcomer beforehand (@carc/bots ratings/fit.ts), the Medium bot
 * (greedy) placed at the newcomer's 1500. The commands, deals, game counts, pairwise results and
 * their 95% intervals are in docs/ratings.md ("Bots' ratings"); e.g. duel-base:
 *   carcassonne tournament -b random,greedy --games 400 --seed 70000 --ratings --json > rg.json
 *   carcassonne tournament -b random,greedy,mcts --games 120 --seed 71000 --ratings \
 *     --anchor greedy=1500 --add-pairs rg.json
 * The deviation is the fit's (at least MIN_DEVIATION); the volatility does not matter (a bot's
 * rating is never updated) and is the newcomer's.
 */
import type { BotName } from '@carc/bots';
import type { Rating } from './glicko2.js';
import type { PoolId } from './pools.js';

/** [rating, deviation] per pool and level, as measured (docs/ratings.md, rounded). */
const MEASURED: Readonly<Record<PoolId, Readonly<Record<BotName, readonly [number, number]>>>> = {
  // 520 pairs: random–greedy 440, random–mcts 40, greedy–mcts 40 (greedy 4 wins, 36 losses).
  'duel-base': { random: [464, 104], greedy: [1500, 59], mcts: [1846, 73] },
  // 212 pairs: random–greedy 200, greedy–mcts 12 (greedy 2 wins, 1 draw, 9 losses).
  'duel-expansions': { random: [574, 114], greedy: [1500, 68], mcts: [1682, 90] },
  // From 3-player games: 690 pairs, random–greedy 630, random–mcts 30, greedy–mcts 30.
  'multi-base': { random: [409, 103], greedy: [1500, 60], mcts: [1834, 78] },
  // Not measured (an mcts game of three with the expansions thinks for about a minute): the
  // duel-expansions numbers stand in, which are, for each bot, the nearer to greedy's of the two
  // measured pools next to this one (duel-expansions, multi-base): the smaller claim.
  'multi-expansions': { random: [574, 114], greedy: [1500, 68], mcts: [1682, 90] },
};

/** The least deviation a bot's rating is given: no measurement is that sure of it. */
export const MIN_DEVIATION = 30;
const VOLATILITY = 0.06;

/** The fixed rating of bot `level` in `pool` (a fresh object: callers may not change the table). */
export function botRating(level: BotName, pool: PoolId): Rating {
  const byLevel = Object.hasOwn(MEASURED, pool) ? MEASURED[pool] : undefined;
  const measured = byLevel !== undefined && Object.hasOwn(byLevel, level) ? byLevel[level] : undefined;
  if (measured === undefined) throw new RangeError(`no fixed rating for bot "${level}" in pool "${pool}"`);
  const [rating, deviation] = measured;
  return { rating, deviation: Math.max(MIN_DEVIATION, deviation), volatility: VOLATILITY };
}
