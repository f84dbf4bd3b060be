/**
 * What went wrong, in words for players: the one place that turns the server's error codes
 * (docs/protocol.md, "HTTP lobby" and "Error codes") and network failures into sentences, and
 * decides which of them deserve a page of their own (an unknown game, being offline, a server that
 * does not answer) rather than a line above what the player was doing.
 */
import type { Connection } from '../net/connection.js';
import type { Lobby, LobbyError } from '../net/lobby.js';

/** What a failure is about, for the pages that explain it. */
export type ProblemKind = 'no-game' | 'offline' | 'server-down';

export interface Problem {
  kind: ProblemKind;
  title: string;
  sentence: string;
}

/**
 * Whether the browser believes it has a network (true where it cannot tell: this module is also
 * loaded under Node, by way of net/lobby.ts, where there is no navigator to ask).
 */
const browserOnline = (): boolean =>
  (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false;

const SERVER_TROUBLE = 'The game server had a problem. It is probably restarting: try again in a minute.';

/** Sentences by code; a function when the server's own words or the refused field help. */
const SENTENCES: Record<string, string | ((detail: string, path: string) => string)> = {
  'net/bad-answer': 'The game server sent an answer this page does not understand. Try again in a minute.',
  'http/rate-limited': 'Too many requests from this address. Wait a minute, then try again.',
  'http/invalid': (_detail, path) =>
    /name$/.test(path)
      ? 'That name cannot be used: choose 1 to 40 letters, digits or symbols.'
      : 'The server refused this request.',
  'http/too-large': 'The server refused this request: it was too large.',
  'lobby/no-game': 'This game does not exist (any more).',
  'lobby/invalid-settings': (detail) => `The server refused these settings (${detail}).`,
  'lobby/not-a-seat': 'That seat is not part of this game.',
  'lobby/no-free-seat': 'Every seat of this game is taken.',
  'lobby/seat-reserved': 'That seat is kept for two minutes for a player of the previous game.',
  'lobby/too-many-open': 'You already have three games waiting for players: start or leave one first.',
  'lobby/too-many-games': 'You already have twenty games going on: finish some first.',
  'lobby/too-many-bot-games': 'Too many games of bots only are being played right now: try again later.',
  'lobby/seat-taken': 'Someone took that seat just before you.',
  'lobby/started': 'This game has already started.',
  'lobby/not-over': 'This game is not over yet.',
  'lobby/expired': 'This game waited too long for players and was removed.',
  'auth/bad-token': 'This browser no longer holds a seat in this game.',
  'seat/revoked': 'Your seat in this game was given back: you can still watch it.',
  'seat/taken-over': 'A bot has taken over your seat in this game: you can still watch it.',
  'record/not-public': 'The record of a game can be seen once the game is over.',
  'server/storage': SERVER_TROUBLE,
  'server/internal': SERVER_TROUBLE,
};

/** The sentence for a code this module knows (the game's own refusals keep the server's words). */
export function knownProblem(code: string): string | undefined {
  const known = SENTENCES[code];
  return typeof known === 'string' ? known : known?.('', '');
}

/**
 * A lobby error in words: `code` the server's (or `net/…` for the network), `status` the HTTP
 * status (0 when nothing answered), `detail` the server's own message, `path` the refused field.
 */
export function problemSentence(code: string, status: number, detail = '', path = ''): string {
  if (code === 'net/unreachable')
    return browserOnline()
      ? 'The game server cannot be reached. Check your connection, or try again in a minute.'
      : 'You seem to be offline: the game server cannot be reached.';
  const known = SENTENCES[code];
  if (typeof known === 'string') return known;
  if (known !== undefined) return known(detail, path);
  if (status >= 500) return SERVER_TROUBLE;
  // 414 (an id too long to be one) and 404 (no such route) come from a mistyped address.
  if (status === 404 || status === 414) return 'There is nothing at this address.';
  return 'The server refused this request.';
}

const NO_GAME: Problem = {
  kind: 'no-game',
  title: 'This game does not exist',
  sentence:
    'There is no game at this address. The link may be mistyped, or the game was removed: a game nobody joins is removed after half an hour.',
};
const OFFLINE: Problem = {
  kind: 'offline',
  title: 'You are offline',
  sentence:
    'This device seems to have no network, so the online games cannot be reached. Games on this device still work.',
};
const SERVER_DOWN: Problem = {
  kind: 'server-down',
  title: 'The game server is not answering',
  sentence: 'The server may be restarting or too busy. Your games are kept: try again in a minute.',
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
