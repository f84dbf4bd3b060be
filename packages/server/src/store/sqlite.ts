/**
 * The embedded store: one SQLite file (better-sqlite3), zero set-up. WAL journal with
 * `synchronous = NORMAL`: a committed transaction survives the process being killed (it is in the
 * WAL before the call returns); only a power cut may lose the last few.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
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

/** A game's id and seats (JSON text). */
interface GameSeats {
  id: string;
  seats: string;
}

/** A page of a player's games: which game, the player's seat, the result. */
interface PageRow {
  game: string;
  seat: number;
  result: string;
}

interface ActionDbRow {
  seq: number;
  player: number;
  action: string;
  at: number;
  client_id: string | null;
}

export class SqliteStore implements Store {
  readonly kind = 'sqlite';
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private pendingAppends: {
    id: string;
    entry: ActionRow;
    patch: GamePatch;
    resolve: () => void;
    reject: (e: unknown) => void;
  }[] = [];

  constructor(readonly file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.migrate();
  }

  /** Applies the migrations this database lacks, in one transaction (migrations.ts). */
  private migrate(): void {
    this.db.exec(MIGRATIONS_TABLE);
    const applied = (
      this.db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]
    ).map((r) => r.version);
    const todo = pending(applied);
    const columnsOf = (table: string) =>
      new Set((this.db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name));
    const record = this.db.prepare(
      'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
    );
    this.db.transaction(() => {
      for (const m of todo) {
        for (const c of m.sqliteColumns ?? []) {
          if (!columnsOf(c.table).has(c.column))
            this.db.exec(`ALTER TABLE ${c.table} ADD COLUMN ${c.column} ${c.type}`);
        }
        for (const sql of m.sqlite) this.db.exec(sql);
        record.run(m.version, m.name, Date.now());
      }
    })();
  }

  async createGame(row: GameRow): Promise<void> {
    this.statement(
      `INSERT INTO games (${GAME_COLUMNS.join(', ')}) VALUES (${GAME_COLUMNS.map(() => '?').join(', ')})`,
    ).run(...gameValues(row));
  }

  async getGame(id: string): Promise<GameRow | undefined> {
    const r = this.statement('SELECT * FROM games WHERE id = ?').get(id) as GameColumns | undefined;
    return r === undefined ? undefined : fromDb(r);
  }

  async listGames(q: ListQuery): Promise<GameListing[]> {
    if (q.statuses.length === 0) return [];
    const rows = this.statement(
      `SELECT * FROM (
         SELECT *, ROW_NUMBER() OVER (PARTITION BY COALESCE(creator, id) ORDER BY created_at DESC) AS nth
         FROM games WHERE status IN (${q.statuses.map(() => '?').join(', ')}) AND COALESCE(listed_at, 0) <= ?
       ) AS g WHERE nth <= ? ORDER BY created_at DESC LIMIT ? OFFSET ?`,
    ).all(...q.statuses, q.listedBy, q.perCreator, q.limit, q.offset) as GameColumns[];
    return rows.map((r) => listing(fromDb(r)));
  }

  async countGames(q: CountQuery): Promise<number> {
    if (q.statuses.length === 0) return 0;
    const where = [`status IN (${q.statuses.map(() => '?').join(', ')})`];
    const values: (string | number)[] = [...q.statuses];
    if (q.creator !== undefined) {
      where.push('creator = ?');
      values.push(q.creator);
    }
    if (q.botsOnly !== undefined) {
      where.push('bots_only = ?');
      values.push(q.botsOnly ? 1 : 0);
    }
    const r = this.statement(`SELECT COUNT(*) AS n FROM games WHERE ${where.join(' AND ')}`).get(
      ...values,
    ) as {
      n: number;
    };
    return r.n;
  }

  async staleOpenGames(before: number): Promise<string[]> {
    const rows = this.statement(`SELECT id FROM games WHERE status = 'open' AND updated_at < ?`).all(
      before,
    ) as {
      id: string;
    }[];
    return rows.map((r) => r.id);
  }

  async deleteOpenGame(id: string, before: number): Promise<boolean> {
    const r = this.statement(
      `DELETE FROM games WHERE id = ? AND status = 'open' AND version = 0 AND updated_at < ?`,
    ).run(id, before);
    return r.changes === 1;
  }

  async playingGames(): Promise<GameRow[]> {
    const rows = this.statement(`SELECT * FROM games WHERE status = 'playing'`).all() as GameColumns[];
    return rows.map(fromDb);
  }

  async updateGame(id: string, patch: GamePatch, expectedVersion: number): Promise<void> {
    const { sql, values } = patchSql(patch);
    const r = this.statement(`UPDATE games SET ${sql} WHERE id = ? AND version = ?`).run(
      ...values,
      id,
      expectedVersion,
    );
    if (r.changes !== 1) throw new SequenceConflict(id, expectedVersion);
  }

  /**
   * Appends are committed in groups: every append asked for in one turn of the event loop (several
   * games' actions under load) goes into one transaction, committed before any of them resolves.
   * Each entry is its own statement, so a (game, seq) conflict refuses that entry alone.
   */
  appendAction(id: string, entry: ActionRow, patch: GamePatch): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pendingAppends.push({ id, entry, patch, resolve, reject });
      if (this.pendingAppends.length === 1) setImmediate(() => this.commitAppends());
    });
  }

  private commitAppends(): void {
    const batch = this.pendingAppends;
    this.pendingAppends = [];
    const insert = this.statement(
      'INSERT INTO actions (game, seq, player, action, at, client_id) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const outcomes: (Error | undefined)[] = [];
    try {
      this.db.transaction(() => {
        for (const { id, entry, patch } of batch) {
          try {
            insert.run(
              id,
              entry.seq,
              entry.player,
              JSON.stringify(entry.action),
              entry.at,
              entry.clientId ?? null,
            );
          } catch (e) {
            const conflict = e instanceof Database.SqliteError && e.code.startsWith('SQLITE_CONSTRAINT');
            outcomes.push(conflict ? new SequenceConflict(id, entry.seq) : (e as Error));
            continue;
          }
          const { sql, values } = patchSql(patch);
          this.statement(`UPDATE games SET ${sql} WHERE id = ?`).run(...values, id);
          outcomes.push(undefined);
        }
      })();
    } catch (e) {
      for (const a of batch) a.reject(e);
      return;
    }
    batch.forEach((a, k) => {
      const failed = outcomes[k];
      if (failed === undefined) a.resolve();
      else a.reject(failed);
    });
  }

  async actions(id: string, fromSeq = 1): Promise<ActionRow[]> {
    const rows = this.statement(
      'SELECT seq, player, action, at, client_id FROM actions WHERE game = ? AND seq >= ? ORDER BY seq',
    ).all(id, fromSeq) as ActionDbRow[];
    return rows.map((r) => ({
      seq: r.seq,
      player: r.player,
      action: JSON.parse(r.action) as ActionRow['action'],
      at: r.at,
      ...(r.client_id === null ? {} : { clientId: r.client_id }),
    }));
  }

  /** Prepared once per SQL text (the patch's columns vary, so the UPDATEs are a handful of texts). */
  private statement(sql: string): Database.Statement {
    let st = this.statements.get(sql);
    if (st === undefined) {
      st = this.db.prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }

  async createAccount(row: AccountRow): Promise<'created' | 'name-taken'> {
    const r = this.statement(
      'INSERT INTO accounts (id, name, name_key, password_hash, created_at) VALUES (?, ?, ?, ?, ?) ' +
        'ON CONFLICT (name_key) DO NOTHING',
    ).run(row.id, row.name, row.nameKey, row.passwordHash, row.createdAt);
    return r.changes === 1 ? 'created' : 'name-taken';
  }

  async accountByKey(nameKey: string): Promise<AccountRow | undefined> {
    return toAccount(this.statement('SELECT * FROM accounts WHERE name_key = ?').get(nameKey));
  }

  async accountById(id: string): Promise<AccountRow | undefined> {
    return toAccount(this.statement('SELECT * FROM accounts WHERE id = ?').get(id));
  }

  async createAuthSession(row: AuthSessionRow): Promise<void> {
    this.statement('INSERT INTO auth_sessions (id_hash, account, csrf, created_at) VALUES (?, ?, ?, ?)').run(
      row.idHash,
      row.account,
      row.csrf,
      row.createdAt,
    );
  }

  async authSession(idHash: string): Promise<AuthSessionRow | undefined> {
    return toAuthSession(this.statement('SELECT * FROM auth_sessions WHERE id_hash = ?').get(idHash));
  }

  async deleteAuthSession(idHash: string): Promise<void> {
    this.statement('DELETE FROM auth_sessions WHERE id_hash = ?').run(idHash);
  }

  async deleteAuthSessionsOf(account: string): Promise<number> {
    return this.statement('DELETE FROM auth_sessions WHERE account = ?').run(account).changes;
  }

  async deleteAccount(id: string): Promise<{ games: string[] } | 'in-game'> {
    // A game with a seat of the account (the seats JSON's `account`): a scan, but deletions are rare.
    const seated = `EXISTS (SELECT 1 FROM json_each(games.seats) seat WHERE json_extract(seat.value, '$.account') = ?)`;
    return this.db.transaction((): { games: string[] } | 'in-game' => {
      const playing = `SELECT 1 FROM games WHERE status IN ('open', 'playing') AND ${seated} LIMIT 1`;
      if (this.statement(playing).get(id) !== undefined) return 'in-game';
      const seatsOf = new Map<string, Set<number>>();
      const played = this.statement('SELECT game, seat FROM game_players WHERE account = ?').all(id) as {
        game: string;
        seat: number;
      }[];
      for (const r of played) seatsOf.set(r.game, (seatsOf.get(r.game) ?? new Set()).add(r.seat));
      const games = new Map<string, string>();
      for (const g of this.statement(`SELECT id, seats FROM games WHERE ${seated}`).all(id) as GameSeats[])
        games.set(g.id, g.seats);
      const read = this.statement('SELECT id, seats FROM games WHERE id = ?');
      for (const game of seatsOf.keys()) {
        const g = read.get(game) as GameSeats | undefined;
        if (g !== undefined) games.set(g.id, g.seats);
      }
      const changed: string[] = [];
      const write = this.statement('UPDATE games SET seats = ? WHERE id = ?');
      const forget = this.statement(
        'UPDATE game_players SET account = NULL, name = ? WHERE game = ? AND seat = ?',
      );
      for (const [game, seats] of games) {
        const without = seatsWithout(JSON.parse(seats), id, seatsOf.get(game) ?? new Set());
        if (without === undefined) continue;
        write.run(JSON.stringify(without.seats), game);
        for (const seat of without.renamed) forget.run(DELETED_NAME, game, seat);
        changed.push(game);
      }
      this.statement('UPDATE game_players SET account = NULL, name = ? WHERE account = ?').run(
        DELETED_NAME,
        id,
      );
      for (const table of ['ratings', 'passkeys', 'auth_challenges', 'auth_sessions'])
        this.statement(`DELETE FROM ${table} WHERE account = ?`).run(id);
      this.statement('DELETE FROM accounts WHERE id = ?').run(id);
      return { games: changed };
    })();
  }

  // ---- finished games and ratings

  /**
   * One IMMEDIATE transaction (the write lock taken at its start): transactions of this process's
   * one connection run one after the other, so the ratings read are the ones written.
   */
  async recordFinish(game: string, rows: FinishRow[], rated?: RatedFinish): Promise<GamePlayerRow[]> {
    return this.db
      .transaction((): GamePlayerRow[] => {
        const stored = this.gamePlayersNow(game);
        if (stored.length > 0 || rows.length === 0) return stored;
        const moved =
          rated === undefined ? new Map<string, { before: Rating; after: Rating }>() : this.rate(rows, rated);
        const insert = this.statement(
          `INSERT INTO game_players (${GAME_PLAYER_COLUMNS.join(', ')}) VALUES (${GAME_PLAYER_COLUMNS.map(() => '?').join(', ')})`,
        );
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
          insert.run(...gamePlayerValues(full, (b) => (b ? 1 : 0)));
        }
        return this.gamePlayersNow(game);
      })
      .immediate();
  }

  /** Inside recordFinish's transaction: the accounts' new ratings, written. */
  private rate(rows: FinishRow[], rated: RatedFinish): Map<string, { before: Rating; after: Rating }> {
    const accounts = [...new Set(rows.flatMap((r) => (r.account === undefined ? [] : [r.account])))];
    const select = this.statement('SELECT * FROM ratings WHERE account = ? AND pool = ?');
    const current = new Map(accounts.map((a) => [a, toRating(select.get(a, rated.pool))]));
    const moved = rated.rate(current);
    const upsert = this.statement(
      `INSERT INTO ratings (account, pool, rating, deviation, volatility, games, last_game_at)
       VALUES (?, ?, ?, ?, ?, 1, ?)
       ON CONFLICT (account, pool) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
         volatility = excluded.volatility, games = ratings.games + 1, last_game_at = excluded.last_game_at`,
    );
    const at = rows[0]!.finishedAt;
    for (const [account, { after }] of moved) {
      upsert.run(account, rated.pool, after.rating, after.deviation, after.volatility, at);
    }
    return moved;
  }

  private gamePlayersNow(game: string): GamePlayerRow[] {
    return this.statement('SELECT * FROM game_players WHERE game = ? ORDER BY seat')
      .all(game)
      .map(toGamePlayer);
  }

  async gamePlayers(game: string): Promise<GamePlayerRow[]> {
    return this.gamePlayersNow(game);
  }

  async ratingOf(account: string, pool: string): Promise<RatingRow | undefined> {
    return toRating(
      this.statement('SELECT * FROM ratings WHERE account = ? AND pool = ?').get(account, pool),
    );
  }

  async claimSeat(game: string, seat: number, account: string, seats: SeatRow[]): Promise<boolean> {
    return this.db
      .transaction((): boolean => {
        const r = this.statement(
          'UPDATE games SET seats = ? WHERE id = ? AND json_extract(seats, ?) IS NULL',
        ).run(JSON.stringify(seats), game, `$[${seat}].account`);
        if (r.changes !== 1) return false;
        this.statement(
          'UPDATE game_players SET account = ? WHERE game = ? AND seat = ? AND account IS NULL',
        ).run(account, game, seat);
        return true;
      })
      .immediate();
  }

  // ---- history and leaderboards (the SQL, shared with PostgreSQL: history.ts)

  async playerGames(account: string, q: PlayerGamesQuery): Promise<{ total: number; games: PlayerGame[] }> {
    const total = this.get(historySql.countPlayerGames(account, q)) as { n: number };
    const page = this.all(historySql.pagePlayerGames(account, q)) as PageRow[];
    const players =
      page.length === 0 ? [] : this.all(historySql.playersOf(page.map((r) => r.game))).map(toHistoryPlayer);
    return { total: total.n, games: groupGames(page, players) };
  }

  async playerStats(account: string): Promise<PlayerStats> {
    return toStats(this.all(historySql.stats(account)));
  }

  async versus(account: string, opponent: string): Promise<Versus> {
    const r = this.get(historySql.versus(account, opponent)) as { their_score_sum: number | null };
    return { ...toTally(r), opponentScoreSum: r.their_score_sum ?? 0 };
  }

  async leaderboard(pool: string, q: LeaderboardQuery): Promise<{ total: number; rows: LeaderboardRow[] }> {
    const total = this.get(historySql.countLeaderboard(pool, q)) as { n: number };
    const rows = q.limit === 0 ? [] : this.all(historySql.pageLeaderboard(pool, q));
    return {
      total: total.n,
      rows: rows.map((r) => ({ ...toRating(r)!, name: String((r as { name: unknown }).name) })),
    };
  }

  async ratingsOf(account: string): Promise<RatingRow[]> {
    return this.all(historySql.ratingsOf(account)).map((r) => toRating(r)!);
  }

  private get(q: Sql): unknown {
    return this.statement(q.sql).get(...q.values);
  }

  private all(q: Sql): unknown[] {
    return this.statement(q.sql).all(...q.values);
  }

  // ---- passkeys (PasskeyStore): credentials' public keys and the challenges they answer

  async createAccountWithPasskey(
    account: AccountRow,
    passkey: PasskeyRow,
  ): Promise<'created' | 'name-taken'> {
    return this.db.transaction((): 'created' | 'name-taken' => {
      const r = this.statement(
        'INSERT INTO accounts (id, name, name_key, password_hash, created_at) VALUES (?, ?, ?, ?, ?) ' +
          'ON CONFLICT (name_key) DO NOTHING',
      ).run(account.id, account.name, account.nameKey, account.passwordHash, account.createdAt);
      if (r.changes !== 1) return 'name-taken';
      this.insertPasskey(passkey);
      return 'created';
    })();
  }

  async addPasskey(row: PasskeyRow): Promise<void> {
    this.insertPasskey(row);
  }

  private insertPasskey(row: PasskeyRow): void {
    this.statement(
      'INSERT INTO passkeys (id, account, public_key, counter, transports, created_at, last_used_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(...passkeyValues(row));
  }

  async passkey(id: string): Promise<PasskeyRow | undefined> {
    return toPasskey(this.statement('SELECT * FROM passkeys WHERE id = ?').get(id));
  }

  async passkeysOf(account: string): Promise<PasskeyRow[]> {
    return this.statement('SELECT * FROM passkeys WHERE account = ? ORDER BY created_at, id')
      .all(account)
      .flatMap((r) => toPasskey(r) ?? []);
  }

  async usePasskey(id: string, counter: number, at: number): Promise<void> {
    this.statement('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?').run(counter, at, id);
  }

  async deletePasskey(account: string, id: string): Promise<boolean> {
    return this.statement('DELETE FROM passkeys WHERE account = ? AND id = ?').run(account, id).changes === 1;
  }

  async saveChallenge(row: ChallengeRow): Promise<void> {
    this.db.transaction(() => {
      // Expired challenges go as new ones come: the table holds only what is still answerable.
      this.statement('DELETE FROM auth_challenges WHERE expires_at <= ?').run(Date.now());
      this.statement(
        'INSERT INTO auth_challenges (id, challenge, purpose, account, name, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(...challengeValues(row));
    })();
  }

  async takeChallenge(id: string, now: number): Promise<ChallengeRow | undefined> {
    const row = toChallenge(this.statement('DELETE FROM auth_challenges WHERE id = ? RETURNING *').get(id));
    return row !== undefined && row.expiresAt > now ? row : undefined;
  }

  async ping(): Promise<void> {
    this.statement('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.pendingAppends.length > 0) this.commitAppends();
    this.db.close();
  }
}

const fromDb = (r: GameColumns): GameRow => toGameRow(r, (v) => JSON.parse(v as string));

function patchSql(patch: GamePatch): { sql: string; values: (string | number | null)[] } {
  const sets = patchColumns(patch, Date.now());
  return { sql: sets.map(([column]) => `${column} = ?`).join(', '), values: sets.map(([, v]) => v) };
}
