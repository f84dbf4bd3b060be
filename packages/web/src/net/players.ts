/**
 * Players' public pages over HTTP (docs/protocol.md, "Players and leaderboards"): profiles with
 * ratings and statistics, finished games newest first, head-to-head, leaderboards by pool. Reads
 * only, no sign-in needed; typed like the lobby (never throws, coded errors with words).
 */
import type { LobbyResult } from './lobby.js';
import { apiCall } from './account.js';

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The rating pools (server/src/ratings/pools.ts). */
export const POOL_IDS = ['duel-base', 'duel-expansions', 'multi-base', 'multi-expansions'] as const;
export type PoolId = (typeof POOL_IDS)[number];

export interface PoolRating {
  pool: string;
  /** The server's English title (the screens say the pool in the players' language). */
  title: string;
  rating: number;
  deviation: number;
  provisional: boolean;
  games: number;
}

export interface ExpansionStats {
  expansions: string[];
  games: number;
  wins: number;
  averageScore: number;
}

export interface PlayerStats {
  games: number;
  wins: number;
  draws: number;
  losses: number;
  averageScore: number;
  byExpansions: ExpansionStats[];
}

export interface Profile {
  name: string;
  createdAt: number | string;
  ratings: PoolRating[];
  stats: PlayerStats;
}

export type GameResult = 'win' | 'draw' | 'loss';

export interface HistoryPlayer {
  seat: number;
  name: string;
  kind: 'human' | 'bot';
  level?: string;
  score: number;
  place: number;
  forfeited?: boolean;
  /** The name of the player's account (its profile), when the seat is an account's. */
  profile?: string;
  /** The player's account was deleted: the name is "deleted", shown in words, never linked. */
  deleted?: true;
}

export interface HistoryGame {
  game: string;
  finishedAt: number | string;
  expansions: string[];
  rated: boolean;
  pool: string;
  players: HistoryPlayer[];
  you: {
    seat: number;
    score: number;
    place: number;
    result: GameResult;
    ratingBefore?: number;
    ratingAfter?: number;
  };
}

export interface HistoryPage {
  total: number;
  games: HistoryGame[];
}

export interface Versus {
  games: number;
  wins: number;
  draws: number;
  losses: number;
  averageScore: number;
  opponentAverageScore: number;
  recent: HistoryGame[];
}

export interface HistoryFilter {
  /** An expansion set (ids), or `'base'` for the base game alone; all games when absent. */
  expansions?: readonly string[] | 'base';
  result?: GameResult;
  opponent?: string;
  limit?: number;
  offset?: number;
}

export interface LeaderboardPool {
  pool: string;
  title: string;
  players: number;
}

export interface LeaderboardEntry {
  rank: number;
  name: string;
  rating: number;
  deviation: number;
  games: number;
  lastGameAt: number | string;
}

export interface Leaderboard {
  pool: string;
  title: string;
  total: number;
  players: LeaderboardEntry[];
}

export interface PlayersApi {
  profile(name: string): Promise<LobbyResult<Profile>>;
  games(name: string, filter?: HistoryFilter): Promise<LobbyResult<HistoryPage>>;
  versus(name: string, other: string): Promise<LobbyResult<Versus>>;
  leaderboards(): Promise<LobbyResult<LeaderboardPool[]>>;
  leaderboard(pool: string, page?: { limit?: number; offset?: number }): Promise<LobbyResult<Leaderboard>>;
}

/** The query string of a history filter (`?expansions=a,b&result=win…`), empty when none. */
export function historyQuery(filter: HistoryFilter = {}): string {
  const q = new URLSearchParams();
  const { expansions, result, opponent, limit, offset } = filter;
  if (expansions !== undefined)
    q.set('expansions', expansions === 'base' || expansions.length === 0 ? 'base' : expansions.join(','));
  if (result !== undefined) q.set('result', result);
  if (opponent !== undefined && opponent !== '') q.set('opponent', opponent);
  if (limit !== undefined) q.set('limit', String(limit));
  if (offset !== undefined && offset > 0) q.set('offset', String(offset));
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
}

/** The players of the server at `base` (`''`: the page's own origin). */
export function playersApi(base = '', fetchImpl?: Fetch): PlayersApi {
  const doFetch: Fetch = fetchImpl ?? ((input, init) => fetch(input, init));
  const get = <T>(path: string) => apiCall<T>(doFetch, base, 'GET', path);
  const player = (name: string): string => `/players/${encodeURIComponent(name)}`;
  return {
    profile: (name) => get(player(name)),
    games: (name, filter) => get(`${player(name)}/games${historyQuery(filter)}`),
    versus: (name, other) => get(`${player(name)}/versus/${encodeURIComponent(other)}`),
    leaderboards: async () => {
      const r = await get<{ pools: LeaderboardPool[] }>('/leaderboards');
      return r.ok ? { ok: true, value: r.value.pools } : r;
    },
    leaderboard: (pool, page = {}) => {
      const q = new URLSearchParams({ limit: String(page.limit ?? 50) });
      if (page.offset !== undefined && page.offset > 0) q.set('offset', String(page.offset));
      return get(`/leaderboards/${encodeURIComponent(pool)}?${q.toString()}`);
    },
  };
}
