/**
 * @carc/bots — players for @carc/engine: `random`, `greedy` and `mcts`, the position heuristic they
 * share, a tournament runner, and Glicko-2 (the server's ratings, and the fit of the bots' own).
 * Bots see a game only through a `Seat` (seat.ts).
 */
import { GreedyBot } from './greedy.js';
import type { GreedyOptions } from './greedy.js';
import { MctsBot } from './mcts.js';
import type { MctsOptions } from './mcts.js';
import { RandomBot } from './random.js';
import type { Bot } from './seat.js';

export type { Bot, Seat } from './seat.js';
export { seatOf } from './seat.js';
export type { Weights } from './evaluate.js';
export { DEFAULT_WEIGHTS, evaluate, tilesLeft } from './evaluate.js';
export type { LookaheadOptions } from './lookahead.js';
export { Lookahead } from './lookahead.js';
export { RandomBot } from './random.js';
export type { GreedyOptions } from './greedy.js';
export { GreedyBot } from './greedy.js';
export type { MctsBudget, MctsOptions } from './mcts.js';
export { DEFAULT_MCTS_BUDGET, MctsBot, drawPlacement } from './mcts.js';
export { BotRng, mixSeed } from './rng.js';
export type { BotStats, GameResult, TournamentConfig, TournamentSummary } from './tournament.js';
export {
  checkTournament,
  entryLabels,
  planTournament,
  playMatch,
  playRounds,
  roundSeatings,
  runTournament,
  summarizeTournament,
  wilson,
} from './tournament.js';
export type { Outcome, Rating } from './ratings/glicko2.js';
export { NEWCOMER, PROVISIONAL_DEVIATION, TAU, provisional, rate, rateGame } from './ratings/glicko2.js';
export type { FittedRating, PairResult } from './ratings/fit.js';
export { fitRatings, pairShare, pairwiseResults } from './ratings/fit.js';

/** The bots by name, weakest first. */
export const BOT_NAMES = ['random', 'greedy', 'mcts'] as const;
export type BotName = (typeof BOT_NAMES)[number];

/** What players call each bot: its level in words. */
export const BOT_LEVEL_TITLES: Readonly<Record<BotName, string>> = {
  random: 'Easy',
  greedy: 'Medium',
  mcts: 'Hard',
};

/**
 * The names the bots of a table go by, by seat (undefined for the other seats): "Medium bot",
 * numbered ("Medium bot 2") when two share a level.
 */
export function botSeatNames(levels: readonly (string | undefined)[]): (string | undefined)[] {
  const seen = new Map<string, number>();
  return levels.map((level) => {
    if (level === undefined) return undefined;
    const n = (seen.get(level) ?? 0) + 1;
    seen.set(level, n);
    const title = `${isBotName(level) ? BOT_LEVEL_TITLES[level] : level} bot`;
    return levels.filter((l) => l === level).length > 1 ? `${title} ${n}` : title;
  });
}

/** Per-kind options for `createBot`. */
export interface BotOptions {
  greedy?: GreedyOptions;
  mcts?: MctsOptions;
}

/** Whether `name` is one of BOT_NAMES. */
export const isBotName = (name: string): name is BotName => (BOT_NAMES as readonly string[]).includes(name);

/** Creates the bot called `name` with its own generator seeded from `seed`. */
export function createBot(name: BotName, seed: number, options: BotOptions = {}): Bot {
  switch (name) {
    case 'random':
      return new RandomBot(seed);
    case 'greedy':
      return new GreedyBot(seed, options.greedy);
    case 'mcts':
      return new MctsBot(seed, options.mcts);
  }
}
