/**
 * The rule state and turn flow (B-2..B-10), with the expansions' hooks: what the rules
 * modules and the expansions work on (their rule context). Players, bots and tools hold a `Game`
 * (rules/game.ts), whose small API wraps one of these and reads it through `game.state`.
 *
 * A turn is: draw (automatic; B-5 discards tiles that fit nowhere) → `place` decision → `action`
 * decision (phase 2: a meeple on the placed tile, an expansion's alternative, or pass) → the steps
 * after phase 2: base `score` (B-7), with expansion steps before or after it (the dragon's hunt,
 * D-7) → next player. The game ends when no tile is left to draw, when none of those left fits
 * anywhere (they are removed at the end of the turn, B-5), or after `endAfter` placed tiles, with
 * final scoring (B-9).
 *
 * Implementation notes: all state lives in typed arrays owned by the board, the feature graph, this
 * class and the expansions' instances, declared once per class (util/state.ts) so that a copy is a
 * handful of array copies (searches copy a game per iteration). `play(move)` is the unchecked hot
 * path for moves produced by `legalMoves()`; `encode(action)` is the checked door for untrusted
 * input (rules/checked.ts). Points are written by `award` and events by `emit` only.
 */
import { Board } from '../board/board.js';
import { Units } from '../board/units.js';
import type { CountingRules, ExpansionDef, ExpansionId, ExpansionInstance, Step } from './expansion.js';
import { FeatureGraph } from '../features/featureGraph.js';
import type { CornerName } from '../geometry/edges.js';
import { CORNER_NAMES, HALF_SLOTS, SIDE_D, SIDE_SLOTS, opposite } from '../geometry/edges.js';
import { Grid } from '../geometry/grid.js';
import type { Catalog } from '../tiles/catalog.js';
import type { RuleId } from '../types.js';
import { E_NONE, FEATURE_KINDS, ROTATIONS } from '../types.js';
import type { Result } from '../util/result.js';
import { err, ok } from '../util/result.js';
import type { StateFields } from '../util/state.js';
import { copyState, statePart } from '../util/state.js';
import type { StatePart } from '../util/state.js';
import type { Action, ActionType } from './actions.js';
import {
  MAX_ACTION_TYPES,
  M_MEEPLE,
  M_PASS,
  M_PLACE,
  encodeMeeple,
  encodePlace,
  meepleSegment,
  moveType,
  placeCell,
  placeQuarters,
} from './actions.js';
import { encodeAction, locateFeature, whyNotFit } from './checked.js';
import { MAX_PLAYERS, MEEPLES_PER_PLAYER, MIN_PLAYERS } from './constants.js';
import type { RuleError, SetupError } from './errors.js';
import type { GameEvent } from './events.js';
import type { Options } from './options.js';
import type { Registry } from './registry.js';
import type { UniformRandom } from './rng.js';
import { nextInt, parseSeed, seedFrom, seedRng } from './rng.js';
import { finalScoring, isComplete, scoreCompleted } from './scoring.js';

import type { GameConfig, TilePlacement } from './config.js';
import { DEFAULT_START, MAX_TILES, checkMoveWidths } from './config.js';
import type { Phase } from './phases.js';

const P_PLACE = 0;
const P_ACTION = 1;
const P_STEP = 2;
const P_OVER = 3;
/** A step before the draw (H-3, H-4). */
const P_PRE = 4;

/**
 * Rejections `randomMove` allows before it lists the moves. A random base game accepts about one
 * candidate in four or five (measured over random games of every expansion; about 0.1–0.3 % of placements reach the limit), so this rarely falls back but bounds the cost
 * of a position where almost no candidate is legal.
 */
export const SAMPLE_TRIES = 32;

export class GameState {
  readonly catalog: Catalog;
  /**
   * The grid cells are packed for (the board's): it grows when a tile comes near its edge
   * (`regrid`), so a cell number, and a move naming one, holds until the next tile is placed only.
   */
  grid: Grid;
  /**
   * The grid's radius, declared with the state so that a snapshot says which grid its cells are
   * packed for (kept equal to `grid.radius`).
   */
  gridRadius: number;
  /**
   * Shared by a game and all its copies: what `cloneInto`, `determinize` and `sameLineage` check.
   * A game started again in this object (`create(config, registry, into)`) takes a new one.
   */
  lineage: object;
  readonly options: Readonly<Options>;
  readonly players: number;
  readonly expansionIds: readonly ExpansionId[];
  /** The registry the game was created from, and the definitions of its expansions, in canonical order. */
  readonly registry: Registry;
  readonly defs: readonly ExpansionDef[];
  readonly board: Board;
  /** H-11: what dragon steps, fairy protection and tower range count: cells, or tiles (Halflings 2015/2020). */
  readonly units: Units;
  /** H-8: roads and cities count tiles (Halflings 2015, 2020) instead of occupied cells. */
  readonly countTiles: boolean;
  /** H-9: monasteries count tiles in their 3×3 area (Halflings 2015) instead of occupied cells. */
  readonly monasteryTiles: boolean;
  readonly graph: FeatureGraph;
  readonly scores: Int32Array;
  /** Segment each meeple stands on (player · 7 + i), -1 in supply, or -2 away (T-3: a prisoner). */
  readonly meepleSeg: Int32Array;
  readonly supply: Int32Array;
  /** Tile kinds left to draw; draws take from the end. */
  readonly bag: Int16Array;
  bagCount: number;
  /** Scripted draw order: draws take the last entry instead of a random one. */
  readonly scripted: boolean;
  readonly rng: Uint32Array;
  /** Tiles placed from the bag so far (the start tile and setup tiles excluded). */
  placedCount = 0;
  /** Tiles drawn that fit nowhere and left the game (B-5). */
  discardCount = 0;
  readonly endAfter: number;
  /** The player whose turn it is. */
  current = 0;
  /** Turns started so far (T-6: once per turn). */
  turn = 0;
  phase = P_PLACE;
  /** Index into `steps` while a step after phase 2 waits for decisions. */
  stepIndex = -1;
  /** Kind of the drawn tile, or -1. */
  drawn = -1;
  /** Slot of the tile placed this turn, or -1. */
  lastSlot = -1;
  /**
   * Legal placements of the drawn tile (encoded moves), listed at most once per draw, and only when
   * asked for (`legalMoves`, a snapshot): `placementCount` is -1 until then. A random playout
   * (`randomMove`) draws its placement without the list, which was a fifth of a random game's time.
   * It grows with the frontier (`roomForPlacements`) rather than being sized for the worst case,
   * which would be a third of a base game's state.
   */
  placements: Int32Array;
  placementCount = 0;
  /** When true, play() appends to `events`. */
  recordEvents = false;
  events: GameEvent[] = [];
  /**
   * Epoch stamps per segment, for "each feature once" loops (see nextEpoch). Scratch space, shared
   * with clones (with its epoch counter) rather than copied: loops using it never span two games,
   * and a determinization per search iteration should not allocate it anew.
   */
  readonly stamp: Int32Array;
  private readonly epoch: { value: number };
  /** Largest number of legal moves in any position of this game (see maxMoves). */
  private readonly moveLimit: number;

  /** Expansion instances in play, and their hooks gathered once (the hot path loops only over these). */
  expansions: readonly ExpansionInstance[] = [];
  scoredHooks: readonly ExpansionInstance[] = [];
  valueHooks: readonly ExpansionInstance[] = [];
  private turnStartHooks: readonly ExpansionInstance[] = [];
  private drawHooks: readonly ExpansionInstance[] = [];
  private keepOutHooks: readonly ExpansionInstance[] = [];
  private instead: readonly ExpansionInstance[] = [];
  private placedHooks: readonly ExpansionInstance[] = [];
  private addHooks: readonly ExpansionInstance[] = [];
  private filterHooks: readonly ExpansionInstance[] = [];
  private anytimeHooks: readonly ExpansionInstance[] = [];
  private deployHooks: readonly ExpansionInstance[] = [];
  private removedHooks: readonly ExpansionInstance[] = [];
  private moveOwner: (ExpansionInstance | undefined)[] = [];
  /** By move type: the expansion whose free action (T-6 ransom) it is, which leaves the decision open. */
  private freeOwner: (ExpansionInstance | undefined)[] = [];
  /** The steps after phase 2, in order: base `score` and the expansions' steps (X-3). */
  steps: readonly Step[] = [];
  /** The steps before the draw (H-3 draft, H-4 the choice to play a triangle instead). */
  preSteps: readonly Step[] = [];

  private constructor(
    catalog: Catalog,
    options: Options,
    players: number,
    registry: Registry,
    defs: readonly ExpansionDef[],
    maxTiles: number,
    maxSegments: number,
    scripted: boolean,
    endAfter: number,
    from?: GameState,
  ) {
    this.catalog = catalog;
    this.options = options;
    this.players = players;
    this.registry = registry;
    this.defs = defs;
    this.expansionIds = defs.map((d) => d.id);
    this.scripted = scripted;
    this.endAfter = endAfter;
    // A copy shares its source's grid, lineage and scratch space, and takes its counting rules.
    this.grid = from?.grid ?? Grid.initial(maxTiles);
    this.gridRadius = this.grid.radius;
    this.lineage = from?.lineage ?? {};
    if (from) {
      maxTiles = from.board.maxTiles;
      maxSegments = from.graph.parent.length;
    }
    this.board = new Board(this.grid, catalog, maxTiles);
    const counting: CountingRules = from
      ? { unitsPerTile: from.units.perTile, countTiles: from.countTiles, monasteryTiles: from.monasteryTiles }
      : Object.assign(
          { unitsPerTile: false, countTiles: false, monasteryTiles: false },
          ...defs.map((d) => d.counting?.(options) ?? {}),
        );
    this.units = new Units(this.board, counting.unitsPerTile);
    this.countTiles = counting.countTiles;
    this.monasteryTiles = counting.monasteryTiles;
    this.graph = new FeatureGraph(this.board, players, maxSegments);
    this.scores = new Int32Array(players);
    this.meepleSeg = new Int32Array(players * MEEPLES_PER_PLAYER).fill(-1);
    this.supply = new Int32Array(players).fill(MEEPLES_PER_PLAYER);
    this.bag = new Int16Array(maxTiles);
    this.bagCount = 0;
    this.rng = new Uint32Array(4);
    this.placements = new Int32Array(from === undefined ? 64 : from.placements.length);
    this.stamp = from?.stamp ?? new Int32Array(maxSegments);
    this.epoch = from?.epoch ?? { value: 0 };
    this.moveLimit = Math.max(placementBound(maxTiles), maxSegments + 2 * MEEPLES_PER_PLAYER * 6 + 16);
    if (from) {
      this.copyFrom(from);
      return;
    }
    this.wire(defs.map((d) => d.create(this)));
  }

  /** Gathers the expansions' hooks and builds the steps after phase 2. */
  private wire(instances: readonly ExpansionInstance[]): void {
    this.expansions = instances;
    const having = (k: keyof ExpansionInstance) => instances.filter((x) => x[k] !== undefined);
    this.turnStartHooks = having('onTurnStart');
    this.drawHooks = having('onDraw');
    this.keepOutHooks = having('keepsOut');
    this.instead = having('placesInstead');
    this.placedHooks = having('onTilePlaced');
    this.addHooks = having('addActions');
    this.filterHooks = having('filterActions');
    this.anytimeHooks = having('addAnytime');
    this.deployHooks = having('canDeploy');
    this.scoredHooks = having('onScored');
    this.valueHooks = having('featureValue');
    this.removedHooks = having('onMeepleRemoved');
    // Dense tables over every move code (no holes, no reads past the end: both stay fast arrays).
    this.moveOwner = new Array<ExpansionInstance | undefined>(MAX_ACTION_TYPES).fill(undefined);
    for (const x of instances) for (const t of x.moveTypes) this.moveOwner[t] = x;
    this.freeOwner = new Array<ExpansionInstance | undefined>(MAX_ACTION_TYPES).fill(undefined);
    for (const x of instances) for (const t of x.freeMoves ?? []) this.freeOwner[t] = x;
    const score: Step = {
      id: 'score',
      enter: () => {
        scoreCompleted(this);
        return false;
      },
      actor: () => this.current,
      moves: () => 0,
      play: () => true,
    };
    this.preSteps = instances.flatMap((x) => x.beforeDraw ?? []);
    const all = instances.flatMap((x) => x.steps ?? []);
    this.steps = [
      ...all.filter((s) => s.where === 'before-score').map((s) => s.step),
      score,
      ...all.filter((s) => s.where === 'after-score').map((s) => s.step),
    ];
  }

  /** Validates a configuration and starts the game (B-2): start tile, setup, first draw. */
  static create(config: GameConfig, registry: Registry, into?: GameState): Result<GameState, SetupError> {
    const bad = (path: string, reason: string) =>
      err<SetupError>({ code: 'setup/invalid', path, message: `${path}: ${reason}` });
    const { players } = config;
    if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
      return bad('players', `must be an integer from ${MIN_PLAYERS} to ${MAX_PLAYERS}`);
    }
    for (const [i, id] of (config.expansions ?? []).entries()) {
      if (registry.get(id) === undefined) {
        const known = registry.ids.join(', ');
        return bad(`expansions[${i}]`, `unknown expansion ${JSON.stringify(id)} (${known})`);
      }
      if (config.expansions?.indexOf(id) !== i)
        return bad(`expansions[${i}]`, `${JSON.stringify(id)} is listed twice`);
    }
    // Canonical order, whatever the configuration's: it orders the steps after phase 2.
    const defs = registry.defs.filter((d) => config.expansions?.includes(d.id));
    // Options by key, each allowed, none of an expansion not in play (a preset's are reset).
    const checked = registry.gameOptions(config.options, config.expansions ?? []);
    if (!checked.ok)
      return err({ code: checked.error.code, path: checked.error.path, message: checked.error.message });
    const options: Options = checked.value;
    let catalog = registry.catalog();
    if (config.tiles !== undefined && config.tiles.length > 0) {
      const c = catalog.withExtra(config.tiles, 'tiles', config.replaceTiles === true);
      if (!c.ok) {
        if (c.error.code === 'tile/builtin-id') {
          return err({ code: c.error.code, path: c.error.path, message: c.error.message });
        }
        return err({ code: 'tile/invalid', path: `tiles`, message: c.error.message });
      }
      catalog = c.value;
    }
    const kindOf = (id: unknown, path: string): Result<number, SetupError> => {
      const k = typeof id === 'string' ? catalog.kindOf(id) : undefined;
      return k === undefined ? bad(path, `unknown tile id ${JSON.stringify(id)}`) : ok(k);
    };

    // Tiles that come into play besides the pile (H-3: the triangles in hand).
    const offPile = defs.flatMap((d) => d.offPile?.(options, catalog) ?? []);
    // The pile: a scripted order, or the sets in play less the start and setup tiles.
    const start = config.startTile ?? DEFAULT_START;
    const setupTiles = config.setup?.tiles ?? [];
    const pile: number[] = [];
    const scripted = config.draws !== undefined;
    if (config.draws !== undefined) {
      for (const [i, id] of config.draws.entries()) {
        const k = kindOf(id, `draws[${i}]`);
        if (!k.ok) return k;
        pile.push(k.value);
      }
    } else {
      const sets = [options.tileSetBase, ...defs.flatMap((d) => d.tileSet?.(options.tileSetBase) ?? [])];
      const counts = new Map<string, number>();
      for (const set of sets) {
        if (!Object.hasOwn(registry.tileSets, set))
          return bad('options.tile-set-base', `no tile set "${set}"`);
        for (const [id, n] of Object.entries(registry.tileSets[set]))
          counts.set(id, (counts.get(id) ?? 0) + n);
      }
      const take = (id: string, path: string): SetupError | undefined => {
        const n = counts.get(id) ?? 0;
        // A set-up triangle comes out of the Halflings' set, not the pile (H-3).
        const k = catalog.kindOf(id);
        if (n === 0 && k !== undefined && offPile.includes(k)) {
          return undefined;
        }
        if (n === 0)
          return { code: 'setup/invalid', path, message: `${path}: no ${id} left in ${sets.join(' + ')}` };
        counts.set(id, n - 1);
        return undefined;
      };
      const e1 = take(start.tile, 'startTile.tile');
      if (e1) return err(e1);
      for (const [i, p] of setupTiles.entries()) {
        const e = take(p.tile, `setup.tiles[${i}].tile`);
        if (e) return err(e);
      }
      for (const [id, n] of counts) {
        const k = kindOf(id, 'options.tile-set-base');
        if (!k.ok) return k;
        for (let i = 0; i < n; i++) pile.push(k.value);
      }
    }
    let endAfter = Number.MAX_SAFE_INTEGER;
    if (config.endAfter !== undefined) {
      if (!Number.isInteger(config.endAfter) || config.endAfter < 0) {
        return bad('endAfter', 'must be a non-negative integer');
      }
      endAfter = config.endAfter;
    }
    const seed = parseSeed(config.seed ?? 0);
    if (!seed.ok) return bad('seed', seed.error);
    const extra = offPile.length;
    const maxTiles = 1 + setupTiles.length + pile.length + extra;
    if (maxTiles > MAX_TILES) {
      return bad(
        scripted ? 'draws' : 'tiles',
        `a game holds at most ${MAX_TILES} tiles (start, set-up, pile and triangles); this one would hold ${maxTiles}`,
      );
    }
    const tooWide = checkMoveWidths(options, defs, catalog, maxTiles, players);
    if (tooWide) return bad('tiles', tooWide);
    // The feature graph holds the segments of every tile that may come into play, and no more.
    const features = (id: string) => {
      const k = catalog.kindOf(id);
      return k === undefined ? 0 : catalog.featureCount[k];
    };
    let maxSegments = features(start.tile);
    for (const p of setupTiles) maxSegments += features(p.tile);
    for (const k of [...pile, ...offPile]) maxSegments += catalog.featureCount[k];
    const first = config.firstPlayer ?? 0;
    if (!Number.isInteger(first) || first < 0 || first >= players) {
      return bad('firstPlayer', `must be a player from 0 to ${players - 1}`);
    }
    // A new game in `into` when it is a game of the same shape (arrays of the same sizes, the same
    // catalog, options and expansions) and nothing below can fail once it is reset (no start tile
    // or set-up of the configuration's own): then nothing is allocated but the expansions' state.
    const reuse =
      into !== undefined &&
      config.startTile === undefined &&
      config.setup === undefined &&
      into.catalog === catalog &&
      into.registry === registry &&
      into.players === players &&
      into.scripted === scripted &&
      into.endAfter === endAfter &&
      into.board.maxTiles === maxTiles &&
      into.graph.parent.length === maxSegments &&
      into.defs.length === defs.length &&
      into.defs.every((d, i) => d === defs[i]) &&
      sameOptions(into.options, options);
    const g = reuse
      ? into.reset()
      : new GameState(catalog, options, players, registry, defs, maxTiles, maxSegments, scripted, endAfter);
    // Draws pop from the end, so a scripted order is stored reversed.
    if (scripted) pile.reverse();
    g.bag.set(pile);
    g.bagCount = pile.length;
    seedFrom(g.rng, seed.value);

    const startKind = kindOf(start.tile, 'startTile.tile');
    if (!startKind.ok) return startKind;
    const placed = g.placeSetupTile(start, startKind.value, 'startTile', true);
    if (placed) return err(placed);
    for (const [i, p] of setupTiles.entries()) {
      const k = kindOf(p.tile, `setup.tiles[${i}].tile`);
      if (!k.ok) return k;
      const e = g.placeSetupTile(p, k.value, `setup.tiles[${i}]`, false);
      if (e) return err(e);
    }
    for (const [i, m] of (config.setup?.meeples ?? []).entries()) {
      const path = `setup.meeples[${i}]`;
      if (!Number.isInteger(m.player) || m.player < 0 || m.player >= players) {
        return bad(`${path}.player`, `must be a player from 0 to ${players - 1}`);
      }
      const seg = locateFeature(g, m.x, m.y, m.corner, m.feature);
      if (!seg.ok) return bad(path, seg.error.message);
      if (g.supply[m.player] === 0) return bad(path, `player ${m.player} has no meeple left in supply`);
      if (!g.catalog.isMeepleSpot(g.board.slotKind[g.graph.slot[seg.value]], m.feature)) {
        return bad(path, 'no meeple may stand on a tower foundation');
      }
      if (isComplete(g, g.graph.find(seg.value))) {
        return bad(path, 'the feature is already complete; it would have been scored');
      }
      if (!g.deployHooks.every((h) => h.canDeploy?.(seg.value))) {
        return bad(path, 'no meeple may stand there (D-8: the dragon is on that tile)');
      }
      g.deployMeeple(m.player, seg.value);
    }
    const scores = config.setup?.scores;
    if (scores !== undefined) {
      if (scores.length !== players || scores.some((s) => !Number.isInteger(s) || s < 0)) {
        return bad('setup.scores', `must list ${players} non-negative integer scores`);
      }
      g.scores.set(scores);
    }
    g.current = first;
    g.recordEvents = config.recordEvents === true;
    for (const x of g.expansions) x.onStart?.();
    g.startTurn(first);
    return ok(g);
  }

  /**
   * This object as a freshly constructed game of the same shape: what `create` starts a new game
   * in. Every field takes the value the constructor gives it; the expansions' instances are made
   * anew, and the lineage is a new one (copies of the earlier game are no copies of this one).
   */
  private reset(): GameState {
    this.board.reset(Grid.initial(this.board.maxTiles));
    this.grid = this.board.grid;
    this.gridRadius = this.grid.radius;
    this.lineage = {};
    this.graph.reset();
    this.scores.fill(0);
    this.meepleSeg.fill(-1);
    this.supply.fill(MEEPLES_PER_PLAYER);
    this.bag.fill(0);
    this.bagCount = 0;
    this.rng.fill(0);
    this.placedCount = 0;
    this.discardCount = 0;
    this.current = 0;
    this.turn = 0;
    this.phase = P_PLACE;
    this.stepIndex = -1;
    this.drawn = -1;
    this.lastSlot = -1;
    this.placements.fill(0, 0, this.placementCount);
    this.placementCount = 0;
    this.recordEvents = false;
    this.events = [];
    this.wire(this.defs.map((d) => d.create(this)));
    return this;
  }

  /** An independent copy: what bots branch from. */
  clone(): GameState {
    const g = new GameState(
      this.catalog,
      this.options,
      this.players,
      this.registry,
      this.defs,
      0,
      0,
      this.scripted,
      this.endAfter,
      this,
    );
    g.recordEvents = this.recordEvents;
    g.events = [...this.events];
    return g;
  }

  /**
   * `clone()` into `into`, a copy made earlier from a game of the same lineage (same set-up and
   * scriptedness), whose arrays are reused instead of allocated: for searches that copy once per
   * move they score. The copy records no events.
   */
  cloneInto(into: GameState): GameState {
    if (into.lineage !== this.lineage || into.scripted !== this.scripted || into === this) {
      throw new RangeError('cloneInto: `into` must be an earlier copy of a game of this lineage');
    }
    into.copyFrom(this);
    return into;
  }

  /**
   * A copy in which everything `viewer` may not see is resampled from `seed` (for bots: ISMCTS
   * determinization): the order of future draws (a scripted pile becomes a shuffled one, since the
   * order is hidden) and the other players' face-down triangles (H-3). Two games that look the
   * same to `viewer` give the same copy for a seed. The copy records no events.
   */
  determinize(viewer: number, seed: number, into?: GameState): GameState {
    let g: GameState;
    if (into === undefined) {
      g = new GameState(
        this.catalog,
        this.options,
        this.players,
        this.registry,
        this.defs,
        0,
        0,
        false,
        this.endAfter,
        this,
      );
    } else {
      if (into.lineage !== this.lineage || into.scripted || into === this) {
        throw new RangeError('determinize: `into` must be an earlier determinization of this game');
      }
      g = into;
      g.copyFrom(this);
    }
    seedRng(g.rng, seed);
    for (const x of g.expansions) x.determinize?.(viewer);
    // The bag's order is a by-product of past draws that nobody sees, but the copy's draws depend
    // on it: sorted by kind, a sample is a function of what the viewer sees and of the seed only.
    g.bag.subarray(0, g.bagCount).sort();
    return g;
  }

  /**
   * Makes this game equal to `src` (a game of the same lineage: same grid, catalog and set-up)
   * while reusing its arrays: what a search does once per iteration. Only the expansions'
   * instances (a few small arrays) are made anew.
   */
  private copyFrom(src: GameState): void {
    this.roomForPlacements(src.placementCount);
    this.board.copyFrom(src.board);
    this.grid = src.grid;
    this.graph.copyFrom(src.graph);
    copyState(GAME_STATE, this, src);
    this.recordEvents = false;
    this.events = [];
    this.wire(src.expansions.map((x) => x.clone(this)));
  }

  /**
   * Every declared state of this game as snapshot parts (rules/snapshot.ts): its own, its board's,
   * its feature graph's and each expansion instance's; undefined when an expansion in play declares
   * none (it cannot be snapshotted). After reading them, ask `whyInconsistent()`.
   */
  stateParts(): StatePart[] | undefined {
    // A snapshot holds the list (its format predates the lazy list; a reader checks it).
    this.listPlacements();
    const game = statePart('game', GAME_STATE, this, undefined, (g) => {
      const most = placementBound(g.board.maxTiles);
      if (g.placementCount < 0 || g.placementCount > most) return `placementCount must be from 0 to ${most}`;
      g.roomForPlacements(g.placementCount);
      // The grid the snapshot's cells are packed for: at least this fresh game's, at most the largest.
      const r = g.gridRadius;
      if (r < g.grid.radius || r > g.board.maxTiles)
        return `gridRadius must be from ${g.grid.radius} to ${g.board.maxTiles}`;
      g.regrid(Grid.of(r));
      return undefined;
    });
    const parts = [game, this.board.statePart(), this.graph.statePart()];
    for (const x of this.expansions) {
      if (x.stateParts === undefined) return undefined;
      parts.push(...x.stateParts());
    }
    return parts;
  }

  /**
   * What in this game's board and feature graph, read from a snapshot, differs from what its placed
   * tiles make (a full snapshot path and the reason), or undefined. The tiles (kind, rotation, cell
   * per slot) are replayed in placement order onto `fresh`, a game just created from the same
   * configuration, and every other entry is compared with the result: the cells' sides, their edge
   * types and what faces them, the frontier and the triangular gaps, the segments, the union-find
   * and its member lists, open ends, pennants, distinct tiles and cells. Derived structures are thus
   * rebuilt rather than trusted (a list that misses an entry would make a search loop forever); the
   * meeples on each feature are checked against `meepleSeg` by whyInconsistent.
   */
  whyNotFromTiles(fresh: GameState): string | undefined {
    const b = this.board;
    const into = fresh.board;
    const start = into.slotCount;
    if (b.slotCount < start)
      return `state.board.slotCount: must be at least ${start}, the start tile and the set-up`;
    // Replayed on this game's grid, so that cells compare as numbers (its radius was checked to be
    // at least the fresh game's).
    fresh.regrid(this.grid);
    const w = this.grid.width;
    for (let s = 0; s < b.slotCount; s++) {
      const t = b.slotKind[s];
      const q = b.slotRot[s];
      const c = b.slotCell[s];
      if (s < start) {
        if (t !== into.slotKind[s] || q !== into.slotRot[s] || c !== into.slotCell[s])
          return `state.board.slotKind[${s}]: slot ${s} must hold the tile the configuration places there (start tile, set-up)`;
        continue;
      }
      const px = c % w;
      const py = Math.floor(c / w);
      if (
        px < 1 ||
        py < 1 ||
        px >= w - 1 ||
        py >= w - 1 ||
        !this.grid.holds(px - (w >> 1), py - (w >> 1), b.maxTiles)
      )
        return `state.board.slotCell[${s}]: ${c} is not a cell of this game's board`;
      // Every tile after the set-up was placed where it fits (B-4, H-1, H-2): room in its cell, and
      // every side it touches matching (the feature graph joins its features across them).
      if (!into.fits(t, q, c))
        return `state.board.slotCell[${s}]: the tile of slot ${s} does not fit on cell ${c} (B-4)`;
      fresh.putTile(t, q, c);
      into.slotTurn[s] = b.slotTurn[s];
    }
    const compare: [string, StatePart, StatePart, readonly string[]][] = [
      ['state.board', b.statePart(), into.statePart(), []],
      ['state.graph', this.graph.statePart(), fresh.graph.statePart(), ['meeples', 'meepleTotal']],
    ];
    for (const [path, mine, built, skip] of compare) {
      const have = mine.write();
      const want = built.write();
      for (const [k, y] of Object.entries(want)) {
        if (skip.includes(k)) continue;
        const x = have[k];
        if (Array.isArray(y) && Array.isArray(x)) {
          if (x.length !== y.length)
            return `${path}.${k}: must hold ${y.length} entries (from the placed tiles), not ${x.length}`;
          const i = y.findIndex((v, j) => v !== x[j]);
          if (i >= 0) return `${path}.${k}[${i}]: must be ${y[i]} (from the placed tiles), not ${x[i]}`;
        } else if (x !== y) {
          return `${path}.${k}: must be ${String(y)} (from the placed tiles), not ${String(x)}`;
        }
      }
    }
    return undefined;
  }

  /**
   * Whether some tile kind is placed, in the pile, drawn or held more often in this game (read from
   * a snapshot, consistent otherwise) than `total` says (`tileCounts()` of a game just created from
   * its configuration; discarded tiles and the triangles back in the box are gone). So every tile
   * to come has a slot on the board.
   */
  whyTooManyTiles(total: ReadonlyMap<number, number>): string | undefined {
    for (const [k, n] of this.tileCounts()) {
      const m = total.get(k) ?? 0;
      if (n > m)
        return `${n} tiles ${this.catalog.def(k).id} are placed, in the pile, drawn or held: more than the ${m} of this game`;
    }
    return undefined;
  }

  /**
   * Why this game (read from a snapshot, consistent otherwise) cannot go on, or undefined: a game
   * not over has a player to act, with a legal move (a step that never waits, or a draft with
   * nothing left to pick, would leave none).
   */
  whyStuck(): string | undefined {
    if (this.phase === P_OVER) return undefined;
    const actor = this.toAct;
    if (!(actor >= 0 && actor < this.players))
      return `the player to act in phase ${this.phaseName} must be a player, not ${actor}`;
    if (this.legalMoves(new Int32Array(this.maxMoves)) === 0)
      return `phase ${this.phaseName} has no legal move for player ${actor}, yet the game is not over`;
    return undefined;
  }

  /**
   * How many tiles of each kind are placed, in the pile, drawn or held by an expansion; with
   * `inventory`, an expansion's tiles that come into play off the pile (the Halflings' triangles,
   * those back in the box too) are counted all instead of those it holds: what a game has in all.
   */
  tileCounts(inventory = false): Map<number, number> {
    const kinds: number[] = Array.from(this.board.slotKind.subarray(0, this.board.slotCount));
    kinds.push(...this.bag.subarray(0, this.bagCount));
    if (this.drawn >= 0) kinds.push(this.drawn);
    for (const [i, x] of this.expansions.entries()) {
      const off = inventory ? this.defs[i].offPile?.(this.options, this.catalog) : undefined;
      if (off !== undefined) kinds.push(...off);
      else x.tilesHeld?.(kinds);
    }
    const out = new Map<number, number>();
    for (const k of kinds) out.set(k, (out.get(k) ?? 0) + 1);
    return out;
  }

  /**
   * What in this game's own state is out of range after a snapshot was read into it (all parts:
   * it looks at the board and the feature graph too), or undefined.
   */
  whyInconsistent(): string | undefined {
    const kinds = this.catalog.defs.length;
    const phases = [P_PLACE, P_ACTION, P_STEP, P_OVER, P_PRE];
    if (!phases.includes(this.phase)) return `phase must be one of ${phases.join(', ')}`;
    const steps = this.phase === P_STEP ? this.steps : this.phase === P_PRE ? this.preSteps : undefined;
    if (steps ? this.stepIndex < 0 || this.stepIndex >= steps.length : this.stepIndex !== -1)
      return 'stepIndex does not name a step of this phase';
    if (this.current < 0 || this.current >= this.players)
      return `current must be a player from 0 to ${this.players - 1}`;
    if (this.bagCount < 0 || this.bagCount > this.bag.length)
      return `bagCount must be from 0 to ${this.bag.length}`;
    for (let i = 0; i < this.bagCount; i++)
      if (this.bag[i] < 0 || this.bag[i] >= kinds) return `bag[${i}] is not a tile kind`;
    if (this.drawn < -1 || this.drawn >= kinds) return 'drawn is not a tile kind';
    if ((this.phase === P_PLACE) !== this.drawn >= 0) return 'a tile is drawn exactly in the place phase';
    if (this.lastSlot !== -1 && this.lastSlot !== this.board.slotCount - 1)
      return `lastSlot must be -1 or ${this.board.slotCount - 1}, the tile placed last`;
    if (this.phase === P_ACTION && this.lastSlot < 0) return 'the action phase needs the tile just placed';
    if (this.placementCount < 0 || this.placementCount > this.placements.length)
      return 'placementCount out of range';
    if (this.phase === P_PLACE) {
      // The legal placements of the drawn tile, found once per draw: found again and compared.
      const want = new Int32Array(this.placementCandidates(this.drawn));
      const n = this.board.placements(this.drawn, want, 0, encodePlace);
      if (this.placementCount !== n)
        return `placementCount must be ${n}, the legal placements of the drawn tile`;
      for (let i = 0; i < n; i++)
        if (this.placements[i] !== want[i])
          return `placements[${i}] must be ${want[i]}, a legal placement of the drawn tile`;
    }
    for (const [i, s] of this.meepleSeg.entries())
      if (s < -2 || s >= this.graph.count) return `meepleSeg[${i}] is neither -2, -1 nor a segment`;
    // Supplies count the meeples in supply, and the features' meeple counts those standing on them.
    const graph = this.graph;
    const onRoot = new Map<number, number>();
    for (let p = 0; p < this.players; p++) {
      let free = 0;
      for (let i = p * MEEPLES_PER_PLAYER; i < (p + 1) * MEEPLES_PER_PLAYER; i++) {
        const seg = this.meepleSeg[i];
        if (seg === -1) free++;
        if (seg < 0) continue;
        const k = graph.find(seg) * this.players + p;
        onRoot.set(k, (onRoot.get(k) ?? 0) + 1);
      }
      if (this.supply[p] !== free)
        return `supply[${p}] must be ${free}, the meeples of player ${p} in supply`;
    }
    for (let r = 0; r < graph.count; r++) {
      if (graph.parent[r] !== r) continue;
      let total = 0;
      for (let p = 0; p < this.players; p++) {
        const n = onRoot.get(r * this.players + p) ?? 0;
        if (graph.meeples[r * this.players + p] !== n)
          return `graph.meeples: feature ${r} holds ${n} of player ${p}'s meeples`;
        total += n;
      }
      if (graph.meepleTotal[r] !== total) return `graph.meepleTotal: feature ${r} holds ${total} meeples`;
    }
    if (this.placedCount < 0 || this.discardCount < 0 || this.turn < 0) return 'counts must be non-negative';
    return undefined;
  }

  // ---------------------------------------------------------------------------------------------
  // Questions

  /**
   * The state of expansion `def` in this game, typed, for reading (bots, tools), or undefined when
   * it is not in play. Change a game only through its moves.
   */
  expansion<I extends ExpansionInstance>(def: ExpansionDef<I>): Readonly<I> | undefined {
    const i = this.defs.indexOf(def as ExpansionDef);
    return i < 0 ? undefined : (this.expansions[i] as I);
  }

  /** The code of an action type in this game's encoded moves (`moveType(move)`), or -1. */
  moveCode(type: ActionType): number {
    return this.registry.moveCode(type);
  }

  get phaseName(): Phase {
    if (this.phase === P_STEP) return this.steps[this.stepIndex].id as Phase;
    if (this.phase === P_PRE) return this.preSteps[this.stepIndex].id as Phase;
    return this.phase === P_PLACE ? 'place' : this.phase === P_ACTION ? 'action' : 'over';
  }

  get isOver(): boolean {
    return this.phase === P_OVER;
  }

  /** The player who must act now (during the dragon's hunt, not always `current`), or -1 when over. */
  get toAct(): number {
    if (this.phase === P_STEP) return this.steps[this.stepIndex].actor();
    if (this.phase === P_PRE) return this.preSteps[this.stepIndex].actor();
    return this.phase === P_OVER ? -1 : this.current;
  }

  /** Id of the drawn tile, if any. */
  get drawnTile(): string | undefined {
    return this.drawn < 0 ? undefined : this.catalog.def(this.drawn).id;
  }

  /** Largest number of legal moves in any position of this game: the size for a move buffer. */
  get maxMoves(): number {
    return this.moveLimit;
  }

  /** A new epoch for the `stamp` array: a segment is "seen" when its stamp equals it. */
  nextEpoch(): number {
    return ++this.epoch.value;
  }

  /** Cell of a segment's tile. */
  segmentCell(seg: number): number {
    return this.board.slotCell[this.graph.slot[seg]];
  }

  /**
   * The index of a meeple of `player` standing on segment `seg` (the lowest), or -1. An action
   * naming one of several there is read by `chooseMeeple` (rules/checked.ts).
   */
  meepleAt(player: number, seg: number): number {
    for (let i = player * MEEPLES_PER_PLAYER; i < (player + 1) * MEEPLES_PER_PLAYER; i++) {
      if (this.meepleSeg[i] === seg) return i;
    }
    return -1;
  }

  /** The indices of `player`'s meeples standing on segment `seg`, lowest first (H-13: two or more). */
  meeplesAt(player: number, seg: number): number[] {
    const out: number[] = [];
    for (let i = player * MEEPLES_PER_PLAYER; i < (player + 1) * MEEPLES_PER_PLAYER; i++) {
      if (this.meepleSeg[i] === seg) out.push(i);
    }
    return out;
  }

  /** The owner's number of meeple i, 0..6: what an action names when two share a spot (MeepleChoice). */
  meepleNumber(i: number): number {
    return i % MEEPLES_PER_PLAYER;
  }

  /**
   * What an action about meeple i (on the board) adds to name it: `{ meeple }` when another of its
   * owner's meeples stands on the same segment, else nothing, so that ordinary actions and records
   * stay as they were.
   */
  meepleChoice(i: number): { meeple?: number } {
    const seg = this.meepleSeg[i];
    const first = this.meepleOwner(i) * MEEPLES_PER_PLAYER;
    for (let j = first; j < first + MEEPLES_PER_PLAYER; j++) {
      if (j !== i && this.meepleSeg[j] === seg) return { meeple: this.meepleNumber(i) };
    }
    return {};
  }

  /** Owner of meeple index i. */
  meepleOwner(i: number): number {
    return Math.floor(i / MEEPLES_PER_PLAYER);
  }

  /** Writes the legal moves of the player to act into `out` and returns how many (hot path). */
  legalMoves(out: Int32Array): number {
    if (this.phase === P_PLACE) {
      this.listPlacements();
      out.set(this.placements.subarray(0, this.placementCount));
      let n = this.placementCount;
      for (const h of this.anytimeHooks) n = h.addAnytime!(out, n);
      return n;
    }
    if (this.phase === P_STEP || this.phase === P_PRE) {
      // T-6: free actions are open at every decision of the turn, the steps' included.
      const step = this.phase === P_STEP ? this.steps[this.stepIndex] : this.preSteps[this.stepIndex];
      let n = step.moves(out);
      for (const h of this.anytimeHooks) n = h.addAnytime!(out, n);
      return n;
    }
    if (this.phase !== P_ACTION) return 0;
    let n = 0;
    out[n++] = M_PASS;
    // B-6: one meeple, on an unoccupied feature of the tile just placed, from supply.
    if (this.supply[this.current] > 0) {
      const slot = this.lastSlot;
      const t = this.board.slotKind[slot];
      const base = this.board.slotSeg[slot];
      const count = this.catalog.featureCount[t];
      for (let f = 0; f < count; f++) {
        if (!this.catalog.isMeepleSpot(t, f)) continue;
        if (this.graph.meepleTotal[this.graph.find(base + f)] === 0 && this.mayDeploy(base + f)) {
          out[n++] = encodeMeeple(base + f);
        }
      }
    }
    for (const h of this.addHooks) n = h.addActions!(out, n);
    for (const h of this.filterHooks) n = h.filterActions!(out, n);
    for (const h of this.anytimeHooks) n = h.addAnytime!(out, n);
    return n;
  }

  /** Whether every expansion allows a meeple on this segment (D-8). */
  mayDeploy(seg: number): boolean {
    for (const h of this.deployHooks) if (!h.canDeploy!(seg)) return false;
    return true;
  }

  /** The legal actions of the player to act, as data. */
  legalActions(): Action[] {
    const buf = new Int32Array(this.maxMoves);
    const n = this.legalMoves(buf);
    const out: Action[] = [];
    for (let i = 0; i < n; i++) out.push(this.toAction(buf[i]));
    return out;
  }

  /** Converts an encoded move to its data form. */
  toAction(move: number): Action {
    switch (moveType(move)) {
      case M_PLACE: {
        const c = placeCell(move);
        return {
          type: 'place',
          x: this.grid.x(c),
          y: this.grid.y(c),
          rotation: ROTATIONS[placeQuarters(move)],
        };
      }
      case M_MEEPLE: {
        const seg = meepleSegment(move);
        return { type: 'meeple', ...this.segmentPlace(seg), feature: this.graph.local[seg] };
      }
      case M_PASS:
        return { type: 'pass' };
      default: {
        const owner = this.moveOwner[moveType(move)];
        if (!owner?.toAction) throw new Error(`invariant: no expansion plays move type ${moveType(move)}`);
        return owner.toAction(move);
      }
    }
  }

  /** Where a tile slot lies: its cell, plus the corner when it is a triangle. */
  slotPlace(slot: number): { x: number; y: number; corner?: CornerName } {
    const c = this.board.slotCell[slot];
    const p = { x: this.grid.x(c), y: this.grid.y(c) };
    return this.catalog.triangle[this.board.slotKind[slot]] === 1
      ? { ...p, corner: CORNER_NAMES[this.board.slotRot[slot]] }
      : p;
  }

  /** Where a segment lies: its tile's cell, plus the corner when that tile is a triangle. */
  segmentPlace(seg: number): { x: number; y: number; corner?: CornerName } {
    return this.slotPlace(this.graph.slot[seg]);
  }

  // ---------------------------------------------------------------------------------------------
  // Checked door

  /**
   * Checks an untrusted action (and, if given, that `player` is the one to act) and plays it.
   * A refused action gets a precise error and leaves the game unchanged.
   */
  apply(action: Action, player?: number): Result<void, RuleError> {
    const m = this.encode(action, player);
    if (!m.ok) return m;
    this.play(m.value);
    return ok(undefined);
  }

  /** Checks an untrusted action and returns its encoded move, without playing it. */
  encode(action: Action, player?: number): Result<number, RuleError> {
    return encodeAction(this, action, player);
  }

  /** Finds the segment of feature `feature` of the tile at (x, y) (and corner, for triangles). */
  locateFeature(
    x: number,
    y: number,
    corner: CornerName | undefined,
    feature: number,
  ): Result<number, RuleError> {
    return locateFeature(this, x, y, corner, feature);
  }

  // ---------------------------------------------------------------------------------------------
  // Hot path

  /** Plays a move produced by legalMoves(). Unchecked: use apply() for untrusted input. */
  play(move: number): void {
    // A free action (T-6 ransom) leaves the decision in front of the player open, whichever it is.
    const free = this.freeOwner[moveType(move)];
    if (free !== undefined) {
      free.playMove!(move);
      return;
    }
    if (this.phase === P_PLACE) {
      this.placeDrawn(placeCell(move), placeQuarters(move));
      return;
    }
    if (this.phase === P_STEP) {
      if (this.steps[this.stepIndex].play(move)) this.runSteps(this.stepIndex + 1);
      return;
    }
    if (this.phase === P_PRE) {
      if (this.preSteps[this.stepIndex].play(move)) this.runPreSteps(this.stepIndex + 1);
      return;
    }
    switch (moveType(move)) {
      case M_PASS:
        break;
      case M_MEEPLE:
        this.deployMeeple(this.current, meepleSegment(move));
        break;
      default: {
        const owner = this.moveOwner[moveType(move)];
        if (owner?.playMove === undefined)
          throw new Error(`play: move type ${moveType(move)} is not a phase-2 move of this game`);
        // An expansion's phase-2 action ends phase 2, unless it says otherwise.
        if (!owner.playMove(move)) return;
      }
    }
    this.runSteps(0);
  }

  private placeDrawn(c: number, q: number): void {
    const t = this.drawn;
    // Unchecked by contract, but a tile put where it cannot go would corrupt the board (walks over
    // it could then loop): a few comparisons to refuse it loudly.
    if (!this.board.fits(t, q, c))
      throw new Error(
        `play: the drawn tile cannot go on cell ${c} turned ${q} (not a legal move; apply() checks actions)`,
      );
    const slot = this.putTile(t, q, c);
    this.drawn = -1;
    this.lastSlot = slot;
    this.placedCount++;
    this.phase = P_ACTION;
    if (this.recordEvents) {
      const def = this.catalog.def(t);
      // The slot's cell: putTile may have moved the board to a larger grid.
      const { x, y } = this.grid.point(this.board.slotCell[slot]);
      this.emit({ type: 'place', player: this.current, tile: def.id, x, y, rotation: ROTATIONS[q] });
    }
    for (const h of this.placedHooks) h.onTilePlaced!(slot);
  }

  /** Enters `steps` from index i: true when one waits for decisions (phase `phase`), else all are done. */
  private enterStep(steps: readonly Step[], i: number, phase: number): boolean {
    for (; i < steps.length; i++) {
      if (steps[i].enter()) {
        this.phase = phase;
        this.stepIndex = i;
        return true;
      }
    }
    this.stepIndex = -1;
    return false;
  }

  /** Runs the steps after phase 2 from index i until one needs a decision, then ends the turn. */
  private runSteps(i: number): void {
    if (this.enterStep(this.steps, i, P_STEP)) return;
    this.lastSlot = -1;
    this.startTurn((this.current + 1) % this.players);
  }

  /**
   * Places a tile and merges its features with its neighbours' (B-4, H-2). A tile near the grid's
   * edge first moves the game to a larger grid, which re-packs every cell: read the tile's cell
   * from its slot afterwards, not from `c`.
   */
  private putTile(t: number, q: number, c0: number): number {
    const c = this.makeRoom(c0);
    const board = this.board;
    const graph = this.graph;
    const cat = this.catalog;
    const slot = board.place(t, q, c, graph.count);
    board.slotTurn[slot] = this.turn;
    graph.addTile(slot, t);
    const base = board.slotSeg[slot];
    const row = (t * 4 + q) * SIDE_SLOTS;
    const delta = this.grid.sideDelta;
    for (let s = 0; s < 4; s++) {
      if (cat.edgeType[row + s] === E_NONE) continue;
      const other = board.sideSlot[(c + delta[s]) * 4 + opposite(s)];
      if (other !== -1) this.joinSides(base, row, s, other, opposite(s));
    }
    const other = board.complementOf(slot);
    if (other !== -1) this.joinSides(base, row, SIDE_D, other, SIDE_D);
    return slot;
  }

  /**
   * Cell c, after moving the game to a larger grid if a tile there would come near the edge (see
   * Grid.holds): on the grid it is packed for afterwards.
   */
  private makeRoom(c: number): number {
    const grid = this.grid;
    const x = grid.x(c);
    const y = grid.y(c);
    if (grid.holds(x, y, this.board.maxTiles)) return c;
    this.regrid(grid.grownFor(x, y, this.board.maxTiles));
    return this.grid.cell(x, y) ?? -1;
  }

  /**
   * Moves the game to grid `to` (as large as the current one or larger), re-packing every cell it
   * holds: the board's, the legal placements found at the draw, and the expansions' (their
   * `remapCells`).
   */
  regrid(to: Grid): void {
    const from = this.grid;
    if (to === from) return;
    if (to.radius < from.radius) throw new RangeError('regrid: a game never moves to a smaller grid');
    this.board.regrid(to);
    const remap = (c: number): number => to.remap(c, from);
    for (let i = 0; i < this.placementCount; i++) {
      const m = this.placements[i];
      this.placements[i] = encodePlace(remap(placeCell(m)), placeQuarters(m));
    }
    for (const x of this.expansions) x.remapCells?.(remap);
    this.grid = to;
    this.gridRadius = to.radius;
  }

  /** Joins the features along one shared side: road or city at the centre, fields half to half. */
  private joinSides(base: number, row: number, s: number, other: number, o: number): void {
    const cat = this.catalog;
    const board = this.board;
    const oRow = (board.slotKind[other] * 4 + board.slotRot[other]) * SIDE_SLOTS;
    const oBase = board.slotSeg[other];
    const f = cat.edgeFeature[row + s];
    if (f !== -1) this.graph.joinEdge(base + f, oBase + cat.edgeFeature[oRow + o]);
    const hRow = (row / SIDE_SLOTS) * HALF_SLOTS;
    const ohRow = (oRow / SIDE_SLOTS) * HALF_SLOTS;
    for (let h = 0; h < 2; h++) {
      const a = cat.halfFeature[hRow + s * 2 + h];
      if (a !== -1) this.graph.union(base + a, oBase + cat.halfFeature[ohRow + o * 2 + 1 - h]);
    }
  }

  /** Puts one of `player`'s meeples from supply on a segment (B-6; T-2 C on a tower). */
  deployMeeple(player: number, seg: number): void {
    let i = player * MEEPLES_PER_PLAYER;
    while (this.meepleSeg[i] !== -1) i++;
    this.meepleSeg[i] = seg;
    this.supply[player]--;
    this.graph.addMeeple(seg, player);
    if (this.recordEvents) {
      const kind = FEATURE_KINDS[this.graph.kind[seg]];
      this.emit({
        type: 'meeple',
        player,
        ...this.segmentPlace(seg),
        feature: this.graph.local[seg],
        kind,
      });
    }
  }

  /**
   * Takes meeple i off the board: back to its owner's supply after scoring (a `return` event), or
   * by a rule (a `removed` event naming it: D-7 eaten, D-10 sent home, T-3 captured). With
   * `away`, it goes neither to the board nor to the supply (T-3: a prisoner; see `releaseMeeple`).
   */
  removeMeeple(i: number, rule?: RuleId, away = false): void {
    const seg = this.meepleSeg[i];
    const player = this.meepleOwner(i);
    this.meepleSeg[i] = away ? -2 : -1;
    if (!away) this.supply[player]++;
    this.graph.removeMeeple(seg, player);
    for (const h of this.removedHooks) h.onMeepleRemoved!(i);
    if (this.recordEvents) {
      const where = { player, ...this.segmentPlace(seg), feature: this.graph.local[seg] };
      this.emit(rule === undefined ? { type: 'return', ...where } : { type: 'removed', ...where, rule });
    }
  }

  /** Adds points to a player's score (negative: takes them): every change of a score goes through here. */
  award(player: number, points: number): void {
    this.scores[player] += points;
  }

  /**
   * Logs an event when this game records events: every event goes through here. Callers on a hot
   * path test `recordEvents` first, so that nothing is built when nobody listens.
   */
  emit(event: GameEvent): void {
    if (this.recordEvents) this.events.push(event);
  }

  /** Brings an away meeple (a prisoner, T-5, T-6) back to its owner's supply. */
  releaseMeeple(i: number): void {
    this.meepleSeg[i] = -1;
    this.supply[this.meepleOwner(i)]++;
  }

  /** Adds a tile back to the pile (D-6): anywhere in a shuffled pile, at the bottom of a scripted one. */
  returnToPile(kind: number): void {
    if (this.scripted) {
      this.bag.copyWithin(1, 0, this.bagCount);
      this.bag[0] = kind;
    } else {
      this.bag[this.bagCount] = kind;
    }
    this.bagCount++;
  }

  /**
   * Starts the turn of player `next` (turn start hooks, the steps before the draw, the draw), or ends
   * the game (B-9): when no tile is left to draw, after `endAfter` placed tiles, or when no tile left
   * in the pile can come into play and fit anywhere (B-5) and `next` cannot place a tile instead of
   * drawing (H-4). In that last case the tiles are removed at once, at the end of the turn that
   * placed the last tile (their `discard` events name its player), and no further turn begins: no
   * start-of-turn hook runs (no D-15 point).
   */
  private startTurn(next: number): void {
    if (this.bagCount > 0 && this.placedCount < this.endAfter) {
      if (!this.anyTileFits(next)) {
        // Every draw discards (or, D-6, sets aside) its tile, and the game ends.
        this.draw();
        return;
      }
      this.current = next;
      this.turn++;
      for (const h of this.turnStartHooks) h.onTurnStart!();
      this.runPreSteps(0);
      return;
    }
    this.current = next;
    this.finish();
  }

  /**
   * Whether some tile left in the pile, drawn now, would come into play (no expansion keeps it out,
   * D-6) and fit somewhere (B-4), or player `next` could place one instead of drawing (H-4). From
   * the top of a scripted pile: usually the first answers.
   */
  private anyTileFits(next: number): boolean {
    tiles: for (let i = this.bagCount - 1; i >= 0; i--) {
      const t = this.bag[i];
      for (const h of this.keepOutHooks) if (h.keepsOut!(t)) continue tiles;
      if (this.board.fitsAnywhere(t)) return true;
    }
    for (const h of this.instead) if (h.placesInstead!(next)) return true;
    return false;
  }

  /** Runs the steps before the draw (H-3 draft, H-4 a triangle instead of drawing) from index i. */
  private runPreSteps(i: number): void {
    if (this.enterStep(this.preSteps, i, P_PRE)) return;
    // A step may have placed a tile instead of the draw (H-4): then phase 2 follows.
    if (this.lastSlot >= 0) this.phase = P_ACTION;
    else this.draw();
  }

  /** Draws the next tile, discarding those that fit nowhere (B-5); ends the game when none is left (B-9, H-6). */
  private draw(): void {
    draw: while (this.bagCount > 0 && this.placedCount < this.endAfter) {
      const i = this.bagCount - 1;
      if (!this.scripted) {
        const j = nextInt(this.rng, this.bagCount);
        const t = this.bag[j];
        this.bag[j] = this.bag[i];
        this.bag[i] = t;
      }
      const t = this.bag[i];
      this.bagCount = i;
      if (this.recordEvents) this.emit({ type: 'draw', player: this.current, tile: this.catalog.def(t).id });
      for (const h of this.drawHooks) if (!h.onDraw!(t)) continue draw;
      // B-5 needs only whether it fits: the list waits until someone asks (see `placements`).
      if (this.board.fitsAnywhere(t)) {
        this.drawn = t;
        this.placementCount = -1;
        this.phase = P_PLACE;
        return;
      }
      this.discardCount++;
      if (this.recordEvents) {
        this.emit({
          type: 'discard',
          player: this.current,
          tile: this.catalog.def(t).id,
          rule: 'B-5',
        });
      }
    }
    this.finish();
  }

  private finish(): void {
    this.drawn = -1;
    this.placementCount = 0;
    finalScoring(this);
    this.phase = P_OVER;
    if (this.recordEvents) {
      const best = Math.max(...this.scores);
      const winners = [...this.scores.keys()].filter((p) => this.scores[p] === best);
      this.emit({ type: 'end', scores: [...this.scores], winners });
    }
  }

  /**
   * Appends the legal placements of tile kind t to `out[n..)`, each encoded by `encode(cell,
   * quarters)`, and returns the new count (H-4: the triangles in hand).
   */
  collectPlacements(
    t: number,
    out: Int32Array,
    n: number,
    encode: (cell: number, q: number) => number,
  ): number {
    const count = this.generatePlacements(t, out, n);
    for (let i = n; i < count; i++) out[i] = encode(placeCell(out[i]), placeQuarters(out[i]));
    return count;
  }

  /** Places tile kind t from outside the pile (H-4: a triangle from hand) and opens phase 2. */
  placeTile(t: number, q: number, c: number): void {
    const slot = this.putTile(t, q, c);
    this.lastSlot = slot;
    if (this.recordEvents) {
      const { x, y } = this.grid.point(this.board.slotCell[slot]);
      const tile = this.catalog.def(t).id;
      this.emit({ type: 'place', player: this.current, tile, x, y, rotation: ROTATIONS[q] });
    }
    for (const h of this.placedHooks) h.onTilePlaced!(slot);
  }

  /** Lists the legal placements of the drawn tile into `placements`, unless they are listed already. */
  private listPlacements(): void {
    if (this.phase === P_PLACE && this.placementCount < 0) {
      this.roomForPlacements(this.placementCandidates(this.drawn));
      this.generatePlacements(this.drawn);
    }
  }

  /** Makes `placements` hold at least n entries (keeping those listed). */
  private roomForPlacements(n: number): void {
    if (this.placements.length >= n) return;
    const grown = new Int32Array(Math.max(n, 2 * this.placements.length));
    grown.set(this.placements.subarray(0, Math.max(0, this.placementCount)));
    this.placements = grown;
  }

  /**
   * A uniformly random one of the moves `legalMoves()` lists, drawn from `rng` (random playouts; the
   * game's own generator is untouched). A placement of the drawn tile (B-4), or a pre-draw choice
   * whose step offers candidates (H-4: the draw or a triangle from hand), is drawn by rejection
   * sampling: a uniform candidate from a space holding every legal move once (`placementCandidate`,
   * `Step.candidates`) plus the free actions (T-6, always legal), accepted when legal, so accepted
   * moves are uniform over the legal ones. After `tries` rejections (few legal candidates), and for
   * every other decision, the moves are listed and one is picked: uniform too, so the mixture is.
   */
  randomMove(rng: UniformRandom, tries = SAMPLE_TRIES): number {
    let space = 0;
    let step: Step | undefined;
    if (this.phase === P_PLACE) {
      // Listed already (a caller asked for legalMoves): picking from the list is cheaper.
      if (this.placementCount < 0) space = this.placementCandidates(this.drawn);
    } else if (this.phase === P_STEP || this.phase === P_PRE) {
      const s = this.phase === P_STEP ? this.steps[this.stepIndex] : this.preSteps[this.stepIndex];
      if (s.candidates !== undefined && s.candidate !== undefined) {
        step = s;
        space = s.candidates();
      }
    }
    if (scratchMoves.length < this.moveLimit) scratchMoves = new Int32Array(this.moveLimit);
    const buf = scratchMoves;
    if (space > 0 && tries > 0) {
      let free = 0;
      for (const h of this.anytimeHooks) free = h.addAnytime!(buf, free);
      const total = space + free;
      for (let k = 0; k < tries; k++) {
        const r = rng.int(total);
        if (r >= space) return buf[r - space];
        if (step !== undefined) {
          const m = step.candidate!(r);
          if (m !== -1) return m;
        } else {
          const p = this.placementCandidate(this.drawn, r);
          if (p !== -1) return encodePlace(p >>> 2, p & 3);
        }
      }
    }
    const n = this.legalMoves(buf);
    if (n === 0) throw new Error(`randomMove: no legal move in phase ${this.phaseName}`);
    return buf[rng.int(n)];
  }

  /**
   * The size of the candidate space of tile kind t's placements (B-4, H-1, H-4): every frontier
   * cell, and for a triangle every cell holding a lone triangle, times four rotations. It holds
   * each legal placement once (the frontier and the gaps are disjoint: a cell leaves the frontier
   * when a tile is placed on it), and `placementCandidate` accepts exactly those.
   */
  placementCandidates(t: number): number {
    const b = this.board;
    return (b.frontierCount + (this.catalog.triangle[t] === 1 ? b.gapCount : 0)) * 4;
  }

  /**
   * Candidate r of `placementCandidates(t)` as `cell << 2 | quarters` when tile kind t may go there
   * (`Board.fits`, the test `Board.placements` applies), else -1.
   */
  placementCandidate(t: number, r: number): number {
    const b = this.board;
    const i = r >>> 2;
    const q = r & 3;
    const c = i < b.frontierCount ? b.frontier[i] : b.gaps[i - b.frontierCount];
    return b.fits(t, q, c) ? (c << 2) | q : -1;
  }

  /** Writes every legal (cell, rotation) of tile kind t (B-4) into `out` from `n` (default: `placements`). */
  private generatePlacements(t: number, out = this.placements, n0 = 0): number {
    const board = this.board;
    const n = board.placements(t, out, n0, encodePlace);
    if (out === this.placements) this.placementCount = n;
    return n;
  }

  /** The root segment of every feature (for inspection and the reference check). */
  roots(): number[] {
    const out: number[] = [];
    for (let s = 0; s < this.graph.count; s++) if (this.graph.parent[s] === s) out.push(s);
    return out;
  }

  private placeSetupTile(p: TilePlacement, t: number, path: string, first: boolean): SetupError | undefined {
    // Within the largest grid's reach (any point a game of this size could reach), on a grid
    // grown to hold it.
    const max = this.board.maxTiles;
    const reachable =
      Number.isInteger(p.x) && Number.isInteger(p.y) && Math.abs(p.x) <= max && Math.abs(p.y) <= max;
    if (reachable && !this.grid.holds(p.x, p.y, max)) this.regrid(this.grid.grownFor(p.x, p.y, max));
    const c = reachable ? this.grid.cell(p.x, p.y) : undefined;
    const q = ROTATIONS.indexOf(p.rotation);
    const bad = (reason: string): SetupError => ({
      code: 'setup/invalid',
      path,
      message: `${path}: ${reason}`,
    });
    if (q < 0) return bad('rotation must be 0, 90, 180 or 270');
    if (c === undefined) return bad(`(${p.x},${p.y}) is too far from the start tile`);
    if (first) {
      if (this.catalog.triangle[t] === 1) return bad('the start tile must be a square tile');
    } else if (!this.board.fits(t, q, c)) {
      return bad(whyNotFit(this, t, q, c, p.x, p.y).message);
    }
    const slot = this.putTile(t, q, c);
    // Ruling: set-up tiles act as placed (a volcano brings the dragon, D-3), but nothing is scored.
    for (const h of this.placedHooks) h.onTilePlaced!(slot);
    return undefined;
  }
}

/**
 * Most legal placements a draw can have in a game of `maxTiles` tiles: four rotations on each
 * frontier cell (at most four per tile, plus the start's) and on each cell with a lone triangle.
 */
const placementBound = (maxTiles: number): number => maxTiles * 5 * 4 + 16;

/**
 * Scratch moves for `randomMove`, one for all games: the engine runs on one thread, and no call
 * spans two games (a per-game buffer was a sixth of a base game's state).
 */
let scratchMoves = new Int32Array(0);

/** Whether two option sets are equal, option by option. */
function sameOptions(a: Readonly<Options>, b: Readonly<Options>): boolean {
  const ka = Object.keys(a) as (keyof Options)[];
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/**
 * A game's own state (its board, feature graph and expansions copy theirs): what `clone`,
 * `cloneInto` and `determinize` copy. The legal placements only up to their count.
 */
const GAME_STATE: StateFields<GameState> = {
  arrays: [
    { key: 'scores' },
    { key: 'meepleSeg' },
    { key: 'supply' },
    { key: 'bag' },
    { key: 'rng' },
    { key: 'placements', span: (_d, s) => [0, s.placementCount] },
  ],
  scalars: [
    'bagCount',
    'placedCount',
    'discardCount',
    'current',
    'turn',
    'phase',
    'stepIndex',
    'drawn',
    'lastSlot',
    'placementCount',
    'gridRadius',
  ],
};
