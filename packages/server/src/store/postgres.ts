/**
 * The PostgreSQL store (pg), for servers that scale out: the same tables as SQLite, JSON columns as
 * jsonb. Each action is inserted with the game's row update in one statement (one transaction);
 * the primary key (game, seq) makes a second writer of the same entry fail instead of forking the log.
 */
import pg from 'pg';
import type {
  AccountRow,
  ActionRow,
  AuthSessionRow,
  CountQuery,
  GameListing,
  GamePatch,
  GameRow,
  ListQuery,
  Store,
} from './store.js';
import { SequenceConflict, listing, toAccount, toAuthSession } from './store.js';
import type { GameColumns } from './columns.js';
import { GAME_COLUMNS, gameValues, patchColumns, toGameRow } from './columns.js';
import { MIGRATIONS_TABLE, pending } from './migrations.js';

/** The advisory lock held while the schema is created or extended ("carc" in ASCII). */
const SCHEMA_LOCK = 0x63617263;

/** Unique violation (SQLSTATE 23505). */
const UNIQUE_VIOLATION = '23505';

export class PostgresStore implements Store {
  readonly kind = 'postgres';

  private constructor(private readonly pool: pg.Pool) {}

  /**
   * Connects once to migrate the schema (one process at a time: an advisory lock, so that
   * processes started together do not race), then opens the pool. The connection is closed whatever
   * happens, so that a failed start leaves nothing open; `connectTimeoutMs` bounds the connecting
   * (start-up's retries: startup.ts). Throws pg's error as it is (SQLSTATE `code`), for startup.ts
   * to name the setting and the fix.
   */
  static async connect(url: string, options: { connectTimeoutMs?: number } = {}): Promise<PostgresStore> {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
      // The migrations this database lacks (migrations.ts), under the lock, in this transaction.
      await client.query(MIGRATIONS_TABLE);
      const applied = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
      for (const m of pending(applied.rows.map((r) => r.version))) {
        for (const sql of m.postgres) await client.query(sql);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
          m.version,
          m.name,
          Date.now(),
        ]);
      }
      await client.query('COMMIT');
    } finally {
      await client.end().catch(() => undefined);
    }
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle client's error (the server restarting) must not crash the process.
    pool.on('error', () => {});
    return new PostgresStore(pool);
  }

  async createGame(row: GameRow): Promise<void> {
    await this.pool.query(
      `INSERT INTO games (${GAME_COLUMNS.join(', ')}) VALUES (${GAME_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`,
      gameValues(row),
    );
  }

  async getGame(id: string): Promise<GameRow | undefined> {
    const r = await this.pool.query<GameColumns>('SELECT * FROM games WHERE id = $1', [id]);
    const row = r.rows[0];
    return row === undefined ? undefined : fromDb(row);
  }

  async listGames(q: ListQuery): Promise<GameListing[]> {
    const r = await this.pool.query<GameColumns>(
      `SELECT * FROM (
         SELECT *, ROW_NUMBER() OVER (PARTITION BY COALESCE(creator, id) ORDER BY created_at DESC) AS nth
         FROM games WHERE status = ANY($1) AND COALESCE(listed_at, 0) <= $2
       ) AS g WHERE nth <= $3 ORDER BY created_at DESC LIMIT $4 OFFSET $5`,
      [q.statuses, q.listedBy, q.perCreator, q.limit, q.offset],
    );
    return r.rows.map((row) => listing(fromDb(row)));
  }

  async countGames(q: CountQuery): Promise<number> {
    const where = ['status = ANY($1)'];
    const values: unknown[] = [q.statuses];
    if (q.creator !== undefined) {
      values.push(q.creator);
      where.push(`creator = $${values.length}`);
    }
    if (q.botsOnly !== undefined) {
      values.push(q.botsOnly);
      where.push(`bots_only = $${values.length}`);
    }
    const r = await this.pool.query<{ n: string }>(
      `SELECT COUNT(*) AS n FROM games WHERE ${where.join(' AND ')}`,
      values,
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  async staleOpenGames(before: number): Promise<string[]> {
    const r = await this.pool.query<{ id: string }>(
      `SELECT id FROM games WHERE status = 'open' AND updated_at < $1`,
      [before],
    );
    return r.rows.map((row) => row.id);
  }

  async deleteOpenGame(id: string, before: number): Promise<boolean> {
    const r = await this.pool.query(
      `DELETE FROM games WHERE id = $1 AND status = 'open' AND version = 0 AND updated_at < $2`,
      [id, before],
    );
    return r.rowCount === 1;
  }

  async playingGames(): Promise<GameRow[]> {
    const r = await this.pool.query<GameColumns>(`SELECT * FROM games WHERE status = 'playing'`);
    return r.rows.map(fromDb);
  }

  async updateGame(id: string, patch: GamePatch, expectedVersion: number): Promise<void> {
    const { sql, values } = patchSql(patch, 3);
    const r = await this.pool.query(`UPDATE games SET ${sql} WHERE id = $1 AND version = $2`, [
      id,
      expectedVersion,
      ...values,
    ]);
    if (r.rowCount !== 1) throw new SequenceConflict(id, expectedVersion);
  }

  /**
   * One statement, so one round trip and its own transaction: the INSERT runs in a data-modifying
   * WITH (executed exactly once), and a duplicate (game, seq) fails the whole statement.
   */
  async appendAction(id: string, entry: ActionRow, patch: GamePatch): Promise<void> {
    const { sql, values } = patchSql(patch, 7);
    try {
      await this.pool.query(
        `WITH appended AS (
           INSERT INTO actions (game, seq, player, action, at, client_id) VALUES ($1, $2, $3, $4, $5, $6)
         )
         UPDATE games SET ${sql} WHERE id = $1`,
        [
          id,
          entry.seq,
          entry.player,
          JSON.stringify(entry.action),
          entry.at,
          entry.clientId ?? null,
          ...values,
        ],
      );
    } catch (e) {
      if ((e as { code?: string }).code === UNIQUE_VIOLATION) throw new SequenceConflict(id, entry.seq);
      throw e;
    }
  }

  async actions(id: string, fromSeq = 1): Promise<ActionRow[]> {
    const r = await this.pool.query<{
      seq: number;
      player: number;
      action: ActionRow['action'];
      at: string;
      client_id: string | null;
    }>('SELECT seq, player, action, at, client_id FROM actions WHERE game = $1 AND seq >= $2 ORDER BY seq', [
      id,
      fromSeq,
    ]);
    return r.rows.map((row) => ({
      seq: row.seq,
      player: row.player,
      action: row.action,
      at: Number(row.at),
      ...(row.client_id === null ? {} : { clientId: row.client_id }),
    }));
  }

  async createAccount(row: AccountRow): Promise<'created' | 'name-taken'> {
    const r = await this.pool.query(
      'INSERT INTO accounts (id, name, name_key, password_hash, created_at) VALUES ($1, $2, $3, $4, $5) ' +
        'ON CONFLICT (name_key) DO NOTHING',
      [row.id, row.name, row.nameKey, row.passwordHash, row.createdAt],
    );
    return r.rowCount === 1 ? 'created' : 'name-taken';
  }

  async accountByKey(nameKey: string): Promise<AccountRow | undefined> {
    return toAccount(
      (await this.pool.query('SELECT * FROM accounts WHERE name_key = $1', [nameKey])).rows[0],
    );
  }

  async accountById(id: string): Promise<AccountRow | undefined> {
    return toAccount((await this.pool.query('SELECT * FROM accounts WHERE id = $1', [id])).rows[0]);
  }

  async createAuthSession(row: AuthSessionRow): Promise<void> {
    await this.pool.query(
      'INSERT INTO auth_sessions (id_hash, account, csrf, created_at) VALUES ($1, $2, $3, $4)',
      [row.idHash, row.account, row.csrf, row.createdAt],
    );
  }

  async authSession(idHash: string): Promise<AuthSessionRow | undefined> {
    return toAuthSession(
      (await this.pool.query('SELECT * FROM auth_sessions WHERE id_hash = $1', [idHash])).rows[0],
    );
  }

  async deleteAuthSession(idHash: string): Promise<void> {
    await this.pool.query('DELETE FROM auth_sessions WHERE id_hash = $1', [idHash]);
  }

  async deleteAuthSessionsOf(account: string): Promise<number> {
    return (await this.pool.query('DELETE FROM auth_sessions WHERE account = $1', [account])).rowCount ?? 0;
  }

  async deleteAccount(id: string): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('DELETE FROM auth_sessions WHERE account = $1', [id]);
      await client.query('DELETE FROM accounts WHERE id = $1', [id]);
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

const fromDb = (r: GameColumns): GameRow => toGameRow(r, (v) => v);

/** `col = $n, …` for the patch, numbering its values from `first`. */
function patchSql(patch: GamePatch, first: number): { sql: string; values: (string | number | null)[] } {
  const sets = patchColumns(patch, Date.now());
  return {
    sql: sets.map(([column], i) => `${column} = $${first + i}`).join(', '),
    values: sets.map(([, v]) => v),
  };
}
