/**
 * Quick pairing against the real server process (`/ws/pairing`, `/api/seeks`; docs/protocol.md,
 * "Quick pairing"): two anonymous seekers of the same duel get the two seats of one new game and
 * play it over `/ws`; seeks that differ (expansions, clock, players, ratings out of each other's
 * range) wait; a table of three waits for its third; leaving and disconnecting take a seek out of
 * the list; twelve seekers at once make exactly six games, each seeker seated once; hostile frames,
 * rated seeks without an account, a signed-in socket from another origin and the caps are refused
 * with codes. With PostgreSQL and Redis: seekers on two processes get one game, and after the
 * queue's owner is killed its seeks reach the new owner by themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import type { PairingServerMessage, SeekListing } from '@carc/protocol';
import type { ServerProcess } from './harness.js';
import { FAST, api, connect, startServerProcess, tempDatabase } from './harness.js';
import { actRandom, latest, seeded } from './play.js';
import { servicesAvailable, servicesForSuite, servicesRequired } from './services.js';

/** Each client comes from its own address (X-Forwarded-For, trusted): the per-address caps stay out of the way. */
const ENV = { ...FAST, TRUST_PROXY: 'true' };
let addresses = 0;
const nextAddress = () => `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`;

/** A pairing socket that keeps what it is sent. */
class Seeker {
  readonly messages: PairingServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: {
    pred: (m: PairingServerMessage) => boolean;
    resolve: (m: PairingServerMessage) => void;
  }[] = [];

  private constructor(private readonly socket: WebSocket) {
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    socket.on('message', (data) => {
      const m = JSON.parse(data.toString()) as PairingServerMessage;
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => (w.pred(m) ? (w.resolve(m), false) : true));
    });
    socket.on('error', () => {});
  }

  static open(
    server: { url: string },
    headers: Record<string, string> = { 'x-forwarded-for': nextAddress() },
  ): Promise<Seeker> {
    const s = new WebSocket(`${server.url.replace(/^http/, 'ws')}/ws/pairing`, { headers });
    return new Promise((resolve, reject) => {
      s.once('open', () => resolve(new Seeker(s)));
      s.once('error', reject);
    });
  }

  send(m: unknown): void {
    this.socket.send(typeof m === 'string' || Buffer.isBuffer(m) ? m : JSON.stringify(m));
  }

  /** The first message of this type (already received or to come) that matches. */
  next<T extends PairingServerMessage['type']>(
    type: T,
    pred: (m: Extract<PairingServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = 15_000,
  ): Promise<Extract<PairingServerMessage, { type: T }>> {
    const match = (m: PairingServerMessage) =>
      m.type === type && pred(m as Extract<PairingServerMessage, { type: T }>);
    const seen = this.messages.find(match);
    if (seen !== undefined) return Promise.resolve(seen as Extract<PairingServerMessage, { type: T }>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`)),
        timeoutMs,
      );
      this.waiters.push({
        pred: match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as Extract<PairingServerMessage, { type: T }>);
        },
      });
    });
  }

  /** Seeks and waits until the queue has it. */
  async seek(settings: object, name: string | undefined, range: number | null = null): Promise<void> {
    const from = this.messages.length;
    this.send({
      type: 'seek',
      settings: { ...BASE_DUEL, ...settings },
      range,
      ...(name === undefined ? {} : { name }),
    });
    await this.next('seeking', (m) => this.messages.indexOf(m) >= from);
  }

  close(): void {
    this.socket.close();
  }
}

const BASE_DUEL = { expansions: [], options: {}, players: 2, rated: false };
const CLOCK = { initialMs: 600_000, incrementMs: 5_000, onTimeout: 'forfeit' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const seeks = async (server: { url: string }) =>
  (await api<{ seeks: SeekListing[] }>(server.url, 'GET', '/api/seeks')).body.seeks;

/** Polls the list until `done` holds for it (the queue's owner hears a withdrawal a moment later). */
async function untilSeeks(
  server: { url: string },
  done: (list: SeekListing[]) => boolean,
): Promise<SeekListing[]> {
  for (let i = 0; i < 100; i++) {
    const list = await seeks(server);
    if (done(list)) return list;
    await sleep(100);
  }
  throw new Error(`the seeks never became as expected: ${JSON.stringify(await seeks(server))}`);
}

/** Attaches both seats of a paired duel over /ws and plays the first move. */
async function playFirstMove(wsUrls: [string, string], a: Paired, b: Paired): Promise<void> {
  expect(a.game).toBe(b.game);
  expect([a.seat, b.seat].sort()).toEqual([0, 1]);
  const first = await connect(wsUrls[0], a.game, a.token);
  const second = await connect(wsUrls[1], b.game, b.token);
  expect(first.welcome.seat).toBe(a.seat);
  expect(second.welcome.seat).toBe(b.seat);
  const toAct = latest(first.client).view?.toAct;
  const [actor, watcher, seat] = toAct === a.seat ? [first, second, a.seat] : [second, first, b.seat];
  const answer = await actRandom(actor.client, seat, seeded(1));
  expect(answer?.type).toBe('ack');
  await watcher.client.next('update', (m) => m.version === 1, 20_000, 0);
  first.client.close();
  second.client.close();
}

type Paired = Extract<PairingServerMessage, { type: 'paired' }>;

describe('quick pairing on one server (SQLite)', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(tempDatabase(), ENV);
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('pairs two anonymous seekers of the same base duel into one game, which they play over /ws', async () => {
    const ann = await Seeker.open(server);
    const bob = await Seeker.open(server);
    await ann.seek({}, 'Ann');
    const listed = await seeks(server);
    expect(listed.map((s) => s.name)).toEqual(['Ann']);
    expect(listed[0]).toMatchObject({ settings: { expansions: [], players: 2, rated: false }, range: null });
    expect(listed[0]!.rating).toBeUndefined();
    expect(JSON.stringify(listed)).not.toMatch(/token|account|address/);
    bob.send({ type: 'seek', settings: BASE_DUEL, range: null, name: 'Bob' });
    const [a, b] = await Promise.all([ann.next('paired'), bob.next('paired')]);
    // Paired, the socket is closed normally.
    expect((await ann.closed).code).toBe(1000);
    expect((await bob.closed).code).toBe(1000);
    const summary = await api<{ status: string; seats: { name: string; taken: boolean }[] }>(
      server.url,
      'GET',
      `/api/games/${a.game}`,
    );
    expect(summary.body.status).toBe('playing');
    expect(summary.body.seats.map((s) => s.name).sort()).toEqual(['Ann', 'Bob']);
    expect(await seeks(server)).toEqual([]);
    await playFirstMove([server.ws, server.ws], a, b);
  });

  it('does not pair seeks of other expansions, another clock, another player count; a table of three waits for its third', async () => {
    const sockets = await Promise.all(Array.from({ length: 6 }, () => Seeker.open(server)));
    const [base, tower, clocked, three1, three2, three3] = sockets as [
      Seeker,
      Seeker,
      Seeker,
      Seeker,
      Seeker,
      Seeker,
    ];
    await base.seek({}, 'Base');
    await tower.seek({ expansions: ['tower'] }, 'Tower');
    await clocked.seek({ clock: CLOCK }, 'Clocked');
    await three1.seek({ players: 3 }, 'Three one');
    await three2.seek({ players: 3 }, 'Three two');
    // The owner looks for tables every second: two turns of it pass.
    await sleep(2_200);
    for (const s of sockets.slice(0, 5)) expect(s.messages.some((m) => m.type === 'paired')).toBe(false);
    expect((await seeks(server)).map((s) => s.name)).toEqual([
      'Base',
      'Tower',
      'Clocked',
      'Three one',
      'Three two',
    ]);

    await three3.seek({ players: 3 }, 'Three three');
    const three = await Promise.all([three1, three2, three3].map((s) => s.next('paired')));
    expect(new Set(three.map((p) => p.game)).size).toBe(1);
    expect(three.map((p) => p.seat).sort()).toEqual([0, 1, 2]);
    const summary = await api<{ settings: { seats: unknown[] }; status: string }>(
      server.url,
      'GET',
      `/api/games/${three[0]!.game}`,
    );
    expect(summary.body.settings.seats).toHaveLength(3);
    expect(summary.body.status).toBe('playing');
    expect((await seeks(server)).map((s) => s.name)).toEqual(['Base', 'Tower', 'Clocked']);
    for (const s of sockets) s.close();
    await untilSeeks(server, (list) => list.length === 0);
  });

  it('leaving the queue and closing the socket take the seek out of the list; seeking again replaces it', async () => {
    const cid = await Seeker.open(server);
    await cid.seek({}, 'Cid');
    await cid.seek({ clock: CLOCK }, 'Cid');
    const list = await seeks(server);
    expect(list.map((s) => [s.name, s.settings.clock?.initialMs])).toEqual([['Cid', 600_000]]);
    cid.send({ type: 'unseek' });
    await untilSeeks(server, (l) => l.length === 0);
    // The socket stays open and may seek again; closing it leaves at once.
    await cid.seek({}, 'Cid again');
    await untilSeeks(server, (l) => l.length === 1);
    cid.close();
    await untilSeeks(server, (l) => l.length === 0);
    // And nobody is paired with the seek that left.
    const dee = await Seeker.open(server);
    await dee.seek({}, 'Dee');
    await sleep(1_200);
    expect(dee.messages.some((m) => m.type === 'paired')).toBe(false);
    dee.close();
    await untilSeeks(server, (l) => l.length === 0);
  });

  it('twelve seekers at once: exactly six games, each seeker seated exactly once', async () => {
    const sockets = await Promise.all(Array.from({ length: 12 }, () => Seeker.open(server)));
    for (const [i, s] of sockets.entries()) {
      s.send({ type: 'seek', settings: { ...BASE_DUEL, clock: CLOCK }, range: null, name: `P${i}` });
    }
    const paired = await Promise.all(sockets.map((s) => s.next('paired')));
    const games = new Map<string, number[]>();
    for (const p of paired) games.set(p.game, [...(games.get(p.game) ?? []), p.seat]);
    expect(games.size).toBe(6);
    for (const seats of games.values()) expect(seats.sort()).toEqual([0, 1]);
    expect(new Set(paired.map((p) => p.token)).size).toBe(12);
    // One paired message each, and nothing after it.
    for (const s of sockets) {
      await s.closed;
      expect(s.messages.filter((m) => m.type === 'paired')).toHaveLength(1);
      expect(s.messages.at(-1)?.type).toBe('paired');
    }
    for (const game of games.keys()) {
      const summary = await api<{ status: string }>(server.url, 'GET', `/api/games/${game}`);
      expect(summary.body.status).toBe('playing');
    }
    expect(await seeks(server)).toEqual([]);
  });

  it('refuses hostile frames, bad seeks and a rated seek without an account, with codes', async () => {
    const eve = await Seeker.open(server);
    const errorAfter = async (m: unknown) => {
      const from = eve.messages.length;
      eve.send(m);
      return eve.next('error', (e) => eve.messages.indexOf(e) >= from);
    };
    expect((await errorAfter('{"type":')).code).toBe('ws/malformed-json');
    expect((await errorAfter(Buffer.from([1, 2, 3]))).code).toBe('ws/binary');
    expect((await errorAfter({ type: 'hello', game: 'x' })).code).toBe('ws/unknown-type');
    expect((await errorAfter({ type: 'seek', settings: BASE_DUEL, range: null })).code).toBe(
      'pairing/name-required',
    );
    const invalid = [
      { type: 'seek', settings: { ...BASE_DUEL, players: 7 }, range: null, name: 'Eve' },
      { type: 'seek', settings: BASE_DUEL, range: 10, name: 'Eve' },
      { type: 'seek', settings: BASE_DUEL, range: 5000, name: 'Eve' },
      { type: 'seek', settings: { ...BASE_DUEL, seats: [] }, range: null, name: 'Eve' },
      { type: 'seek', settings: { ...BASE_DUEL, expansions: ['no-such'] }, range: null, name: 'Eve' },
      { type: 'seek', settings: BASE_DUEL, range: null, name: '\u202Eevil' },
      JSON.parse(
        '{"type":"seek","settings":{"expansions":[],"options":{},"players":2,"rated":false},"range":null,"name":"Eve","__proto__":{"x":1}}',
      ),
      { type: 'unseek', extra: 1 },
    ];
    for (const m of invalid) expect((await errorAfter(m)).code).toBe('ws/invalid-message');
    const unknownOption = await errorAfter({
      type: 'seek',
      settings: { ...BASE_DUEL, options: { 'no-such-option': 1 } },
      range: null,
      name: 'Eve',
    });
    expect(unknownOption).toMatchObject({ code: 'pairing/invalid-settings' });
    expect(unknownOption.path).toMatch(/^settings\.options/);
    const rated = await errorAfter({
      type: 'seek',
      settings: { ...BASE_DUEL, rated: true },
      range: null,
      name: 'Eve',
    });
    expect(rated).toMatchObject({ code: 'pairing/rated-needs-account', path: 'settings.rated' });
    eve.send({ type: 'ping' });
    await eve.next('pong');
    // Nothing of it reached the queue.
    expect(await seeks(server)).toEqual([]);
    // A frame over 16 KiB closes the socket (1009).
    eve.send(JSON.stringify({ type: 'seek', name: 'x'.repeat(20_000) }));
    expect((await eve.closed).code).toBe(1009);
  });

  it('caps seeks per address (3); a second address is not held to the first one’s', async () => {
    const headers = { 'x-forwarded-for': '10.9.9.9' };
    const sockets = await Promise.all(Array.from({ length: 4 }, () => Seeker.open(server, headers)));
    for (const [i, s] of sockets.slice(0, 3).entries()) await s.seek({ players: 2 + i }, `Cap ${i}`);
    sockets[3]!.send({ type: 'seek', settings: { ...BASE_DUEL, players: 5 }, range: null, name: 'Cap 3' });
    expect((await sockets[3]!.next('error')).code).toBe('pairing/too-many-seeks');
    const other = await Seeker.open(server);
    await other.seek({ players: 6 }, 'Other');
    // A seeker's own seek replaced is not a second one.
    await sockets[0]!.seek({ players: 2, clock: CLOCK }, 'Cap 0');
    expect(await seeks(server)).toHaveLength(4);
    for (const s of [...sockets, other]) s.close();
    await untilSeeks(server, (l) => l.length === 0);
  });
});

describe('quick pairing for signed-in players', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(tempDatabase(), ENV);
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** Signs up from its own address; the cookie and that address. */
  const signUp = async (name: string) => {
    const address = nextAddress();
    const r = await fetch(`${server.url}/api/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ name, password: 'correct horse battery' }),
    });
    expect(r.status).toBe(201);
    const token = /carc_session=([^;]*)/.exec(r.headers.get('set-cookie') ?? '')![1]!;
    return { cookie: `carc_session=${token}`, address };
  };
  const signedIn = (who: { cookie: string; address: string }, origin = server.url) =>
    Seeker.open(server, { cookie: who.cookie, origin, 'x-forwarded-for': who.address });

  it('a signed-in socket from another origin, or with none, is closed (1008); from the page’s own, it seeks as its account', async () => {
    const ann = await signUp('Pairing Ann');
    const foreign = await signedIn(ann, 'https://evil.example');
    expect((await foreign.closed).code).toBe(1008);
    const none = await Seeker.open(server, { cookie: ann.cookie, 'x-forwarded-for': ann.address });
    expect((await none.closed).code).toBe(1008);
    // Without the cookie, any origin is anonymous and fine.
    const anonymous = await Seeker.open(server, {
      origin: 'https://evil.example',
      'x-forwarded-for': nextAddress(),
    });
    anonymous.send({ type: 'ping' });
    await anonymous.next('pong');
    anonymous.close();

    const own = await signedIn(ann);
    // The account's name, whatever the message says.
    own.send({ type: 'seek', settings: { ...BASE_DUEL, rated: true }, range: 100, name: 'Somebody else' });
    const seeking = await own.next('seeking');
    expect(seeking).toMatchObject({ rating: 1500, range: 100 });
    const list = await seeks(server);
    expect(list).toEqual([
      expect.objectContaining({ name: 'Pairing Ann', rating: 1500, provisional: true, range: 100 }),
    ]);
    expect(JSON.stringify(list)).not.toMatch(/account|token/);
    // The same account from a second window is refused.
    const again = await signedIn(ann);
    again.send({ type: 'seek', settings: { ...BASE_DUEL, rated: true }, range: null });
    expect((await again.next('error')).code).toBe('pairing/already-seeking');
    again.close();
    own.close();
    await untilSeeks(server, (l) => l.length === 0);
  });

  it('rated seeks out of each other’s rating range wait; in range they make a rated game of both accounts', async () => {
    const ann = await signUp('Rated Ann');
    const bob = await signUp('Rated Bob');
    // Bob is rated 1900 in the pool of base duels (written as the end of his games would).
    const db = new Database(server.database);
    const bobId = (db.prepare('SELECT id FROM accounts WHERE name = ?').get('Rated Bob') as { id: string })
      .id;
    db.prepare(
      `INSERT INTO ratings (account, pool, rating, deviation, volatility, games, last_game_at)
       VALUES (?, 'duel-base', 1900, 60, 0.06, 40, ?)`,
    ).run(bobId, Date.now());
    db.close();

    const a = await signedIn(ann);
    const b = await signedIn(bob);
    await a.seek({ rated: true }, undefined, 100);
    await b.seek({ rated: true }, undefined, 100);
    expect(b.messages.find((m) => m.type === 'seeking')).toMatchObject({ rating: 1900 });
    const listed = await seeks(server);
    expect(listed.map((s) => [s.name, s.rating, s.provisional])).toEqual([
      ['Rated Ann', 1500, true],
      ['Rated Bob', 1900, false],
    ]);
    // 400 apart, each accepting 100 (widening 10 a second): no table for a while.
    await sleep(2_500);
    expect([...a.messages, ...b.messages].some((m) => m.type === 'paired')).toBe(false);
    // A casual seek of the same game is not paired with a rated one either.
    const c = await Seeker.open(server);
    await c.seek({ rated: false }, 'Casual Cy');
    await sleep(1_200);
    expect([...a.messages, ...b.messages, ...c.messages].some((m) => m.type === 'paired')).toBe(false);
    c.close();

    // Both accept anyone now: one rated game, each seat its account's.
    await a.seek({ rated: true }, undefined, null);
    b.send({ type: 'seek', settings: { ...BASE_DUEL, rated: true }, range: null });
    const [pa, pb] = await Promise.all([a.next('paired'), b.next('paired')]);
    expect(pa.game).toBe(pb.game);
    const summary = await api<{ settings: { rated?: boolean }; seats: { name: string }[]; status: string }>(
      server.url,
      'GET',
      `/api/games/${pa.game}`,
    );
    expect(summary.body.settings.rated).toBe(true);
    expect(summary.body.status).toBe('playing');
    expect(summary.body.seats.map((s) => s.name).sort()).toEqual(['Rated Ann', 'Rated Bob']);
    await playFirstMove([server.ws, server.ws], pa, pb);
  });
});

describe('quick pairing limits', () => {
  it('closes a socket that floods (1008) and refuses sockets over the per-address count (1008)', async () => {
    const server = await startServerProcess(tempDatabase(), {
      ...FAST,
      WS_PER_SECOND: '5',
      WS_BURST: '5',
      SOCKETS_PER_ADDRESS: '2',
    });
    try {
      const headers = {};
      const a = await Seeker.open(server, headers);
      const b = await Seeker.open(server, headers);
      const c = await Seeker.open(server, headers);
      expect((await c.closed).code).toBe(1008);
      for (let i = 0; i < 20; i++) a.send({ type: 'ping' });
      expect((await a.closed).code).toBe(1008);
      b.close();
    } finally {
      await server.stop();
    }
  }, 30_000);
});

const run = servicesAvailable() || servicesRequired() ? describe : describe.skip;

run('quick pairing across processes (PostgreSQL and Redis)', () => {
  const services = servicesForSuite();
  const start = async () => {
    const s = await startServerProcess(services.postgres().url, {
      ...ENV,
      REDIS_URL: services.redis().url,
      LEASE_MS: '1500',
    });
    services.servers.push(s);
    return s;
  };

  it('pairs seekers on two processes into one game; after the queue’s owner is killed, seeks reach the new owner by themselves', async () => {
    const [a, b] = [await start(), await start()];
    // Ann seeks through A (its queue's owner: the first to need it), Bob through B.
    const ann = await Seeker.open(a);
    await ann.seek({}, 'Ann');
    expect((await seeks(b)).map((s) => s.name)).toEqual(['Ann']);
    const bob = await Seeker.open(b);
    bob.send({ type: 'seek', settings: BASE_DUEL, range: null, name: 'Bob' });
    const [pa, pb] = await Promise.all([ann.next('paired'), bob.next('paired')]);
    expect((await bob.closed).code).toBe(1000);
    await playFirstMove([a.ws, b.ws], pa, pb);

    // Cid waits through B, in A's queue; A dies. Dee seeks through a third process, which takes the
    // queue over; Cid's process sends his seek again within 10 s, and they are paired.
    const cid = await Seeker.open(b);
    await cid.seek({ clock: CLOCK }, 'Cid');
    expect(await a.stop('SIGKILL')).toBeNull();
    const c = await start();
    await sleep(1_700);
    const dee = await Seeker.open(c);
    await dee.seek({ clock: CLOCK }, 'Dee');
    const [pc, pd] = await Promise.all([
      cid.next('paired', () => true, 20_000),
      dee.next('paired', () => true, 20_000),
    ]);
    await playFirstMove([b.ws, c.ws], pc, pd);
  }, 60_000);
});
