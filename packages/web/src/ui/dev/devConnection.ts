/**
 * A stand-in connection for the dev page (the real ones are in net/): a match in the page, seat 0
 * for the viewer, random bots in the other seats, answering through the protocol's `Session` and
 * read through its `Receiver`, as a server's messages are.
 */
import type { Action, Match, MatchStep } from '@carc/engine';
import type { ClientMessage, ServerMessage, ViewerMessage } from '@carc/protocol';
import { Receiver, Session } from '@carc/protocol';
import type { Connection, ConnectionState } from '../../net/connection.js';
import { prng } from './randomGame.js';

export function devConnection(match: Match, names: readonly string[], seat = 0): Connection {
  const listeners = new Set<(m: ViewerMessage) => void>();
  const rand = prng(7);
  const session = new Session(match);
  const receiver = new Receiver();
  const emit = (m: ServerMessage) => {
    for (const message of receiver.receive(m).messages) listeners.forEach((l) => l(message));
  };
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
  const frame = (step: MatchStep, ack?: string) => {
    const f = session.frame(seat, seat, step, {
      status: match.status,
      clocks: clocks(),
      ...(match.isOver ? { result: match.result } : {}),
    });
    emit(ack === undefined ? f : { ...f, ack });
  };
  const bots = () => {
    if (match.isOver || match.toAct === seat) return;
    setTimeout(() => {
      const p = match.toAct;
      const legal = match.view(p).legalActions;
      const a: Action | undefined = legal[Math.floor(rand() * legal.length)];
      if (a !== undefined) {
        const r = session.submit(p, undefined, match.version, a);
        if (r.ok) frame(r.step);
      }
      bots();
    }, 400);
  };
  let welcomed = false;
  return {
    send(m: Exclude<ClientMessage, { type: 'hello' }>) {
      if (m.type === 'act') {
        const r = session.submit(seat, m.id, m.version, m.action as unknown as Action);
        if (!r.ok) return emit(r.error);
        frame(r.step, m.id);
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
          emit(
            session.welcome(seat, seat, { game: 'dev', status: match.status, players, clocks: clocks() }, 0),
          ),
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
