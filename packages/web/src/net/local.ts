/**
 * A connection to a game played on this device: the engine and the bots run in a Web Worker
 * (`local/worker.ts`, which Vite bundles) behind the same protocol as the server. The connection is
 * open at once; `hello` is sent by the connection itself. Hotseat: one client plays every human
 * seat, and is sent what the human seat to act sees (see local/table.ts). The worker reports the
 * game's progress after every change (`onprogress`, to save it); a saved game's `record` carries it
 * on, its welcome bringing every step so far (the log is whole again). The table speaks the players'
 * language (its own refusals, the names it gives): `locale` at the start, `setLocale` on a change.
 */
import type { Locale } from '@carc/art';
import type { ClientMessage, ServerMessage, ViewerMessage } from '@carc/protocol';
import { PROTOCOL_VERSION, Receiver } from '@carc/protocol';
import type { LocalProgress, LocalSettings } from '../local/table.js';
import type { WorkerInbound, WorkerOutbound } from '../local/worker.js';
import type { Connection, ConnectionState } from './connection.js';

/** The game id a local table answers to. */
export const LOCAL_GAME = 'local';

export interface LocalOptions {
  /** Thinking time per MCTS decision (ms). */
  botBudgetMs?: number;
  /** Pause before each bot move (ms), to watch them. */
  botDelayMs?: number;
  /** A fixed seed (replays, tests); default a random one. */
  seed?: string;
  /** A saved game's record (`LocalProgress.record`), to carry it on. */
  record?: Record<string, unknown>;
  /** Called with the game's progress when it starts and after every change. */
  onprogress?: (progress: LocalProgress) => void;
  /** The players' language (default: the browser's). */
  locale?: Locale;
}

/** A local connection can also hand over the finished game's record (for a file or the replay viewer). */
export interface LocalConnection extends Connection {
  /** The record once the game is over; null before (it would give away the pile's order). */
  record(): Promise<Record<string, unknown> | null>;
  /** The players changed their language: the table speaks `locale` from now on. */
  setLocale(locale: Locale): void;
}

export function localConnection(
  settings: LocalSettings,
  names: readonly (string | undefined)[],
  options: LocalOptions = {},
): LocalConnection {
  const worker = new Worker(new URL('../local/worker.ts', import.meta.url), { type: 'module' });
  const messages = new Set<(message: ViewerMessage) => void>();
  const states = new Set<(state: ConnectionState) => void>();
  let state: ConnectionState = 'open';
  const post = (message: WorkerInbound): void => worker.postMessage(message);
  /** Messages that came before anyone listened (the welcome may beat the UI's subscription). */
  const early: ViewerMessage[] = [];
  const deliver = (message: ViewerMessage): void => {
    if (messages.size === 0) early.push(message);
    for (const listener of [...messages]) listener(message);
  };
  /** The copy of the view, kept from the changes the table sends, as from a server. */
  const receiver = new Receiver();
  const receive = (message: ServerMessage): void => {
    const { messages: decoded, resync } = receiver.receive(message);
    for (const m of decoded) deliver(m);
    if (resync !== undefined) post({ type: 'resync' });
  };
  /** Answers to `record` requests, in the order asked (the worker answers in order). */
  const records: ((record: Record<string, unknown> | null) => void)[] = [];
  worker.onmessage = (event: MessageEvent<WorkerOutbound>) => {
    const data = event.data;
    if (!('kind' in data)) receive(data);
    else if (data.kind === 'progress') options.onprogress?.(data.progress);
    else records.shift()?.(data.record);
  };
  worker.onerror = (event: ErrorEvent) => {
    // The table failed (a bug): tell the UI as the server would, then give up.
    deliver({ type: 'error', code: 'server/internal', message: event.message });
    close();
  };
  const close = (): void => {
    if (state === 'closed') return;
    state = 'closed';
    worker.terminate();
    for (const answer of records.splice(0)) answer(null);
    for (const listener of [...states]) listener(state);
  };
  // A function cannot be posted: everything but `onprogress` goes to the worker.
  const { botBudgetMs, botDelayMs, seed, record, locale } = options;
  post({
    kind: 'start',
    settings,
    names,
    ...(botBudgetMs === undefined ? {} : { botBudgetMs }),
    ...(botDelayMs === undefined ? {} : { botDelayMs }),
    ...(seed === undefined ? {} : { seed }),
    ...(record === undefined ? {} : { record }),
    ...(locale === undefined ? {} : { locale }),
  });
  // A game carried on sends every step since the start, so the log shows them all again.
  post({
    type: 'hello',
    game: LOCAL_GAME,
    protocol: PROTOCOL_VERSION,
    ...(options.record === undefined ? {} : { since: 0 }),
  });
  return {
    send(message: Exclude<ClientMessage, { type: 'hello' }>) {
      if (state !== 'closed') post(message);
    },
    onMessage(listener) {
      messages.add(listener);
      for (const message of early.splice(0)) listener(message);
      return () => messages.delete(listener);
    },
    onState(listener) {
      states.add(listener);
      listener(state);
      return () => states.delete(listener);
    },
    close,
    setLocale(l) {
      if (state !== 'closed') post({ kind: 'locale', locale: l });
    },
    record() {
      if (state === 'closed') return Promise.resolve(null);
      return new Promise((resolve) => {
        records.push(resolve);
        post({ kind: 'record' });
      });
    },
  };
}
