/**
 * Starting a game (B-2): a configuration is checked and resolved step by step (players and
 * expansions, options, the tile catalog, the pile, the limits), then the rule state is made (or
 * one no longer needed reused), the start tile and the set-up are put on the board, and the first
 * turn begins. Every refusal names the configuration's path and the reason.
 */
import { Grid } from '../geometry/grid.js';
import { ROTATIONS } from '../types.js';
import type { Catalog } from '../tiles/catalog.js';
import type { Result } from '../util/result.js';
import { err, ok } from '../util/result.js';
import { locateFeature, whyNotFit } from './checked.js';
import type { GameConfig, TilePlacement } from './config.js';
import { DEFAULT_START, MAX_TILES, checkMoveWidths } from './config.js';
import { MAX_PLAYERS, MEEPLES_PER_PLAYER, MIN_PLAYERS } from './constants.js';
import type { SetupError } from './errors.js';
import type { ExpansionDef } from './expansion.js';
import type { Options } from './options.js';
import { P_PLACE } from './phases.js';
import { putTile, regrid } from './placements.js';
import type { Registry } from './registry.js';
import { parseSeed, seedFrom } from './rng.js';
import { isComplete } from './scoring.js';
import { GameState } from './state.js';
import { startTurn } from './turn.js';

/** A configuration resolved and checked: what a game of it is made from. */
interface Plan {
  readonly players: number;
  readonly defs: readonly ExpansionDef[];
  readonly options: Options;
  readonly catalog: Catalog;
  readonly start: TilePlacement;
  readonly setupTiles: readonly TilePlacement[];
  /** The pile in draw order as configured (a scripted order, or the tile sets less the start and set-up). */
  readonly pile: number[];
  readonly scripted: boolean;
  readonly endAfter: number;
  readonly seed: number | Uint32Array;
  readonly maxTiles: number;
  readonly maxSegments: number;
  readonly first: number;
}

const bad = (path: string, reason: string) =>
  err<SetupError>({ code: 'setup/invalid', path, message: `${path}: ${reason}` });

/**
 * Validates a configuration and starts the game (B-2): start tile, setup, first draw. With `into`,
 * a game no longer needed, its state is reused when the new game has the same shape.
 */
export function createState(
  config: GameConfig,
  registry: Registry,
  into?: GameState,
): Result<GameState, SetupError> {
  const plan = resolve(config, registry);
  if (!plan.ok) return plan;
  const p = plan.value;
  // A new game in `into` when it is a game of the same shape (arrays of the same sizes, the same
  // catalog, options and expansions) and nothing below can fail once it is reset (no start tile
  // or set-up of the configuration's own): then nothing is allocated but the expansions' state.
  const reuse =
    into !== undefined &&
    config.startTile === undefined &&
    config.setup === undefined &&
    sameShape(into, p, registry);
  const g = reuse
    ? resetState(into)
    : new GameState(
        p.catalog,
        p.options,
        p.players,
        registry,
        p.defs,
        p.maxTiles,
        p.maxSegments,
        p.scripted,
        p.endAfter,
      );
  // Draws pop from the end, so a scripted order is stored reversed.
  if (p.scripted) p.pile.reverse();
  g.bag.set(p.pile);
  g.bagCount = p.pile.length;
  seedFrom(g.rng, p.seed);
  const placed = placeSetupTiles(g, p) ?? placeSetupMeeples(g, config);
  if (placed !== undefined) return err(placed);
  const scores = config.setup?.scores;
  if (scores !== undefined) {
    if (scores.length !== p.players || scores.some((s) => !Number.isInteger(s) || s < 0)) {
      return bad('setup.scores', `must list ${p.players} non-negative integer scores`);
    }
    g.scores.set(scores);
  }
  g.current = p.first;
  g.recordEvents = config.recordEvents === true;
  for (const x of g.expansions) x.onStart?.();
  startTurn(g, p.first);
  return ok(g);
}

/** Everything in a configuration that can be checked before a game is made. */
function resolve(config: GameConfig, registry: Registry): Result<Plan, SetupError> {
  const { players } = config;
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    return bad('players', `must be an integer from ${MIN_PLAYERS} to ${MAX_PLAYERS}`);
  }
  const defs = resolveExpansions(config, registry);
  if (!defs.ok) return defs;
  // Options by key, each allowed, none of an expansion not in play (a preset's are reset).
  const checked = registry.gameOptions(config.options, config.expansions ?? []);
  if (!checked.ok)
    return err({ code: checked.error.code, path: checked.error.path, message: checked.error.message });
  const options: Options = checked.value;
  const catalog = resolveCatalog(config, registry);
  if (!catalog.ok) return catalog;
  const cat = catalog.value;
  // Tiles that come into play besides the pile (H-3: the triangles in hand).
  const offPile = defs.value.flatMap((d) => d.offPile?.(options, cat) ?? []);
  const start = config.startTile ?? DEFAULT_START;
  const setupTiles = config.setup?.tiles ?? [];
  const pile =
    config.draws !== undefined
      ? scriptedPile(config.draws, cat)
      : pileOfSets(registry, cat, options, defs.value, offPile, start, setupTiles);
  if (!pile.ok) return pile;
  return resolveLimits(config, {
    players,
    defs: defs.value,
    options,
    catalog: cat,
    start,
    setupTiles,
    pile: pile.value,
    offPile,
  });
}

/** The expansions in play, known and each listed once, in the registry's canonical order. */
function resolveExpansions(
  config: GameConfig,
  registry: Registry,
): Result<readonly ExpansionDef[], SetupError> {
  for (const [i, id] of (config.expansions ?? []).entries()) {
    if (registry.get(id) === undefined) {
      const known = registry.ids.join(', ');
      return bad(`expansions[${i}]`, `unknown expansion ${JSON.stringify(id)} (${known})`);
    }
    if (config.expansions?.indexOf(id) !== i)
      return bad(`expansions[${i}]`, `${JSON.stringify(id)} is listed twice`);
  }
  // Canonical order, whatever the configuration's: it orders the steps after phase 2.
  return ok(registry.defs.filter((d) => config.expansions?.includes(d.id)));
}

/** The registry's catalog, with the configuration's own tiles added (or in place of it). */
function resolveCatalog(config: GameConfig, registry: Registry): Result<Catalog, SetupError> {
  const catalog = registry.catalog();
  if (config.tiles === undefined || config.tiles.length === 0) return ok(catalog);
  const c = catalog.withExtra(config.tiles, 'tiles', config.replaceTiles === true);
  if (c.ok) return c;
  if (c.error.code === 'tile/builtin-id')
    return err({ code: c.error.code, path: c.error.path, message: c.error.message });
  return err({ code: 'tile/invalid', path: `tiles`, message: c.error.message });
}

const kindOf = (catalog: Catalog, id: unknown, path: string): Result<number, SetupError> => {
  const k = typeof id === 'string' ? catalog.kindOf(id) : undefined;
  return k === undefined ? bad(path, `unknown tile id ${JSON.stringify(id)}`) : ok(k);
};

/** A scripted draw order, as tile kinds. */
function scriptedPile(draws: readonly string[], catalog: Catalog): Result<number[], SetupError> {
  const pile: number[] = [];
  for (const [i, id] of draws.entries()) {
    const k = kindOf(catalog, id, `draws[${i}]`);
    if (!k.ok) return k;
    pile.push(k.value);
  }
  return ok(pile);
}

/** The tile sets in play less the start and set-up tiles (a set-up triangle comes out of the Halflings' set, H-3). */
function pileOfSets(
  registry: Registry,
  catalog: Catalog,
  options: Options,
  defs: readonly ExpansionDef[],
  offPile: readonly number[],
  start: TilePlacement,
  setupTiles: readonly TilePlacement[],
): Result<number[], SetupError> {
  const sets = [options.tileSetBase, ...defs.flatMap((d) => d.tileSet?.(options.tileSetBase) ?? [])];
  const counts = new Map<string, number>();
  for (const set of sets) {
    if (!Object.hasOwn(registry.tileSets, set)) return bad('options.tile-set-base', `no tile set "${set}"`);
    for (const [id, n] of Object.entries(registry.tileSets[set])) counts.set(id, (counts.get(id) ?? 0) + n);
  }
  const take = (id: string, path: string): Result<void, SetupError> => {
    const n = counts.get(id) ?? 0;
    const k = catalog.kindOf(id);
    if (n === 0 && k !== undefined && offPile.includes(k)) return ok(undefined);
    if (n === 0) return bad(path, `no ${id} left in ${sets.join(' + ')}`);
    counts.set(id, n - 1);
    return ok(undefined);
  };
  const taken = take(start.tile, 'startTile.tile');
  if (!taken.ok) return taken;
  for (const [i, p] of setupTiles.entries()) {
    const e = take(p.tile, `setup.tiles[${i}].tile`);
    if (!e.ok) return e;
  }
  const pile: number[] = [];
  for (const [id, n] of counts) {
    const k = kindOf(catalog, id, 'options.tile-set-base');
    if (!k.ok) return k;
    for (let i = 0; i < n; i++) pile.push(k.value);
  }
  return ok(pile);
}

type Resolved = Omit<Plan, 'scripted' | 'endAfter' | 'seed' | 'maxTiles' | 'maxSegments' | 'first'> & {
  readonly offPile: readonly number[];
};

/** The end, seed, sizes (at most MAX_TILES tiles, moves that fit their widths) and first player. */
function resolveLimits(config: GameConfig, r: Resolved): Result<Plan, SetupError> {
  const scripted = config.draws !== undefined;
  let endAfter = Number.MAX_SAFE_INTEGER;
  if (config.endAfter !== undefined) {
    if (!Number.isInteger(config.endAfter) || config.endAfter < 0) {
      return bad('endAfter', 'must be a non-negative integer');
    }
    endAfter = config.endAfter;
  }
  const seed = parseSeed(config.seed ?? 0);
  if (!seed.ok) return bad('seed', seed.error);
  const maxTiles = 1 + r.setupTiles.length + r.pile.length + r.offPile.length;
  if (maxTiles > MAX_TILES) {
    return bad(
      scripted ? 'draws' : 'tiles',
      `a game holds at most ${MAX_TILES} tiles (start, set-up, pile and triangles); this one would hold ${maxTiles}`,
    );
  }
  const tooWide = checkMoveWidths(r.options, r.defs, r.catalog, maxTiles, r.players);
  if (tooWide) return bad('tiles', tooWide);
  // The feature graph holds the segments of every tile that may come into play, and no more.
  const features = (id: string) => {
    const k = r.catalog.kindOf(id);
    return k === undefined ? 0 : r.catalog.featureCount[k];
  };
  let maxSegments = features(r.start.tile);
  for (const p of r.setupTiles) maxSegments += features(p.tile);
  for (const k of [...r.pile, ...r.offPile]) maxSegments += r.catalog.featureCount[k];
  const first = config.firstPlayer ?? 0;
  if (!Number.isInteger(first) || first < 0 || first >= r.players) {
    return bad('firstPlayer', `must be a player from 0 to ${r.players - 1}`);
  }
  return ok({ ...r, scripted, endAfter, seed: seed.value, maxTiles, maxSegments, first });
}

/** Whether `into` has the arrays, catalog, options and expansions a game of `p` would have. */
function sameShape(into: GameState, p: Plan, registry: Registry): boolean {
  return (
    into.catalog === p.catalog &&
    into.registry === registry &&
    into.players === p.players &&
    into.scripted === p.scripted &&
    into.endAfter === p.endAfter &&
    into.board.maxTiles === p.maxTiles &&
    into.graph.parent.length === p.maxSegments &&
    into.defs.length === p.defs.length &&
    into.defs.every((d, i) => d === p.defs[i]) &&
    sameOptions(into.options, p.options)
  );
}

/** Whether two option sets are equal, option by option. */
function sameOptions(a: Readonly<Options>, b: Readonly<Options>): boolean {
  const ka = Object.keys(a) as (keyof Options)[];
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/** Puts the start tile and the set-up tiles on the board, or says why one cannot go. */
function placeSetupTiles(g: GameState, p: Plan): SetupError | undefined {
  const startKind = kindOf(g.catalog, p.start.tile, 'startTile.tile');
  if (!startKind.ok) return startKind.error;
  const placed = placeSetupTile(g, p.start, startKind.value, 'startTile', true);
  if (placed) return placed;
  for (const [i, t] of p.setupTiles.entries()) {
    const k = kindOf(g.catalog, t.tile, `setup.tiles[${i}].tile`);
    if (!k.ok) return k.error;
    const e = placeSetupTile(g, t, k.value, `setup.tiles[${i}]`, false);
    if (e) return e;
  }
  return undefined;
}

function placeSetupTile(
  g: GameState,
  p: TilePlacement,
  t: number,
  path: string,
  first: boolean,
): SetupError | undefined {
  // Within the largest grid's reach (any point a game of this size could reach), on a grid
  // grown to hold it.
  const max = g.board.maxTiles;
  const reachable =
    Number.isInteger(p.x) && Number.isInteger(p.y) && Math.abs(p.x) <= max && Math.abs(p.y) <= max;
  if (reachable && !g.grid.holds(p.x, p.y, max)) regrid(g, g.grid.grownFor(p.x, p.y, max));
  const c = reachable ? g.grid.cell(p.x, p.y) : undefined;
  const q = ROTATIONS.indexOf(p.rotation);
  const refuse = (reason: string): SetupError => ({
    code: 'setup/invalid',
    path,
    message: `${path}: ${reason}`,
  });
  if (q < 0) return refuse('rotation must be 0, 90, 180 or 270');
  if (c === undefined) return refuse(`(${p.x},${p.y}) is too far from the start tile`);
  if (first) {
    if (g.catalog.triangle[t] === 1) return refuse('the start tile must be a square tile');
  } else if (!g.board.fits(t, q, c)) {
    return refuse(whyNotFit(g, t, q, c, p.x, p.y).message);
  }
  const slot = putTile(g, t, q, c);
  // Ruling: set-up tiles act as placed (a volcano brings the dragon, D-3), but nothing is scored.
  for (const h of g.placedHooks) h.onTilePlaced!(slot);
  return undefined;
}

/** Puts the set-up meeples on their features (B-6: from supply, on an incomplete feature, D-8). */
function placeSetupMeeples(g: GameState, config: GameConfig): SetupError | undefined {
  for (const [i, m] of (config.setup?.meeples ?? []).entries()) {
    const path = `setup.meeples[${i}]`;
    const refuse = (at: string, reason: string): SetupError => ({
      code: 'setup/invalid',
      path: at,
      message: `${at}: ${reason}`,
    });
    if (!Number.isInteger(m.player) || m.player < 0 || m.player >= g.players) {
      return refuse(`${path}.player`, `must be a player from 0 to ${g.players - 1}`);
    }
    const seg = locateFeature(g, m.x, m.y, m.corner, m.feature);
    if (!seg.ok) return refuse(path, seg.error.message);
    if (g.supply[m.player] === 0) return refuse(path, `player ${m.player} has no meeple left in supply`);
    if (!g.catalog.isMeepleSpot(g.board.slotKind[g.graph.slot[seg.value]], m.feature)) {
      return refuse(path, 'no meeple may stand on a tower foundation');
    }
    if (isComplete(g, g.graph.find(seg.value))) {
      return refuse(path, 'the feature is already complete; it would have been scored');
    }
    if (!g.deployHooks.every((h) => h.canDeploy?.(seg.value))) {
      return refuse(path, 'no meeple may stand there (D-8: the dragon is on that tile)');
    }
    g.deployMeeple(m.player, seg.value);
  }
  return undefined;
}

/**
 * `g` as a freshly constructed game of the same shape: what `createState` starts a new game in.
 * Every field takes the value the constructor gives it; the expansions' instances are made anew,
 * and the lineage is a new one (copies of the earlier game are no copies of this one).
 */
function resetState(g: GameState): GameState {
  g.board.reset(Grid.initial(g.board.maxTiles));
  g.grid = g.board.grid;
  g.gridRadius = g.grid.radius;
  g.lineage = {};
  g.graph.reset();
  g.scores.fill(0);
  g.meepleSeg.fill(-1);
  g.supply.fill(MEEPLES_PER_PLAYER);
  g.bag.fill(0);
  g.bagCount = 0;
  g.rng.fill(0);
  g.placedCount = 0;
  g.discardCount = 0;
  g.current = 0;
  g.turn = 0;
  g.phase = P_PLACE;
  g.stepIndex = -1;
  g.drawn = -1;
  g.lastSlot = -1;
  g.placements.fill(0, 0, g.placementCount);
  g.placementCount = 0;
  g.recordEvents = false;
  g.events = [];
  g.wire(g.defs.map((d) => d.create(g)));
  return g;
}
