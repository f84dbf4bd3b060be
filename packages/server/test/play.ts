/** A seat played by a client: random legal actions from the view it is sent, until the game ends. */
import type { Action, GameView } from '@carc/engine';
import type { ViewerMessage } from '@carc/protocol';
import type { Client } from './harness.js';
import { prng } from '../../engine/test/playout.js';

type State = Extract<ViewerMessage, { type: 'welcome' | 'update' }>;

/** The last welcome or update the client was sent. */
export function latest(c: Client): State {
  for (let i = c.messages.length - 1; i >= 0; i--) {
    const m = c.messages[i]!;
    if (m.type === 'welcome' || m.type === 'update') return m;
  }
  throw new Error('no state received yet');
}

export const isOver = (c: Client): boolean =>
  latest(c).status !== 'playing' || c.messages.some((m) => m.type === 'ended');

let ids = 0;

/** Plays one random legal action for `seat` if it is to act; resolves with the answer. */
export async function actRandom(
  c: Client,
  seat: number,
  random: () => number,
): Promise<ViewerMessage | undefined> {
  const s = latest(c);
  const view = s.view as GameView | undefined;
  if (view === undefined || view.toAct !== seat || s.status !== 'playing') return undefined;
  const legal = view.legalActions ?? [];
  const action = legal[Math.floor(random() * legal.length)] as Action;
  const id = `a${++ids}`;
  const from = c.messages.length;
  c.send({ type: 'act', id, version: s.version, action });
  const answer = await Promise.race([
    c.next('ack', (m) => m.id === id, 20_000, from),
    c.next('error', (m) => m.id === id, 20_000, from),
  ]);
  // The update of an accepted action follows its acknowledgement.
  if (answer.type === 'ack') await c.next('update', (m) => m.version >= answer.version, 20_000, from);
  return answer;
}

/** Plays `seat` until the game is over, or until the version reaches `stopAt`. */
export async function playSeat(
  c: Client,
  seat: number,
  random: () => number,
  stopAt = Infinity,
): Promise<void> {
  for (;;) {
    if (isOver(c) || latest(c).version >= stopAt) return;
    const s = latest(c);
    if ((s.view as GameView | undefined)?.toAct === seat) {
      const answer = await actRandom(c, seat, random);
      if (answer?.type === 'error') throw new Error(`refused: ${JSON.stringify(answer)}`);
    }
    await Promise.race([
      c.next('update', (m) => m.version > s.version, 60_000, 0),
      c.next('ended', () => true, 60_000, 0),
    ]);
  }
}

/** A seeded generator in [0, 1) (the engine tests' mulberry32), so a failing game can be played again. */
export function seeded(seed: number): () => number {
  const next = prng(seed);
  return () => next() / 4294967296;
}

/** Waits until `seat` is to act, or the game is over: nothing moves in a game of humans meanwhile. */
export async function untilTurn(c: Client, seat: number): Promise<void> {
  for (;;) {
    const s = latest(c);
    if (isOver(c) || (s.view as GameView | undefined)?.toAct === seat) return;
    await c.next('update', (m) => m.version > s.version, 20_000, 0);
  }
}
