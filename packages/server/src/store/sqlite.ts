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

  async deleteAccount(id: string): Promise<void> {
    this.db.transaction(() => {
      this.statement('DELETE FROM auth_sessions WHERE account = ?').run(id);
      this.statement('DELETE FROM accounts WHERE id = ?').run(id);
    })();
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
