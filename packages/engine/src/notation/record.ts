/**
 * Game records: the JSON "PGN" of this project (docs/record-format.md).
 *
 * A record holds what is needed to reproduce a game exactly: format version, options, players,
 * a seed or a scripted draw order, the start tile, an optional end after N tiles, an optional set-up
 * position, extra tile definitions, and the actions with the acting player. It may also embed
 * expectations (scores, legal placements, legal meeple spots…) that `checkRecord` verifies, both at
 * the end and before any action.
 *
 * Every error names where it is: a line and column for JSON syntax, a path such as
 * `actions[3].rotation` for content.
 */
import type { ExpansionId } from '../rules/expansion.js';
import { CORNER_NAMES } from '../geometry/edges.js';
import { checkShape, shapedAction } from '../rules/actions.js';
import type { Action } from '../rules/actions.js';
import type { RuleErrorCode } from '../rules/errors.js';
import type { GameEvent } from '../rules/events.js';
import type { GameConfig, MeeplePlacement, TilePlacement } from '../rules/config.js';
import { MAX_PLAYERS, MIN_PLAYERS } from '../rules/constants.js';
import { Game } from '../rules/game.js';
import type { Phase } from '../rules/phases.js';
import type { Registry } from '../rules/registry.js';
import type { Seed } from '../rules/rng.js';
import { parseSeed } from '../rules/rng.js';
import { catalogHashes } from '../rules/catalogHash.js';
import { BUILTIN } from '../expansions/index.js';
import type { Options } from '../rules/options.js';
import { viewOf } from '../rules/view.js';
import type { Point } from '../types.js';
import { ROTATIONS } from '../types.js';
import type { Result } from '../util/result.js';
import { err, ok } from '../util/result.js';
import { isReservedName, reservedKeyPath } from '../util/names.js';
import { parseJson } from './json.js';

export const RECORD_FORMAT = 'carcassonne-record';
export const RECORD_VERSION = 1;

/** Expectations a record may carry, checked by `checkRecord` (CLI `replay --check`). */
export interface Expectations {
  scores?: number[];
  supply?: number[];
  phase?: Phase;
  toAct?: number;
  tilesLeft?: number;
  drawnTile?: string | null;
  /** The exact set of legal placements of the drawn tile, as [x, y, rotation]. */
  placements?: [number, number, number][];
  /** Number of legal placements. */
  placementCount?: number;
  /** The exact set of legal meeple spots on the placed tile: feature indices. */
  meepleSpots?: number[];
  /** Meeples on the board, as [player, x, y, feature] (order ignored). */
  meeples?: [number, number, number, number][];
  /** D-3, D-7: the dragon's cell as [x, y], or null when it is not in play. */
  dragon?: [number, number] | null;
  /** D-14: the fairy's cell as [x, y], or null when she is off the board. */
  fairy?: [number, number] | null;
  /** Actions that must be refused here, each with the expected error code. */
  refuses?: { player?: number; action: Action; code: RuleErrorCode }[];
  /**
   * The exact set of legal actions of the player to act, as `legalActions()` writes them (order
   * ignored, and the order of keys inside each action too), e.g. the capture choices (T-3).
   */
  legalActions?: object[];
  /** Fields of the spectator view to match exactly, e.g. `towerPieces`, `prisoners`, `towers`, `handSizes`. */
  view?: Record<string, unknown>;
}

export interface RecordAction {
  player: number;
  action: Action;
  /** Checked before this action is applied. */
  expect?: Expectations;
}

export interface GameRecord {
  format: typeof RECORD_FORMAT;
  version: number;
  players: string[];
  /** Expansions in play, by id. */
  expansions: ExpansionId[];
  /** Options after the preset (default `hig`) and the record's own option values. */
  options: Options;
  /** A uint32, or 128 bits as 32 hex digits. */
  seed?: Seed;
  draws?: string[];
  startTile?: TilePlacement;
  endAfter?: number;
  firstPlayer?: number;
  setup?: GameConfig['setup'];
  tiles?: unknown[];
  /** `tiles` may redefine built-in tile ids, replacing those tiles (H-0); otherwise that is refused. */
  replaceTiles?: boolean;
  /** The fingerprint of the tiles in play when the record was made (rules/catalogHash.ts). */
  catalog?: string;
  /** The fingerprint of the tiles in play off the pile (H-3: the Halflings' triangle faces). */
  triangles?: string;
  actions: RecordAction[];
  expect?: Expectations;
  /** How a match ended when not by the rules' end of the game (a resignation, a timeout, an abort). */
  outcome?: MatchOutcome;
}

/** A match-level end: its kind, who (none for an abort), when (ISO time) and why. */
export interface MatchOutcome {
  status: 'resigned' | 'timeout' | 'aborted';
  player?: number;
  at: string;
  reason: string;
}

const OUTCOME_STATUSES: readonly MatchOutcome['status'][] = ['resigned', 'timeout', 'aborted'];

/** Why a record was refused or failed a check: where (line/column or path) and why. */
export interface RecordError {
  code: 'record/syntax' | 'record/invalid' | 'record/illegal-action' | 'record/setup' | 'record/mismatch';
  path: string;
  message: string;
}

const fail = (code: RecordError['code'], path: string, reason: string) =>
  err<RecordError>({ code, path, message: `${path}: ${reason}` });

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isInteger(v);

/** Parses a record from JSON text (a leading byte-order mark allowed). */
export function parseRecord(text: string, registry: Registry = BUILTIN): Result<GameRecord, RecordError> {
  const data = parseJson(text);
  if (!data.ok) {
    const { line, column, message } = data.error;
    return fail('record/syntax', `line ${line}, column ${column} (${message})`, 'not valid JSON');
  }
  return readRecord(data.value, registry);
}

const RECORD_KEYS = [
  'format',
  'version',
  'players',
  'expansions',
  'preset',
  'options',
  'seed',
  'draws',
  'startTile',
  'endAfter',
  'firstPlayer',
  'setup',
  'tiles',
  'replaceTiles',
  'catalog',
  'triangles',
  'actions',
  'expect',
  'outcome',
  'comment',
  'name',
  'rules',
];

/** Validates a parsed JSON value as a record. */
export function readRecord(data: unknown, registry: Registry = BUILTIN): Result<GameRecord, RecordError> {
  const ids = registry.ids;
  const bad = (path: string, reason: string) => fail('record/invalid', path, reason);
  if (!isObj(data)) return bad('$', 'a record is a JSON object');
  for (const k of Object.keys(data)) if (!RECORD_KEYS.includes(k)) return bad(k, 'unknown field');
  if (data.format !== RECORD_FORMAT) return bad('format', `must be "${RECORD_FORMAT}"`);
  if (data.version !== RECORD_VERSION)
    return bad('version', `unsupported version (this program reads ${RECORD_VERSION})`);
  const players = data.players;
  if (!Array.isArray(players) || players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) {
    return bad('players', `must list ${MIN_PLAYERS} to ${MAX_PLAYERS} player names`);
  }
  for (const [i, p] of players.entries())
    if (typeof p !== 'string') return bad(`players[${i}]`, 'must be a string');
  if (data.preset !== undefined && typeof data.preset !== 'string')
    return bad('preset', 'must be a preset name');
  const options = registry.parseOptions(data.options, 'options', data.preset ?? 'hig');
  if (!options.ok)
    return fail('record/invalid', options.error.path, options.error.message.replace(/^[^:]*: /, ''));
  const expansions: ExpansionId[] = [];
  if (data.expansions !== undefined) {
    if (!Array.isArray(data.expansions)) return bad('expansions', `must be an array of ${ids.join(', ')}`);
    for (const [i, id] of data.expansions.entries()) {
      if (!(ids as readonly unknown[]).includes(id)) {
        return bad(`expansions[${i}]`, `unknown expansion ${JSON.stringify(id)} (${ids.join(', ')})`);
      }
      if (expansions.includes(id as ExpansionId)) {
        return bad(`expansions[${i}]`, `${JSON.stringify(id)} is listed twice`);
      }
      expansions.push(id as ExpansionId);
    }
  }
  // An option of an expansion that is not in play would be silently ignored: refuse it.
  if (isObj(data.options)) {
    for (const id of Object.keys(data.options)) {
      const owner = registry.optionOwner(id);
      if (owner !== undefined && !expansions.includes(owner)) {
        return bad(
          `options.${id}`,
          `an option of the expansion "${owner}", which this record does not play (add it to "expansions")`,
        );
      }
    }
  }
  const rec: GameRecord = {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    players: players as string[],
    expansions,
    options: options.value,
    actions: [],
  };
  if (data.seed !== undefined && data.draws !== undefined)
    return bad('draws', 'give either a seed or draws, not both');
  if (data.seed !== undefined) {
    const seed = parseSeed(data.seed);
    if (!seed.ok) return bad('seed', seed.error);
    if (typeof data.seed === 'string' || typeof data.seed === 'number') rec.seed = data.seed;
  }
  if (data.draws !== undefined) {
    if (!Array.isArray(data.draws)) return bad('draws', 'must be an array of tile ids');
    for (const [i, d] of data.draws.entries()) {
      if (typeof d !== 'string') return bad(`draws[${i}]`, 'must be a tile id');
      // Other unknown ids are found when the game is set up; these never name a tile (util/names.ts).
      if (isReservedName(d)) return bad(`draws[${i}]`, `unknown tile id ${JSON.stringify(d)}`);
    }
    rec.draws = data.draws as string[];
  }
  if (data.startTile !== undefined) {
    const t = readTilePlacement(data.startTile, 'startTile');
    if (!t.ok) return t;
    rec.startTile = t.value;
  }
  for (const k of ['endAfter', 'firstPlayer'] as const) {
    if (data[k] === undefined) continue;
    const v = data[k];
    if (!isInt(v) || v < 0) return bad(k, 'must be a non-negative integer');
    rec[k] = v;
  }
  if (data.setup !== undefined) {
    const s = readSetup(data.setup);
    if (!s.ok) return s;
    rec.setup = s.value;
  }
  if (data.tiles !== undefined) {
    if (!Array.isArray(data.tiles)) return bad('tiles', 'must be an array of tile definitions');
    rec.tiles = data.tiles;
  }
  if (data.replaceTiles !== undefined) {
    if (data.replaceTiles !== true) return bad('replaceTiles', 'must be true when given');
    if (rec.tiles === undefined) return bad('replaceTiles', 'there are no "tiles" to replace built-in ones');
    rec.replaceTiles = true;
  }
  // A definition in `tiles` with a built-in id would silently change what that id means (H-0):
  // refused unless the record says it replaces built-in tiles.
  if (rec.tiles !== undefined && rec.replaceTiles !== true) {
    const builtin = registry.catalog();
    for (const [i, t] of rec.tiles.entries()) {
      const id = isObj(t) ? t.id : undefined;
      if (typeof id === 'string' && builtin.kindOf(id) !== undefined) {
        return bad(
          `tiles[${i}].id`,
          `"${id}" is a built-in tile id; an extra definition may not redefine it unless the record sets "replaceTiles": true (H-0)`,
        );
      }
    }
  }
  for (const k of ['catalog', 'triangles'] as const) {
    const v = data[k];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !/^[0-9a-f]{16}$/.test(v)) return bad(k, 'must be a hash: 16 hex digits');
    rec[k] = v;
  }
  if (!Array.isArray(data.actions)) return bad('actions', 'must be an array (possibly empty)');
  for (const [i, a] of data.actions.entries()) {
    const r = readAction(a, `actions[${i}]`, registry);
    if (!r.ok) return r;
    rec.actions.push(r.value);
  }
  if (data.expect !== undefined) {
    const e = readExpect(data.expect, 'expect', registry);
    if (!e.ok) return e;
    rec.expect = e.value;
  }
  if (data.outcome !== undefined) {
    const o = readOutcome(data.outcome, players.length);
    if (!o.ok) return o;
    rec.outcome = o.value;
  }
  return ok(rec);
}

function readOutcome(v: unknown, players: number): Result<MatchOutcome, RecordError> {
  const bad = (p: string, reason: string) => fail('record/invalid', `outcome${p}`, reason);
  if (!isObj(v)) return bad('', 'must be an object {status, player?, at, reason}');
  for (const k of Object.keys(v))
    if (!['status', 'player', 'at', 'reason'].includes(k)) return bad(`.${k}`, 'unknown field');
  const status = OUTCOME_STATUSES.find((s) => s === v.status);
  if (status === undefined) return bad('.status', `must be ${OUTCOME_STATUSES.join(', ')}`);
  if (typeof v.at !== 'string' || Number.isNaN(Date.parse(v.at))) return bad('.at', 'must be an ISO time');
  if (typeof v.reason !== 'string') return bad('.reason', 'must be a string');
  const out: MatchOutcome = { status, at: v.at, reason: v.reason };
  if (status === 'aborted') {
    if (v.player !== undefined) return bad('.player', 'an aborted match names no player');
  } else {
    if (!isInt(v.player) || v.player < 0 || v.player >= players)
      return bad('.player', `must be a player from 0 to ${players - 1}`);
    out.player = v.player;
  }
  return ok(out);
}

function readTilePlacement(v: unknown, path: string): Result<TilePlacement, RecordError> {
  const bad = (p: string, reason: string) => fail('record/invalid', p, reason);
  if (!isObj(v)) return bad(path, 'must be an object {tile, x, y, rotation}');
  for (const k of Object.keys(v))
    if (!['tile', 'x', 'y', 'rotation'].includes(k)) return bad(`${path}.${k}`, 'unknown field');
  if (typeof v.tile !== 'string') return bad(`${path}.tile`, 'must be a tile id');
  if (isReservedName(v.tile)) return bad(`${path}.tile`, `unknown tile id ${JSON.stringify(v.tile)}`);
  if (!isInt(v.x)) return bad(`${path}.x`, 'must be an integer');
  if (!isInt(v.y)) return bad(`${path}.y`, 'must be an integer');
  const rotation = v.rotation ?? 0;
  if (!(ROTATIONS as readonly unknown[]).includes(rotation))
    return bad(`${path}.rotation`, 'must be 0, 90, 180 or 270');
  return ok({ tile: v.tile, x: v.x, y: v.y, rotation: rotation as TilePlacement['rotation'] });
}

function readMeeplePlacement(v: unknown, path: string): Result<MeeplePlacement, RecordError> {
  const bad = (p: string, reason: string) => fail('record/invalid', p, reason);
  if (!isObj(v)) return bad(path, 'must be an object {player, x, y, feature}');
  for (const k of Object.keys(v)) {
    if (!['player', 'x', 'y', 'feature', 'corner'].includes(k)) return bad(`${path}.${k}`, 'unknown field');
  }
  if (typeof v.player === 'string') return bad(`${path}.player`, stringPlayer(v.player));
  for (const k of ['player', 'x', 'y', 'feature'] as const)
    if (!isInt(v[k])) return bad(`${path}.${k}`, 'must be an integer');
  if (v.corner !== undefined && !(CORNER_NAMES as readonly unknown[]).includes(v.corner)) {
    return bad(`${path}.corner`, 'must be nw, ne, se or sw');
  }
  const m: MeeplePlacement = {
    player: v.player as number,
    x: v.x as number,
    y: v.y as number,
    feature: v.feature as number,
  };
  if (v.corner !== undefined) m.corner = v.corner as MeeplePlacement['corner'] & string;
  return ok(m);
}

function readSetup(v: unknown): Result<NonNullable<GameConfig['setup']>, RecordError> {
  const bad = (p: string, reason: string) => fail('record/invalid', p, reason);
  if (!isObj(v)) return bad('setup', 'must be an object {tiles, meeples, scores}');
  for (const k of Object.keys(v))
    if (!['tiles', 'meeples', 'scores'].includes(k)) return bad(`setup.${k}`, 'unknown field');
  const tiles: TilePlacement[] = [];
  const meeples: MeeplePlacement[] = [];
  if (v.tiles !== undefined) {
    if (!Array.isArray(v.tiles)) return bad('setup.tiles', 'must be an array');
    for (const [i, t] of v.tiles.entries()) {
      const r = readTilePlacement(t, `setup.tiles[${i}]`);
      if (!r.ok) return r;
      tiles.push(r.value);
    }
  }
  if (v.meeples !== undefined) {
    if (!Array.isArray(v.meeples)) return bad('setup.meeples', 'must be an array');
    for (const [i, m] of v.meeples.entries()) {
      const r = readMeeplePlacement(m, `setup.meeples[${i}]`);
      if (!r.ok) return r;
      meeples.push(r.value);
    }
  }
  const out: NonNullable<GameConfig['setup']> = { tiles, meeples };
  if (v.scores !== undefined) {
    if (!Array.isArray(v.scores) || !v.scores.every((s) => isInt(s) && s >= 0)) {
      return bad('setup.scores', 'must be an array of non-negative integers');
    }
    out.scores = v.scores as number[];
  }
  return ok(out);
}

/** Why a player given as a string is refused: players are numbers (their index in `players`). */
function stringPlayer(p: string): string {
  return /^\d+$/.test(p)
    ? `must be a number, not the string ${JSON.stringify(p)}: write ${p} without quotes`
    : `must be a player number (an index into "players", from 0), not ${JSON.stringify(p)}`;
}

function readAction(v: unknown, path: string, registry: Registry): Result<RecordAction, RecordError> {
  const bad = (p: string, reason: string) => fail('record/invalid', p, reason);
  if (!isObj(v)) return bad(path, 'must be an object {player, type, …}');
  if (typeof v.player === 'string') return bad(`${path}.player`, stringPlayer(v.player));
  if (!isInt(v.player) || v.player < 0)
    return bad(`${path}.player`, 'must be the acting player (an integer from 0)');
  // Each action type's fields and their shapes come from its definition (base game or expansion);
  // the engine checks their meaning when the action is applied.
  const shape = checkShape(registry.actions, v, ['player', 'expect']);
  if (shape !== undefined) return bad(shape.field === '' ? path : `${path}.${shape.field}`, shape.reason);
  // Its type and declared fields, each checked against its spec just above; nothing else.
  const action = shapedAction(registry.actions, v);
  const out: RecordAction = { player: v.player, action };
  if (v.expect !== undefined) {
    const e = readExpect(v.expect, `${path}.expect`, registry);
    if (!e.ok) return e;
    out.expect = e.value;
  }
  return ok(out);
}

function readExpect(v: unknown, path: string, registry: Registry): Result<Expectations, RecordError> {
  const bad = (p: string, reason: string) => fail('record/invalid', p, reason);
  if (!isObj(v)) return bad(path, 'must be an object');
  const intList = (x: unknown) => Array.isArray(x) && x.every(isInt);
  const tupleList = (x: unknown, n: number) =>
    Array.isArray(x) && x.every((t) => Array.isArray(t) && t.length === n && t.every(isInt));
  // A map: an expectation named `toString` or `constructor` is unknown, not Object.prototype's.
  const checks = new Map<string, [(x: unknown) => boolean, string]>(
    Object.entries({
      scores: [intList, 'an array of integers'],
      supply: [intList, 'an array of integers'],
      phase: [(x) => (registry.phases as readonly unknown[]).includes(x), registry.phases.join(', ')],
      toAct: [isInt, 'an integer'],
      tilesLeft: [isInt, 'an integer'],
      drawnTile: [(x) => x === null || typeof x === 'string', 'a tile id or null'],
      placements: [(x) => tupleList(x, 3), 'an array of [x, y, rotation]'],
      placementCount: [isInt, 'an integer'],
      meepleSpots: [intList, 'an array of feature indices'],
      meeples: [(x) => tupleList(x, 4), 'an array of [player, x, y, feature]'],
      dragon: [(x) => x === null || tupleList([x], 2), '[x, y] or null'],
      fairy: [(x) => x === null || tupleList([x], 2), '[x, y] or null'],
      refuses: [
        (x) =>
          Array.isArray(x) &&
          x.every(
            (r) =>
              isObj(r) &&
              isObj(r.action) &&
              (registry.errorCodes as readonly unknown[]).includes(r.code) &&
              (r.player === undefined || isInt(r.player)),
          ),
        'an array of {player?, action, code} with a known error code',
      ],
      legalActions: [(x) => Array.isArray(x) && x.every(isObj), 'an array of actions (objects)'],
      view: [isObj, 'an object of view fields and their values'],
    } satisfies Record<string, [(x: unknown) => boolean, string]>),
  );
  for (const [k, val] of Object.entries(v)) {
    const check = checks.get(k);
    if (!check) return bad(`${path}.${k}`, `unknown expectation (${[...checks.keys()].join(', ')})`);
    if (!check[0](val)) return bad(`${path}.${k}`, `must be ${check[1]}`);
  }
  // Expected views and legal actions are compared, not checked field by field: still, no view and
  // no action has a field that every object inherits, and none is kept.
  for (const [k, what] of [
    ['view', 'view'],
    ['legalActions', 'action'],
  ] as const) {
    const reserved = reservedKeyPath(v[k], `${path}.${k}`);
    if (reserved !== undefined) return bad(reserved, `no ${what} has this field`);
  }
  return ok(v as Expectations);
}

/** The game configuration a record describes. */
export function recordConfig(rec: GameRecord): GameConfig {
  const config: GameConfig = {
    players: rec.players.length,
    options: rec.options,
    expansions: rec.expansions,
  };
  if (rec.seed !== undefined) config.seed = rec.seed;
  if (rec.draws !== undefined) config.draws = rec.draws;
  if (rec.startTile !== undefined) config.startTile = rec.startTile;
  if (rec.endAfter !== undefined) config.endAfter = rec.endAfter;
  if (rec.firstPlayer !== undefined) config.firstPlayer = rec.firstPlayer;
  if (rec.setup !== undefined) config.setup = rec.setup;
  if (rec.tiles !== undefined) config.tiles = rec.tiles;
  if (rec.replaceTiles === true) config.replaceTiles = true;
  return config;
}

export interface Replay {
  game: Game;
  /** Every expectation that did not hold, with its path. Empty when `check` was off or all held. */
  mismatches: RecordError[];
}

/**
 * Replays a record: sets the game up, applies every action (each checked), and, when `check` is
 * set, verifies embedded expectations. An illegal action stops the replay with its index and rule.
 */
export function replayRecord(
  rec: GameRecord,
  check = false,
  registry: Registry = BUILTIN,
): Result<Replay, RecordError> {
  const created = Game.create({ ...recordConfig(rec), recordEvents: true }, registry);
  if (!created.ok) {
    // A tile/builtin-id error already names its definition (tiles[i].id).
    const path = created.error.code === 'tile/invalid' ? 'tiles' : created.error.path;
    return err({
      code: 'record/setup',
      path,
      message:
        created.error.code === 'tile/invalid' ? `tiles: ${created.error.message}` : created.error.message,
    });
  }
  const game = created.value;
  const stale = staleCatalog(rec, registry);
  if (stale) return err(stale);
  const mismatches: RecordError[] = [];
  for (const [i, step] of rec.actions.entries()) {
    const path = `actions[${i}]`;
    if (check && step.expect) mismatches.push(...compareExpectations(game, step.expect, `${path}.expect`));
    const r = game.apply(step.action, step.player);
    if (!r.ok) {
      const rule = r.error.rule ? ` (${r.error.rule})` : '';
      return fail('record/illegal-action', path, `${r.error.code}${rule}: ${r.error.message}`);
    }
  }
  if (check && rec.expect) mismatches.push(...compareExpectations(game, rec.expect, 'expect'));
  return ok({ game, mismatches });
}

/**
 * Why a record's tiles are not those it was made with (its `catalog` or `triangles` fingerprint
 * differs from what the current definitions give), or undefined. Records without them are old
 * records: accepted.
 */
function staleCatalog(rec: GameRecord, registry: Registry): RecordError | undefined {
  if (rec.catalog === undefined && rec.triangles === undefined) return undefined;
  const now = catalogHashes(recordConfig(rec), registry);
  if (!now.ok) return { code: 'record/setup', path: 'catalog', message: `catalog: ${now.error}` };
  for (const [k, what] of [
    ['catalog', 'tile definitions'],
    ['triangles', 'off-pile tiles (Halflings triangle faces)'],
  ] as const) {
    const was = rec[k];
    if (was === undefined || was === now.value[k]) continue;
    return {
      code: 'record/invalid',
      path: k,
      message:
        `${k}: the record was made with ${what} of hash ${was}, but this program's give ` +
        `${now.value[k] ?? 'none'}: the same actions would not replay the same game`,
    };
  }
  return undefined;
}

const sameSet = (
  a: readonly unknown[],
  b: readonly unknown[],
  key: (x: unknown) => string = (x) => JSON.stringify(x),
): boolean => {
  const norm = (xs: readonly unknown[]) => xs.map((x) => key(x)).sort();
  const na = norm(a);
  const nb = norm(b);
  return na.length === nb.length && na.every((x, i) => x === nb[i]);
};

/** JSON text of a flat object with its keys sorted, so that key order does not matter. */
const sortedJson = (x: unknown): string =>
  isObj(x)
    ? JSON.stringify(Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))))
    : JSON.stringify(x);

/** Compares a game against expectations; returns one error per mismatch. */
export function compareExpectations(game: Game, e: Expectations, path: string): RecordError[] {
  const out: RecordError[] = [];
  const view = viewOf(game, -1);
  const mismatch = (k: string, expected: unknown, actual: unknown) =>
    out.push({
      code: 'record/mismatch',
      path: `${path}.${k}`,
      message: `${path}.${k}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`,
    });
  const eq = (k: string, expected: unknown, actual: unknown) => {
    if (JSON.stringify(expected) !== JSON.stringify(actual)) mismatch(k, expected, actual);
  };
  if (e.scores) eq('scores', e.scores, view.scores);
  if (e.supply) eq('supply', e.supply, view.supply);
  if (e.phase) eq('phase', e.phase, view.phase);
  if (e.toAct !== undefined) eq('toAct', e.toAct, view.toAct);
  if (e.tilesLeft !== undefined) eq('tilesLeft', e.tilesLeft, view.bag.size);
  if (e.drawnTile !== undefined) eq('drawnTile', e.drawnTile, view.drawnTile);
  const actions = game.legalActions();
  const placements = actions.flatMap((a) => (a.type === 'place' ? [[a.x, a.y, a.rotation]] : []));
  if (e.placements && !sameSet(e.placements, placements)) mismatch('placements', e.placements, placements);
  if (e.placementCount !== undefined) eq('placementCount', e.placementCount, placements.length);
  if (e.legalActions && !sameSet(e.legalActions, actions, sortedJson))
    mismatch('legalActions', e.legalActions, actions);
  const spots = actions.flatMap((a) => (a.type === 'meeple' ? [a.feature] : []));
  if (e.meepleSpots && !sameSet(e.meepleSpots, spots)) mismatch('meepleSpots', e.meepleSpots, spots);
  const meeples = view.meeples.map((m) => [m.player, m.x, m.y, m.feature]);
  if (e.meeples && !sameSet(e.meeples, meeples)) mismatch('meeples', e.meeples, meeples);
  const cellOf = (v: Point | null | undefined) => (v ? [v.x, v.y] : null);
  if (e.dragon !== undefined) eq('dragon', e.dragon, cellOf(view.dragon));
  if (e.fairy !== undefined) eq('fairy', e.fairy, cellOf(view.fairy));
  // Any field by name, those of expansions loaded at run time included.
  const fields = new Map<string, unknown>(Object.entries(view));
  for (const [k, v] of Object.entries(e.view ?? {})) eq(`view.${k}`, v, fields.get(k));
  for (const [i, r] of (e.refuses ?? []).entries()) {
    const got = game.encode(r.action, r.player);
    const code = got.ok ? 'accepted' : got.error.code;
    if (code !== r.code) mismatch(`refuses[${i}]`, r.code, code);
  }
  return out;
}

/** Builds a record from a configuration and the actions played, e.g. to save a finished game. */
export function makeRecord(
  config: GameConfig,
  actions: readonly { player: number; action: Action }[],
  names?: readonly string[],
  registry: Registry = BUILTIN,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    players: names ? [...names] : Array.from({ length: config.players }, (_, i) => `Player ${i + 1}`),
  };
  if (config.expansions !== undefined && config.expansions.length > 0)
    out.expansions = [...config.expansions];
  // Only options of what is played: a preset's values for other expansions are no choice.
  const opts = registry.changedOptions({ ...registry.defaults, ...config.options }, config.expansions ?? []);
  if (Object.keys(opts).length > 0) out.options = opts;
  if (config.draws !== undefined) out.draws = [...config.draws];
  else out.seed = config.seed ?? 0;
  if (config.startTile !== undefined) out.startTile = config.startTile;
  if (config.endAfter !== undefined) out.endAfter = config.endAfter;
  if (config.firstPlayer !== undefined) out.firstPlayer = config.firstPlayer;
  if (config.setup !== undefined) out.setup = config.setup;
  if (config.tiles !== undefined) out.tiles = [...config.tiles];
  if (config.tiles !== undefined && config.replaceTiles === true) out.replaceTiles = true;
  const hashes = catalogHashes(config, registry);
  if (hashes.ok) Object.assign(out, hashes.value);
  out.actions = actions.map(({ player, action }) => ({ player, ...action }));
  return out;
}

/** The score events of a replayed game, for reports. */
export const scoreEvents = (events: readonly GameEvent[]) => events.filter((e) => e.type === 'score');

/**
 * A record as it may be shown to `viewer` during a game (H-3): everything public — options,
 * players, start tile, set-up, the actions so far and the tiles drawn so far — but no seed and no
 * scripted pile (they would reveal the order of future draws and the other players' hands), and
 * the viewer's own hand. It is a log to read, not a record to replay: `format` says so.
 */
export function redactRecord(
  rec: GameRecord,
  viewer: number,
  registry: Registry = BUILTIN,
): Result<Record<string, unknown>, RecordError> {
  const replay = replayRecord(rec, false, registry);
  if (!replay.ok) return replay;
  const game = replay.value.game;
  const view = viewOf(game, viewer);
  const out: Record<string, unknown> = {
    format: 'carcassonne-record-view',
    version: RECORD_VERSION,
    viewer,
    players: [...rec.players],
  };
  if (rec.expansions.length > 0) out.expansions = [...rec.expansions];
  const opts = registry.changedOptions(rec.options, rec.expansions);
  if (Object.keys(opts).length > 0) out.options = opts;
  if (rec.startTile !== undefined) out.startTile = rec.startTile;
  if (rec.endAfter !== undefined) out.endAfter = rec.endAfter;
  if (rec.firstPlayer !== undefined) out.firstPlayer = rec.firstPlayer;
  if (rec.setup !== undefined) out.setup = rec.setup;
  if (rec.tiles !== undefined) out.tiles = rec.tiles;
  if (rec.replaceTiles === true) out.replaceTiles = true;
  out.drawn = game.events.flatMap((e) => (e.type === 'draw' ? [e.tile] : []));
  if (view.hands && viewer >= 0) out.hand = view.hands[viewer];
  out.actions = rec.actions.map(({ player, action }) => ({ player, ...action }));
  return ok(out);
}
