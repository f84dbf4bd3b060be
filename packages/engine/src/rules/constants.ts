/** Rule constants shared by the core and the expansions. */

/** Meeples per player (B-1). */
export const MEEPLES_PER_PLAYER = 7;
/** B-1: 2 to 5 players, 6 with expansions; one player for solo play, puzzles and tests. */
export const MIN_PLAYERS = 1;
export const MAX_PLAYERS = 6;
