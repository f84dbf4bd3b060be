/** Attack scenarios run against one server process and against a cluster of two. */
import { expect } from 'vitest';
import type { Created } from './harness.js';
import { Client, api, connect, createGame } from './harness.js';
import { latest, playSeat, seeded } from './play.js';

/**
 * Defect 1: M holds seat 1 with a socket open, leaves over HTTP; B takes seat 1, C joins, the game
 * starts. M's old socket must have been cut at the leave: it never sees B's hand, never acts.
 * `lobby` takes the HTTP calls, `sockets` serves M's socket (another process in a cluster).
 */
export async function seatAfterLeave(
  lobby: { url: string },
  sockets: { url: string; ws: string },
): Promise<void> {
  const g = await createGame(
    lobby,
    { expansions: ['halflings'], seats: Array(3).fill({ kind: 'human' }) },
    'Ann',
  );
  const m = await api<Created>(lobby.url, 'POST', `/api/games/${g.id}/join`, { name: 'Mallory' });
  expect(m.body.seat).toBe(1);
  const mallory = await connect(sockets.ws, g.id, m.body.token);
  expect(mallory.welcome.seat).toBe(1);
  const ann = await connect(lobby.url.replace(/^http/, 'ws') + '/ws', g.id, g.token);

  const left = await api(lobby.url, 'POST', `/api/games/${g.id}/leave`, { token: m.body.token });
  expect(left.status).toBe(200);
  const cut = await Promise.race([
    mallory.client.closed,
    new Promise<undefined>((r) => setTimeout(() => r(undefined), 10_000)),
  ]);
  expect(cut).toEqual({ code: 4003, reason: 'seat/revoked' });
  expect(mallory.client.messages.some((x) => x.type === 'error' && x.code === 'seat/revoked')).toBe(true);

  const b = await api<Created>(lobby.url, 'POST', `/api/games/${g.id}/join`, { name: 'Bob' });
  expect(b.body.seat).toBe(1);
  const c = await api<Created>(lobby.url, 'POST', `/api/games/${g.id}/join`, { name: 'Cleo' });
  expect(c.body.seat).toBe(2);
  const started = await ann.client.next('welcome', (w) => w.status === 'playing', 10_000, 1);
  // Bob never connected: presence must not show seat 1 held.
  expect(started.players[1]).toMatchObject({ name: 'Bob', connected: false });
  // Nothing reached the cut socket after its revocation: no welcome as seat 1, no hand.
  const afterCut = mallory.client.messages.slice(
    mallory.client.messages.findIndex((x) => x.type === 'error' && x.code === 'seat/revoked') + 1,
  );
  expect(afterCut).toEqual([]);

  // The old token opens nothing any more.
  const retry = await Client.open(sockets.ws);
  retry.send({ type: 'hello', game: g.id, token: m.body.token, protocol: 2 });
  expect((await retry.next('error')).code).toBe('auth/bad-token');
  retry.close();

  // Bob plays his seat; seat 1's moves are his alone.
  const bob = await connect(sockets.ws, g.id, b.body.token);
  expect(bob.welcome.seat).toBe(1);
  const cleo = await connect(sockets.ws, g.id, c.body.token);
  await Promise.all([
    playSeat(ann.client, 0, seeded(5), 12),
    playSeat(bob.client, 1, seeded(6), 12),
    playSeat(cleo.client, 2, seeded(7), 12),
  ]);
  expect(latest(bob.client).version).toBeGreaterThanOrEqual(12);
  for (const x of [ann.client, bob.client, cleo.client]) x.close();
}
