/**
 * The game: state, turn flow, legal actions and scoring (B-2..B-10).
 *
 * A turn is: draw (automatic; B-5 discards tiles that fit nowhere) → `place` decision → `action`
 * decision (a meeple on the placed tile, or pass; B-6) → scoring of completed features (B-7) →
 * next player. The game ends when no tile is left to draw, or after `endAfter` placed tiles, with
 * final scoring (B-9).
 *
 * Implementation notes: all state lives in typed arrays owned by the board, the feature graph and
 * this class, so `clone()` is a handful of `slice()` calls (STYLE §2.4). `play(move)` is the
 * unchecked hot path for moves produced by `legalMoves()`; `apply(action)` is the checked door for
 * untrusted input and changes nothing when it refuses.
 */
import { Board } from '../board/board.js';
import { FeatureGraph } from '../features/featureGraph.js';
import type { CornerName } from '../geometry/edges.js';
import { CORNER_NAMES, HALF_SLOTS, SIDE_D, SIDE_SLOTS, cornerSides, opposite } from '../geometry/edges.js';
import { Grid } from '../geometry/grid.js';
import { Catalog, MAX_FEATURES, TILE_SETS } from '../tiles/catalog.js';
import type { FeatureKind, Point, Rotation } from '../types.js';
import { E_NONE, FEATURE_KINDS, K_CITY, K_FIELD, K_MONASTERY, K_ROAD, ROTATIONS } from '../types.js';
import type { Result } from '../util/result.js';
import { err, ok } from '../util/result.js';
import type { Action } from './actions.js';
import {
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
import type { RuleError, SetupError } from './errors.js';
import { ruleError } from './errors.js';
import type { GameEvent, ScoreEvent } from './events.js';
import type { Options } from './options.js';
import { DEFAULT_OPTIONS } from './options.js';
import { nextInt, seedRng } from './rng.js';

/** Meeples per player (B-1). */
export const MEEPLES_PER_PLAYER = 7;
export const MIN_PLAYERS = 1;
export const MAX_PLAYERS = 6;

export const PHASES = ['place', 'action', 'over'] as const;
export type Phase = (typeof PHASES)[number];
const P_PLACE = 0;
const P_ACTION = 1;
const P_OVER = 2;

/** A tile put on the board by a setup, with a rotation in degrees. */
export interface TilePlacement {
  tile: string;
  x: number;
  y: number;
  rotation: Rotation;
}

/** A meeple put on the board by a setup: feature index in the tile's definition. */
export interface MeeplePlacement {
  player: number;
  x: number;
  y: number;
  corner?: CornerName;
  feature: number;
}

/** Everything needed to start a game. Plain data; Game.create validates it. */
export interface GameConfig {
  /** Number of players (1..6), seated 0..n−1 in turn order. */
  players: number;
  options?: Partial<Options>;
  /** Seed of the shuffled tile bag (uint32). Ignored when `draws` is given. */
  seed?: number;
  /** A scripted draw order: exactly these tiles, in this order, instead of a shuffled bag. */
  draws?: readonly string[];
  /** Default: the base start tile BA/RCr at (0,0), rotation 0 (B-2). */
  startTile?: TilePlacement;
  /** End after this many tiles have been placed from the bag. */
  endAfter?: number;
  /** A position to start from: tiles (placed in order, each legal) and meeples. */
  setup?: {
    tiles?: readonly TilePlacement[];
    meeples?: readonly MeeplePlacement[];
    scores?: readonly number[];
  };
  /** Extra tile definitions (H-0, test fixtures), in the catalog format. */
  tiles?: readonly unknown[];
  /** First player to act (default 0). */
  firstPlayer?: number;
  /** Log events from the first draw on (see `Game.recordEvents`). */
  recordEvents?: boolean;
}

const DEFAULT_START: TilePlacement = { tile: 'BA/RCr', x: 0, y: 0, rotation: 0 };

export class Game {
  readonly catalog: Catalog;
  readonly grid: Grid;
  readonly options: Readonly<Options>;
  readonly players: number;
  readonly board: Board;
  readonly graph: FeatureGraph;
  readonly scores: Int32Array;
  /** Segment each meeple stands on (player · 7 + i), or -1 in supply. */
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
  readonly endAfter: number;
  current = 0;
  phase = P_PLACE;
  /** Kind of the drawn tile, or -1. */
  drawn = -1;
  /** Slot of the tile placed this turn, or -1. */
  lastSlot = -1;
  /** Legal placements of the drawn tile (encoded moves), computed once per draw. */
  readonly placements: Int32Array;
  placementCount = 0;
  /** When true, play() appends to `events`. */
  recordEvents = false;
  events: GameEvent[] = [];
  private readonly stamp: Int32Array;
  private epoch = 0;
  private readonly cellStamp: Int32Array;

  private constructor(
    catalog: Catalog,
    options: Options,
    players: number,
    maxTiles: number,
    scripted: boolean,
    endAfter: number,
    from?: Game,
  ) {
    this.catalog = catalog;
    this.options = options;
    this.players = players;
    this.scripted = scripted;
    this.endAfter = endAfter;
    if (from) {
      this.grid = from.grid;
      this.board = from.board.clone();
      this.graph = from.graph.clone(this.board);
      this.scores = from.scores.slice();
      this.meepleSeg = from.meepleSeg.slice();
      this.supply = from.supply.slice();
      this.bag = from.bag.slice();
      this.bagCount = from.bagCount;
      this.rng = from.rng.slice();
      this.placedCount = from.placedCount;
      this.current = from.current;
      this.phase = from.phase;
      this.drawn = from.drawn;
      this.lastSlot = from.lastSlot;
      this.placements = from.placements.slice();
      this.placementCount = from.placementCount;
      this.stamp = new Int32Array(from.stamp.length);
      this.cellStamp = new Int32Array(from.cellStamp.length);
      return;
    }
    this.grid = new Grid(maxTiles);
    this.board = new Board(this.grid, catalog, maxTiles);
    const maxSegments = maxTiles * MAX_FEATURES;
    this.graph = new FeatureGraph(this.board, players, maxSegments);
    this.scores = new Int32Array(players);
    this.meepleSeg = new Int32Array(players * MEEPLES_PER_PLAYER).fill(-1);
    this.supply = new Int32Array(players).fill(MEEPLES_PER_PLAYER);
    this.bag = new Int16Array(maxTiles);
    this.bagCount = 0;
    this.rng = new Uint32Array(4);
    this.placements = new Int32Array(maxTiles * 5 * 4 + 16);
    this.stamp = new Int32Array(maxSegments);
    this.cellStamp = new Int32Array(this.grid.size);
  }

  /** Validates a configuration and starts the game (B-2): start tile, setup, first draw. */
  static create(config: GameConfig): Result<Game, SetupError> {
    const bad = (path: string, reason: string) =>
      err<SetupError>({ code: 'setup/invalid', path, message: `${path}: ${reason}` });
    const { players } = config;
    if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
      return bad('players', `must be an integer from ${MIN_PLAYERS} to ${MAX_PLAYERS}`);
    }
    const options: Options = { ...DEFAULT_OPTIONS, ...config.options };
    let catalog = Catalog.builtin();
    if (config.tiles !== undefined && config.tiles.length > 0) {
      const c = Catalog.withExtra(config.tiles);
      if (!c.ok) return err({ code: 'tile/invalid', path: `tiles`, message: c.error.message });
      catalog = c.value;
    }
    const kindOf = (id: unknown, path: string): Result<number, SetupError> => {
      const k = typeof id === 'string' ? catalog.kindOf(id) : undefined;
      return k === undefined ? bad(path, `unknown tile id ${JSON.stringify(id)}`) : ok(k);
    };

    // The pile: a scripted order, or the base set less the start and setup tiles.
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
      const counts = new Map<string, number>(Object.entries(TILE_SETS[options.tileSetBase]));
      const take = (id: string, path: string): SetupError | undefined => {
        const n = counts.get(id) ?? 0;
        if (n === 0) {
          return {
            code: 'setup/invalid',
            path,
            message: `${path}: no ${id} left in set ${options.tileSetBase}`,
          };
        }
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
    const maxTiles = 1 + setupTiles.length + pile.length;
    const g = new Game(catalog, options, players, maxTiles, scripted, endAfter);
    // Draws pop from the end, so a scripted order is stored reversed.
    if (scripted) pile.reverse();
    g.bag.set(pile);
    g.bagCount = pile.length;
    const seed = config.seed ?? 0;
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
      return bad('seed', 'must be an integer from 0 to 4294967295');
    seedRng(g.rng, seed);

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
      const seg = g.locateFeature(m.x, m.y, m.corner, m.feature);
      if (!seg.ok) return bad(path, seg.error.message);
      if (g.supply[m.player] === 0) return bad(path, `player ${m.player} has no meeple left in supply`);
      const r = g.graph.find(seg.value);
      const k = g.graph.kind[r];
      const surrounded = k === K_MONASTERY && g.surroundedCount(g.board.slotCell[g.graph.slot[r]]) === 8;
      if (((k === K_ROAD || k === K_CITY) && g.graph.openEnds[r] === 0) || surrounded) {
        return bad(path, 'the feature is already complete; it would have been scored');
      }
      g.deploy(m.player, seg.value);
    }
    const scores = config.setup?.scores;
    if (scores !== undefined) {
      if (scores.length !== players || scores.some((s) => !Number.isInteger(s) || s < 0)) {
        return bad('setup.scores', `must list ${players} non-negative integer scores`);
      }
      g.scores.set(scores);
    }
    const first = config.firstPlayer ?? 0;
    if (!Number.isInteger(first) || first < 0 || first >= players) {
      return bad('firstPlayer', `must be a player from 0 to ${players - 1}`);
    }
    g.current = first;
    g.recordEvents = config.recordEvents === true;
    g.startTurn();
    return ok(g);
  }

  /** An independent copy: what bots branch from. */
  clone(): Game {
    const g = new Game(this.catalog, this.options, this.players, 0, this.scripted, this.endAfter, this);
    g.recordEvents = this.recordEvents;
    g.events = [...this.events];
    return g;
  }

  // ---------------------------------------------------------------------------------------------
  // Questions

  get phaseName(): Phase {
    return PHASES[this.phase];
  }

  get isOver(): boolean {
    return this.phase === P_OVER;
  }

  /** The player who must act now, or -1 when the game is over. */
  get toAct(): number {
    return this.phase === P_OVER ? -1 : this.current;
  }

  /** Id of the drawn tile, if any. */
  get drawnTile(): string | undefined {
    return this.drawn < 0 ? undefined : this.catalog.def(this.drawn).id;
  }

  /** Writes the legal moves of the player to act into `out` and returns how many (hot path). */
  legalMoves(out: Int32Array): number {
    if (this.phase === P_PLACE) {
      out.set(this.placements.subarray(0, this.placementCount));
      return this.placementCount;
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
        if (this.graph.meepleTotal[this.graph.find(base + f)] === 0) out[n++] = encodeMeeple(base + f);
      }
    }
    return n;
  }

  /** Largest number of legal moves in any position of this game: the size for a move buffer. */
  get maxMoves(): number {
    return this.placements.length;
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
      default:
        return { type: 'pass' };
    }
  }

  /** Where a segment lies: its tile's cell, plus the corner when that tile is a triangle. */
  segmentPlace(seg: number): { x: number; y: number; corner?: CornerName } {
    const slot = this.graph.slot[seg];
    const c = this.board.slotCell[slot];
    const p = { x: this.grid.x(c), y: this.grid.y(c) };
    return this.catalog.triangle[this.board.slotKind[slot]] === 1
      ? { ...p, corner: CORNER_NAMES[this.board.slotRot[slot]] }
      : p;
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
    if (this.phase === P_OVER) return err(ruleError('game/over', 'the game is over', 'B-9'));
    if (player !== undefined && player !== this.current) {
      return err(
        ruleError('turn/not-your-turn', `it is player ${this.current}'s turn, not player ${player}'s`, 'B-3'),
      );
    }
    const a = action as Partial<Record<string, unknown>> | null;
    if (typeof a !== 'object' || a === null || typeof a.type !== 'string') {
      return err(
        ruleError('action/malformed', 'an action is an object with a "type": place, meeple or pass'),
      );
    }
    const int = (k: string) => Number.isInteger(a[k]);
    switch (a.type) {
      case 'place': {
        if (!int('x') || !int('y'))
          return err(ruleError('action/malformed', 'place: x and y must be integers'));
        if (!ROTATIONS.includes(a.rotation as Rotation)) {
          return err(ruleError('action/malformed', 'place: rotation must be 0, 90, 180 or 270'));
        }
        if (this.phase !== P_PLACE) {
          return err(
            ruleError('action/wrong-phase', 'the tile is already placed: place a meeple or pass', 'B-3'),
          );
        }
        const x = a.x as number;
        const y = a.y as number;
        const q = ROTATIONS.indexOf(a.rotation as Rotation);
        const c = this.grid.cell(x, y);
        if (c === undefined)
          return err(ruleError('tile/outside-board', `(${x},${y}) touches no tile`, 'B-4'));
        if (this.board.fits(this.drawn, q, c)) return ok(encodePlace(c, q));
        return err(this.whyNotFit(this.drawn, q, c, x, y));
      }
      case 'meeple': {
        if (!int('x') || !int('y') || !int('feature')) {
          return err(ruleError('action/malformed', 'meeple: x, y and feature must be integers'));
        }
        if (a.corner !== undefined && !CORNER_NAMES.includes(a.corner as CornerName)) {
          return err(ruleError('action/malformed', 'meeple: corner must be nw, ne, se or sw'));
        }
        if (this.phase !== P_ACTION) {
          return err(ruleError('action/wrong-phase', 'place the drawn tile first', 'B-3'));
        }
        const seg = this.locateFeature(
          a.x as number,
          a.y as number,
          a.corner as CornerName | undefined,
          a.feature as number,
        );
        if (!seg.ok) return seg;
        const s = seg.value;
        const slot = this.graph.slot[s];
        if (slot !== this.lastSlot) {
          return err(
            ruleError('meeple/not-placed-tile', 'a meeple goes only on the tile just placed', 'B-6'),
          );
        }
        const t = this.board.slotKind[slot];
        if (!this.catalog.isMeepleSpot(t, this.graph.local[s])) {
          return err(ruleError('meeple/not-a-spot', 'no meeple may stand on a tower foundation', 'T-1'));
        }
        if (this.supply[this.current] === 0) {
          return err(ruleError('meeple/no-supply', `player ${this.current} has no meeple in supply`, 'B-6'));
        }
        if (this.graph.meepleTotal[this.graph.find(s)] > 0) {
          const kind = FEATURE_KINDS[this.graph.kind[s]];
          return err(ruleError('meeple/feature-occupied', `that ${kind} already has a meeple`, 'B-6'));
        }
        return ok(encodeMeeple(s));
      }
      case 'pass':
        if (this.phase !== P_ACTION) {
          return err(
            ruleError('action/wrong-phase', 'the drawn tile must be placed; only then may you pass', 'B-3'),
          );
        }
        return ok(M_PASS);
      default:
        return err(ruleError('action/malformed', `unknown action type ${JSON.stringify(a.type)}`));
    }
  }

  /** Finds the segment of feature `feature` of the tile at (x, y) (and corner, for triangles). */
  locateFeature(
    x: number,
    y: number,
    corner: CornerName | undefined,
    feature: number,
  ): Result<number, RuleError> {
    const c = this.grid.cell(x, y);
    const fail = (msg: string) => err(ruleError('meeple/no-tile', msg));
    if (c === undefined || this.board.cellTiles[c] === 0) return fail(`no tile at (${x},${y})`);
    let slot = this.board.anySlot(c);
    if (this.catalog.triangle[this.board.slotKind[slot]] === 1) {
      if (corner === undefined) {
        if (this.board.cellTiles[c] === 2) return fail(`(${x},${y}) holds two triangles: name the corner`);
      } else {
        const q = CORNER_NAMES.indexOf(corner);
        slot = this.board.sideSlot[c * 4 + cornerSides(q)[0]];
        if (slot === -1 || this.board.slotRot[slot] !== q)
          return fail(`no triangle at corner ${corner} of (${x},${y})`);
      }
    } else if (corner !== undefined) {
      return fail(`(${x},${y}) holds a square tile: no corner to name`);
    }
    const t = this.board.slotKind[slot];
    if (!Number.isInteger(feature) || feature < 0 || feature >= this.catalog.featureCount[t]) {
      return err(
        ruleError(
          'meeple/no-such-feature',
          `tile ${this.catalog.def(t).id} at (${x},${y}) has no feature ${feature}`,
        ),
      );
    }
    return ok(this.board.slotSeg[slot] + feature);
  }

  private whyNotFit(t: number, q: number, c: number, x: number, y: number): RuleError {
    const id = this.catalog.def(t).id;
    const deg = ROTATIONS[q];
    const board = this.board;
    const tri = this.catalog.triangle[t] === 1;
    const own = tri ? cornerSides(q) : [0, 1, 2, 3];
    if (tri ? own.some((s) => board.sideSlot[c * 4 + s] !== -1) : board.cellTiles[c] !== 0) {
      return ruleError(
        'tile/cell-occupied',
        `(${x},${y}) has no room for ${id} at rotation ${deg}`,
        tri ? 'H-1' : 'B-4',
      );
    }
    const row = (t * 4 + q) * SIDE_SLOTS;
    const names = ['north', 'east', 'south', 'west'];
    for (const s of own) {
      const e = board.sideType[(c + this.grid.sideDelta[s]) * 4 + opposite(s)];
      if (e !== E_NONE && e !== this.catalog.edgeType[row + s]) {
        return ruleError(
          'tile/edge-mismatch',
          `${id} at (${x},${y}) rotation ${deg}: its ${names[s]} side does not match the neighbouring tile`,
          'B-4',
        );
      }
    }
    // Every touching short side matches, so either the long side meets a mismatching triangle (H-2)
    // or the tile touches nothing at all.
    if (tri && board.cellTiles[c] !== 0) {
      return ruleError(
        'tile/edge-mismatch',
        `${id} at (${x},${y}) rotation ${deg}: its long side does not match the other triangle of the cell`,
        'H-2',
      );
    }
    return ruleError(
      'tile/not-adjacent',
      `${id} at (${x},${y}) rotation ${deg} touches no placed tile edge to edge`,
      tri ? 'H-4' : 'B-4',
    );
  }

  // ---------------------------------------------------------------------------------------------
  // Hot path

  /** Plays a move produced by legalMoves(). Unchecked: use apply() for untrusted input. */
  play(move: number): void {
    switch (moveType(move)) {
      case M_PLACE: {
        const c = placeCell(move);
        const q = placeQuarters(move);
        const t = this.drawn;
        const slot = this.putTile(t, q, c);
        this.drawn = -1;
        this.lastSlot = slot;
        this.placedCount++;
        this.phase = P_ACTION;
        if (this.recordEvents) {
          const def = this.catalog.def(t);
          this.events.push({
            type: 'place',
            player: this.current,
            tile: def.id,
            x: this.grid.x(c),
            y: this.grid.y(c),
            rotation: ROTATIONS[q],
          });
        }
        return;
      }
      case M_MEEPLE:
        this.deploy(this.current, meepleSegment(move));
        this.endTurn();
        return;
      default:
        this.endTurn();
    }
  }

  /** Places a tile and merges its features with its neighbours' (B-4, H-2). */
  private putTile(t: number, q: number, c: number): number {
    const board = this.board;
    const graph = this.graph;
    const cat = this.catalog;
    const slot = board.place(t, q, c, graph.count);
    graph.addTile(slot, t);
    const base = board.slotSeg[slot];
    const row = (t * 4 + q) * SIDE_SLOTS;
    const delta = this.grid.sideDelta;
    for (let s = 0; s < 4; s++) {
      if (cat.edgeType[row + s] === E_NONE) continue;
      const nc = c + delta[s];
      const o = opposite(s);
      const other = board.sideSlot[nc * 4 + o];
      if (other !== -1) this.joinSides(base, row, s, other, o);
    }
    const other = board.complementOf(slot);
    if (other !== -1) this.joinSides(base, row, SIDE_D, other, SIDE_D);
    return slot;
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

  private deploy(player: number, seg: number): void {
    const start = player * MEEPLES_PER_PLAYER;
    let i = start;
    while (this.meepleSeg[i] !== -1) i++;
    this.meepleSeg[i] = seg;
    this.supply[player]--;
    this.graph.addMeeple(seg, player);
    if (this.recordEvents) {
      const kind = FEATURE_KINDS[this.graph.kind[seg]];
      this.events.push({
        type: 'meeple',
        player,
        ...this.segmentPlace(seg),
        feature: this.graph.local[seg],
        kind,
      });
    }
  }

  private endTurn(): void {
    this.scoreCompleted();
    this.lastSlot = -1;
    this.current = (this.current + 1) % this.players;
    this.startTurn();
  }

  /** Draws the next tile, discarding those that fit nowhere (B-5); ends the game when none is left (B-9). */
  private startTurn(): void {
    while (this.bagCount > 0 && this.placedCount < this.endAfter) {
      const i = this.bagCount - 1;
      if (!this.scripted) {
        const j = nextInt(this.rng, this.bagCount);
        const t = this.bag[j];
        this.bag[j] = this.bag[i];
        this.bag[i] = t;
      }
      const t = this.bag[i];
      this.bagCount = i;
      if (this.recordEvents)
        this.events.push({ type: 'draw', player: this.current, tile: this.catalog.def(t).id });
      if (this.generatePlacements(t) > 0) {
        this.drawn = t;
        this.phase = P_PLACE;
        return;
      }
      if (this.recordEvents) {
        this.events.push({
          type: 'discard',
          player: this.current,
          tile: this.catalog.def(t).id,
          rule: 'B-5',
        });
      }
    }
    this.drawn = -1;
    this.placementCount = 0;
    this.finalScoring();
    this.phase = P_OVER;
    if (this.recordEvents) {
      const best = Math.max(...this.scores);
      const winners = [...this.scores.keys()].filter((p) => this.scores[p] === best);
      this.events.push({ type: 'end', scores: [...this.scores], winners });
    }
  }

  /** Fills `placements` with every legal (cell, rotation) of tile kind t (B-4). */
  private generatePlacements(t: number): number {
    const board = this.board;
    const delta = this.grid.sideDelta;
    const stamp = this.cellStamp;
    const mark = ++this.epoch;
    const tri = this.catalog.triangle[t] === 1;
    let n = 0;
    for (let slot = 0; slot < board.slotCount; slot++) {
      const c0 = board.slotCell[slot];
      for (let s = -1; s < 4; s++) {
        const c = s < 0 ? c0 : c0 + delta[s];
        if (stamp[c] === mark) continue;
        stamp[c] = mark;
        if (board.cellTiles[c] !== 0 && !(tri && board.hasTriangleGap(c))) continue;
        for (let q = 0; q < 4; q++) if (board.fits(t, q, c)) this.placements[n++] = encodePlace(c, q);
      }
    }
    this.placementCount = n;
    return n;
  }

  // ---------------------------------------------------------------------------------------------
  // Scoring (B-7, B-9, B-10)

  /** B-7: scores roads and cities completed by the tile just placed, and surrounded monasteries. */
  private scoreCompleted(): void {
    const slot = this.lastSlot;
    const board = this.board;
    const graph = this.graph;
    const cat = this.catalog;
    const t = board.slotKind[slot];
    const base = board.slotSeg[slot];
    const mark = ++this.epoch;
    const n = cat.featureCount[t];
    for (let f = 0; f < n; f++) {
      if (!cat.hasEnds(t, f)) continue;
      const r = graph.find(base + f);
      if (this.stamp[r] === mark) continue;
      this.stamp[r] = mark;
      if (graph.openEnds[r] === 0 && graph.meepleTotal[r] > 0) this.scoreFeature(r, false);
    }
    const c = board.slotCell[slot];
    this.scoreMonasteriesAt(c);
    const ring = this.grid.ringDelta;
    for (let i = 0; i < 8; i++) this.scoreMonasteriesAt(c + ring[i]);
  }

  private scoreMonasteriesAt(c: number): void {
    const board = this.board;
    if (board.cellTiles[c] === 0) return;
    for (let k = 0; k < 2; k++) {
      // A cell holds a square or up to two triangles; visit each tile once.
      const slot =
        k === 0 ? board.anySlot(c) : board.cellTiles[c] === 2 ? board.complementOf(board.anySlot(c)) : -1;
      if (slot === -1) continue;
      const m = this.catalog.monastery[board.slotKind[slot]];
      if (m < 0) continue;
      const seg = board.slotSeg[slot] + m;
      if (this.graph.meepleTotal[seg] > 0 && this.surroundedCount(c) === 8) this.scoreFeature(seg, false);
    }
  }

  /** Occupied cells among the 8 around c (H-9: a triangle is enough). */
  private surroundedCount(c: number): number {
    const ring = this.grid.ringDelta;
    let n = 0;
    for (let i = 0; i < 8; i++) if (this.board.cellTiles[c + ring[i]] !== 0) n++;
    return n;
  }

  /** B-9: scores every feature that still has meeples, roads and cities first, fields last. */
  private finalScoring(): void {
    const mark = ++this.epoch;
    for (const kind of [K_ROAD, K_CITY, K_MONASTERY, K_FIELD]) {
      for (let i = 0; i < this.meepleSeg.length; i++) {
        const seg = this.meepleSeg[i];
        if (seg < 0 || this.graph.kind[seg] !== kind) continue;
        const r = this.graph.find(seg);
        if (this.stamp[r] === mark) continue;
        this.stamp[r] = mark;
        this.scoreFeature(r, true);
      }
    }
  }

  /** Scores the feature with root r to its majority players and returns its meeples (B-7, B-9). */
  private scoreFeature(r: number, final: boolean): void {
    const graph = this.graph;
    const kind = graph.kind[r];
    const p = this.players;
    let complete = true;
    let points = 0;
    let count = 0;
    let cities = 0;
    if (kind === K_ROAD || kind === K_CITY) {
      // H-8 (edition 2021, the default): count occupied cells; equal to tiles without triangles.
      count = graph.cells[r];
      complete = graph.openEnds[r] === 0;
      if (kind === K_ROAD) points = count;
      else if (!complete) points = count + graph.pennants[r];
      else if (count === 2 && this.options.tinyCityScoring === 2) points = 2 + graph.pennants[r];
      else points = 2 * (count + graph.pennants[r]);
    } else if (kind === K_MONASTERY) {
      count = 1 + this.surroundedCount(this.board.slotCell[graph.slot[r]]);
      complete = count === 9;
      points = count;
    } else if (kind === K_FIELD) {
      cities = this.fieldCities(r).length;
      complete = false;
      points = 3 * cities;
    }
    let best = 0;
    for (let i = 0; i < p; i++) best = Math.max(best, graph.meeples[r * p + i]);
    const winners: number[] = [];
    for (let i = 0; i < p; i++) {
      if (best > 0 && graph.meeples[r * p + i] === best) {
        winners.push(i);
        this.scores[i] += points;
      }
    }
    if (this.recordEvents)
      this.events.push(this.scoreEvent(r, final, complete, points, cities, winners, count));
    this.returnMeeples(r);
  }

  private scoreEvent(
    r: number,
    final: boolean,
    complete: boolean,
    points: number,
    cities: number,
    winners: number[],
    count: number,
  ): ScoreEvent {
    const graph = this.graph;
    const kind: FeatureKind = FEATURE_KINDS[graph.kind[r]];
    const p = this.players;
    const at: Point[] = [];
    const tiles = kind === 'road' || kind === 'city' ? graph.tiles[r] : count;
    if (kind === 'monastery') {
      const c = this.board.slotCell[graph.slot[r]];
      for (const d of [0, ...this.grid.ringDelta])
        if (this.board.cellTiles[c + d] !== 0) at.push(this.grid.point(c + d));
    } else {
      for (const c of this.featureCells(r)) at.push(this.grid.point(c));
    }
    const rule = final ? 'B-9' : 'B-7';
    return {
      type: 'score',
      rule,
      kind,
      final,
      complete,
      tiles,
      cells: kind === 'field' ? at.length : count,
      pennants: kind === 'city' ? graph.pennants[r] : 0,
      cities,
      meeples: Array.from(graph.meeples.subarray(r * p, r * p + p)),
      players: winners,
      points,
      at,
    };
  }

  private returnMeeples(r: number): void {
    for (let i = 0; i < this.meepleSeg.length; i++) {
      const seg = this.meepleSeg[i];
      if (seg < 0 || this.graph.find(seg) !== r) continue;
      const player = Math.floor(i / MEEPLES_PER_PLAYER);
      this.meepleSeg[i] = -1;
      this.supply[player]++;
      this.graph.removeMeeple(seg, player);
      if (this.recordEvents) {
        this.events.push({
          type: 'return',
          player,
          ...this.segmentPlace(seg),
          feature: this.graph.local[seg],
        });
      }
    }
  }

  /** Roots of the completed cities a field touches (B-9), each once. */
  fieldCities(r: number): number[] {
    const graph = this.graph;
    const out: number[] = [];
    let m = r;
    do {
      const slot = graph.slot[m];
      const def = this.catalog.def(this.board.slotKind[slot]);
      for (const ci of def.features[graph.local[m]].cities) {
        const cr = graph.find(this.board.slotSeg[slot] + ci);
        if (graph.openEnds[cr] === 0 && !out.includes(cr)) out.push(cr);
      }
      m = graph.next[m];
    } while (m !== r);
    return out;
  }

  /** Distinct cells of the feature with root r, in member order. */
  featureCells(r: number): number[] {
    const out: number[] = [];
    let m = r;
    do {
      const c = this.board.slotCell[this.graph.slot[m]];
      if (!out.includes(c)) out.push(c);
      m = this.graph.next[m];
    } while (m !== r);
    return out;
  }

  /** The root segment of every feature (for inspection and the reference check). */
  roots(): number[] {
    const out: number[] = [];
    for (let s = 0; s < this.graph.count; s++) if (this.graph.parent[s] === s) out.push(s);
    return out;
  }

  private placeSetupTile(p: TilePlacement, t: number, path: string, first: boolean): SetupError | undefined {
    const c = this.grid.cell(p.x, p.y);
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
      return bad(this.whyNotFit(t, q, c, p.x, p.y).message);
    }
    this.putTile(t, q, c);
    return undefined;
  }
}
