/**
 * The rule state (B-2..B-10), with the expansions' hooks: what the rules modules and the
 * expansions work on (their rule context). Players, bots and tools hold a `Game` (rules/game.ts),
 * whose small API wraps one of these and lets them read it through `game.state` (a `StateReader`,
 * rules/reader.ts).
 *
 * The rules are split by concern, each module a set of functions over this state: setup.ts starts
 * a game from a configuration (B-2); turn.ts is the turn flow (draw, place, action, the steps,
 * the end: B-3..B-10) and the legal moves; placements.ts generates, samples and puts tile
 * placements (B-4); consistency.ts checks a state read from a snapshot; scoring.ts and checked.ts
 * (the checked door for untrusted input). This class holds the fields, copies them, and keeps the
 * methods the expansions and the `Game` call.
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
import { CORNER_NAMES } from '../geometry/edges.js';
import { Grid } from '../geometry/grid.js';
import type { Catalog } from '../tiles/catalog.js';
import type { RuleId } from '../types.js';
import type { Result } from '../util/result.js';
import { ok } from '../util/result.js';
import type { Action, ActionType } from './actions.js';
import { encodeAction, locateFeature } from './checked.js';
import { MEEPLES_PER_PLAYER } from './constants.js';
import type { RuleError } from './errors.js';
import type { GameEvent } from './events.js';
import { ExpansionHooks } from './hooks.js';
import type { Options } from './options.js';
import type { Phase } from './phases.js';
import { P_ACTION, P_OVER, P_PLACE, P_PRE, P_STEP } from './phases.js';
import {
  SAMPLE_TRIES,
  collectPlacements,
  placementBound,
  placementCandidate,
  placementCandidates,
  randomMove,
  regrid,
} from './placements.js';
import { deployMeeple, meepleAt, meepleChoice, meeplesAt, removeMeeple } from './meeples.js';
import type { Registry } from './registry.js';
import type { UniformRandom } from './rng.js';
import { scoreCompleted } from './scoring.js';
import { legalMoves, placeTile, playMove, toAction } from './turn.js';

export class GameState extends ExpansionHooks {
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
   * A game started again in this object (`createState(config, registry, into)`) takes a new one.
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
  /** The phase code (rules/phases.ts: P_PLACE…); `phaseName` is its name. */
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

  protected readonly scoreStep: Step = {
    id: 'score',
    enter: () => {
      scoreCompleted(this);
      return false;
    },
    actor: () => this.current,
    moves: () => 0,
    play: () => true,
  };

  /**
   * A fresh game of this shape (setup.ts fills it), or, with `from`, an empty copy of `from` that
   * shares its grid, lineage and scratch space (copies.ts fills it).
   */
  constructor(
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
    super();
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
    if (from === undefined) this.wire(defs.map((d) => d.create(this)));
  }

  // ---------------------------------------------------------------------------------------------
  // Questions

  /**
   * The state of expansion `def` in this game, typed, or undefined when it is not in play (the
   * rules' own access: a `Game` gives its holders a read-only view, rules/reader.ts).
   */
  expansion<I extends ExpansionInstance>(def: ExpansionDef<I>): I | undefined {
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

  /** The lowest index of a meeple of `player` on segment `seg`, or -1 (meeples.ts). */
  meepleAt(player: number, seg: number): number {
    return meepleAt(this, player, seg);
  }

  /** The indices of `player`'s meeples on segment `seg`, lowest first (H-13; meeples.ts). */
  meeplesAt(player: number, seg: number): number[] {
    return meeplesAt(this, player, seg);
  }

  /** What an action about meeple i adds to name it: `{ meeple }` when needed (meeples.ts). */
  meepleChoice(i: number): { meeple?: number } {
    return meepleChoice(this, i);
  }

  /** The owner's number of meeple i, 0..6: what an action names when two share a spot (MeepleChoice). */
  meepleNumber(i: number): number {
    return i % MEEPLES_PER_PLAYER;
  }

  /** Owner of meeple index i. */
  meepleOwner(i: number): number {
    return Math.floor(i / MEEPLES_PER_PLAYER);
  }

  /** Whether every expansion allows a meeple on this segment (D-8). */
  mayDeploy(seg: number): boolean {
    for (const h of this.deployHooks) if (!h.canDeploy!(seg)) return false;
    return true;
  }

  /** Writes the legal moves of the player to act into `out` and returns how many (hot path, turn.ts). */
  legalMoves(out: Int32Array): number {
    return legalMoves(this, out);
  }

  /** The legal actions of the player to act, as data. */
  legalActions(): Action[] {
    const buf = new Int32Array(this.maxMoves);
    const n = legalMoves(this, buf);
    const out: Action[] = [];
    for (let i = 0; i < n; i++) out.push(toAction(this, buf[i]));
    return out;
  }

  /** Converts an encoded move to its data form. */
  toAction(move: number): Action {
    return toAction(this, move);
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

  /** The root segment of every feature (for inspection and the reference check). */
  roots(): number[] {
    const out: number[] = [];
    for (let s = 0; s < this.graph.count; s++) if (this.graph.parent[s] === s) out.push(s);
    return out;
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
  // Placements (placements.ts)

  /** A uniformly random one of the moves `legalMoves()` lists, drawn from `rng` (see placements.ts). */
  randomMove(rng: UniformRandom, tries = SAMPLE_TRIES): number {
    return randomMove(this, rng, tries);
  }

  /** The size of the candidate space of tile kind t's placements (see placements.ts). */
  placementCandidates(t: number): number {
    return placementCandidates(this, t);
  }

  /** Candidate r of `placementCandidates(t)` as `cell << 2 | quarters` when legal, else -1. */
  placementCandidate(t: number, r: number): number {
    return placementCandidate(this, t, r);
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
    return collectPlacements(this, t, out, n, encode);
  }

  /** Moves the game to grid `to` (as large as the current one or larger), re-packing every cell. */
  regrid(to: Grid): void {
    regrid(this, to);
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
    playMove(this, m.value);
    return ok(undefined);
  }

  /** Checks an untrusted action and returns its encoded move, without playing it. */
  encode(action: Action, player?: number): Result<number, RuleError> {
    return encodeAction(this, action, player);
  }

  // ---------------------------------------------------------------------------------------------
  // Changes: moves, and what the expansions' rules do

  /** Plays a move produced by legalMoves(). Unchecked: use apply() for untrusted input (turn.ts). */
  play(move: number): void {
    playMove(this, move);
  }

  /** Places tile kind t from outside the pile (H-4: a triangle from hand) and opens phase 2. */
  placeTile(t: number, q: number, c: number): void {
    placeTile(this, t, q, c);
  }

  /** Puts one of `player`'s meeples from supply on a segment (B-6; T-2 C on a tower; meeples.ts). */
  deployMeeple(player: number, seg: number): void {
    deployMeeple(this, player, seg);
  }

  /** Takes meeple i off the board: to its owner's supply, or `away` (a prisoner, T-3; meeples.ts). */
  removeMeeple(i: number, rule?: RuleId, away = false): void {
    removeMeeple(this, i, rule, away);
  }

  /** Brings an away meeple (a prisoner, T-5, T-6) back to its owner's supply. */
  releaseMeeple(i: number): void {
    this.meepleSeg[i] = -1;
    this.supply[this.meepleOwner(i)]++;
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
}
