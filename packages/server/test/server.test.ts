/**
 * The server as users run it: `carcassonne serve` on a real SQLite file, driven over HTTP and
 * WebSocket. Games played to the end, every refusal, a kill -9 and restart, reconnection, clocks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecord, GameView, MatchStep } from '@carc/engine';
import { BUILTIN, readRecord, replayRecord } from '@carc/engine';
import type { Json } from '@carc/protocol';
import { canonical } from '@carc/protocol';
import type { ServerProcess } from './harness.js';
import type { Created } from './harness.js';
import { Client, FAST, api, connect, createGame, startServerProcess, tempDatabase } from './harness.js';
import { actRandom, isOver, latest, playSeat, seeded } from './play.js';

const ALL = ['princess-and-dragon', 'tower', 'halflings'];

const create = createGame;

describe('server on SQLite', () => {
  let server: ServerProcess;
  const database = tempDatabase();

  beforeAll(async () => {
    server = await startServerProcess(database, FAST);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('plays a human against a bot to the end with all three expansions; the record is public only then and replays to the same scores', async () => {
    const g = await create(
      server,
      { expansions: ALL, seats: [{ kind: 'human' }, { kind: 'bot', level: 'greedy' }] },
      'Ann',
    );
    expect(g.seat).toBe(0);
    const { client, welcome } = await connect(server.ws, g.id, g.token);
    expect(welcome.seat).toBe(0);
    expect(welcome.status).toBe('playing');
    const spectator = await connect(server.ws, g.id);
    expect(spectator.welcome.seat).toBeNull();

    const early = await api(server.url, 'GET', `/api/games/${g.id}/record`);
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('record/not-public');

    await playSeat(client, 0, seeded(1));
    const last = latest(client);
    expect(last.status).toBe('finished');
    const record = await api<GameRecord>(server.url, 'GET', `/api/games/${g.id}/record`);
    expect(record.status).toBe(200);
    const read = readRecord(record.body, BUILTIN);
    if (!read.ok) throw new Error(read.error.message);
    const replay = replayRecord(read.value);
    if (!replay.ok) throw new Error(replay.error.message);
    expect(replay.value.game.scores).toEqual(last.view?.scores);
    expect(read.value.actions.length).toBe(last.version);
    // The spectator saw every step, in order.
    await spectator.client.next('update', (m) => m.version === last.version, 5_000, 0);
    const versions = spectator.client.messages.flatMap((m) => (m.type === 'update' ? [m.version] : []));
    expect(versions).toEqual(Array.from({ length: last.version }, (_, i) => i + 1));
    client.close();
    spectator.client.close();
  });

  it('refuses another seat, a spectator, out of turn, stale, a repeated id, malformed and unknown frames, each with its code, changing nothing', async () => {
    const g = await create(server, { seats: [{ kind: 'human' }, { kind: 'human' }] }, 'Ann');
    const bob = await api<Created>(server.url, 'POST', `/api/games/${g.id}/join`, { name: 'Bob' });
    expect(bob.status).toBe(200);
    const a = await connect(server.ws, g.id, g.token);
    const b = await connect(server.ws, g.id, bob.body.token);
    const s = await connect(server.ws, g.id);
    const draw = (a.welcome.view as GameView).legalActions![0]!;

    // A token that holds no seat here.
    const stranger = await Client.open(server.ws);
    stranger.send({ type: 'hello', game: g.id, token: 'x'.repeat(43), protocol: 2 });
    expect((await stranger.next('error')).code).toBe('auth/bad-token');
    // Acting before hello.
    stranger.send({ type: 'act', id: 'q', version: 0, action: draw });
    expect((await stranger.next('error')).code).toBe('ws/hello-first');

    s.client.send({ type: 'act', id: 's1', version: 0, action: draw });
    expect((await s.client.next('error')).code).toBe('match/spectator');
    b.client.send({ type: 'act', id: 'b1', version: 0, action: draw });
    expect((await b.client.next('error')).code).toBe('match/not-your-turn');
    a.client.send({ type: 'act', id: 'a1', version: 5, action: draw });
    const stale = await a.client.next('error');
    expect(stale).toMatchObject({ code: 'match/stale', version: 0 });
    a.client.send({ type: 'act', id: 'a2', version: 0, action: { type: 'place', x: 'far' } });
    const shape = await a.client.next('error');
    expect(shape.code).toBe('match/rule');
    expect(shape.message).toMatch(/x/);

    // Accepted once; the same id again gets the same answer and is not applied twice.
    a.client.send({ type: 'act', id: 'a3', version: 0, action: draw });
    const ack = await a.client.next('ack');
    expect(ack).toMatchObject({ id: 'a3', version: 1 });
    a.client.send({ type: 'act', id: 'a3', version: 0, action: draw });
    expect(await a.client.next('ack')).toEqual(ack);

    a.client.send('{not json');
    expect((await a.client.next('error')).code).toBe('ws/malformed-json');
    a.client.send({ type: 'teleport' });
    expect((await a.client.next('error')).code).toBe('ws/unknown-type');
    a.client.send({ type: 'act', id: 'a4', version: -1, action: draw });
    const bad = await a.client.next('error');
    expect(bad.code).toBe('ws/invalid-message');
    expect(bad.message).toMatch(/^version:/);
    a.client.send({ type: 'hello', game: g.id, protocol: 2 });
    expect((await a.client.next('error')).code).toBe('ws/already-joined');

    // Protocol 2: the accepted action reached each socket as one step frame, the ack folded into
    // the actor's own; a client whose copy of the view went wrong gets the whole view again.
    expect(a.client.wire.filter((m) => m.type === 'ack')).toEqual([ack]);
    expect(a.client.wire.find((m) => m.type === 'step')).toMatchObject({ ack: 'a3', step: { version: 1 } });
    const bSteps = b.client.wire.filter((m) => m.type === 'step');
    expect(bSteps).toHaveLength(1);
    expect(bSteps[0]).not.toHaveProperty('ack');
    const bView = latest(b.client).view;
    const asked = b.client.messages.length;
    b.client.send({ type: 'resync' });
    const again = await b.client.next('welcome', () => true, 10_000, asked);
    expect(again).toMatchObject({ seat: 1, version: 1 });
    expect(again.view).toEqual(bView);
    // A client of protocol 1 (no version in its hello) is told to update itself.
    const old = await Client.open(server.ws);
    old.send({ type: 'hello', game: g.id, token: g.token });
    const outdated = await old.next('error');
    expect(outdated.code).toBe('protocol/outdated');
    expect(outdated.message).toMatch(/protocol 2.*reload/);
    old.close();

    const summary = await api(server.url, 'GET', `/api/games/${g.id}`);
    expect(summary.body.version).toBe(1);
    expect(summary.body).not.toHaveProperty('seed');

    // A frame over 16 KiB closes the socket (1009); the game is untouched.
    a.client.send({ type: 'act', id: 'big', version: 1, action: { type: 'place', pad: 'x'.repeat(17_000) } });
    expect((await a.client.closed).code).toBe(1009);
    expect((await api(server.url, 'GET', `/api/games/${g.id}`)).body.version).toBe(1);

    // HTTP: malformed JSON, a field out of range, an unknown game.
    const malformed = await api(server.url, 'POST', '/api/games', undefined, '{"settings":');
    expect(malformed).toMatchObject({ status: 400, body: { code: 'http/malformed-json' } });
    const invalid = await api(server.url, 'POST', '/api/games', { settings: { seats: [{ kind: 'robot' }] } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.path).toBe('body.settings.seats.0.kind');
    expect((await api(server.url, 'GET', '/api/games/nope')).body.code).toBe('lobby/no-game');
    const taken = await api(server.url, 'POST', `/api/games/${g.id}/join`, { name: 'Cy' });
    expect(taken).toMatchObject({ status: 409, body: { code: 'lobby/started' } });
    for (const c of [b.client, s.client, stranger]) c.close();
  });

  it('closes a flooding socket with 1008 and answers HTTP floods with 429, and stays up', async () => {
    const strict = await startServerProcess(tempDatabase(), {
      WS_PER_SECOND: '5',
      WS_BURST: '10',
      HTTP_PER_MINUTE: '20',
    });
    try {
      const c = await Client.open(strict.ws);
      for (let i = 0; i < 50; i++) c.send({ type: 'ping' });
      expect((await c.closed).code).toBe(1008);
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) statuses.push((await api(strict.url, 'GET', '/api/games')).status);
      expect(statuses).toContain(429);
      const limited = await api(strict.url, 'GET', '/api/games');
      expect(limited.body.code).toBe('http/rate-limited');
    } finally {
      await strict.stop();
    }
  });

  it('survives 10,000 random frames from a fuzzing client, and the game it aimed at is unchanged', async () => {
    const g = await create(server, { seats: [{ kind: 'human' }, { kind: 'human' }] }, 'Ann');
    await api(server.url, 'POST', `/api/games/${g.id}/join`, { name: 'Bob' });
    const random = seeded(99);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const values = [0, -1, 1.5, 1e308, '', 'x', null, true, [], {}, g.id, 'act', 'hello', 'x'.repeat(70)];
    const frame = (): string => {
      switch (Math.floor(random() * 6)) {
        case 0: // bytes
          return Array.from({ length: 1 + Math.floor(random() * 40) }, () =>
            String.fromCharCode(Math.floor(random() * 256)),
          ).join('');
        case 1: // truncated JSON
          return JSON.stringify({ type: 'act', id: 'f', version: 0, action: { type: 'draw' } }).slice(
            0,
            Math.floor(random() * 40),
          );
        case 2:
          return JSON.stringify({
            type: pick(['act', 'hello', 'resign', 'ping', 'x', 7]),
            id: pick(values),
            version: pick(values),
            action: pick(values),
          });
        case 3:
          return JSON.stringify({
            type: 'act',
            id: String(random()),
            version: pick([0, 1, 2]),
            action: {
              type: pick(['draw', 'place', 'meeple', 'pass', 'dragon', 'zz']),
              x: pick(values),
              y: pick(values),
              rotation: pick(values),
              feature: pick(values),
            },
          });
        case 4:
          return JSON.stringify({
            type: 'hello',
            game: pick(values),
            token: pick(values),
            since: pick(values),
          });
        default:
          return JSON.stringify(pick(values));
      }
    };
    // Several sockets, each saying hello as a spectator first (so acts reach the match), under the limits.
    let sent = 0;
    while (sent < 10_000) {
      const c = await Client.open(server.ws);
      c.send({ type: 'hello', game: g.id, protocol: 2 });
      await c.next('welcome');
      for (let i = 0; i < 1_000; i++, sent++) c.send(frame());
      c.send({ type: 'ping' });
      await c.next('pong', () => true, 30_000);
      c.close();
    }
    const health = await api(server.url, 'GET', '/api/health');
    expect(health.body.ok).toBe(true);
    expect((await api(server.url, 'GET', `/api/games/${g.id}`)).body.version).toBe(0);
  });

  it('a player dropped 60 times during a game ends with the same steps and view as a spectator who never dropped', async () => {
    const g = await create(
      server,
      { expansions: ALL, seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }] },
      'Ann',
    );
    const watcher = await connect(server.ws, g.id);
    const random = seeded(7);
    let conn = await connect(server.ws, g.id, g.token);
    const steps = new Map<number, string>();
    // A step's JSON with its keys sorted: a step rebuilt from a frame may list them in another order.
    const sameOrder = (step: MatchStep): string => canonical(step as unknown as Json);
    const keep = (c: Client) => {
      for (const m of c.messages) {
        if (m.type === 'welcome') for (const st of m.steps ?? []) steps.set(st.version, sameOrder(st));
        if (m.type === 'update') steps.set(m.step.version, sameOrder(m.step));
      }
    };
    let drops = 0;
    while (!isOver(conn.client)) {
      const mine = (latest(conn.client).view as GameView).toAct === 0;
      if (mine) await actRandom(conn.client, 0, random);
      if (mine && drops < 60 && random() < 0.5) {
        keep(conn.client);
        const since = latest(conn.client).version;
        conn.client.terminate();
        drops++;
        conn = await connect(server.ws, g.id, g.token, since);
        expect(conn.welcome.steps?.[0]?.version ?? since + 1).toBe(since + 1);
      } else if (!mine) {
        const v = latest(conn.client).version;
        await Promise.race([
          conn.client.next('update', (m) => m.version > v, 30_000, 0),
          conn.client.next('ended', () => true, 30_000, 0),
        ]);
      }
    }
    keep(conn.client);
    expect(drops).toBe(60);
    const final = latest(conn.client);
    await watcher.client.next('update', (m) => m.version === final.version, 10_000, 0);
    const watched = watcher.client.messages.flatMap((m) => (m.type === 'update' ? [sameOrder(m.step)] : []));
    expect([...steps.keys()].sort((x, y) => x - y)).toEqual(
      Array.from({ length: final.version }, (_, i) => i + 1),
    );
    expect([...steps.entries()].sort((x, y) => x[0] - y[0]).map((e) => e[1])).toEqual(watched);
    // What differs by viewer (the viewer, its hand, its legal actions) aside, they see the same.
    const shared = (v: unknown) => {
      const copy = { ...(v as Record<string, unknown>) };
      for (const k of ['viewer', 'hands', 'legalActions']) delete copy[k];
      return copy;
    };
    const mine = shared(final.view);
    const theirs = shared(latest(watcher.client).view);
    expect(mine).toEqual(theirs);
    conn.client.close();
    watcher.client.close();
  });
});

describe('lobby and life cycle', () => {
  it('leave, resign (a repeated id answered once), rematch, a bot plays a seat a timeout gave it, idle games leave memory and come back, abandoned games end', async () => {
    const server = await startServerProcess(tempDatabase(), { ...FAST, IDLE_MS: '1000', ABANDON_MS: '4000' });
    try {
      // Leave an unstarted game; the seat is free again.
      const g = await create(server, { seats: [{ kind: 'human' }, { kind: 'human' }] }, 'Ann');
      const left = await api(server.url, 'POST', `/api/games/${g.id}/leave`, { token: g.token });
      expect(left).toMatchObject({ status: 200, body: { seat: 0 } });
      expect((await api(server.url, 'GET', `/api/games/${g.id}`)).body.seats).toEqual([
        { kind: 'human', name: '', taken: false },
        { kind: 'human', name: '', taken: false },
      ]);
      const allBots = await api(server.url, 'POST', '/api/games', {
        settings: {
          seats: [
            { kind: 'bot', level: 'random' },
            { kind: 'bot', level: 'random' },
          ],
        },
        join: { name: 'Ann' },
      });
      expect(allBots).toMatchObject({ status: 400, body: { code: 'lobby/invalid-settings', path: 'join' } });

      // Resign: the others win; the same id again gets the same answer.
      const r = await create(server, { seats: [{ kind: 'human' }, { kind: 'human' }] }, 'Ann');
      const bob = (await api<Created>(server.url, 'POST', `/api/games/${r.id}/join`, { name: 'Bob' })).body;
      const ann = await connect(server.ws, r.id, r.token);
      ann.client.send({ type: 'resign', id: 'r1' });
      const ended = await ann.client.next('ended');
      expect(ended.result).toMatchObject({ status: 'resigned', winners: [1], outcome: { player: 0 } });
      const ack = await ann.client.next('ack', () => true, 5_000, 0);
      ann.client.send({ type: 'resign', id: 'r1' });
      expect(await ann.client.next('ack')).toEqual(ack);
      ann.client.send({ type: 'resign', id: 'r2' });
      expect((await ann.client.next('error')).code).toBe('match/over');

      // Rematch: a new game, seats shifted (Bob starts), Ann keeps her name; asked again, the same game.
      const re = await api<Created>(server.url, 'POST', `/api/games/${r.id}/rematch`, { token: r.token });
      expect(re.status).toBe(201);
      expect(re.body.seat).toBe(1);
      expect((await ann.client.next('rematch', () => true, 5_000, 0)).game).toBe(re.body.id);
      const again = await api<Created>(server.url, 'POST', `/api/games/${r.id}/rematch`, {
        token: bob.token,
      });
      expect(again.body).toMatchObject({ id: re.body.id, seat: 0 });
      expect((await api(server.url, 'GET', `/api/games/${re.body.id}`)).body.status).toBe('playing');
      ann.client.close();

      // A seat taken over by a bot after a timeout: its sockets are cut (4003); its player may
      // watch again with the token, and their actions are refused.
      const t = await create(
        server,
        {
          seats: [{ kind: 'human' }, { kind: 'human' }],
          clock: { initialMs: 1_000, incrementMs: 0, onTimeout: 'bot' },
        },
        'Ann',
      );
      await api(server.url, 'POST', `/api/games/${t.id}/join`, { name: 'Bob' });
      const cut = await connect(server.ws, t.id, t.token);
      expect((await cut.client.next('error', () => true, 5_000, 0)).code).toBe('seat/taken-over');
      expect(await cut.client.closed).toEqual({ code: 4003, reason: 'seat/taken-over' });
      const slow = await connect(server.ws, t.id, t.token);
      expect(slow.welcome.players[0]).toMatchObject({ kind: 'bot', takenOver: true });
      slow.client.send({ type: 'act', id: 'late', version: 0, action: { type: 'pass' } });
      expect((await slow.client.next('error', (m) => m.id === 'late')).code).toBe('seat/taken-over');
      slow.client.close();

      // Nobody listening: the game leaves memory, and comes back from storage on the next message.
      await new Promise((res) => setTimeout(res, 2_500));
      const health = await api<{ liveGames: number }>(server.url, 'GET', '/api/health');
      expect(health.body.liveGames).toBeLessThanOrEqual(1);
      const back = await connect(server.ws, r.id, r.token);
      expect(back.welcome).toMatchObject({ status: 'resigned', version: 0 });
      back.client.close();

      // Untouched for ABANDON_MS (checked at start, then every minute): ended as aborted after a restart.
      const idle = await create(server, { seats: [{ kind: 'human' }, { kind: 'human' }] }, 'Ann');
      await api(server.url, 'POST', `/api/games/${idle.id}/join`, { name: 'Bob' });
      await server.stop();
      await new Promise((res) => setTimeout(res, 4_500));
      const restarted = await startServerProcess(server.database, { ...FAST, ABANDON_MS: '4000' });
      try {
        const s = await api(restarted.url, 'GET', `/api/games/${idle.id}`);
        expect(s.body.status).toBe('aborted');
      } finally {
        await restarted.stop();
      }
    } finally {
      await server.stop();
    }
  });
});

describe('server restarts', () => {
  it('loses no acknowledged action when killed with SIGKILL mid-game, and the game resumes from the SQLite log', async () => {
    const database = tempDatabase();
    let server = await startServerProcess(database, FAST);
    const g = await create(
      server,
      { expansions: ['tower'], seats: [{ kind: 'human' }, { kind: 'human' }] },
      'Ann',
    );
    const bob = (await api<Created>(server.url, 'POST', `/api/games/${g.id}/join`, { name: 'Bob' })).body;
    const random = seeded(3);
    let a = await connect(server.ws, g.id, g.token);
    let b = await connect(server.ws, g.id, bob.token);
    const acked: number[] = [];
    const step = async () => {
      for (const [c, seat] of [
        [a.client, 0],
        [b.client, 1],
      ] as const) {
        const r = await actRandom(c, seat, random);
        if (r?.type === 'ack') acked.push(r.version);
      }
      await new Promise((r) => setTimeout(r, 5));
    };
    while (acked.length < 40) await step();
    expect(await server.stop('SIGKILL')).toBeNull();
    const lastAcked = Math.max(...acked);

    server = await startServerProcess(database, FAST);
    try {
      a = await connect(server.ws, g.id, g.token, 10);
      b = await connect(server.ws, g.id, bob.token);
      expect(a.welcome.version).toBeGreaterThanOrEqual(lastAcked);
      expect(a.welcome.steps?.map((s) => s.version)).toEqual(
        Array.from({ length: a.welcome.version - 10 }, (_, i) => 11 + i),
      );
      await Promise.all([playSeat(a.client, 0, seeded(4)), playSeat(b.client, 1, seeded(5))]);
      expect(latest(a.client).status).toBe('finished');
      const record = await api<GameRecord>(server.url, 'GET', `/api/games/${g.id}/record`);
      const read = readRecord(record.body, BUILTIN);
      if (!read.ok) throw new Error(read.error.message);
      const replay = replayRecord(read.value);
      if (!replay.ok) throw new Error(replay.error.message);
      expect(replay.value.game.scores).toEqual(latest(a.client).view?.scores);
    } finally {
      await server.stop();
    }
  });

  it('clocks: a forfeit within a second of the time running out, also after a restart; a bot takes over under the bot policy', async () => {
    const database = tempDatabase();
    let server = await startServerProcess(database, FAST);
    try {
      const forfeit = await create(
        server,
        {
          seats: [{ kind: 'human' }, { kind: 'human' }],
          clock: { initialMs: 1_500, incrementMs: 0, onTimeout: 'forfeit' },
        },
        'Ann',
      );
      await api(server.url, 'POST', `/api/games/${forfeit.id}/join`, { name: 'Bob' });
      const started = Date.now();
      const a = await connect(server.ws, forfeit.id, forfeit.token);
      expect(a.welcome.clocks?.running).toBe(0);
      const ended = await a.client.next('ended', () => true, 5_000);
      const elapsed = Date.now() - started;
      expect(ended.status).toBe('timeout');
      expect(ended.result.outcome).toMatchObject({ status: 'timeout', player: 0 });
      expect(ended.result.winners).toEqual([1]);
      expect(elapsed).toBeLessThan(1_500 + 1_000);
      a.client.close();

      const takeover = await create(
        server,
        {
          seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }],
          clock: { initialMs: 1_000, incrementMs: 0, onTimeout: 'bot' },
        },
        'Ann',
      );
      const t = await connect(server.ws, takeover.id, takeover.token);
      const watcher = await connect(server.ws, takeover.id);
      const presence = await watcher.client.next('presence', (m) => m.players[0]?.takenOver === true, 5_000);
      expect(presence.players[0]).toMatchObject({ kind: 'bot', takenOver: true });
      expect(await t.client.closed).toEqual({ code: 4003, reason: 'seat/taken-over' });
      await watcher.client.next('update', (m) => m.status === 'finished', 60_000);
      watcher.client.close();

      // A clock that runs out while the server is down is applied within a second of the restart.
      const later = await create(
        server,
        {
          seats: [{ kind: 'human' }, { kind: 'human' }],
          clock: { initialMs: 2_000, incrementMs: 0, onTimeout: 'forfeit' },
        },
        'Ann',
      );
      await api(server.url, 'POST', `/api/games/${later.id}/join`, { name: 'Bob' });
      await server.stop('SIGKILL');
      await new Promise((r) => setTimeout(r, 2_500));
      const restarted = Date.now();
      server = await startServerProcess(database, FAST);
      const deadline = restarted + 1_000 + 2_000; // the restart itself, plus one second
      for (;;) {
        const s = await api(server.url, 'GET', `/api/games/${later.id}`);
        if (s.body.status === 'timeout') break;
        expect(Date.now()).toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await server.stop();
    }
  });
});
