/**
 * The games table's columns, shared by the SQLite and PostgreSQL stores: which GameRow field goes
 * to which column, and which are JSON. Each store only says how it writes JSON and placeholders.
 */
import type { GamePatch, GameRow, GameStatus } from './store.js';

/** A games row as a database returns it: JSON columns as text (SQLite) or already parsed (jsonb). */
export interface GameColumns {
  id: string;
  created_at: number | string;
  updated_at: number | string;
  status: string;
  settings: unknown;
  seed: string;
  seats: unknown;
  version: number;
  to_act: number;
  clocks: unknown;
  outcome: unknown;
  scores: unknown;
  rematch: string | null;
  creator: string | null;
  listed_at: number | string | null;
  bots_only: number | boolean | null;
}

export const GAME_COLUMNS = [
  'id',
  'created_at',
  'updated_at',
  'status',
  'settings',
  'seed',
  'seats',
  'version',
  'to_act',
  'clocks',
  'outcome',
  'scores',
  'rematch',
  'creator',
  'listed_at',
  'bots_only',
] as const;

const json = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(v));

/** The values of a new row, in GAME_COLUMNS order (JSON columns as text). */
export function gameValues(row: GameRow): (string | number | null)[] {
  return [
    row.id,
    row.createdAt,
    row.updatedAt,
    row.status,
    JSON.stringify(row.settings),
    row.seed,
    JSON.stringify(row.seats),
    row.version,
    row.toAct,
    json(row.clocks),
    json(row.outcome),
    json(row.scores),
    row.rematch ?? null,
    row.creator ?? null,
    row.listedAt,
    row.botsOnly ? 1 : 0,
  ];
}

/** The columns a patch sets, with their values (JSON columns as text), `updated_at` first. */
export function patchColumns(patch: GamePatch, now: number): [string, string | number | null][] {
  const sets: [string, string | number | null][] = [['updated_at', now]];
  if (patch.status !== undefined) sets.push(['status', patch.status]);
  if (patch.version !== undefined) sets.push(['version', patch.version]);
  if (patch.toAct !== undefined) sets.push(['to_act', patch.toAct]);
  if (patch.rematch !== undefined) sets.push(['rematch', patch.rematch]);
  if (patch.seats !== undefined) sets.push(['seats', JSON.stringify(patch.seats)]);
  if (patch.clocks !== undefined) sets.push(['clocks', JSON.stringify(patch.clocks)]);
  if (patch.outcome !== undefined) sets.push(['outcome', JSON.stringify(patch.outcome)]);
  if (patch.scores !== undefined) sets.push(['scores', JSON.stringify(patch.scores)]);
  return sets;
}

/** A GameRow from its columns; `parse` reads a JSON column (JSON.parse for text, identity for jsonb). */
export function toGameRow(r: GameColumns, parse: (v: unknown) => unknown): GameRow {
  const opt = <K extends keyof GameRow>(key: K, v: unknown): Partial<GameRow> =>
    v === null || v === undefined ? {} : ({ [key]: parse(v) } as Partial<GameRow>);
  return {
    id: r.id,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    status: r.status as GameStatus,
    settings: parse(r.settings) as GameRow['settings'],
    seed: r.seed,
    seats: parse(r.seats) as GameRow['seats'],
    version: r.version,
    toAct: r.to_act,
    ...opt('clocks', r.clocks),
    ...opt('outcome', r.outcome),
    ...opt('scores', r.scores),
    ...(r.rematch === null ? {} : { rematch: r.rematch }),
    ...(r.creator === null ? {} : { creator: r.creator }),
    listedAt: r.listed_at === null ? Number(r.created_at) : Number(r.listed_at),
    botsOnly: r.bots_only === true || r.bots_only === 1,
  };
}
