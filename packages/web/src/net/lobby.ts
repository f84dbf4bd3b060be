/**
 * The HTTP lobby (docs/protocol.md, "HTTP lobby"), typed: every call resolves to a value, never
 * throws: `{ ok: true, value }` or `{ ok: false, error }` with the server's code (`lobby/no-game`,
 * `auth/bad-token`…), words for players (app/problems.ts), the server's own message, the
 * refused field's `path` and the HTTP status. A network failure is `net/unreachable` (status 0),
 * an answer that is not the server's JSON `net/bad-answer`.
 */
import type { GameListing, GameStatus, GameSummary } from '@carc/protocol';
import { problemWords } from '../app/problems.js';
import type { LocalSettings } from '../local/table.js';
import type { Fetch, LobbyError, LobbyResult } from './http.js';
import { callApi } from './http.js';

export type { GameListing, GameStatus, GameSummary };

export type { LobbyError, LobbyResult };

/** A seat taken: its secret token is shown only this once. */
export interface SeatTicket {
  seat: number;
  token: string;
}

export interface OptionInfo {
  id: string;
  values: (string | number)[];
  default: string | number;
  rules: string[];
  doc: string;
}

export interface LobbyOptions {
  expansions: string[];
  options: OptionInfo[];
  presets: string[];
  bots: string[];
}

export interface Lobby {
  /** Creates a game; with `join`, takes the first human seat (the answer then has seat and token). */
  create(
    settings: LocalSettings,
    join?: { name: string },
  ): Promise<LobbyResult<{ id: string; seat?: number; token?: string }>>;
  /** Games by status (`open` by default), newest first. */
  list(status?: 'open' | 'playing' | 'over', limit?: number): Promise<LobbyResult<GameListing[]>>;
  summary(id: string): Promise<LobbyResult<GameSummary>>;
  join(id: string, name: string, seat?: number): Promise<LobbyResult<SeatTicket>>;
  leave(id: string, token: string): Promise<LobbyResult<{ seat: number }>>;
  /** Takes your seat in the rematch (creating it the first time); no seat when yours was taken already. */
  rematch(id: string, token: string): Promise<LobbyResult<{ id: string; seat?: number; token?: string }>>;
  /** The full record of a game that is over (record-format.md). */
  record(id: string): Promise<LobbyResult<Record<string, unknown>>>;
  options(): Promise<LobbyResult<LobbyOptions>>;
}

/** The lobby of the server at `base` (e.g. `''` for the page's own origin, or `http://host:8080`). */
export function lobby(base = '', fetchImpl?: Fetch): Lobby {
  const doFetch: Fetch = fetchImpl ?? ((input, init) => fetch(input, init));
  const call = <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<LobbyResult<T>> =>
    callApi<T>(doFetch, problemWords, base, method, path, body);
  const game = (id: string): string => `/games/${encodeURIComponent(id)}`;
  return {
    create: (settings, join) => call('POST', '/games', { settings, ...(join === undefined ? {} : { join }) }),
    list: async (status = 'open', limit = 50) => {
      const r = await call<{ games: GameListing[] }>('GET', `/games?status=${status}&limit=${limit}`);
      return r.ok ? { ok: true, value: r.value.games } : r;
    },
    summary: (id) => call('GET', game(id)),
    join: (id, name, seat) =>
      call('POST', `${game(id)}/join`, { name, ...(seat === undefined ? {} : { seat }) }),
    leave: (id, token) => call('POST', `${game(id)}/leave`, { token }),
    rematch: (id, token) => call('POST', `${game(id)}/rematch`, { token }),
    record: (id) => call('GET', `${game(id)}/record`),
    options: () => call('GET', '/options'),
  };
}
