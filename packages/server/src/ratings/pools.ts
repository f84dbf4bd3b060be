/**
 * Rating pools: which games are rated together. A duel and a game of three or more are different
 * skills (in a multi-player game a player cannot answer every opponent, and points given away
 * decide who wins), and the expansions change what a good move is; a pool per expansion set would
 * split the few players an online game has into too many ladders. So four pools (docs/ratings.md).
 */
import type { GameSettings } from '@carc/protocol';

export type PoolId = 'duel-base' | 'duel-expansions' | 'multi-base' | 'multi-expansions';

export interface Pool {
  id: PoolId;
  /** For people: "Duel, base game". */
  title: string;
}

export const POOLS: readonly Pool[] = [
  { id: 'duel-base', title: 'Duel, base game' },
  { id: 'duel-expansions', title: 'Duel, with expansions' },
  { id: 'multi-base', title: 'Three or more, base game' },
  { id: 'multi-expansions', title: 'Three or more, with expansions' },
];

/** The pool a game of these settings is rated in. */
export function poolOf(settings: Pick<GameSettings, 'seats' | 'expansions'>): PoolId {
  const size = settings.seats.length === 2 ? 'duel' : 'multi';
  return `${size}-${settings.expansions.length === 0 ? 'base' : 'expansions'}`;
}
