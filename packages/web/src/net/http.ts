/**
 * One JSON call to the server's HTTP API, as every client of it answers (net/lobby.ts,
 * net/account.ts, net/players.ts): `{ ok: true, value }` or `{ ok: false, error }` with the
 * server's code, words for players, the server's message, the refused field's path and the HTTP
 * status; never throws. A network failure is `net/unreachable` (status 0), an answer that is not
 * JSON `net/bad-answer`; a 204 has no body. Writes repeat the sign-in's CSRF token (none when
 * anonymous).
 */
import type { Words } from '../app/problems.js';
import { inEnglish } from '../app/problems.js';
import { authHeaders } from './identity.svelte.js';

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

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Which words a client gives a code (its own refusals, else app/problems.ts's). */
export type WordsFor = (code: string, status: number, detail?: string, path?: string) => Words;

export type Method = 'GET' | 'POST' | 'DELETE';

/** A failure in the clients' shape, in the words `wordsFor` gives its code. */
export function failure(
  wordsFor: WordsFor,
  code: string,
  status: number,
  detail: string,
  path?: string,
): { ok: false; error: LobbyError } {
  const words = wordsFor(code, status, detail, path);
  const error: LobbyError = { code, words, message: inEnglish(words), detail, status };
  if (path !== undefined) error.path = path;
  return { ok: false, error };
}

/** `method` `${base}/api${path}` with `body` as JSON. */
export async function callApi<T>(
  doFetch: Fetch,
  wordsFor: WordsFor,
  base: string,
  method: Method,
  path: string,
  body?: unknown,
): Promise<LobbyResult<T>> {
  const headers: Record<string, string> = {
    ...(method === 'GET' ? {} : authHeaders()),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  };
  let response: Response;
  try {
    response = await doFetch(`${base}/api${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (e) {
    return failure(wordsFor, 'net/unreachable', 0, String(e));
  }
  if (response.status === 204) return { ok: true, value: undefined as T };
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    return failure(wordsFor, 'net/bad-answer', response.status, `not JSON (HTTP ${response.status})`);
  }
  if (response.ok) return { ok: true, value: data as T };
  const e = (typeof data === 'object' && data !== null ? data : {}) as Partial<LobbyError>;
  return failure(
    wordsFor,
    typeof e.code === 'string' ? e.code : `http/${response.status}`,
    response.status,
    typeof e.message === 'string' ? e.message : `HTTP ${response.status}`,
    typeof e.path === 'string' ? e.path : undefined,
  );
}
