/**
 * Schema migrations (store/migrations.ts), on SQLite and on a real PostgreSQL: a new database gets
 * every migration (1 to 4: games, their creators, accounts, then passkeys, ratings and finished
 * games' players), recorded; a database made before migrations existed — today's schema, and the
 * first one, with games and their logs in it — is brought up to date and loses no game; a second
 * start applies nothing; a database a newer server migrated is refused with a sentence, and the
 * server process says it and exits.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionRow, GameRow, Store } from '../src/store/store.js';
import { GAME_COLUMNS, gameValues } from '../src/store/columns.js';
import { MIGRATIONS, SchemaTooNew } from '../src/store/migrations.js';
import { PostgresStore } from '../src/store/postgres.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { startServerProcess, tempDatabase } from './harness.js';
import type { Service } from './services.js';
import { servicesAvailable, servicesRequired, startPostgres } from './services.js';

const ALL_VERSIONS = MIGRATIONS.map((m) => m.version);

/** The schema before migrations existed, as the server made it (first, and with the later columns). */
const FIRST_SCHEMA = {
  sqlite: [
    `CREATE TABLE games (id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
      status TEXT NOT NULL, settings TEXT NOT NULL, seed TEXT NOT NULL, seats TEXT NOT NULL,
      version INTEGER NOT NULL, to_act INTEGER NOT NULL, clocks TEXT, outcome TEXT, scores TEXT, rematch TEXT)`,
    'CREATE INDEX games_status ON games (status, created_at)',
    `CREATE TABLE actions (game TEXT NOT NULL REFERENCES games (id), seq INTEGER NOT NULL,
      player INTEGER NOT NULL, action TEXT NOT NULL, at INTEGER NOT NULL, client_id TEXT, PRIMARY KEY (game, seq))`,
  ],
  postgres: [
    `CREATE TABLE games (id TEXT PRIMARY KEY, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,
      status TEXT NOT NULL, settings JSONB NOT NULL, seed TEXT NOT NULL, seats JSONB NOT NULL,
      version INTEGER NOT NULL, to_act INTEGER NOT NULL, clocks JSONB, outcome JSONB, scores JSONB, rematch TEXT)`,
    'CREATE INDEX games_status ON games (status, created_at)',
    `CREATE TABLE actions (game TEXT NOT NULL REFERENCES games (id), seq INTEGER NOT NULL,
      player INTEGER NOT NULL, action JSONB NOT NULL, at BIGINT NOT NULL, client_id TEXT, PRIMARY KEY (game, seq))`,
  ],
};
const LATER_COLUMNS = {
  sqlite: [
    'ALTER TABLE games ADD COLUMN creator TEXT',
    'ALTER TABLE games ADD COLUMN listed_at BIGINT',
    'ALTER TABLE games ADD COLUMN bots_only BOOLEAN',
    'CREATE INDEX games_creator ON games (creator, status)',
  ],
  postgres: [
    'ALTER TABLE games ADD COLUMN creator TEXT',
    'ALTER TABLE games ADD COLUMN listed_at BIGINT',
    'ALTER TABLE games ADD COLUMN bots_only BOOLEAN',
    'CREATE INDEX games_creator ON games (creator, status)',
  ],
};

function game(id: string, status: GameRow['status']): GameRow {
  return {
    id,
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_100_000,
    status,
    settings: {
      expansions: ['tower'],
      options: {},
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }],
    },
    seed: 'ab'.repeat(16),
    seats: [
      { kind: 'human', name: 'Ann', tokenHash: 'f'.repeat(64) },
      { kind: 'bot', level: 'random', name: 'Random bot' },
    ],
    version: status === 'open' ? 0 : 2,
    toAct: status === 'open' ? -1 : 0,
    listedAt: 1_700_000_000_000,
    botsOnly: false,
  };
}

const ACTIONS: ActionRow[] = [
  {
    seq: 1,
    player: 0,
    action: { type: 'place', x: 1, y: 0, rotation: 90 },
    at: 1_700_000_050_000,
    clientId: 'a1',
  },
  { seq: 2, player: 0, action: { type: 'pass' }, at: 1_700_000_060_000 },
];

/** Rows as the old server wrote them: the first schema's columns only, or every column. */
function legacyInsert(row: GameRow, columns: 'first' | 'all'): { sql: string; values: unknown[] } {
  const names = columns === 'all' ? [...GAME_COLUMNS] : GAME_COLUMNS.slice(0, 13);
  const values = gameValues(row).slice(0, names.length);
  return {
    sql: `INSERT INTO games (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    values,
  };
}

async function expectGamesKept(store: Store, started: GameRow): Promise<void> {
  const got = await store.getGame(started.id);
  expect(got?.seats).toEqual(started.seats);
  expect(got?.settings).toEqual(started.settings);
  expect(got?.seed).toBe(started.seed);
  expect(got?.version).toBe(2);
  expect(await store.actions(started.id)).toEqual(ACTIONS);
  expect((await store.getGame('open1'))?.status).toBe('open');
  // Migration 4's tables are there, empty, and answer the history's and leaderboards' queries.
  expect(await store.playerGames('nobody', { limit: 10, offset: 0 })).toEqual({ total: 0, games: [] });
  expect(await store.playerStats('nobody')).toMatchObject({ games: 0, byExpansions: [] });
  expect(await store.ratingsOf('nobody')).toEqual([]);
  expect(
    await store.leaderboard('duel-base', { activeSince: 0, maxDeviation: 350, limit: 10, offset: 0 }),
  ).toEqual({ total: 0, rows: [] });
}

it('the migrations are numbered 1 to 4, in order', () => {
  expect(ALL_VERSIONS).toEqual([1, 2, 3, 4]);
});

describe('schema migrations on SQLite', () => {
  it('a new database gets every migration, recorded, and a second start applies none', async () => {
    const file = tempDatabase().replace(/^sqlite:/, '');
    const store = new SqliteStore(file);
    await store.createGame(game('g1', 'open'));
    await store.close();
    const db = new Database(file);
    const recorded = db
      .prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version')
      .all() as {
      version: number;
      applied_at: number;
    }[];
    expect(recorded.map((r) => r.version)).toEqual(ALL_VERSIONS);
    db.close();
    const again = new SqliteStore(file);
    expect((await again.getGame('g1'))?.id).toBe('g1');
    await again.close();
    const after = new Database(file);
    expect(after.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({
      n: ALL_VERSIONS.length,
    });
    after.close();
  });

  for (const columns of ['first', 'all'] as const) {
    it(`a database of the ${columns === 'first' ? 'first schema' : 'schema before migrations'} with games in it keeps every game`, async () => {
      const file = tempDatabase().replace(/^sqlite:/, '');
      const db = new Database(file);
      for (const sql of FIRST_SCHEMA.sqlite) db.exec(sql);
      if (columns === 'all') for (const sql of LATER_COLUMNS.sqlite) db.exec(sql);
      const started = game('played1', 'playing');
      for (const row of [started, game('open1', 'open')]) {
        const { sql, values } = legacyInsert(row, columns);
        db.prepare(sql).run(...values);
      }
      for (const a of ACTIONS) {
        db.prepare(
          'INSERT INTO actions (game, seq, player, action, at, client_id) VALUES (?, ?, ?, ?, ?, ?)',
        ).run(started.id, a.seq, a.player, JSON.stringify(a.action), a.at, a.clientId ?? null);
      }
      db.close();
      const store = new SqliteStore(file);
      await expectGamesKept(store, started);
      await store.createGame(game('new1', 'open'));
      await store.close();
      const check = new Database(file);
      const versions = (
        check.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]
      ).map((r) => r.version);
      expect(versions).toEqual(ALL_VERSIONS);
      check.close();
    });
  }

  it('a database a newer server migrated is refused, and the server says so and exits', async () => {
    const database = tempDatabase();
    const file = database.replace(/^sqlite:/, '');
    new SqliteStore(file).close();
    const db = new Database(file);
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, ?, 0)').run(
      'from the future',
    );
    db.close();
    expect(() => new SqliteStore(file)).toThrow(SchemaTooNew);
    expect(() => new SqliteStore(file)).toThrow(new RegExp(`version 99.*up to ${Math.max(...ALL_VERSIONS)}`));
    await expect(startServerProcess(database)).rejects.toThrow(/schema is at version 99/);
  });
});

const run = servicesAvailable() || servicesRequired() ? describe : describe.skip;

run('schema migrations on PostgreSQL', () => {
  let postgres: Service;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await postgres?.stop();
  }, 60_000);

  /** A new empty database on the cluster, and its URL. */
  const database = async (name: string): Promise<string> => {
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    return postgres.url.replace(/\/postgres$/, `/${name}`);
  };
  const query = async (url: string, sql: string, values: unknown[] = []) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(sql, values)).rows as Record<string, unknown>[];
    } finally {
      await c.end();
    }
  };

  it('a new database gets every migration; two servers starting at once apply each once', async () => {
    const url = await database('fresh');
    const [a, b] = await Promise.all([PostgresStore.connect(url), PostgresStore.connect(url)]);
    await a.close();
    await b.close();
    const rows = await query(url, 'SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(ALL_VERSIONS);
  });

  for (const columns of ['first', 'all'] as const) {
    it(`a database of the ${columns === 'first' ? 'first schema' : 'schema before migrations'} with games in it keeps every game`, async () => {
      const url = await database(`legacy_${columns}`);
      for (const sql of FIRST_SCHEMA.postgres) await query(url, sql);
      if (columns === 'all') for (const sql of LATER_COLUMNS.postgres) await query(url, sql);
      const started = game('played1', 'playing');
      for (const row of [started, game('open1', 'open')]) {
        const { sql, values } = legacyInsert(row, columns);
        let n = 0;
        await query(
          url,
          sql.replace(/\?/g, () => `$${++n}`),
          values,
        );
      }
      for (const a of ACTIONS) {
        await query(
          url,
          'INSERT INTO actions (game, seq, player, action, at, client_id) VALUES ($1, $2, $3, $4, $5, $6)',
          [started.id, a.seq, a.player, JSON.stringify(a.action), a.at, a.clientId ?? null],
        );
      }
      const store = await PostgresStore.connect(url);
      await expectGamesKept(store, started);
      await store.close();
      const rows = await query(url, 'SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.map((r) => r.version)).toEqual(ALL_VERSIONS);
    });
  }

  it('a database a newer server migrated is refused', async () => {
    const url = await database('future');
    await (await PostgresStore.connect(url)).close();
    await query(
      url,
      "INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'from the future', 0)",
    );
    await expect(PostgresStore.connect(url)).rejects.toThrow(SchemaTooNew);
  });
});
