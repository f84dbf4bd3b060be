/**
 * A connection to a game played on this device: the engine and the bots run in a Web Worker
 * (`local/worker.ts`, which Vite bundles) behind the same protocol as the server. The connection is
 * open at once; `hello` is sent by the connection itself. Hotseat: one client plays every human
 * seat, and is sent what the human seat to act sees (see local/table.ts).
 */
import type { ClientMessage, ServerMessage } from '@carc/server/protocol';
import type { LocalSettings } from '../local/table.js';
import type { WorkerInbound } from '../local/worker.js';
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
}

export function localConnection(
  settings: LocalSettings,
  names: readonly (string | undefined)[],
  options: LocalOptions = {},
): Connection {
  const worker = new Worker(new URL('../local/worker.ts', import.meta.url), { type: 'module' });
  const messages = new Set<(message: ServerMessage) => void>();
  const states = new Set<(state: ConnectionState) => void>();
  let state: ConnectionState = 'open';
  const post = (message: WorkerInbound): void => worker.postMessage(message);
  /** Messages that came before anyone listened (the welcome may beat the UI's subscription). */
  const early: ServerMessage[] = [];
  const deliver = (message: ServerMessage): void => {
    if (messages.size === 0) early.push(message);
    for (const listener of [...messages]) listener(message);
  };
  worker.onmessage = (event: MessageEvent<ServerMessage>) => deliver(event.data);
  worker.onerror = (event: ErrorEvent) => {
    // The table failed (a bug): tell the UI as the server would, then give up.
    deliver({ type: 'error', code: 'server/internal', message: event.message });
    close();
  };
  const close = (): void => {
    if (state === 'closed') return;
    state = 'closed';
    worker.terminate();
    for (const listener of [...states]) listener(state);
  };
  post({ kind: 'start', settings, names, ...options });
  post({ type: 'hello', game: LOCAL_GAME });
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
  };
}
