/**
 * A connection to a game on the server over one WebSocket at a time (docs/protocol.md):
 * - on open it says `hello` (the seat token in the message, never in the URL) and is `open` once
 *   the `welcome` came;
 * - it keeps the last version received (`welcome`, `update`, `ended`; not `ack`, which comes before
 *   its `update`) and, when the socket drops, goes `reconnecting` and opens a new one with backoff
 *   (0.5 s doubling to 8 s, with jitter), saying `hello` with `since` = that version: the
 *   `welcome` then carries the missed steps;
 * - it keeps every `act` and `resign` not answered yet and, after each new `welcome`, sends them
 *   again with their original ids (the server applies an id at most once and answers a repeat with
 *   the original answer). Answers that mean "try again" (`server/busy`, `server/storage`,
 *   `session/detached`) are not passed on: the message is sent again (after reconnecting, for a
 *   detached session);
 * - it pings when the socket has been quiet for a while, and drops a socket that stays silent;
 * - it is `closed` only by `close()`, or when the server refuses the hello (`auth/bad-token`,
 *   `lobby/no-game`, an invalid hello): that error is passed on first. Any other refusal of the
 *   hello (busy, storage down) means a new socket after the usual pause.
 */
import type { ClientMessage, ServerMessage, ViewerMessage } from '@carc/protocol';
import { PROTOCOL_VERSION, Receiver } from '@carc/protocol';
import type { Connection, ConnectionState } from './connection.js';

/** The part of a WebSocket this connection uses (the browser's, or `ws`'s under Node). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketConstructor = new (url: string) => SocketLike;

export interface OnlineOptions {
  /** The WebSocket address, e.g. `wss://example.org/ws`. */
  url: string;
  game: string;
  /** The seat token; without it, a spectator. */
  token?: string;
  /** The WebSocket class (default the global `WebSocket`). */
  WebSocket?: SocketConstructor;
  /** First reconnection delay and its ceiling (ms; default 500 and 8000), doubled each failure. */
  backoff?: { initialMs?: number; maxMs?: number };
  /** Ping after this long without a message (ms, default 25 s); drop the socket after as long again. */
  idleMs?: number;
  /** For the jitter (default Math.random). */
  random?: () => number;
}

/** Refusals of a hello after which reconnecting cannot help. */
const FINAL_HELLO_ERRORS: ReadonlySet<string> = new Set([
  'auth/bad-token',
  'lobby/no-game',
  'ws/invalid-message',
  'ws/unknown-type',
  'ws/malformed-json',
  'protocol/outdated',
]);
/** Answers to an act or resign that mean "send it again with the same id". */
const RETRY_ERRORS: ReadonlySet<string> = new Set(['server/busy', 'server/storage', 'session/detached']);

type Pending = Extract<ClientMessage, { type: 'act' | 'resign' }>;

export function onlineConnection(options: OnlineOptions): Connection {
  const Socket = options.WebSocket ?? (globalThis as unknown as { WebSocket?: SocketConstructor }).WebSocket;
  if (Socket === undefined) throw new Error('onlineConnection: no WebSocket in this environment');
  const initialMs = options.backoff?.initialMs ?? 500;
  const maxMs = options.backoff?.maxMs ?? 8_000;
  const idleMs = options.idleMs ?? 25_000;
  const random = options.random ?? Math.random;

  const messageListeners = new Set<(message: ViewerMessage) => void>();
  const stateListeners = new Set<(state: ConnectionState) => void>();
  const early: ViewerMessage[] = [];
  /** The copy of the view, kept from the changes the server sends (protocol v2). */
  const receiver = new Receiver();
  /** Acts and resignations not answered yet, by id, in the order sent. */
  const pending = new Map<string, Pending>();

  let state: ConnectionState = 'connecting';
  let socket: SocketLike | undefined;
  /** The socket's hello was answered with a welcome. */
  let welcomed = false;
  /** The last version received (welcome, update, ended), -1 before any. */
  let version = -1;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let resendTimer: ReturnType<typeof setTimeout> | undefined;

  const setState = (next: ConnectionState): void => {
    if (state === next) return;
    state = next;
    for (const listener of [...stateListeners]) listener(next);
  };
  const deliver = (message: ViewerMessage): void => {
    if (messageListeners.size === 0) early.push(message);
    for (const listener of [...messageListeners]) listener(message);
  };
  const write = (message: ClientMessage): void => {
    if (socket !== undefined && socket.readyState === 1) socket.send(JSON.stringify(message));
  };

  const clearTimers = (): void => {
    for (const timer of [retryTimer, idleTimer, resendTimer]) if (timer !== undefined) clearTimeout(timer);
    retryTimer = idleTimer = resendTimer = undefined;
  };

  /** Pings after `idleMs` of silence; a socket still silent `idleMs` later is dropped. */
  const watchIdle = (s: SocketLike): void => {
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (s !== socket) return;
      write({ type: 'ping' });
      idleTimer = setTimeout(() => {
        if (s === socket) s.close(4000, 'silent');
        drop(s);
      }, idleMs);
    }, idleMs);
  };

  const open = (): void => {
    retryTimer = undefined;
    welcomed = false;
    let s: SocketLike;
    try {
      s = new Socket(options.url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = s;
    s.onopen = () => {
      if (s !== socket) return;
      write({
        type: 'hello',
        game: options.game,
        protocol: PROTOCOL_VERSION,
        ...(options.token === undefined ? {} : { token: options.token }),
        ...(version < 0 ? {} : { since: version }),
      });
      watchIdle(s);
    };
    s.onmessage = (event) => {
      if (s !== socket || typeof event.data !== 'string') return;
      let message: ServerMessage;
      try {
        message = JSON.parse(event.data) as ServerMessage;
      } catch {
        return;
      }
      watchIdle(s);
      const { messages, resync } = receiver.receive(message);
      for (const m of messages) receive(s, m);
      // The copy went wrong (it should not): the whole view again, on this socket.
      if (resync !== undefined) write({ type: 'resync' });
    };
    s.onclose = () => drop(s);
    s.onerror = () => {
      // A close follows; some environments close without telling (then the idle watch does).
    };
  };

  const receive = (s: SocketLike, message: ViewerMessage): void => {
    switch (message.type) {
      case 'welcome':
        welcomed = true;
        failures = 0;
        version = Math.max(version, message.version);
        {
          // What was not answered goes again, with its original id, after the welcome (what the
          // listeners send on seeing the welcome goes once, by itself).
          const resend = [...pending.values()];
          deliver(message);
          setState('open');
          for (const m of resend) if (pending.has(m.id)) write(m);
        }
        return;
      case 'update':
      case 'ended':
        version = Math.max(version, message.version);
        return deliver(message);
      case 'ack':
        pending.delete(message.id);
        return deliver(message);
      case 'error':
        if (!welcomed && message.id === undefined) {
          if (FINAL_HELLO_ERRORS.has(message.code)) {
            // The hello was refused: no point in trying again.
            deliver(message);
            finish();
            return;
          }
          // Any other refusal may pass (busy, a service down): a new socket, after a pause.
          s.close(4001, 'try again');
          drop(s);
          return;
        }
        if (message.id !== undefined && pending.has(message.id)) {
          if (RETRY_ERRORS.has(message.code)) {
            if (message.code === 'session/detached') {
              s.close(4002, 'detached');
              drop(s);
            } else {
              retryLater(message.id);
            }
            return;
          }
          pending.delete(message.id);
        }
        return deliver(message);
      default:
        return deliver(message);
    }
  };

  /** Sends one pending message again after a pause (the server was busy, storage failed). */
  const retryLater = (id: string): void => {
    if (resendTimer !== undefined) return;
    resendTimer = setTimeout(() => {
      resendTimer = undefined;
      const m = pending.get(id);
      if (m !== undefined && welcomed) write(m);
    }, jittered(initialMs));
  };

  const jittered = (ms: number): number => Math.round(ms * (0.5 + random() / 2));

  /** The socket is gone (closed by either side, or silent): reconnect unless closing. */
  const drop = (s: SocketLike): void => {
    if (s !== socket || state === 'closed') return;
    s.onopen = s.onmessage = s.onclose = s.onerror = null;
    socket = undefined;
    welcomed = false;
    scheduleReconnect();
  };

  const scheduleReconnect = (): void => {
    if (state === 'closed' || retryTimer !== undefined) return;
    if (idleTimer !== undefined) clearTimeout(idleTimer);
    idleTimer = undefined;
    setState('reconnecting');
    const delay = jittered(Math.min(maxMs, initialMs * 2 ** failures));
    failures++;
    retryTimer = setTimeout(open, delay);
  };

  const finish = (): void => {
    if (state === 'closed') return;
    clearTimers();
    const s = socket;
    socket = undefined;
    setState('closed');
    if (s !== undefined) {
      s.onopen = s.onmessage = s.onclose = s.onerror = null;
      try {
        s.close(1000, 'bye');
      } catch {
        // already closing
      }
    }
  };

  open();

  return {
    send(message: Exclude<ClientMessage, { type: 'hello' }>) {
      if (state === 'closed') return;
      if (message.type === 'act' || message.type === 'resign') {
        // Kept until answered; sent now when welcomed, else after the next welcome.
        pending.set(message.id, message);
        if (welcomed) write(message);
        return;
      }
      if (welcomed) write(message);
    },
    onMessage(listener) {
      messageListeners.add(listener);
      for (const message of early.splice(0)) listener(message);
      return () => messageListeners.delete(listener);
    },
    onState(listener) {
      stateListeners.add(listener);
      listener(state);
      return () => stateListeners.delete(listener);
    },
    close: finish,
  };
}
