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
  ChallengeRow,
  CountQuery,
  FinishRow,
  GameListing,
  GamePatch,
  GamePlayerRow,
  GameRow,
  ListQuery,
  PasskeyRow,
  RatedFinish,
  RatingRow,
  SeatRow,
  Store,
} from './store.js';
import {
  GAME_PLAYER_COLUMNS,
  SequenceConflict,
  challengeValues,
  gamePlayerValues,
  listing,
  passkeyValues,
  toAccount,
  toAuthSession,
  toChallenge,
  toGamePlayer,
  toPasskey,
  toRating,
} from './store.js';
import type { Rating } from '../ratings/glicko2.js';
import type { GameColumns } from './columns.js';
import { GAME_COLUMNS, gameValues, patchColumns, toGameRow } from './columns.js';
import { MIGRATIONS_TABLE, pending } from './migrations.js';
import type {
  LeaderboardQuery,
  LeaderboardRow,
  PlayerGame,
  PlayerGamesQuery,
  PlayerStats,
  Sql,
  Versus,
} from './history.js';
import {
  DELETED_NAME,
  groupGames,
  historySql,
  seatsWithout,
  toHistoryPlayer,
  toStats,
  toTally,
} from './history.js';

/** The advisory lock held while the schema is created or extended ("carc" in ASCII). */
const SCHEMA_LOCK = 0x63617263;

/** The first key of the advisory locks on an account's ratings (the second: a hash of its id). */
const RATING_LOCK = 0x72617465;

const INSERT_PASSKEY =
  'INSERT INTO passkeys (id, account, public_key, counter, transports, created_at, last_used_at) ' +
  'VALUES ($1, $2, $3, $4, $5, $6, $7)';

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

  async deleteAccount(id: string): Promise<{ games: string[] } | 'in-game'> {
    // A game with a seat of the account: its seats JSON contains {account: id} (a scan, but
    // deletions are rare).
    const seat = JSON.stringify([{ account: id }]);
    return this.transaction(async (client): Promise<{ games: string[] } | 'in-game'> => {
      // Two deletions of one account take turns.
      await client.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [id]);
      const playing = await client.query(
        `SELECT 1 FROM games WHERE status IN ('open', 'playing') AND seats @> $1::jsonb LIMIT 1`,
        [seat],
      );
      if (playing.rows.length > 0) return 'in-game';
      const played = await client.query<{ game: string; seat: number }>(
        'SELECT game, seat FROM game_players WHERE account = $1',
        [id],
      );
      const seatsOf = new Map<string, Set<number>>();
      for (const r of played.rows) seatsOf.set(r.game, (seatsOf.get(r.game) ?? new Set()).add(r.seat));
      const games = await client.query<{ id: string; seats: unknown }>(
        'SELECT id, seats FROM games WHERE id = ANY($1) OR seats @> $2::jsonb FOR UPDATE',
        [[...seatsOf.keys()], seat],
      );
      const changed: string[] = [];
      for (const g of games.rows) {
        const without = seatsWithout(g.seats, id, seatsOf.get(g.id) ?? new Set());
        if (without === undefined) continue;
        await client.query('UPDATE games SET seats = $1::jsonb WHERE id = $2', [
          JSON.stringify(without.seats),
          g.id,
        ]);
        await client.query(
          'UPDATE game_players SET account = NULL, name = $1 WHERE game = $2 AND seat = ANY($3)',
          [DELETED_NAME, g.id, without.renamed],
        );
        changed.push(g.id);
      }
      await client.query('UPDATE game_players SET account = NULL, name = $1 WHERE account = $2', [
        DELETED_NAME,
        id,
      ]);
      for (const table of ['ratings', 'passkeys', 'auth_challenges', 'auth_sessions'])
        await client.query(`DELETE FROM ${table} WHERE account = $1`, [id]);
      await client.query('DELETE FROM accounts WHERE id = $1', [id]);
      return { games: changed };
    });
  }

  // ---- finished games and ratings

  /**
   * One transaction: the game's row locked first (two finishers of one game take turns, and the
   * second finds the rows stored), then each account's ratings (sorted, so two games sharing
   * players cannot deadlock): an advisory lock per account, since a newcomer has no row yet to
   * lock, and its rows read FOR UPDATE. A game of other players' accounts runs alongside.
   */
  async recordFinish(game: string, rows: FinishRow[], rated?: RatedFinish): Promise<GamePlayerRow[]> {
    return this.transaction(async (client) => {
      await client.query('SELECT id FROM games WHERE id = $1 FOR UPDATE', [game]);
      const stored = await client.query('SELECT * FROM game_players WHERE game = $1 ORDER BY seat', [game]);
      if (stored.rows.length > 0 || rows.length === 0) return stored.rows.map(toGamePlayer);
      const moved =
        rated === undefined
          ? new Map<string, { before: Rating; after: Rating }>()
          : await rate(client, rows, rated);
      const placeholders = GAME_PLAYER_COLUMNS.map((_, i) => `$${i + 1}`).join(', ');
      for (const row of rows) {
        const change = row.account === undefined ? undefined : moved.get(row.account);
        const full: GamePlayerRow =
          change === undefined
            ? row
            : {
                ...row,
                ratingBefore: change.before.rating,
                ratingAfter: change.after.rating,
                deviationAfter: change.after.deviation,
              };
        await client.query(
          `INSERT INTO game_players (${GAME_PLAYER_COLUMNS.join(', ')}) VALUES (${placeholders})`,
          gamePlayerValues(full, (b) => b),
        );
      }
      const after = await client.query('SELECT * FROM game_players WHERE game = $1 ORDER BY seat', [game]);
      return after.rows.map(toGamePlayer);
    });
  }

  async gamePlayers(game: string): Promise<GamePlayerRow[]> {
    const r = await this.pool.query('SELECT * FROM game_players WHERE game = $1 ORDER BY seat', [game]);
    return r.rows.map(toGamePlayer);
  }

  async ratingOf(account: string, pool: string): Promise<RatingRow | undefined> {
    const r = await this.pool.query('SELECT * FROM ratings WHERE account = $1 AND pool = $2', [
      account,
      pool,
    ]);
    return toRating(r.rows[0]);
  }

  async claimSeat(game: string, seat: number, account: string, seats: SeatRow[]): Promise<boolean> {
    return this.transaction(async (client) => {
      const r = await client.query(
        `UPDATE games SET seats = $1 WHERE id = $2 AND seats -> ($3::int) ->> 'account' IS NULL`,
        [JSON.stringify(seats), game, seat],
      );
      if (r.rowCount !== 1) return false;
      await client.query(
        'UPDATE game_players SET account = $1 WHERE game = $2 AND seat = $3 AND account IS NULL',
        [account, game, seat],
      );
      return true;
    });
  }

  /** Runs `work` in one transaction on one client: committed when it resolves, rolled back when it throws. */
  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  // ---- history and leaderboards (the SQL, shared with SQLite: history.ts)

  async playerGames(account: string, q: PlayerGamesQuery): Promise<{ total: number; games: PlayerGame[] }> {
    const [total, page] = await Promise.all([
      this.rows<{ n: string }>(historySql.countPlayerGames(account, q)),
      this.rows<{ game: string; seat: number; result: string }>(historySql.pagePlayerGames(account, q)),
    ]);
    const players =
      page.length === 0
        ? []
        : (await this.rows(historySql.playersOf(page.map((r) => r.game)))).map(toHistoryPlayer);
    return { total: Number(total[0]?.n ?? 0), games: groupGames(page, players) };
  }

  async playerStats(account: string): Promise<PlayerStats> {
    return toStats(await this.rows(historySql.stats(account)));
  }

  async versus(account: string, opponent: string): Promise<Versus> {
    const [r] = await this.rows<{ their_score_sum: string | null }>(historySql.versus(account, opponent));
    return { ...toTally(r), opponentScoreSum: Number(r?.their_score_sum ?? 0) };
  }

  async leaderboard(pool: string, q: LeaderboardQuery): Promise<{ total: number; rows: LeaderboardRow[] }> {
    const [total, rows] = await Promise.all([
      this.rows<{ n: string }>(historySql.countLeaderboard(pool, q)),
      q.limit === 0 ? [] : this.rows<{ name: string }>(historySql.pageLeaderboard(pool, q)),
    ]);
    return {
      total: Number(total[0]?.n ?? 0),
      rows: rows.map((r) => ({ ...toRating(r)!, name: String(r.name) })),
    };
  }

  async ratingsOf(account: string): Promise<RatingRow[]> {
    return (await this.rows(historySql.ratingsOf(account))).map((r) => toRating(r)!);
  }

  /** Runs history.ts's SQL: its `?` placeholders numbered as PostgreSQL's `$1, $2…`. */
  private async rows<R extends object = Record<string, unknown>>(q: Sql): Promise<R[]> {
    let n = 0;
    const sql = q.sql.replace(/\?/g, () => `$${++n}`);
    return (await this.pool.query(sql, q.values)).rows as R[];
  }

  // ---- passkeys (PasskeyStore): credentials' public keys and the challenges they answer

  async createAccountWithPasskey(
    account: AccountRow,
    passkey: PasskeyRow,
  ): Promise<'created' | 'name-taken'> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const r = await client.query(
        'INSERT INTO accounts (id, name, name_key, password_hash, created_at) VALUES ($1, $2, $3, $4, $5) ' +
          'ON CONFLICT (name_key) DO NOTHING',
        [account.id, account.name, account.nameKey, account.passwordHash, account.createdAt],
      );
      if (r.rowCount !== 1) {
        await client.query('ROLLBACK');
        return 'name-taken';
      }
      await client.query(INSERT_PASSKEY, passkeyValues(passkey));
      await client.query('COMMIT');
      return 'created';
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  async addPasskey(row: PasskeyRow): Promise<void> {
    await this.pool.query(INSERT_PASSKEY, passkeyValues(row));
  }

  async passkey(id: string): Promise<PasskeyRow | undefined> {
    return toPasskey((await this.pool.query('SELECT * FROM passkeys WHERE id = $1', [id])).rows[0]);
  }

  async passkeysOf(account: string): Promise<PasskeyRow[]> {
    const r = await this.pool.query('SELECT * FROM passkeys WHERE account = $1 ORDER BY created_at, id', [
      account,
    ]);
    return r.rows.flatMap((row: unknown) => toPasskey(row) ?? []);
  }

  async usePasskey(id: string, counter: number, at: number): Promise<void> {
    await this.pool.query('UPDATE passkeys SET counter = $1, last_used_at = $2 WHERE id = $3', [
      counter,
      at,
      id,
    ]);
  }

  async deletePasskey(account: string, id: string): Promise<boolean> {
    const r = await this.pool.query('DELETE FROM passkeys WHERE account = $1 AND id = $2', [account, id]);
    return r.rowCount === 1;
  }

  async saveChallenge(row: ChallengeRow): Promise<void> {
    // Expired challenges go as new ones come (one statement): the table holds only what is still answerable.
    await this.pool.query(
      'WITH swept AS (DELETE FROM auth_challenges WHERE expires_at <= $7) ' +
        'INSERT INTO auth_challenges (id, challenge, purpose, account, name, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [...challengeValues(row), Date.now()],
    );
  }

  async takeChallenge(id: string, now: number): Promise<ChallengeRow | undefined> {
    const r = await this.pool.query('DELETE FROM auth_challenges WHERE id = $1 RETURNING *', [id]);
    const row = toChallenge(r.rows[0]);
    return row !== undefined && row.expiresAt > now ? row : undefined;
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

const fromDb = (r: GameColumns): GameRow => toGameRow(r, (v) => v);

/** Inside recordFinish's transaction: the accounts' ratings locked and read, moved, written. */
async function rate(
  client: pg.PoolClient,
  rows: FinishRow[],
  rated: RatedFinish,
): Promise<Map<string, { before: Rating; after: Rating }>> {
  const accounts = [...new Set(rows.flatMap((r) => (r.account === undefined ? [] : [r.account])))].sort();
  const current = new Map<string, Rating | undefined>();
  for (const account of accounts) {
    await client.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [RATING_LOCK, account]);
    const r = await client.query('SELECT * FROM ratings WHERE account = $1 AND pool = $2 FOR UPDATE', [
      account,
      rated.pool,
    ]);
    current.set(account, toRating(r.rows[0]));
  }
  const moved = rated.rate(current);
  const at = rows[0]!.finishedAt;
  for (const [account, { after }] of moved) {
    await client.query(
      `INSERT INTO ratings (account, pool, rating, deviation, volatility, games, last_game_at)
       VALUES ($1, $2, $3, $4, $5, 1, $6)
       ON CONFLICT (account, pool) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
         volatility = excluded.volatility, games = ratings.games + 1, last_game_at = excluded.last_game_at`,
      [account, rated.pool, after.rating, after.deviation, after.volatility, at],
    );
  }
  return moved;
}

/** `col = $n, …` for the patch, numbering its values from `first`. */
function patchSql(patch: GamePatch, first: number): { sql: string; values: (string | number | null)[] } {
  const sets = patchColumns(patch, Date.now());
  return {
    sql: sets.map(([column], i) => `${column} = $${first + i}`).join(', '),
    values: sets.map(([, v]) => v),
  };
}
