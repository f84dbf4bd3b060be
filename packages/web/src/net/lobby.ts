/**
 * The HTTP lobby (docs/protocol.md, "HTTP lobby"), typed: every call resolves to a value, never
 * throws: `{ ok: true, value }` or `{ ok: false, error }` with the server's code (`lobby/no-game`,
 * `auth/bad-token`…), words for players (app/problems.ts), the server's own message, the
 * refused field's `path` and the HTTP status. A network failure is `net/unreachable` (status 0),
 * an answer that is not the server's JSON `net/bad-answer`.
 */
import type { GameListing, GameStatus, GameSummary } from '@carc/protocol';
import type { Words } from '../app/problems.js';
import { inEnglish, problemWords } from '../app/problems.js';
import type { LocalSettings } from '../local/table.js';
import { authHeaders } from './identity.svelte.js';

export type { GameListing, GameStatus, GameSummary };

export interface LobbyError {
  code: string;
  /** What went wrong, in words for players (never a code): shown as `t(words.key, words.values)`. */
  words: Words;
  /** The same in English, for developers, logs and tests. */
  message: string;
  /** The server's own message, or the network's (for developers and logs). */
  detail: string;
  path?: string;
  /** The HTTP status (0 when the server could not be reached). */
  status: number;
}

export type LobbyResult<T> = { ok: true; value: T } | { ok: false; error: LobbyError };

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

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** The lobby of the server at `base` (e.g. `''` for the page's own origin, or `http://host:8080`). */
export function lobby(base = '', fetchImpl?: Fetch): Lobby {
  const doFetch: Fetch = fetchImpl ?? ((input, init) => fetch(input, init));
  const failure = (
    code: string,
    status: number,
    detail: string,
    path?: string,
  ): { ok: false; error: LobbyError } => {
    const words = problemWords(code, status, detail, path);
    return {
      ok: false,
      error: {
        code,
        words,
        message: inEnglish(words),
        detail,
        ...(path === undefined ? {} : { path }),
        status,
      },
    };
  };
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<LobbyResult<T>> => {
    let response: Response;
    try {
      // A write repeats the sign-in's CSRF token (none when anonymous): a signed-in player's seat
      // is then their account's.
      const headers = method === 'GET' ? {} : authHeaders();
      response = await doFetch(`${base}/api${path}`, {
        method,
        ...(body === undefined
          ? Object.keys(headers).length === 0
            ? {}
            : { headers }
          : { headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
    } catch (e) {
      return failure('net/unreachable', 0, String(e));
    }
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      return failure('net/bad-answer', response.status, `not JSON (HTTP ${response.status})`);
    }
    if (response.ok) return { ok: true, value: data as T };
    const e = (typeof data === 'object' && data !== null ? data : {}) as Partial<LobbyError>;
    return failure(
      typeof e.code === 'string' ? e.code : `http/${response.status}`,
      response.status,
      typeof e.message === 'string' ? e.message : `HTTP ${response.status}`,
      typeof e.path === 'string' ? e.path : undefined,
    );
  };
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
