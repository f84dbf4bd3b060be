/**
 * Quick pairing ("Play now", docs/protocol.md, "Quick pairing"): one WebSocket to `/ws/pairing`
 * while this page seeks a game. `seek` opens it (or, open already, replaces the seek), the server
 * answers `seeking` and, once enough players match, `paired` with the seat taken for us: its token
 * is kept where the lobby keeps a joined seat's (app/seats.ts), and the game opens. `cancel` says
 * `unseek` and closes the socket (a closed socket leaves the queue anyway). A socket that drops
 * while seeking is opened again and the seek sent again, after a pause that doubles (0.5 s to 8 s).
 *
 * The open seeks (GET /api/seeks) are read by `listSeeks`, typed and never throwing, as the lobby's
 * calls are (net/lobby.ts).
 */
import type {
  ClockSettings,
  PairingClientMessage,
  PairingServerMessage,
  SeekListing,
  SeekSettings,
} from '@carc/protocol';
import type { Words } from '../app/problems.js';
import { problemWords } from '../app/problems.js';
import { holdSeat } from '../app/seats.js';
import type { SocketConstructor, SocketLike } from './online.js';

// ---- the messages (@carc/protocol's pairing.ts)

export type { PairingClientMessage, PairingServerMessage, SeekSettings };

/** What the page asks: the game, the rating range accepted (null: anyone), a name when anonymous. */
export type SeekRequest = Omit<Extract<PairingClientMessage, { type: 'seek' }>, 'type'>;

/** A seek in the list of open seeks (no token, no account: a name, a rating, what it wants). */
export type OpenSeek = SeekListing;

// ---- what the screen shows

/**
 * The rating range's widening while a seek waits, as the server's queue does it (pairing/queue.ts:
 * 10 points a second, up to ±500; a seek that asked for more keeps its own).
 */
export const WIDEN_PER_SECOND = 10;
export const MAX_WIDENED_RANGE = 500;

/** How far from one's rating an opponent may be after `elapsedMs` of waiting (null: anyone). */
export function widenedRange(range: number | null, elapsedMs: number): number | null {
  if (range === null) return null;
  const widened = range + (WIDEN_PER_SECOND * Math.max(0, elapsedMs)) / 1000;
  return Math.round(Math.max(range, Math.min(widened, MAX_WIDENED_RANGE)));
}

/** The ranges offered ("anyone" is null). */
export const RANGES: readonly (number | null)[] = [100, 200, 400, null];

/** Clocks offered: none, or minutes each plus seconds a turn (a bot takes over a player out of time). */
export const CLOCK_PRESETS: readonly { id: string; clock?: ClockSettings }[] = [
  { id: 'none' },
  { id: '5+5', clock: { initialMs: 5 * 60_000, incrementMs: 5_000, onTimeout: 'bot' } },
  { id: '10+10', clock: { initialMs: 10 * 60_000, incrementMs: 10_000, onTimeout: 'bot' } },
  { id: '20+20', clock: { initialMs: 20 * 60_000, incrementMs: 20_000, onTimeout: 'bot' } },
];

/** A clock as "5+5" (minutes each + seconds a turn), the way the seeks list and the queue name it. */
export const clockLabel = (clock: ClockSettings | undefined): string =>
  clock === undefined
    ? 'none'
    : `${Math.round(clock.initialMs / 60_000)}+${Math.round(clock.incrementMs / 1000)}`;

export type PairingState =
  | { kind: 'idle' }
  /** Asked, and not yet told it is in the queue (or the socket is being opened again). */
  | { kind: 'connecting'; since: number }
  /** In the queue since `since` (this page's clock, ms). */
  | { kind: 'seeking'; since: number; rating?: number; range: number | null }
  | { kind: 'paired'; game: string; seat: number }
  | { kind: 'failed'; code: string; words: Words; message: string };

export interface PairingOptions {
  /** The socket's address, e.g. `wss://example.org/ws/pairing` (default: from `location`). */
  url?: string;
  WebSocket?: SocketConstructor;
  /** Keeps the seat taken (default: app/seats.ts's holdSeat, as a join in the lobby does). */
  hold?: (game: string, seat: { seat: number; token: string }) => void;
  /** Opens the game (default: `#/game/<id>`). */
  open?: (game: string) => void;
  now?: () => number;
  /** Ping after this long without a message (ms, default 25 s). */
  idleMs?: number;
  /** First pause before opening a dropped socket again, and its ceiling (ms; default 500 and 8000). */
  backoff?: { initialMs?: number; maxMs?: number };
}

export interface Pairing {
  readonly state: PairingState;
  /** Seeks a game (in place of this page's seek, if any). */
  seek(request: SeekRequest): void;
  /** Leaves the queue: one click. */
  cancel(): void;
  /** Calls `listener` with each new state; returns how to stop. */
  onState(listener: (state: PairingState) => void): () => void;
}

/** `ws(s)://<this page's host>/ws/pairing`. */
export const pairingUrl = (): string =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/pairing`;

/** A server message's shape, as far as this page relies on it (its fields are checked where read). */
const isMessage = (data: unknown): data is PairingServerMessage =>
  typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';

export function pairing(options: PairingOptions = {}): Pairing {
  const Socket = options.WebSocket ?? (globalThis as unknown as { WebSocket?: SocketConstructor }).WebSocket;
  const now = options.now ?? Date.now;
  const idleMs = options.idleMs ?? 25_000;
  const initialMs = options.backoff?.initialMs ?? 500;
  const maxMs = options.backoff?.maxMs ?? 8_000;
  const hold = options.hold ?? holdSeat;
  const open = options.open ?? ((game: string) => (location.hash = `#/game/${encodeURIComponent(game)}`));

  let state: PairingState = { kind: 'idle' };
  const listeners = new Set<(state: PairingState) => void>();
  let socket: SocketLike | undefined;
  /** The seek this page wants, sent again on each new socket (undefined once cancelled or paired). */
  let wanted: SeekRequest | undefined;
  let failures = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const setState = (next: PairingState): void => {
    state = next;
    for (const listener of [...listeners]) listener(next);
  };
  const write = (s: SocketLike, message: PairingClientMessage): void => {
    if (s.readyState === 1) s.send(JSON.stringify(message));
  };
  const stopTimers = (): void => {
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    idleTimer = retryTimer = undefined;
  };
  /** Closes the socket without reopening it. */
  const shut = (): void => {
    stopTimers();
    const s = socket;
    socket = undefined;
    if (s !== undefined) {
      s.onopen = s.onmessage = s.onclose = s.onerror = null;
      if (s.readyState <= 1) s.close(1000, 'done');
    }
  };
  const fail = (code: string, message: string, path?: string): void => {
    wanted = undefined;
    shut();
    setState({ kind: 'failed', code, message, words: problemWords(code, 0, message, path ?? '') });
  };
  /** When the seek started (kept across a socket opened again: the wait goes on). */
  const since = (): number => (state.kind === 'seeking' || state.kind === 'connecting' ? state.since : now());

  const watchIdle = (s: SocketLike): void => {
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (s !== socket) return;
      write(s, { type: 'ping' });
      // Still silent as long again: dropped (and opened again while seeking).
      idleTimer = setTimeout(() => {
        if (s === socket) s.close(4000, 'silent');
        dropped(s);
      }, idleMs);
    }, idleMs);
  };

  const dropped = (s: SocketLike): void => {
    if (s !== socket) return;
    socket = undefined;
    stopTimers();
    if (wanted === undefined) return;
    if (failures >= 6) return fail('net/unreachable', 'the pairing socket keeps closing');
    const delay = Math.min(maxMs, initialMs * 2 ** failures);
    failures++;
    setState({ kind: 'connecting', since: since() });
    retryTimer = setTimeout(connect, delay);
  };

  const receive = (s: SocketLike, message: PairingServerMessage): void => {
    failures = 0;
    watchIdle(s);
    switch (message.type) {
      case 'seeking':
        setState({
          kind: 'seeking',
          since: since(),
          range: message.range,
          ...(typeof message.rating === 'number' ? { rating: message.rating } : {}),
        });
        return;
      case 'paired':
        if (typeof message.game !== 'string' || typeof message.token !== 'string') return;
        wanted = undefined;
        shut();
        hold(message.game, { seat: message.seat, token: message.token });
        setState({ kind: 'paired', game: message.game, seat: message.seat });
        open(message.game);
        return;
      case 'error':
        fail(
          typeof message.code === 'string' ? message.code : 'pairing/error',
          typeof message.message === 'string' ? message.message : '',
          message.path,
        );
        return;
      case 'pong':
        return;
    }
  };

  function connect(): void {
    retryTimer = undefined;
    if (wanted === undefined) return;
    if (Socket === undefined) return fail('net/unreachable', 'no WebSocket in this browser');
    let s: SocketLike;
    try {
      s = new Socket(options.url ?? pairingUrl());
    } catch (e) {
      return fail('net/unreachable', String(e));
    }
    socket = s;
    s.onopen = () => {
      if (s !== socket || wanted === undefined) return;
      write(s, { type: 'seek', ...wanted });
      watchIdle(s);
    };
    s.onmessage = (event) => {
      if (s !== socket || typeof event.data !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (isMessage(data)) receive(s, data);
    };
    s.onclose = () => dropped(s);
    s.onerror = () => {
      // The close event follows and decides.
    };
  }

  return {
    get state() {
      return state;
    },
    seek(request) {
      wanted = request;
      failures = 0;
      if (socket !== undefined && socket.readyState === 1) {
        write(socket, { type: 'seek', ...request });
        setState({ kind: 'connecting', since: now() });
        return;
      }
      shut();
      setState({ kind: 'connecting', since: now() });
      connect();
    },
    cancel() {
      const s = socket;
      wanted = undefined;
      if (s !== undefined) write(s, { type: 'unseek' });
      shut();
      if (state.kind !== 'paired') setState({ kind: 'idle' });
    },
    onState(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The open seeks (GET /api/seeks), oldest first, or words saying why they cannot be read. */
export async function listSeeks(
  base = '',
  fetchImpl: (input: string) => Promise<Response> = (input) => fetch(input),
): Promise<{ ok: true; seeks: OpenSeek[] } | { ok: false; code: string; words: Words }> {
  let response: Response;
  try {
    response = await fetchImpl(`${base}/api/seeks`);
  } catch (e) {
    return { ok: false, code: 'net/unreachable', words: problemWords('net/unreachable', 0, String(e)) };
  }
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    return { ok: false, code: 'net/bad-answer', words: problemWords('net/bad-answer', response.status) };
  }
  const seeks = (data as { seeks?: unknown } | null)?.seeks;
  if (!response.ok || !Array.isArray(seeks)) {
    const code = (data as { code?: unknown } | null)?.code;
    const c = typeof code === 'string' ? code : `http/${response.status}`;
    return { ok: false, code: c, words: problemWords(c, response.status) };
  }
  return { ok: true, seeks: seeks as OpenSeek[] };
}
