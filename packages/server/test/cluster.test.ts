/**
 * Scale-out for real: two `carcassonne serve` processes sharing a PostgreSQL database and a Redis
 * server (both started here from Debian's packages). Players on different processes play one game;
 * the owner is killed with SIGKILL mid-game; the other process takes the game over from PostgreSQL
 * without losing an acknowledged action.
 */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '@carc/engine';
import { BUILTIN, readRecord, replayRecord } from '@carc/engine';
import { WebSocket } from 'ws';
import type { SocketLike } from '../../web/src/net/online.js';
import { onlineConnection } from '../../web/src/net/online.js';
import { Client, FAST, api, connect, createGame, startServerProcess } from './harness.js';
import { actRandom, latest, playSeat, seeded } from './play.js';
import { servicesAvailable, servicesForSuite, servicesRequired } from './services.js';
import { seatAfterLeave } from './scenarios.js';

const run = servicesAvailable() || servicesRequired() ? describe : describe.skip;

run('two server processes on PostgreSQL and Redis', () => {
  const services = servicesForSuite();
  const servers = services.servers;
  /** Two processes on the suite's PostgreSQL and Redis, with a short lease (stopped after the suite). */
  const twoServers = async () => {
    const env = { ...FAST, REDIS_URL: services.redis().url, LEASE_MS: '1500' };
    const both = await Promise.all([
      startServerProcess(services.postgres().url, env),
      startServerProcess(services.postgres().url, env),
    ]);
    servers.push(...both);
    return both;
  };

  it('plays one game with its players on different processes; SIGKILL of the owner loses no acknowledged action and the game goes on on the other', async () => {
    const env = { ...FAST, REDIS_URL: services.redis().url, LEASE_MS: '1500' };
    const a = await startServerProcess(services.postgres().url, env);
    const b = await startServerProcess(services.postgres().url, env);
    servers.push(a, b);

    // Created and joined on A (so A owns it); Bob joins through B.
    const created = await api<{ id: string; token: string }>(a.url, 'POST', '/api/games', {
      settings: {
        expansions: ['princess-and-dragon', 'halflings'],
        seats: [{ kind: 'human' }, { kind: 'human' }],
      },
      join: { name: 'Ann' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const bob = await api<{ token: string; seat: number }>(b.url, 'POST', `/api/games/${id}/join`, {
      name: 'Bob',
    });
    expect(bob.body.seat).toBe(1);

    let ann = await connect(a.ws, id, created.body.token);
    const bobs = await connect(b.ws, id, bob.body.token);
    const presence = await bobs.client.next(
      'presence',
      (m) => m.players.every((p) => p.connected),
      10_000,
      0,
    );
    expect(presence.players.map((p) => p.name)).toEqual(['Ann', 'Bob']);

    const random = seeded(11);
    const acked: number[] = [];
    while (acked.length < 30) {
      for (const [c, seat] of [
        [ann.client, 0],
        [bobs.client, 1],
      ] as const) {
        const r = await actRandom(c, seat, random);
        if (r?.type === 'ack') acked.push(r.version);
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    // Both see every step, whichever process their socket is on.
    const reached = latest(ann.client).version;
    await bobs.client.next('update', (m) => m.version === reached, 10_000, 0);

    expect(await a.stop('SIGKILL')).toBeNull();
    const lastAcked = Math.max(...acked);

    // Ann reconnects to B; Bob's session on B follows the game to its new owner by itself.
    ann = await connect(b.ws, id, created.body.token, latest(ann.client).version);
    expect(ann.welcome.version).toBeGreaterThanOrEqual(lastAcked);
    const bobWelcome = await bobs.client.next('welcome', () => true, 15_000, 1);
    expect(bobWelcome.version).toBe(ann.welcome.version);

    await Promise.all([playSeat(ann.client, 0, seeded(12)), playSeat(bobs.client, 1, seeded(13))]);
    const final = latest(bobs.client);
    expect(final.status).toBe('finished');

    // Bob saw every version exactly once, across the change of owner.
    const seen = new Set<number>();
    for (const m of bobs.client.messages) {
      if (m.type === 'update') seen.add(m.step.version);
      if (m.type === 'welcome') for (const s of m.steps ?? []) seen.add(s.version);
    }
    expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: final.version }, (_, i) => i + 1));

    const record = await api<GameRecord>(b.url, 'GET', `/api/games/${id}/record`);
    const read = readRecord(record.body, BUILTIN);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.actions.length).toBe(final.version);
    const replay = replayRecord(read.value);
    if (!replay.ok) throw new Error(replay.error.message);
    expect(replay.value.game.scores).toEqual(final.view?.scores);
    ann.client.close();
    bobs.client.close();
  });

  it('a socket on the other process loses its seat the moment its player leaves (4003), never acting for the next holder', async () => {
    const [a, b] = await twoServers();
    await seatAfterLeave(a, b);
  });

  it('a socket whose seat is given back while its game changes owner is told and closed (4003), not left silent', async () => {
    const [a, b] = await twoServers();
    const g = await createGame(
      a,
      { seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }] },
      'Ann',
    );
    const m = await api<{ token: string; seat: number }>(a.url, 'POST', `/api/games/${g.id}/join`, {
      name: 'Mallory',
    });
    const mallory = await connect(b.ws, g.id, m.body.token);
    expect(mallory.welcome.seat).toBe(1);
    // The owner dies; the seat is given back through the other process, which takes the game over.
    expect(await a.stop('SIGKILL')).toBeNull();
    const left = await api(b.url, 'POST', `/api/games/${g.id}/leave`, { token: m.body.token });
    expect(left.status).toBe(200);
    const closed = await Promise.race([mallory.client.closed, sleep(15_000).then(() => 'silent')]);
    expect(closed).toEqual({ code: 4003, reason: 'seat/revoked' });
  });

  it('sockets coming back while their game changes owner are sent every step after their `since`, whatever attaches them first', async () => {
    const [a, b] = await twoServers();
    const g = await createGame(a, { seats: [{ kind: 'human' }, { kind: 'human' }] }, 'Ann');
    const bob = await api<{ token: string }>(a.url, 'POST', `/api/games/${g.id}/join`, { name: 'Bob' });
    const ann = await connect(a.ws, g.id, g.token);
    const bobs = await connect(a.ws, g.id, bob.body.token);
    const random = seeded(21);
    while (latest(ann.client).version < 12) {
      await actRandom(ann.client, 0, random);
      await actRandom(bobs.client, 1, random);
      await sleep(2);
    }
    await sleep(300);
    const reached = Math.max(latest(ann.client).version, latest(bobs.client).version);
    // The owner dies; clients that had seen only part of the game come back through B while B
    // waits for the lease (its own watch over sessions attaches them too, every second).
    expect(await a.stop('SIGKILL')).toBeNull();
    const since = [1, 3, 5, 7, 9, 11];
    const back = await Promise.all(since.map((v) => connect(b.ws, g.id, undefined, v)));
    back.forEach(({ welcome }, i) => {
      expect(welcome.version).toBe(reached);
      expect(
        (welcome.steps ?? []).map((s) => s.version),
        `the welcome of a spectator back from version ${since[i]}`,
      ).toEqual(Array.from({ length: reached - since[i]! }, (_, k) => since[i]! + k + 1));
    });
    for (const c of [ann, bobs, ...back]) c.client.close();
  });

  it('a hello refused while storage is down closes its socket (1013); the web client comes back by itself and is welcomed once storage is up', async () => {
    const [a, b] = await twoServers();
    const g = await createGame(a, { seats: [{ kind: 'human' }, { kind: 'human' }] }, 'Ann');
    // Nobody holds the game in memory any more, and storage goes away: B cannot load it.
    expect(await a.stop('SIGTERM')).toBe(0);
    const postgres = services.postgres();
    await postgres.stop();
    let down = true;
    try {
      const raw = await Client.open(b.ws);
      raw.send({ type: 'hello', game: g.id, token: g.token, protocol: 2 });
      expect((await raw.next('error')).code).toBe('server/storage');
      expect(await Promise.race([raw.closed, sleep(10_000).then(() => 'left open')])).toEqual({
        code: 1013,
        reason: 'try again',
      });

      const received: string[] = [];
      const web = onlineConnection({
        url: b.ws,
        game: g.id,
        ...(g.token === undefined ? {} : { token: g.token }),
        WebSocket: WebSocket as unknown as new (url: string) => SocketLike,
        backoff: { initialMs: 200, maxMs: 1_000 },
      });
      web.onMessage((m) => received.push(m.type === 'error' ? `error:${m.code}` : m.type));
      await sleep(1_500);
      expect(received).not.toContain('welcome');
      await postgres.restart();
      down = false;
      const start = Date.now();
      while (!received.includes('welcome') && Date.now() - start < 15_000) await sleep(50);
      expect(received).toContain('welcome');
      web.close();
    } finally {
      if (down) await postgres.restart();
    }
  });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
