/**
 * Snapshots: a game's whole state as plain JSON (docs/snapshot-format.md), to store a game and
 * restore it without replaying its moves (a server between requests, a saved game).
 *
 * A snapshot holds the configuration the game was created from (players, expansions, options,
 * start tile, set-up, scripted draws, end, extra tile definitions; no seed: the generator's state
 * is part of the state), the fingerprints of its tiles (rules/catalogHash.ts), its events when it
 * records them, and under `state` every declared state field (util/state.ts) of the game, its
 * board, its feature graph and each expansion instance, written generically from the declarations
 * that `clone()` copies, so a field added to a declaration is covered automatically.
 *
 * Restoring creates the game from the configuration (same sizes, instances and hooks), then reads
 * every part over it and checks what the element types do not bound. A malformed snapshot is
 * refused with the path and the reason; a refused snapshot builds no game.
 */
import { CORNER_NAMES } from '../geometry/edges.js';
import { ROTATIONS } from '../types.js';
import type { Result } from '../util/result.js';
import { err, ok } from '../util/result.js';
import { isReservedName, ownValue, reservedKeyPath } from '../util/names.js';
import type { StateData } from '../util/state.js';
import { catalogHashes } from './catalogHash.js';
import type { GameConfig, MeeplePlacement, TilePlacement } from './config.js';
import type { GameEvent } from './events.js';
import type { Registry } from './registry.js';
import { tileCounts, whyInconsistent, whyNotFromTiles, whyStuck, whyTooManyTiles } from './consistency.js';
import { stateParts } from './copies.js';
import { createState } from './setup.js';
import type { GameState } from './state.js';

export const SNAPSHOT_FORMAT = 'carcassonne-snapshot';
/** 2: `state.game.gridRadius`, the grid the cells are packed for (it grows with the board). */
export const SNAPSHOT_VERSION = 2;

/** The configuration as a snapshot stores it: a GameConfig with options keyed by id, no seed. */
export type SnapshotConfig = Pick<
  GameConfig,
  'players' | 'draws' | 'startTile' | 'endAfter' | 'firstPlayer' | 'setup' | 'tiles' | 'replaceTiles'
> & {
  expansions: string[];
  options: Record<string, string | number>;
};

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: number;
  config: SnapshotConfig;
  catalog: string;
  triangles?: string;
  /** Whether the pile is a scripted order (`config.draws`). */
  scripted: boolean;
  recordEvents: boolean;
  /** The events so far, when the game records them. */
  events?: GameEvent[];
  /** Every declared state part by name: `game`, `board`, `graph`, then the expansions'. */
  state: Record<string, StateData>;
}

/** Why a snapshot was refused: where (a path such as `state.board.slotKind[3]`) and why. */
export interface SnapshotError {
  code: 'snapshot/invalid';
  path: string;
  message: string;
}

const fail = (path: string, reason: string) =>
  err<SnapshotError>({ code: 'snapshot/invalid', path, message: `${path}: ${reason}` });

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isInteger(v);

/** The snapshot of a game created from `config`. Throws for a game whose state cannot be written. */
export function writeSnapshot(s: GameState, config: GameConfig): Snapshot {
  const parts = stateParts(s);
  if (parts === undefined) {
    throw new RangeError(
      'toSnapshot: an expansion in play declares no state parts (ExpansionInstance.stateParts)',
    );
  }
  if (s.scripted !== (config.draws !== undefined)) {
    throw new RangeError('toSnapshot: a determinization is not a game of its configuration');
  }
  const c: SnapshotConfig = {
    players: s.players,
    expansions: [...s.expansionIds],
    options: s.registry.changedOptions(s.options),
  };
  if (config.draws !== undefined) c.draws = [...config.draws];
  if (config.startTile !== undefined) c.startTile = { ...config.startTile };
  if (config.endAfter !== undefined) c.endAfter = config.endAfter;
  if (config.firstPlayer !== undefined) c.firstPlayer = config.firstPlayer;
  const setup = config.setup;
  if (setup !== undefined) {
    c.setup = {
      tiles: (setup.tiles ?? []).map((t) => ({ ...t })),
      meeples: (setup.meeples ?? []).map((m) => ({ ...m })),
    };
    if (setup.scores !== undefined) c.setup.scores = [...setup.scores];
  }
  if (config.tiles !== undefined && config.tiles.length > 0) {
    c.tiles = [...config.tiles];
    if (config.replaceTiles === true) c.replaceTiles = true;
  }
  const hashes = catalogHashes({ ...config, options: s.options }, s.registry);
  if (!hashes.ok) throw new RangeError(`toSnapshot: ${hashes.error}`);
  const out: Snapshot = {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    config: c,
    ...hashes.value,
    scripted: s.scripted,
    recordEvents: s.recordEvents,
    state: Object.fromEntries(parts.map((p) => [p.name, p.write()])),
  };
  if (s.recordEvents) out.events = [...s.events];
  return out;
}

/** Restores a game from a snapshot (JSON-parsed), checking everything; the config it was made from too. */
export function readSnapshot(
  data: unknown,
  registry: Registry,
): Result<{ state: GameState; config: GameConfig }, SnapshotError> {
  if (!isObj(data)) return fail('$', 'a snapshot is a JSON object');
  const keys = [
    'format',
    'version',
    'config',
    'catalog',
    'triangles',
    'scripted',
    'recordEvents',
    'events',
    'state',
  ];
  for (const k of Object.keys(data)) if (!keys.includes(k)) return fail(k, 'unknown field');
  if (data.format !== SNAPSHOT_FORMAT) return fail('format', `must be "${SNAPSHOT_FORMAT}"`);
  if (data.version !== SNAPSHOT_VERSION)
    return fail(
      'version',
      `unsupported version ${JSON.stringify(data.version)} (this program reads ${SNAPSHOT_VERSION})`,
    );
  const config = readConfig(data.config, registry);
  if (!config.ok) return config;
  const hashes = catalogHashes(config.value, registry);
  if (!hashes.ok) return fail('config', hashes.error);
  for (const k of ['catalog', 'triangles'] as const) {
    if (data[k] !== hashes.value[k]) {
      return fail(
        k,
        `the snapshot was made with tiles of hash ${JSON.stringify(data[k] ?? null)}, but this program's give ${JSON.stringify(hashes.value[k] ?? null)}`,
      );
    }
  }
  if (typeof data.scripted !== 'boolean') return fail('scripted', 'must be true or false');
  if (data.scripted !== (config.value.draws !== undefined))
    return fail('scripted', 'must be true exactly when config.draws gives the pile');
  if (typeof data.recordEvents !== 'boolean') return fail('recordEvents', 'must be true or false');
  let events: GameEvent[] = [];
  if (data.recordEvents) {
    if (!Array.isArray(data.events))
      return fail('events', 'must be an array of events when recordEvents is true');
    for (const [i, e] of data.events.entries()) {
      if (!isObj(e) || typeof e.type !== 'string')
        return fail(`events[${i}]`, 'must be an event object with a type');
      // Events are kept as they are: none may carry a name every object inherits.
      const reserved = reservedKeyPath(e, `events[${i}]`);
      if (reserved !== undefined) return fail(reserved, 'no event has this field');
    }
    // Each entry was checked to be an event object just above; events are a log, not rule state.
    events = data.events as GameEvent[];
  } else if (data.events !== undefined) return fail('events', 'only when recordEvents is true');
  const created = createState(config.value, registry);
  if (!created.ok) return fail(`config.${created.error.path}`, created.error.message.replace(/^[^:]*: /, ''));
  const s = created.value;
  const parts = stateParts(s);
  if (parts === undefined) return fail('config.expansions', 'an expansion in play declares no state parts');
  if (!isObj(data.state)) return fail('state', 'must be an object of state parts');
  const names = parts.map((p) => p.name);
  for (const k of Object.keys(data.state))
    if (!names.includes(k)) return fail(`state.${k}`, `unknown state part (${names.join(', ')})`);
  for (const p of parts) {
    const part = ownValue(data.state, p.name);
    if (part === undefined) return fail(`state.${p.name}`, 'missing');
    const why = p.read(part, `state.${p.name}`);
    if (why !== undefined)
      return err({ code: 'snapshot/invalid', path: why.replace(/:.*$/s, ''), message: why });
  }
  // The board and the feature graph are derived from the placed tiles: rebuilt on a game just created
  // from the configuration, and compared. That game also counts the tiles of each kind there are.
  const fresh = createState(config.value, registry);
  if (!fresh.ok) return fail('config', fresh.error.message);
  const inventory = tileCounts(fresh.value, true);
  const rebuilt = whyNotFromTiles(s, fresh.value);
  if (rebuilt !== undefined)
    return err({ code: 'snapshot/invalid', path: rebuilt.replace(/:.*$/s, ''), message: rebuilt });
  const why = whyInconsistent(s) ?? whyTooManyTiles(s, inventory) ?? whyStuck(s);
  if (why !== undefined) return fail('state.game', why);
  s.recordEvents = data.recordEvents;
  s.events = [...events];
  return ok({ state: s, config: config.value });
}

function readConfig(v: unknown, registry: Registry): Result<GameConfig, SnapshotError> {
  const path = 'config';
  if (!isObj(v)) return fail(path, 'must be an object');
  const keys = [
    'players',
    'expansions',
    'options',
    'draws',
    'startTile',
    'endAfter',
    'firstPlayer',
    'setup',
    'tiles',
    'replaceTiles',
  ];
  for (const k of Object.keys(v)) if (!keys.includes(k)) return fail(`${path}.${k}`, 'unknown field');
  if (!isInt(v.players)) return fail(`${path}.players`, 'must be an integer');
  if (!Array.isArray(v.expansions)) return fail(`${path}.expansions`, 'must be an array of expansion ids');
  const expansions: string[] = [];
  for (const [i, id] of v.expansions.entries()) {
    if (typeof id !== 'string' || registry.get(id) === undefined)
      return fail(
        `${path}.expansions[${i}]`,
        `unknown expansion ${JSON.stringify(id)} (${registry.ids.join(', ')})`,
      );
    expansions.push(id);
  }
  const options = registry.parseOptions(v.options ?? {}, `${path}.options`, 'hig', expansions);
  if (!options.ok)
    return err({ code: 'snapshot/invalid', path: options.error.path, message: options.error.message });
  const config: GameConfig = { players: v.players, expansions, options: options.value };
  if (v.draws !== undefined) {
    if (!Array.isArray(v.draws)) return fail(`${path}.draws`, 'must be an array of tile ids');
    const draws: string[] = [];
    for (const [i, d] of v.draws.entries()) {
      if (typeof d !== 'string') return fail(`${path}.draws[${i}]`, 'must be a tile id');
      if (isReservedName(d)) return fail(`${path}.draws[${i}]`, `unknown tile id ${JSON.stringify(d)}`);
      draws.push(d);
    }
    config.draws = draws;
  }
  if (v.startTile !== undefined) {
    const t = readTile(v.startTile, `${path}.startTile`);
    if (!t.ok) return t;
    config.startTile = t.value;
  }
  for (const k of ['endAfter', 'firstPlayer'] as const) {
    const x = v[k];
    if (x === undefined) continue;
    if (!isInt(x)) return fail(`${path}.${k}`, 'must be an integer');
    config[k] = x;
  }
  if (v.setup !== undefined) {
    const s = v.setup;
    if (!isObj(s)) return fail(`${path}.setup`, 'must be an object {tiles, meeples, scores}');
    for (const k of Object.keys(s))
      if (!['tiles', 'meeples', 'scores'].includes(k)) return fail(`${path}.setup.${k}`, 'unknown field');
    const tiles: TilePlacement[] = [];
    const meeples: MeeplePlacement[] = [];
    for (const [i, t] of (Array.isArray(s.tiles) ? s.tiles : []).entries()) {
      const r = readTile(t, `${path}.setup.tiles[${i}]`);
      if (!r.ok) return r;
      tiles.push(r.value);
    }
    for (const [i, m] of (Array.isArray(s.meeples) ? s.meeples : []).entries()) {
      const at = `${path}.setup.meeples[${i}]`;
      if (!isObj(m) || !isInt(m.player) || !isInt(m.x) || !isInt(m.y) || !isInt(m.feature))
        return fail(at, 'must be {player, x, y, feature} with integers');
      for (const k of Object.keys(m))
        if (!['player', 'x', 'y', 'feature', 'corner'].includes(k))
          return fail(`${at}.${k}`, 'unknown field');
      const corner = CORNER_NAMES.find((c) => c === m.corner);
      if (m.corner !== undefined && corner === undefined)
        return fail(`${at}.corner`, 'must be nw, ne, se or sw');
      meeples.push({ player: m.player, x: m.x, y: m.y, feature: m.feature, ...(corner ? { corner } : {}) });
    }
    const setup: NonNullable<GameConfig['setup']> = { tiles, meeples };
    if (s.scores !== undefined) {
      if (!Array.isArray(s.scores) || !s.scores.every(isInt))
        return fail(`${path}.setup.scores`, 'must be integers');
      setup.scores = s.scores.filter(isInt);
    }
    config.setup = setup;
  }
  if (v.tiles !== undefined) {
    if (!Array.isArray(v.tiles)) return fail(`${path}.tiles`, 'must be an array of tile definitions');
    config.tiles = v.tiles;
  }
  if (v.replaceTiles !== undefined) {
    if (v.replaceTiles !== true) return fail(`${path}.replaceTiles`, 'must be true when given');
    config.replaceTiles = true;
  }
  return ok(config);
}

function readTile(v: unknown, path: string): Result<TilePlacement, SnapshotError> {
  if (!isObj(v) || typeof v.tile !== 'string' || !isInt(v.x) || !isInt(v.y))
    return fail(path, 'must be {tile, x, y, rotation}');
  for (const k of Object.keys(v))
    if (!['tile', 'x', 'y', 'rotation'].includes(k)) return fail(`${path}.${k}`, 'unknown field');
  if (isReservedName(v.tile)) return fail(`${path}.tile`, `unknown tile id ${JSON.stringify(v.tile)}`);
  const rotation = ROTATIONS.find((r) => r === v.rotation);
  if (rotation === undefined) return fail(`${path}.rotation`, 'must be 0, 90, 180 or 270');
  return ok({ tile: v.tile, x: v.x, y: v.y, rotation });
}
