/**
 * The schema, as numbered migrations applied at start, the same on SQLite and PostgreSQL: a
 * `schema_migrations` table records each one applied (number, name, when), and a store applies the
 * ones it has not, in order, in one transaction. A database made before migrations existed (its
 * tables there, no `schema_migrations`) is brought up to date without touching its games: every
 * step is written to find its work possibly done already. A database a newer server migrated
 * further than this one knows is refused: this server would not understand its data.
 */

/** One change of the schema: its SQL for each store. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sqlite: readonly string[];
  readonly postgres: readonly string[];
  /**
   * SQLite cannot add a column "if not exists": the columns a step adds, each added only when the
   * table lacks it (PostgreSQL's steps say `IF NOT EXISTS`).
   */
  readonly sqliteColumns?: readonly { table: string; column: string; type: string }[];
}

/** The first schema, as each store made it: times as INTEGER or BIGINT, JSON as TEXT or JSONB. */
function firstSchema(type: { time: string; json: string }): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS games (
      id TEXT PRIMARY KEY,
      created_at ${type.time} NOT NULL,
      updated_at ${type.time} NOT NULL,
      status TEXT NOT NULL,
      settings ${type.json} NOT NULL,
      seed TEXT NOT NULL,
      seats ${type.json} NOT NULL,
      version INTEGER NOT NULL,
      to_act INTEGER NOT NULL,
      clocks ${type.json},
      outcome ${type.json},
      scores ${type.json},
      rematch TEXT
    )`,
    'CREATE INDEX IF NOT EXISTS games_status ON games (status, created_at)',
    `CREATE TABLE IF NOT EXISTS actions (
      game TEXT NOT NULL REFERENCES games (id),
      seq INTEGER NOT NULL,
      player INTEGER NOT NULL,
      action ${type.json} NOT NULL,
      at ${type.time} NOT NULL,
      client_id TEXT,
      PRIMARY KEY (game, seq)
    )`,
  ];
}

const ACCOUNTS_SQL = [
  `CREATE TABLE IF NOT EXISTS accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS auth_sessions (
    id_hash TEXT PRIMARY KEY,
    account TEXT NOT NULL REFERENCES accounts (id),
    csrf TEXT NOT NULL,
    created_at BIGINT NOT NULL
  )`,
  'CREATE INDEX IF NOT EXISTS auth_sessions_account ON auth_sessions (account)',
];

/**
 * Passkeys and their one-use challenges (kept in the database, not in memory, so that a cluster's
 * process may check what another issued); ratings per pool; and one row per player of every
 * finished game (history, statistics, head-to-head, leaderboards read it). An account with only
 * passkeys has an empty `password_hash`.
 */
const PLAYERS_SQL = [
  `CREATE TABLE IF NOT EXISTS passkeys (
    id TEXT PRIMARY KEY,
    account TEXT NOT NULL REFERENCES accounts (id),
    public_key TEXT NOT NULL,
    counter BIGINT NOT NULL,
    transports TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT
  )`,
  'CREATE INDEX IF NOT EXISTS passkeys_account ON passkeys (account)',
  `CREATE TABLE IF NOT EXISTS auth_challenges (
    id TEXT PRIMARY KEY,
    challenge TEXT NOT NULL,
    purpose TEXT NOT NULL,
    account TEXT,
    name TEXT,
    expires_at BIGINT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS ratings (
    account TEXT NOT NULL REFERENCES accounts (id),
    pool TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    last_game_at BIGINT NOT NULL,
    PRIMARY KEY (account, pool)
  )`,
  'CREATE INDEX IF NOT EXISTS ratings_board ON ratings (pool, rating)',
  `CREATE TABLE IF NOT EXISTS game_players (
    game TEXT NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL,
    account TEXT,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    level TEXT,
    score INTEGER NOT NULL,
    place INTEGER NOT NULL,
    forfeited BOOLEAN NOT NULL,
    expansions TEXT NOT NULL,
    players INTEGER NOT NULL,
    pool TEXT NOT NULL,
    rated BOOLEAN NOT NULL,
    rating_before DOUBLE PRECISION,
    rating_after DOUBLE PRECISION,
    deviation_after DOUBLE PRECISION,
    finished_at BIGINT NOT NULL,
    PRIMARY KEY (game, seat)
  )`,
  'CREATE INDEX IF NOT EXISTS game_players_account ON game_players (account, finished_at)',
];

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'games and their action logs',
    sqlite: firstSchema({ time: 'INTEGER', json: 'TEXT' }),
    postgres: firstSchema({ time: 'BIGINT', json: 'JSONB' }),
  },
  {
    version: 2,
    name: "games' creators (per-address limits), listing time (rematches), bots-only flag",
    sqlite: ['CREATE INDEX IF NOT EXISTS games_creator ON games (creator, status)'],
    sqliteColumns: [
      { table: 'games', column: 'creator', type: 'TEXT' },
      { table: 'games', column: 'listed_at', type: 'BIGINT' },
      { table: 'games', column: 'bots_only', type: 'BOOLEAN' },
    ],
    postgres: [
      'ALTER TABLE games ADD COLUMN IF NOT EXISTS creator TEXT',
      'ALTER TABLE games ADD COLUMN IF NOT EXISTS listed_at BIGINT',
      'ALTER TABLE games ADD COLUMN IF NOT EXISTS bots_only BOOLEAN',
      'CREATE INDEX IF NOT EXISTS games_creator ON games (creator, status)',
    ],
  },
  {
    version: 3,
    name: 'accounts and their sign-in sessions',
    // The same SQL on both: BIGINT is an integer to SQLite too.
    sqlite: ACCOUNTS_SQL,
    postgres: ACCOUNTS_SQL,
  },
  {
    version: 4,
    name: "passkeys, ratings and finished games' players",
    sqlite: PLAYERS_SQL,
    postgres: PLAYERS_SQL,
  },
];

/** The table that records the migrations applied (the same on both stores). */
export const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at BIGINT NOT NULL
)`;

/** The migrations still to apply to a database at `applied` (the versions it records), in order. */
export function pending(
  applied: readonly number[],
  migrations: readonly Migration[] = MIGRATIONS,
): Migration[] {
  const newest = Math.max(0, ...migrations.map((m) => m.version));
  const ahead = applied.filter((v) => v > newest);
  if (ahead.length > 0) throw new SchemaTooNew(Math.max(...ahead), newest);
  const done = new Set(applied);
  return migrations.filter((m) => !done.has(m.version)).sort((a, b) => a.version - b.version);
}

/** The database was migrated by a newer server (its schema version is past what this one knows). */
export class SchemaTooNew extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `the database's schema is at version ${found}, this server knows versions up to ${known}: ` +
        'a newer server migrated it; run that version (or newer), never an older one',
    );
  }
}
