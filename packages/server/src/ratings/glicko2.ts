/**
 * Glicko-2, as the server rates games: the implementation lives in @carc/bots
 * (packages/bots/src/ratings/glicko2.ts) so that `carcassonne tournament --ratings`, which measures
 * the bots' fixed ratings, uses the same one without depending on the server.
 */
export type { Outcome, Rating } from '@carc/bots';
export { NEWCOMER, PROVISIONAL_DEVIATION, TAU, provisional, rate, rateGame } from '@carc/bots';
