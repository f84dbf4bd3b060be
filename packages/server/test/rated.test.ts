/**
 * Seats owned by accounts, rated games and their end, claiming anonymous seats: against the real
 * server process on SQLite. Two accounts play a rated duel to the end over their sockets and both
 * ratings move exactly as Glicko-2 says for that result from a newcomer's (the module the paper's
 * example checks, ratings.test.ts), the `rated` message and later welcomes saying the same; a
 * casual game moves nothing; anonymous players and a second seat of one account are refused; a
 * rated game against a bot moves the human's rating only; an anonymous game is claimed after
 * signing up. The store's transaction (one rating change however often a game's end is recorded,
 * two games of the same players one after the other) on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '@carc/engine';
import type { RatedResult, ViewerMessage } from '@carc/protocol';
import { nameKey } from '../src/accounts/accounts.js';
import { finishRows, ratedFinish } from '../src/hub/results.js';
import { botRating } from '../src/ratings/bots.js';
import type { Rating } from '../src/ratings/glicko2.js';
import { NEWCOMER, rateGame } from '../src/ratings/glicko2.js';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { GameRow, Store } from '../src/store/store.js';
import type { Client, ServerProcess } from './harness.js';
import { FAST, connect, startServerProcess, tempDatabase } from './harness.js';
import { actRandom, latest, playSeat, seeded, untilTurn } from './play.js';
import type { Service } from './services.js';
import { servicesAvailable, servicesRequired, startPostgres } from './services.js';

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookie?: string;
}

interface Auth {
  cookie: string;
  csrf: string;
}

async function call(
  server: ServerProcess,
  method: string,
  path: string,
  init: { body?: unknown; auth?: Auth; csrf?: boolean } = {},
): Promise<Answer> {
  const r = await fetch(server.url + path, {
    method,
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.auth === undefined ? {} : { cookie: init.auth.cookie }),
      ...(init.auth === undefined || init.csrf === false ? {} : { 'x-csrf-token': init.auth.csrf }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const token = /carc_session=([^;]*)/.exec(r.headers.get('set-cookie') ?? '')?.[1];
  const text = await r.text();
  return {
    status: r.status,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
    ...(token === undefined || token === '' ? {} : { cookie: `carc_session=${token}` }),
  };
}

async function signUp(server: ServerProcess, name: string): Promise<Auth> {
  const r = await call(server, 'POST', '/api/accounts', {
    body: { name, password: 'correct horse battery' },
  });
  expect(r.status).toBe(201);
  return { cookie: r.cookie!, csrf: String(r.body.csrf) };
}

const DUEL = { expansions: [], seats: [{ kind: 'human' }, { kind: 'human' }] };
const RATED_DUEL = { ...DUEL, rated: true };

const scoresOf = (c: Client): number[] => (latest(c).view as GameView).scores;
const ratedOf = (c: Client): Promise<Extract<ViewerMessage, { type: 'rated' }>> =>
  c.next('rated', () => true, 20_000, 0);

/** Two seats played by random legal actions until the game is over. */
async function playDuel(server: ServerProcess, game: string, tokens: [string, string], seed: number) {
  const a = await connect(server.ws, game, tokens[0]);
  const b = await connect(server.ws, game, tokens[1]);
  await Promise.all([playSeat(a.client, 0, seeded(seed)), playSeat(b.client, 1, seeded(seed + 1))]);
  expect(latest(a.client).status).toBe('finished');
  return { a: a.client, b: b.client };
}

describe('rated games on SQLite', () => {
  let server: ServerProcess;
  let store: SqliteStore;
  let ann: Auth;
  let bob: Auth;
  let annId: string;
  let bobId: string;
  beforeAll(async () => {
    const database = tempDatabase();
    server = await startServerProcess(database, FAST);
    // A second connection to the server's database file (WAL: it reads what the server committed).
    store = new SqliteStore(database);
    ann = await signUp(server, 'Ann');
    bob = await signUp(server, 'Bob');
    annId = (await store.accountByKey(nameKey('ann')))!.id;
    bobId = (await store.accountByKey(nameKey('bob')))!.id;
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
    await store?.close();
  });

  it('refuses rated seats to anonymous players, a second seat to one account, and a rated game of bots', async () => {
    const anonymous = await call(server, 'POST', '/api/games', {
      body: { settings: RATED_DUEL, join: { name: 'Zed' } },
    });
    expect(anonymous).toMatchObject({
      status: 403,
      body: { code: 'lobby/rated-needs-account', path: 'join' },
    });
    const bots = await call(server, 'POST', '/api/games', {
      body: {
        settings: {
          ...RATED_DUEL,
          seats: [
            { kind: 'bot', level: 'random' },
            { kind: 'bot', level: 'greedy' },
          ],
        },
      },
    });
    expect(bots).toMatchObject({
      status: 400,
      body: { code: 'lobby/invalid-settings', path: 'settings.rated' },
    });
    const noCsrf = await call(server, 'POST', '/api/games', {
      body: { settings: RATED_DUEL, join: { name: 'Ann' } },
      auth: ann,
      csrf: false,
    });
    expect(noCsrf).toMatchObject({ status: 403, body: { code: 'auth/csrf' } });

    const g = await call(server, 'POST', '/api/games', {
      body: { settings: RATED_DUEL, join: { name: 'ignored' } },
      auth: ann,
    });
    expect(g).toMatchObject({ status: 201, body: { seat: 0 } });
    const id = String(g.body.id);
    expect(await call(server, 'POST', `/api/games/${id}/join`, { body: { name: 'Zed' } })).toMatchObject({
      status: 403,
      body: { code: 'lobby/rated-needs-account' },
    });
    expect(
      await call(server, 'POST', `/api/games/${id}/join`, { body: { name: 'Ann' }, auth: ann }),
    ).toMatchObject({
      status: 409,
      body: { code: 'lobby/already-seated' },
    });
    // The seat is the account's, under its name whatever the body says.
    const seats = (await store.getGame(id))!.seats;
    expect(seats[0]).toMatchObject({ name: 'Ann', account: annId });
    expect(seats[1]!.tokenHash).toBeUndefined();
  });

  it('moves both ratings of a rated duel as Glicko-2 says, tells every listener, and a casual game moves nothing', async () => {
    const g = await call(server, 'POST', '/api/games', {
      body: { settings: RATED_DUEL, join: { name: 'Ann' } },
      auth: ann,
    });
    const id = String(g.body.id);
    const joined = await call(server, 'POST', `/api/games/${id}/join`, {
      body: { name: 'Robert' },
      auth: bob,
    });
    expect(joined).toMatchObject({ status: 200, body: { seat: 1 } });
    const summary = await call(server, 'GET', `/api/games/${id}`);
    expect(summary.body.players).toMatchObject([
      { name: 'Ann', rating: { value: 1500, provisional: true } },
      { name: 'Bob', rating: { value: 1500, provisional: true } },
    ]);
    const spectator = await connect(server.ws, id);

    const { a, b } = await playDuel(server, id, [String(g.body.token), String(joined.body.token)], 11);
    const scores = scoresOf(a);
    const expected = rateGame(scores.map((score) => ({ rating: NEWCOMER, score })));
    const rated = await ratedOf(a);
    expect(rated.pool).toBe('duel-base');
    expect(rated.changes).toHaveLength(2);
    rated.changes.forEach((c, seat) => {
      expect(c.seat).toBe(seat);
      expect(c.before).toBe(1500);
      expect(c.after).toBeCloseTo(expected[seat]!.rating, 9);
      expect(c.deviation).toBeCloseTo(expected[seat]!.deviation, 9);
      expect(c.provisional).toBe(true);
    });
    // A win moves the winner up and the loser down (a draw of newcomers: nowhere).
    const [first, second] = expected as [Rating, Rating];
    if (scores[0]! > scores[1]!) expect(first.rating).toBeGreaterThan(1500);
    if (scores[0]! !== scores[1]!) expect(first.rating + second.rating).toBeCloseTo(3000, 6);
    // Every listener was told the same; a later welcome carries it.
    expect((await ratedOf(b)).changes).toEqual(rated.changes);
    expect((await ratedOf(spectator.client)).changes).toEqual(rated.changes);
    const again = await connect(server.ws, id);
    expect((again.welcome as { rated?: RatedResult }).rated).toEqual({
      pool: rated.pool,
      changes: rated.changes,
    });

    // Stored: the ratings, one game each, and the players' rows.
    for (const [account, seat] of [
      [annId, 0],
      [bobId, 1],
    ] as const) {
      const r = await store.ratingOf(account, 'duel-base');
      expect(r).toMatchObject({
        games: 1,
        rating: rated.changes[seat]!.after,
        deviation: rated.changes[seat]!.deviation,
      });
    }
    const rows = await store.gamePlayers(id);
    expect(rows.map((r) => [r.account, r.name, r.score, r.rated, r.pool, r.forfeited])).toEqual([
      [annId, 'Ann', scores[0], true, 'duel-base', false],
      [bobId, 'Bob', scores[1], true, 'duel-base', false],
    ]);
    expect(rows.map((r) => r.place)).toEqual(
      scores[0] === scores[1] ? [1, 1] : scores[0]! > scores[1]! ? [1, 2] : [2, 1],
    );

    // Casual: the same two players, signed in; rows kept, no rating moves.
    const before = [await store.ratingOf(annId, 'duel-base'), await store.ratingOf(bobId, 'duel-base')];
    const c = await call(server, 'POST', '/api/games', {
      body: { settings: DUEL, join: { name: 'Ann' } },
      auth: ann,
    });
    const cj = await call(server, 'POST', `/api/games/${String(c.body.id)}/join`, {
      body: { name: 'Bob' },
      auth: bob,
    });
    const casual = await playDuel(
      server,
      String(c.body.id),
      [String(c.body.token), String(cj.body.token)],
      21,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(casual.a.messages.some((m) => m.type === 'rated')).toBe(false);
    expect([await store.ratingOf(annId, 'duel-base'), await store.ratingOf(bobId, 'duel-base')]).toEqual(
      before,
    );
    const casualRows = await store.gamePlayers(String(c.body.id));
    expect(casualRows.map((r) => [r.account, r.rated, r.ratingBefore])).toEqual([
      [annId, false, undefined],
      [bobId, false, undefined],
    ]);
  }, 120_000);

  it('rates a game against a bot for the human only: a resignation loses whatever the scores', async () => {
    const cai = await signUp(server, 'Cai');
    const caiId = (await store.accountByKey(nameKey('cai')))!.id;
    const settings = {
      expansions: [],
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'greedy' }],
      rated: true,
    };
    const g = await call(server, 'POST', '/api/games', {
      body: { settings, join: { name: 'Cai' } },
      auth: cai,
    });
    expect(g.status).toBe(201);
    const id = String(g.body.id);
    const { client, welcome } = await connect(server.ws, id, String(g.body.token));
    const bot = botRating('greedy', 'duel-base');
    expect(welcome.type === 'welcome' && welcome.players[1]?.rating).toEqual({
      value: Math.round(bot.rating),
      provisional: false,
    });
    const random = seeded(5);
    for (let i = 0; i < 6; i++) {
      await untilTurn(client, 0);
      await actRandom(client, 0, random);
    }
    client.send({ type: 'resign', id: 'bye' });
    await client.next('ended');
    const rated = await ratedOf(client);
    const scores = (await store.getGame(id))!.scores!;
    const [expected] = rateGame([
      { rating: NEWCOMER, score: scores[0]!, forfeited: true },
      { rating: bot, score: scores[1]! },
    ]);
    expect(rated.changes).toHaveLength(1);
    expect(rated.changes[0]).toMatchObject({ seat: 0, before: 1500 });
    expect(rated.changes[0]!.after).toBeCloseTo(expected!.rating, 9);
    expect(rated.changes[0]!.after).toBeLessThan(1500);
    expect(await store.ratingOf(caiId, 'duel-base')).toMatchObject({ games: 1 });
    const rows = await store.gamePlayers(id);
    expect(rows.map((r) => [r.kind, r.level, r.place, r.forfeited, r.ratingAfter === undefined])).toEqual([
      ['human', undefined, 2, true, false],
      ['bot', 'greedy', 1, false, true],
    ]);
  }, 60_000);

  it('gives an anonymous game to the account its player signs up with', async () => {
    const settings = { expansions: [], seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }] };
    const g = await call(server, 'POST', '/api/games', { body: { settings, join: { name: 'Dee anon' } } });
    const id = String(g.body.id);
    const token = String(g.body.token);
    const { client } = await connect(server.ws, id, token);
    await playSeat(client, 0, seeded(8));
    await new Promise((r) => setTimeout(r, 300));
    expect((await store.gamePlayers(id))[0]).toMatchObject({ name: 'Dee anon', kind: 'human' });
    expect((await store.gamePlayers(id))[0]!.account).toBeUndefined();

    const dee = await signUp(server, 'Dee');
    const deeId = (await store.accountByKey(nameKey('dee')))!.id;
    const seats = {
      seats: [
        { game: id, token },
        { game: id, token: 'x'.repeat(43) },
        { game: 'nope', token },
      ],
    };
    expect(
      await call(server, 'POST', '/api/account/claim', { body: seats, auth: dee, csrf: false }),
    ).toMatchObject({
      status: 403,
      body: { code: 'auth/csrf' },
    });
    expect(await call(server, 'POST', '/api/account/claim', { body: seats })).toMatchObject({ status: 401 });
    const tooMany = { seats: Array.from({ length: 101 }, () => ({ game: id, token })) };
    expect((await call(server, 'POST', '/api/account/claim', { body: tooMany, auth: dee })).status).toBe(400);
    expect(await call(server, 'POST', '/api/account/claim', { body: seats, auth: dee })).toMatchObject({
      status: 200,
      body: { claimed: 1 },
    });
    // Claimed once: asked again (or by another account), nothing changes.
    expect((await call(server, 'POST', '/api/account/claim', { body: seats, auth: dee })).body).toEqual({
      claimed: 0,
    });
    expect((await call(server, 'POST', '/api/account/claim', { body: seats, auth: ann })).body).toEqual({
      claimed: 0,
    });
    const row = (await store.gamePlayers(id))[0]!;
    expect(row).toMatchObject({ account: deeId, name: 'Dee anon', rated: false });
    expect((await store.getGame(id))!.seats[0]).toMatchObject({ account: deeId, name: 'Dee anon' });
    expect(await store.ratingOf(deeId, 'duel-base')).toBeUndefined();
  }, 60_000);
});

// ---- the store's transaction

const finished = (id: string, scores: [number, number]): GameRow => ({
  id,
  createdAt: 1,
  updatedAt: 1,
  status: 'finished',
  settings: { expansions: [], options: {}, seats: [{ kind: 'human' }, { kind: 'human' }], rated: true },
  seed: '0'.repeat(32),
  seats: [
    { kind: 'human', name: 'Ann', account: 'acc-ann', tokenHash: 'a'.repeat(64) },
    { kind: 'human', name: 'Bob', account: 'acc-bob', tokenHash: 'b'.repeat(64) },
  ],
  version: 0,
  toAct: -1,
  scores,
  listedAt: 1,
  botsOnly: false,
});

async function storeTransactions(store: Store): Promise<void> {
  for (const name of ['Ann', 'Bob']) {
    await store.createAccount({
      id: `acc-${name.toLowerCase()}`,
      name,
      nameKey: name.toLowerCase(),
      passwordHash: 'x',
      createdAt: 1,
    });
  }
  const one = finished('game-one', [80, 60]);
  const two = finished('game-two', [50, 70]);
  await store.createGame(one);
  await store.createGame(two);
  const record = (row: GameRow, at: number) =>
    store.recordFinish(row.id, finishRows(row, at), ratedFinish(row, 'duel-base', finishRows(row, at)));
  // The same game's end recorded four times at once, and another game of the same players.
  const results = await Promise.all([
    record(one, 10),
    record(one, 10),
    record(two, 20),
    record(one, 10),
    record(two, 20),
  ]);
  expect(results[1]).toEqual(results[0]);
  expect(results[3]).toEqual(results[0]);
  expect(results[4]).toEqual(results[2]);
  const ann = await store.ratingOf('acc-ann', 'duel-base');
  expect(ann).toMatchObject({ games: 2 });
  expect((await store.ratingOf('acc-bob', 'duel-base'))?.games).toBe(2);
  // One game after the other: the later one starts from the earlier one's result.
  const [r1, r2] = [await store.gamePlayers('game-one'), await store.gamePlayers('game-two')];
  const annRows = [r1[0]!, r2[0]!];
  const chained =
    annRows[0]!.ratingAfter === annRows[1]!.ratingBefore ||
    annRows[1]!.ratingAfter === annRows[0]!.ratingBefore;
  expect(chained).toBe(true);
  expect([annRows[0]!.ratingBefore, annRows[1]!.ratingBefore]).toContain(1500);
  expect([annRows[0]!.ratingAfter, annRows[1]!.ratingAfter]).toContain(ann!.rating);

  // A seat is claimed once, and only while it has no account.
  const open = {
    ...finished('game-three', [0, 0]),
    seats: [
      { kind: 'human' as const, name: 'Cy', tokenHash: 'c'.repeat(64) },
      { kind: 'human' as const, name: 'Dot' },
    ],
  };
  await store.createGame(open);
  await store.recordFinish(
    open.id,
    finishRows({ ...open, settings: { ...open.settings, rated: false } }, 30),
  );
  const claimed = open.seats.map((s, i) => (i === 0 ? { ...s, account: 'acc-ann' } : s));
  const claims = await Promise.all([
    store.claimSeat(open.id, 0, 'acc-ann', claimed),
    store.claimSeat(
      open.id,
      0,
      'acc-bob',
      open.seats.map((s, i) => (i === 0 ? { ...s, account: 'acc-bob' } : s)),
    ),
  ]);
  expect(claims.filter(Boolean)).toHaveLength(1);
  const owner = (await store.getGame(open.id))!.seats[0]!.account;
  expect((await store.gamePlayers(open.id))[0]!.account).toBe(owner);
}

describe('recording a game’s end on SQLite', () => {
  it('moves the ratings once however often a game’s end is recorded, and claims a seat once', async () => {
    const store = new SqliteStore(tempDatabase());
    try {
      await storeTransactions(store);
    } finally {
      await store.close();
    }
  });
});

const withPostgres = servicesAvailable() || servicesRequired() ? describe : describe.skip;

withPostgres('recording a game’s end on PostgreSQL', () => {
  let postgres: Service;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await postgres?.stop();
  }, 60_000);

  it('moves the ratings once however often a game’s end is recorded, and claims a seat once', async () => {
    const store = await PostgresStore.connect(postgres.url);
    try {
      await storeTransactions(store);
    } finally {
      await store.close();
    }
  }, 60_000);
});
