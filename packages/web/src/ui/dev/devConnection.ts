/**
 * A stand-in connection for the dev page (the real ones are in net/): a match in the page, seat 0
 * for the viewer, random bots in the other seats, speaking the server's messages.
 */
import type { Action, Match } from '@carc/engine';
import type { ClientMessage, ServerMessage } from '@carc/protocol';
import type { Connection, ConnectionState } from '../../net/connection.js';
import { prng } from './randomGame.js';

export function devConnection(match: Match, names: readonly string[], seat = 0): Connection {
  const listeners = new Set<(m: ServerMessage) => void>();
  const rand = prng(7);
  const emit = (m: ServerMessage) => listeners.forEach((l) => l(m));
  const players = names.map((name, i) => ({
    seat: i,
    name,
    kind: i === seat ? ('human' as const) : ('bot' as const),
    ...(i === seat ? {} : { level: 'random' }),
    connected: true,
  }));
  const clocks = () => ({
    remainingMs: names.map((_, i) => 300_000 - i * 47_000),
    running: match.toAct,
    incrementMs: 5_000,
  });
  const update = () => {
    const s = match.since(seat, match.version - 1);
    const step = s?.steps[s.steps.length - 1];
    if (step === undefined) return;
    emit({
      type: 'update',
      version: match.version,
      step,
      view: match.view(seat),
      hints: match.hints(seat),
      status: match.status,
      clocks: clocks(),
      ...(match.isOver ? { result: match.result } : {}),
    });
  };
  const bots = () => {
    if (match.isOver || match.toAct === seat) return;
    setTimeout(() => {
      const p = match.toAct;
      const legal = match.view(p).legalActions;
      const a: Action | undefined = legal[Math.floor(rand() * legal.length)];
      if (a !== undefined && match.submit(p, a, match.version).ok) update();
      bots();
    }, 400);
  };
  let welcomed = false;
  return {
    send(m: Exclude<ClientMessage, { type: 'hello' }>) {
      if (m.type === 'act') {
        const r = match.submit(seat, m.action as unknown as Action, m.version);
        if (!r.ok) {
          emit({ type: 'error', id: m.id, code: r.error.code, message: r.error.message });
          return;
        }
        emit({ type: 'ack', id: m.id, version: match.version });
        update();
        bots();
      } else if (m.type === 'resign') {
        const r = match.resign(seat, new Date().toISOString());
        if (r.ok) emit({ type: 'ended', version: match.version, status: match.status, result: r.value });
      }
    },
    onMessage(listener) {
      listeners.add(listener);
      if (!welcomed) {
        welcomed = true;
        queueMicrotask(() =>
          emit({
            type: 'welcome',
            game: 'dev',
            seat,
            status: match.status,
            version: match.version,
            players,
            view: match.view(seat),
            hints: match.hints(seat),
            steps: match.since(seat, 0)?.steps ?? [],
            clocks: clocks(),
          }),
        );
      }
      return () => listeners.delete(listener);
    },
    onState(listener: (s: ConnectionState) => void) {
      queueMicrotask(() => listener('open'));
      return () => {};
    },
    close() {
      listeners.clear();
    },
  };
}
