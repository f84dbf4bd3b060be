/**
 * History, profiles, head-to-head, leaderboards and account deletion against the real server
 * process, on SQLite and on PostgreSQL (the stores' SQL is shared, the deletion's JSON differs):
 * finished games' players and ratings seeded through the database, then read over HTTP — numbers,
 * newest first, filters, paging, the active filter of leaderboards, 404s, hostile queries; then an
 * account deleted: refused while it holds a seat in a game being played, its profile gone, its
 * games still listed for its opponents and their records showing "deleted".
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { hash } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameKey } from '../src/accounts/accounts.js';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { GameRow, Store } from '../src/store/store.js';
import type { Created, ServerProcess } from './harness.js';
import { FAST, api, connect, createGame, startServerProcess, tempDatabase } from './harness.js';
import type { Service } from './services.js';
import { servicesAvailable, servicesRequired, startPostgres } from './services.js';

/** The test's own connection to the server's database: its store, and raw SQL (`?` placeholders). */
interface Db {
  store: Store;
  exec(sql: string, values: unknown[]): Promise<void>;
  rows(sql: string, values: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

function sqliteDb(database: string): Db {
  const store = new SqliteStore(database);
  const raw = new Database(database);
  raw.pragma('busy_timeout = 5000');
  // better-sqlite3 takes no booleans: SQLite keeps them as 1 and 0.
  const values = (vs: unknown[]) => vs.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v));
  return {
    store,
    exec: async (sql, vs) => void raw.prepare(sql).run(...values(vs)),
    rows: async (sql, vs) => raw.prepare(sql).all(...values(vs)) as Record<string, unknown>[],
    close: async () => {
      raw.close();
      await store.close();
    },
  };
}

async function postgresDb(url: string): Promise<Db> {
  const store = await PostgresStore.connect(url);
  const raw = new pg.Pool({ connectionString: url, max: 2 });
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    store,
    exec: async (sql, vs) => void (await raw.query(numbered(sql), vs)),
    rows: async (sql, vs) => (await raw.query(numbered(sql), vs)).rows as Record<string, unknown>[],
    close: async () => {
      await raw.end();
      await store.close();
    },
  };
}

const PASSWORD = 'correct horse battery';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function addAccount(db: Db, name: string, password = PASSWORD): Promise<string> {
  const id = randomBytes(12).toString('base64url');
  const passwordHash = password === '' ? '' : await hash(password);
  expect(
    await db.store.createAccount({
      id,
      name,
      nameKey: nameKey(name),
      passwordHash,
      createdAt: Date.now() - DAY,
    }),
  ).toBe('created');
  return id;
}

interface Seat {
  name: string;
  account?: string;
  kind?: 'human' | 'bot';
  score: number;
  place: number;
}

/** A finished game's row (as the server keeps it) and one game_players row per seat. */
async function addGame(
  db: Db,
  id: string,
  seats: Seat[],
  game: { expansions?: string[]; finishedAt: number; rated?: boolean; pool?: string },
): Promise<void> {
  const expansions = [...(game.expansions ?? [])].sort();
  const row: GameRow = {
    id,
    createdAt: game.finishedAt - HOUR,
    updatedAt: game.finishedAt,
    status: 'finished',
    settings: {
      expansions,
      options: {},
      seats: seats.map((s) => (s.kind === 'bot' ? { kind: 'bot', level: 'greedy' } : { kind: 'human' })),
    },
    seed: 'ab'.repeat(16),
    seats: seats.map((s) =>
      s.kind === 'bot'
        ? { kind: 'bot', level: 'greedy', name: s.name }
        : {
            kind: 'human',
            name: s.name,
            tokenHash: 'f'.repeat(64),
            ...(s.account === undefined ? {} : { account: s.account }),
          },
    ),
    version: 0,
    toAct: -1,
    scores: seats.map((s) => s.score),
    listedAt: game.finishedAt - HOUR,
    botsOnly: false,
  };
  await db.store.createGame(row);
  for (const [seat, s] of seats.entries())
    await addPlayer(db, id, seat, s, { ...game, expansions, seats: seats.length });
}

async function addPlayer(
  db: Db,
  game: string,
  seat: number,
  s: Seat,
  g: { expansions: string[]; finishedAt: number; rated?: boolean; pool?: string; seats: number },
): Promise<void> {
  await db.exec(
    `INSERT INTO game_players (game, seat, account, name, kind, level, score, place, forfeited, expansions,
       players, pool, rated, rating_before, rating_after, deviation_after, finished_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (game, seat) DO UPDATE SET account = excluded.account, name = excluded.name`,
    [
      game,
      seat,
      s.account ?? null,
      s.name,
      s.kind ?? 'human',
      s.kind === 'bot' ? 'greedy' : null,
      s.score,
      s.place,
      false,
      g.expansions.join(','),
      g.seats,
      g.pool ?? (g.seats === 2 ? 'duel-base' : 'multi-base'),
      g.rated ?? false,
      g.rated === true && s.account !== undefined ? 1500 : null,
      g.rated === true && s.account !== undefined ? (s.place === 1 ? 1516.5 : 1483.5) : null,
      g.rated === true && s.account !== undefined ? 300 : null,
      g.finishedAt,
    ],
  );
}

async function addRating(
  db: Db,
  account: string,
  pool: string,
  rating: number,
  deviation: number,
  lastGameAt: number,
): Promise<void> {
  await db.exec(
    `INSERT INTO ratings (account, pool, rating, deviation, volatility, games, last_game_at)
     VALUES (?, ?, ?, ?, 0.06, 20, ?)`,
    [account, pool, rating, deviation, lastGameAt],
  );
}

type Body = Record<string, unknown> & {
  games?: { game: string; players: Record<string, unknown>[]; you: Record<string, unknown> }[];
};
const get = async (server: ServerProcess, path: string) => api<Body>(server.url, 'GET', path);

/** Five games of Ann's (newest first: g1…g5), against Bob, Cyd, a bot and an anonymous guest. */
async function seedHistory(db: Db): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const name of ['Ann', 'Bob', 'Cyd', 'Dee', 'Eve', 'Fay']) ids[name] = await addAccount(db, name);
  const now = Date.now();
  const { Ann, Bob, Cyd } = ids as Record<'Ann' | 'Bob' | 'Cyd', string>;
  await addGame(
    db,
    'g1',
    [
      { name: 'Ann', account: Ann, score: 80, place: 1 },
      { name: 'Bob', account: Bob, score: 60, place: 2 },
    ],
    { finishedAt: now - 1 * HOUR, rated: true },
  );
  await addGame(
    db,
    'g2',
    [
      { name: 'Ann', account: Ann, score: 70, place: 1 },
      { name: 'Bob', account: Bob, score: 70, place: 1 },
    ],
    { finishedAt: now - 2 * HOUR },
  );
  await addGame(
    db,
    'g3',
    [
      { name: 'Ann', account: Ann, score: 50, place: 2 },
      { name: 'Cyd', account: Cyd, score: 90, place: 1 },
    ],
    { finishedAt: now - 3 * HOUR, expansions: ['tower', 'halflings'], pool: 'duel-expansions' },
  );
  await addGame(
    db,
    'g4',
    [
      { name: 'Ann', account: Ann, score: 100, place: 1 },
      { name: 'Bob', account: Bob, score: 90, place: 2 },
      { name: 'Greedy bot', kind: 'bot', score: 80, place: 3 },
    ],
    { finishedAt: now - 4 * HOUR },
  );
  await addGame(
    db,
    'g5',
    [
      { name: 'Ann', account: Ann, score: 40, place: 2 },
      { name: 'Guest', score: 60, place: 1 },
    ],
    { finishedAt: now - 5 * HOUR },
  );
  // The duel-base board: Dee has not played for 100 days, Eve is provisional, Fay just is not.
  await addRating(db, Ann, 'duel-base', 1600, 80, now - HOUR);
  await addRating(db, Bob, 'duel-base', 1550, 90, now - HOUR);
  await addRating(db, Cyd, 'duel-base', 1550, 100, now - 80 * DAY);
  await addRating(db, ids.Dee!, 'duel-base', 1700, 60, now - 100 * DAY);
  await addRating(db, ids.Eve!, 'duel-base', 1800, 200, now - HOUR);
  await addRating(db, ids.Fay!, 'duel-base', 1500, 110, now - HOUR);
  await addRating(db, Ann, 'multi-base', 1520.25, 105, now - 4 * HOUR);
  return ids;
}

async function historyChecks(server: ServerProcess): Promise<void> {
  // The profile: ratings per pool, statistics overall and per expansion set.
  const ann = await get(server, '/api/players/ANN');
  expect(ann.status).toBe(200);
  expect(ann.body).toMatchObject({
    name: 'Ann',
    ratings: [
      {
        pool: 'duel-base',
        title: 'Duel, base game',
        rating: 1600,
        deviation: 80,
        provisional: false,
        games: 20,
      },
      { pool: 'multi-base', rating: 1520.3, deviation: 105, provisional: false },
    ],
    stats: {
      games: 5,
      wins: 2,
      draws: 1,
      losses: 2,
      averageScore: 68,
      byExpansions: [
        { expansions: [], games: 4, wins: 2, draws: 1, losses: 1, averageScore: 72.5 },
        { expansions: ['halflings', 'tower'], games: 1, wins: 0, losses: 1, averageScore: 50 },
      ],
    },
  });
  expect(JSON.stringify(ann.body)).not.toMatch(/account|password|Hash/);
  expect((await get(server, '/api/players/Eve')).body).toMatchObject({
    ratings: [{ pool: 'duel-base', provisional: true }],
    stats: { games: 0, wins: 0, averageScore: 0, byExpansions: [] },
  });

  // The games: newest first, every player, the player's own result and rating change.
  const all = await get(server, '/api/players/ann/games');
  expect(all.body.total).toBe(5);
  expect(all.body.games!.map((g) => g.game)).toEqual(['g1', 'g2', 'g3', 'g4', 'g5']);
  expect(all.body.games![0]).toMatchObject({
    game: 'g1',
    expansions: [],
    rated: true,
    pool: 'duel-base',
    players: [
      { seat: 0, name: 'Ann', kind: 'human', score: 80, place: 1, forfeited: false, profile: 'Ann' },
      { seat: 1, name: 'Bob', kind: 'human', score: 60, place: 2, profile: 'Bob' },
    ],
    you: { seat: 0, score: 80, place: 1, result: 'win', ratingBefore: 1500, ratingAfter: 1516.5 },
  });
  expect(all.body.games![3]!.players[2]).toMatchObject({ name: 'Greedy bot', kind: 'bot', level: 'greedy' });
  expect(all.body.games![4]!.players[1]).not.toHaveProperty('profile');
  expect(all.body.games!.map((g) => g.you.result)).toEqual(['win', 'draw', 'loss', 'win', 'loss']);

  const listed = async (query: string) => {
    const r = await get(server, `/api/players/Ann/games?${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { total: r.body.total, games: r.body.games!.map((g) => g.game) };
  };
  expect(await listed('expansions=base')).toEqual({ total: 4, games: ['g1', 'g2', 'g4', 'g5'] });
  expect(await listed('expansions=tower,halflings')).toEqual({ total: 1, games: ['g3'] });
  expect(await listed('expansions=tower')).toEqual({ total: 0, games: [] });
  expect(await listed('result=win')).toEqual({ total: 2, games: ['g1', 'g4'] });
  expect(await listed('result=draw')).toEqual({ total: 1, games: ['g2'] });
  expect(await listed('result=loss&expansions=base')).toEqual({ total: 1, games: ['g5'] });
  expect(await listed('opponent=bob')).toEqual({ total: 3, games: ['g1', 'g2', 'g4'] });
  expect(await listed('limit=2&offset=2')).toEqual({ total: 5, games: ['g3', 'g4'] });
  expect(await listed('limit=2&offset=4')).toEqual({ total: 5, games: ['g5'] });
  expect(await listed('offset=5')).toEqual({ total: 5, games: [] });
  // Bob's side: the draw is a draw for him too, g4 a loss.
  expect((await get(server, '/api/players/Bob/games')).body.games!.map((g) => g.you.result)).toEqual([
    'loss',
    'draw',
    'loss',
  ]);

  // Head-to-head, both ways.
  const versus = await get(server, '/api/players/Ann/versus/Bob');
  expect(versus.body).toMatchObject({
    games: 3,
    wins: 2,
    draws: 1,
    losses: 0,
    averageScore: 83.3,
    opponentAverageScore: 73.3,
  });
  expect((versus.body.recent as { game: string }[]).map((g) => g.game)).toEqual(['g1', 'g2', 'g4']);
  expect((await get(server, '/api/players/bob/versus/ann')).body).toMatchObject({
    games: 3,
    wins: 0,
    draws: 1,
    losses: 2,
    averageScore: 73.3,
    opponentAverageScore: 83.3,
  });
  expect((await get(server, '/api/players/Ann/versus/Fay')).body).toMatchObject({
    games: 0,
    averageScore: 0,
    recent: [],
  });

  // Leaderboards: active (played in 90 days) and not provisional only, best first, ties by name.
  const boards = await get(server, '/api/leaderboards');
  expect(boards.body).toEqual({
    pools: [
      { pool: 'duel-base', title: 'Duel, base game', players: 4 },
      { pool: 'duel-expansions', title: 'Duel, with expansions', players: 0 },
      { pool: 'multi-base', title: 'Three or more, base game', players: 1 },
      { pool: 'multi-expansions', title: 'Three or more, with expansions', players: 0 },
    ],
  });
  const board = await get(server, '/api/leaderboards/duel-base');
  expect(board.body).toMatchObject({ pool: 'duel-base', title: 'Duel, base game', total: 4 });
  expect(board.body.players).toEqual([
    { rank: 1, name: 'Ann', rating: 1600, deviation: 80, games: 20, lastGameAt: expect.any(Number) },
    { rank: 2, name: 'Bob', rating: 1550, deviation: 90, games: 20, lastGameAt: expect.any(Number) },
    { rank: 3, name: 'Cyd', rating: 1550, deviation: 100, games: 20, lastGameAt: expect.any(Number) },
    { rank: 4, name: 'Fay', rating: 1500, deviation: 110, games: 20, lastGameAt: expect.any(Number) },
  ]);
  const paged = await get(server, '/api/leaderboards/duel-base?limit=2&offset=1');
  expect((paged.body.players as { rank: number; name: string }[]).map((p) => [p.rank, p.name])).toEqual([
    [2, 'Bob'],
    [3, 'Cyd'],
  ]);
  expect(paged.body.total).toBe(4);
  expect((await get(server, '/api/leaderboards/duel-expansions')).body).toMatchObject({
    total: 0,
    players: [],
  });

  // Unknown players and pools.
  for (const path of [
    '/api/players/Nobody',
    '/api/players/Nobody/games',
    '/api/players/Ann/versus/Nobody',
    '/api/players/Nobody/versus/Ann',
    '/api/players/Ann/games?opponent=Nobody',
    '/api/players/__proto__',
    '/api/players/constructor/games',
    `/api/players/${encodeURIComponent("Ann' OR '1'='1")}`,
    `/api/players/${encodeURIComponent('Ann"; DROP TABLE game_players; --')}/games`,
  ]) {
    expect(await get(server, path), path).toMatchObject({ status: 404, body: { code: 'player/not-found' } });
  }
  expect(await get(server, '/api/leaderboards/chess')).toMatchObject({
    status: 404,
    body: { code: 'leaderboard/no-pool' },
  });
  expect((await get(server, '/api/leaderboards/__proto__')).body).toMatchObject({
    code: 'leaderboard/no-pool',
  });

  // Hostile query strings: refused with a path, nothing else happens.
  for (const query of [
    'limit=51',
    'limit=0',
    'limit=99999999999999999999999',
    'limit=1e400',
    'limit=2.5',
    'offset=-1',
    'limit=1&limit=2',
    'result=maybe',
    "result=win' OR '1'='1",
    'expansions=',
    'expansions=tower,chess',
    'expansions=base,tower',
    '__proto__=1',
    '__proto__[limit]=1',
    'constructor=1',
    'toString=1',
    'hasOwnProperty=x',
    'extra=1',
    `opponent=${'x'.repeat(300)}`,
  ]) {
    const r = await get(server, `/api/players/Ann/games?${query}`);
    expect(r, query).toMatchObject({ status: 400, body: { code: 'http/invalid' } });
  }
  for (const query of ['limit=101', 'offset=-5', '__proto__=1', 'extra=1', 'limit=ten']) {
    const r = await get(server, `/api/leaderboards/duel-base?${query}`);
    expect(r, query).toMatchObject({ status: 400, body: { code: 'http/invalid' } });
  }
  expect((await get(server, '/api/players/Ann/games?limit=50')).status).toBe(200);
  expect((await get(server, '/api/leaderboards/duel-base?limit=100')).status).toBe(200);
  // A long name is refused before any lookup (414), a 200-unit one looked up.
  expect((await get(server, `/api/players/${'a'.repeat(201)}`)).status).toBe(414);
  expect((await get(server, `/api/players/${'a'.repeat(200)}`)).status).toBe(404);
  // Still all there.
  expect((await get(server, '/api/players/Ann/games')).body.total).toBe(5);
}

interface Auth {
  cookie: string;
  csrf: string;
}

async function signIn(server: ServerProcess, name: string): Promise<Auth> {
  const r = await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: PASSWORD }),
  });
  expect(r.status).toBe(200);
  const token = /carc_session=([^;]*)/.exec(r.headers.get('set-cookie') ?? '')![1]!;
  return { cookie: `carc_session=${token}`, csrf: ((await r.json()) as { csrf: string }).csrf };
}

/** A sign-in made directly in the store (an account with passkeys only cannot sign in by password). */
async function sessionOf(db: Db, account: string): Promise<Auth> {
  const token = randomBytes(32).toString('base64url');
  const csrf = randomBytes(24).toString('base64url');
  await db.store.createAuthSession({
    idHash: createHash('sha256').update(token).digest('hex'),
    account,
    csrf,
    createdAt: Date.now(),
  });
  return { cookie: `carc_session=${token}`, csrf };
}

async function deleteAccount(server: ServerProcess, auth: Auth, body: unknown) {
  const r = await fetch(`${server.url}/api/account`, {
    method: 'DELETE',
    headers: { 'content-type': 'application/json', cookie: auth.cookie, 'x-csrf-token': auth.csrf },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown> };
}

/** The account's seat `seat` in a game created over the API, as the server marks a signed-in seat. */
async function ownSeat(db: Db, game: string, seat: number, account: string): Promise<void> {
  const row = await db.store.getGame(game);
  const seats = row!.seats.map((s, i) => (i === seat ? { ...s, account } : s));
  await db.exec('UPDATE games SET seats = ? WHERE id = ?', [JSON.stringify(seats), game]);
}

/**
 * Waits (a few seconds at most) until the server has stored the players of these games, written
 * just after their end, so that the deletion finds them.
 */
async function playersStored(db: Db, games: string[]): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const rows = await db.rows(
      `SELECT DISTINCT game FROM game_players WHERE game IN (${games.map(() => '?').join(', ')})`,
      games,
    );
    if (rows.length === games.length) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const duelWithBot = { seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }] };

async function resign(server: ServerProcess, game: Created): Promise<void> {
  const { client } = await connect(server.ws, game.id, game.token);
  client.send({ type: 'resign', id: 'bye' });
  await client.next('ended');
  client.close();
}

async function deletionChecks(server: ServerProcess, db: Db): Promise<void> {
  const zoe = await addAccount(db, 'Zoe');
  const annId = (await db.rows('SELECT id FROM accounts WHERE name = ?', ['Ann']))[0]!.id as string;
  await addGame(
    db,
    'g6',
    [
      { name: 'Zoe', account: zoe, score: 30, place: 2 },
      { name: 'Ann', account: annId, score: 50, place: 1 },
    ],
    { finishedAt: Date.now() - 30 * 60_000, rated: true },
  );
  await addRating(db, zoe, 'duel-base', 1490, 90, Date.now());

  // A game played to its end over the API (Zoe resigns), its record read (its room in memory).
  const played = await createGame(server, duelWithBot, 'Zoe');
  await resign(server, played);
  await ownSeat(db, played.id, 0, zoe);
  const before = await get(server, `/api/games/${played.id}/record`);
  expect(before.status).toBe(200);
  expect(JSON.stringify(before.body)).toContain('"Zoe"');

  // A game being played: deletion refused, nothing changed.
  const playing = await createGame(server, duelWithBot, 'Zoe');
  await ownSeat(db, playing.id, 0, zoe);
  const auth = await signIn(server, 'Zoe');
  expect(await deleteAccount(server, auth, { password: 'not the password' })).toMatchObject({
    status: 401,
    body: { code: 'auth/bad-credentials' },
  });
  expect(await deleteAccount(server, auth, { password: PASSWORD })).toMatchObject({
    status: 409,
    body: { code: 'auth/in-game' },
  });
  expect((await get(server, '/api/players/Zoe')).status).toBe(200);

  // Over: deleted.
  await resign(server, playing);
  await playersStored(db, [played.id, playing.id]);
  expect((await deleteAccount(server, auth, { password: PASSWORD })).status).toBe(204);
  expect(await get(server, '/api/players/Zoe')).toMatchObject({
    status: 404,
    body: { code: 'player/not-found' },
  });
  expect((await get(server, '/api/players/Ann/versus/Zoe')).status).toBe(404);
  expect((await get(server, '/api/leaderboards/duel-base')).body.total).toBe(4);

  // Ann's history keeps the game, its player shown as deleted.
  const g6 = (await get(server, '/api/players/Ann/games?limit=1')).body.games![0]!;
  expect(g6.game).toBe('g6');
  expect(g6.players[0]).toEqual({
    seat: 0,
    name: 'deleted',
    kind: 'human',
    score: 30,
    place: 2,
    forfeited: false,
    deleted: true,
  });
  expect(g6.players[1]).toMatchObject({ name: 'Ann', profile: 'Ann' });

  // The record and the summary of the game played show "deleted" (its room reloaded), not the name.
  for (const path of [`/api/games/${played.id}/record`, `/api/games/${played.id}`]) {
    const r = await get(server, path);
    expect(r.status, path).toBe(200);
    expect(JSON.stringify(r.body), path).toContain('"deleted"');
    expect(JSON.stringify(r.body), path).not.toContain('Zoe');
  }
  const stored = await db.store.getGame('g6');
  expect(stored!.seats[0]).toEqual({ kind: 'human', name: 'deleted', tokenHash: 'f'.repeat(64) });
  expect(stored!.seats[1]).toMatchObject({ name: 'Ann', account: annId });
  expect((await db.store.getGame(playing.id))!.seats[0]!.name).toBe('deleted');
  expect(await db.rows('SELECT * FROM game_players WHERE account = ?', [zoe])).toEqual([]);
  expect(await db.rows('SELECT * FROM ratings WHERE account = ?', [zoe])).toEqual([]);
  expect(await db.rows("SELECT * FROM game_players WHERE name = 'Zoe'", [])).toEqual([]);

  // An account with passkeys only confirms with its name, not a password.
  const pia = await addAccount(db, 'Pia', '');
  const piaAuth = await sessionOf(db, pia);
  expect((await deleteAccount(server, piaAuth, { password: PASSWORD })).status).toBe(401);
  expect(await deleteAccount(server, piaAuth, { confirm: 'Pam' })).toMatchObject({
    status: 401,
    body: { code: 'auth/bad-credentials', path: 'confirm' },
  });
  expect((await deleteAccount(server, piaAuth, { confirm: 'Pia', password: 'x' })).status).toBe(400);
  expect((await deleteAccount(server, piaAuth, { confirm: ' PIA ' })).status).toBe(204);
  expect((await get(server, '/api/players/Pia')).status).toBe(404);
}

describe('history, profiles and leaderboards on SQLite', () => {
  let server: ServerProcess;
  let db: Db;
  beforeAll(async () => {
    const database = tempDatabase();
    server = await startServerProcess(database, FAST);
    db = sqliteDb(database);
    await seedHistory(db);
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
    await db?.close();
  });

  it('profile, games with filters and paging, head-to-head, leaderboards; unknown names and hostile queries refused', async () => {
    await historyChecks(server);
  });

  it('deleting an account: refused while in a game, then its games show "deleted"', async () => {
    await deletionChecks(server, db);
  }, 30_000);
});

const run = servicesAvailable() || servicesRequired() ? describe : describe.skip;

run('history, profiles and leaderboards on PostgreSQL', () => {
  let postgres: Service;
  let server: ServerProcess;
  let db: Db;
  beforeAll(async () => {
    postgres = await startPostgres();
    server = await startServerProcess(postgres.url, FAST);
    db = await postgresDb(postgres.url);
    await seedHistory(db);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await db?.close();
    await postgres?.stop();
  }, 60_000);

  it('profile, games with filters and paging, head-to-head, leaderboards; unknown names and hostile queries refused', async () => {
    await historyChecks(server);
  });

  it('deleting an account: refused while in a game, then its games show "deleted"', async () => {
    await deletionChecks(server, db);
  }, 30_000);
});
