/**
 * What went wrong, in words for players: the one place that turns the server's error codes
 * (docs/protocol.md, "HTTP lobby" and "Error codes") and network failures into sentences, and
 * decides which of them deserve a page of their own (an unknown game, being offline, a server that
 * does not answer) rather than a line above what the player was doing.
 */
import { Translator } from '@carc/art';
import type { MessageValues } from '@carc/art';
import { ENGLISH_CATALOG } from '../i18n/catalog.js';
import type { MessageKey } from '../i18n/catalog.js';
import type { Connection } from '../net/connection.js';
import type { Lobby, LobbyError } from '../net/lobby.js';

/**
 * Words for players, said in the language on screen when they are shown (`t(w.key, w.values)`):
 * kept as a message's key, so that a sentence already on screen follows a change of language. This
 * module is also loaded under Node (by way of net/lobby.ts), where the client's language is not.
 */
export interface Words {
  key: MessageKey;
  values?: MessageValues;
}

const words = (key: MessageKey, values?: MessageValues): Words =>
  values === undefined ? { key } : { key, values };

const english = new Translator('en', ENGLISH_CATALOG);

/** Words in English: for developers, logs and the callers that want a string (never on screen). */
export const inEnglish = (w: Words): string => english.text(w.key, w.values);

/** What a failure is about, for the pages that explain it. */
export type ProblemKind = 'no-game' | 'offline' | 'server-down';

export interface Problem {
  kind: ProblemKind;
  title: MessageKey;
  sentence: MessageKey;
}

/**
 * Whether the browser believes it has a network (true where it cannot tell: this module is also
 * loaded under Node, by way of net/lobby.ts, where there is no navigator to ask).
 */
const browserOnline = (): boolean =>
  (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false;

const SERVER_TROUBLE = words('app.problemServerTrouble');

/** Sentences by code; a function when the server's own words or the refused field help. */
const SENTENCES: Record<string, Words | ((detail: string, path: string) => Words)> = {
  'net/bad-answer': words('app.problemBadAnswer'),
  'http/rate-limited': words('app.problemRateLimited'),
  'http/invalid': (_detail, path) => words(/name$/.test(path) ? 'app.problemBadName' : 'app.problemRefused'),
  'http/too-large': words('app.problemTooLarge'),
  'lobby/no-game': words('app.problemNoGame'),
  'lobby/invalid-settings': (detail) => words('app.problemInvalidSettings', { detail }),
  'lobby/not-a-seat': words('app.problemNotASeat'),
  'lobby/no-free-seat': words('app.problemNoFreeSeat'),
  'lobby/seat-reserved': words('app.problemSeatReserved'),
  'lobby/too-many-open': words('app.problemTooManyOpen'),
  'lobby/too-many-games': words('app.problemTooManyGames'),
  'lobby/too-many-bot-games': words('app.problemTooManyBotGames'),
  'lobby/seat-taken': words('app.problemSeatTaken'),
  'lobby/started': words('app.problemStarted'),
  'lobby/not-over': words('app.problemNotOver'),
  'lobby/expired': words('app.problemExpired'),
  'auth/bad-token': words('app.problemBadToken'),
  'seat/revoked': words('app.problemRevoked'),
  'seat/taken-over': words('app.problemTakenOver'),
  'record/not-public': words('app.problemNotPublic'),
  'server/storage': SERVER_TROUBLE,
  'server/internal': SERVER_TROUBLE,
};

/**
 * The words for a code this module knows (the game's own refusals keep the server's words), to
 * show with `t(w.key, w.values)`.
 */
export function knownProblemWords(code: string): Words | undefined {
  const known = SENTENCES[code];
  return typeof known === 'function' ? known('', '') : known;
}

/** The sentence for a code this module knows, in English (see `knownProblemWords` for the screen). */
export function knownProblem(code: string): string | undefined {
  const known = knownProblemWords(code);
  return known === undefined ? undefined : inEnglish(known);
}

/**
 * A lobby error in words: `code` the server's (or `net/…` for the network), `status` the HTTP
 * status (0 when nothing answered), `detail` the server's own message, `path` the refused field.
 */
export function problemWords(code: string, status: number, detail = '', path = ''): Words {
  if (code === 'net/unreachable')
    return words(browserOnline() ? 'app.problemUnreachable' : 'app.problemOffline');
  const known = SENTENCES[code];
  if (typeof known === 'function') return known(detail, path);
  if (known !== undefined) return known;
  if (status >= 500) return SERVER_TROUBLE;
  // 414 (an id too long to be one) and 404 (no such route) come from a mistyped address.
  if (status === 404 || status === 414) return words('app.problemNoAddress');
  return words('app.problemRefused');
}

const NO_GAME: Problem = { kind: 'no-game', title: 'app.pageNoGameTitle', sentence: 'app.pageNoGame' };
const OFFLINE: Problem = { kind: 'offline', title: 'app.pageOfflineTitle', sentence: 'app.pageOffline' };
const SERVER_DOWN: Problem = {
  kind: 'server-down',
  title: 'app.pageServerDownTitle',
  sentence: 'app.pageServerDown',
};

/**
 * The page a failure deserves, or undefined when a line of text will do (a refused join, a name
 * the server does not take…): an unknown game, no network, a server down or broken.
 */
export function pageProblem(error: Pick<LobbyError, 'code' | 'status'>): Problem | undefined {
  if (error.code === 'lobby/no-game' || error.status === 414) return NO_GAME;
  if (error.code === 'net/unreachable') return browserOnline() ? SERVER_DOWN : OFFLINE;
  if (error.status >= 500 || error.code === 'net/bad-answer') return SERVER_DOWN;
  return undefined;
}

/** How long a game's socket may take to be welcomed before the page says why it is not. */
export const WELCOME_PATIENCE_MS = 8_000;

/**
 * Watches an online game's first moments and reports the page it deserves: asks the lobby about
 * the game at once (an unknown id answers `lobby/no-game` over HTTP as over the socket), and again
 * if the socket fails, is refused, or is not welcomed within `patienceMs`. Once welcomed, the
 * report is cleared and the game screen's own "reconnecting…" covers later drops, but not a
 * connection the server ended for good (an open game removed for waiting too long answers
 * `lobby/no-game` from then on). A hello refused for a game that exists means the seat held here is
 * no longer valid (given back in another tab): `onRefused` (e.g. forget it and watch). Returns a
 * stop.
 */
export function watchGame(
  lobby: Lobby,
  game: string,
  connection: Connection,
  report: (problem: Problem | undefined) => void,
  options: { onRefused?: () => void; patienceMs?: number } = {},
): () => void {
  let stopped = false;
  let welcomed = false;
  const ask = async (why: 'start' | 'socket' | 'refused'): Promise<void> => {
    const r = await lobby.summary(game);
    if (stopped || (welcomed && why !== 'refused')) return;
    if (!r.ok) report(pageProblem(r.error) ?? (why === 'start' ? undefined : SERVER_DOWN));
    else if (why === 'refused' && options.onRefused !== undefined) options.onRefused();
    // The lobby knows the game but its socket fails: the live part of the server is down.
    else if (why === 'socket') report(browserOnline() ? SERVER_DOWN : OFFLINE);
  };
  void ask('start');
  const timer = setTimeout(() => void ask('socket'), options.patienceMs ?? WELCOME_PATIENCE_MS);
  const offState = connection.onState((state) => {
    if (state === 'open') {
      welcomed = true;
      clearTimeout(timer);
      report(undefined);
    } else if (!welcomed && state === 'reconnecting') void ask('socket');
    else if (state === 'closed') void ask('refused');
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    offState();
  };
}
