/**
 * What the holder of a `Game` may read of its rule state (`game.state`) and of its expansions'
 * state (`game.expansion(def)`): an allow-list. The arrays are the engine's own, not copies (a copy
 * per read would defeat the bots' evaluation), so their types have no method that writes; nothing
 * here changes a game. To explore a change, play it on a `clone()`.
 */
import type { Board } from '../board/board.js';
import type { Units } from '../board/units.js';
import type { FeatureGraph } from '../features/featureGraph.js';
import type { CornerName } from '../geometry/edges.js';
import type { Grid } from '../geometry/grid.js';
import type { Catalog } from '../tiles/catalog.js';
import type { Result } from '../util/result.js';
import type { StateArray } from '../util/state.js';
import type { Action, ActionType } from './actions.js';
import type { RuleError } from './errors.js';
import type { ExpansionId, ExpansionInstance } from './expansion.js';
import type { Options } from './options.js';
import type { Phase } from './phases.js';
import type { Registry } from './registry.js';
import type { UniformRandom } from './rng.js';

/** The methods of a typed array that write to it, or give what can (its buffer). */
type Writers = 'set' | 'fill' | 'copyWithin' | 'sort' | 'reverse' | 'buffer' | 'subarray';

/**
 * A typed array to read: its elements read-only, no method that writes. Reading an element costs
 * what it does on the array itself (this is a type, not a wrapper).
 */
export type ReadonlyTypedArray<A extends StateArray> = Readonly<Omit<A, Writers>> & {
  subarray(begin?: number, end?: number): ReadonlyTypedArray<A>;
};

/** A value as a reader holds it: typed arrays read-only. */
type ReadOnly<T> = T extends StateArray ? ReadonlyTypedArray<T> : T;

/** The members K of T, each read-only, typed arrays without their writing methods. */
export type ReaderOf<T, K extends keyof T> = { readonly [P in K]: ReadOnly<T[P]> };

/** The board: placed tiles by slot, what covers each cell and side, the frontier and the gaps. */
export type BoardReader = ReaderOf<
  Board,
  | 'maxTiles'
  | 'slotCount'
  | 'slotKind'
  | 'slotRot'
  | 'slotCell'
  | 'slotSeg'
  | 'slotTurn'
  | 'frontier'
  | 'frontierCount'
  | 'gaps'
  | 'gapCount'
  | 'cellTiles'
  | 'sideSlot'
  | 'sideType'
  | 'facing'
  | 'inFrontier'
  | 'fits'
  | 'fitsAnywhere'
  | 'touching'
  | 'complementOf'
  | 'anySlot'
>;

/** The feature graph: segments, their features (union-find roots) and the features' totals. */
export type GraphReader = ReaderOf<
  FeatureGraph,
  | 'count'
  | 'parent'
  | 'size'
  | 'next'
  | 'kind'
  | 'slot'
  | 'local'
  | 'openEnds'
  | 'pennants'
  | 'tiles'
  | 'cells'
  | 'meeples'
  | 'meepleTotal'
  | 'find'
  | 'attribute'
>;

/** The grid cells are packed for. */
export type GridReader = ReaderOf<
  Grid,
  | 'radius'
  | 'width'
  | 'size'
  | 'sideDelta'
  | 'ringDelta'
  | 'cell'
  | 'x'
  | 'y'
  | 'point'
  | 'holds'
  | 'hasNeighbour'
>;

/** What H-11 counts (cells or tiles): units, their cells and steps. */
export type UnitsReader = ReaderOf<
  Units,
  'perTile' | 'ofSlot' | 'contains' | 'cellOf' | 'step' | 'straight' | 'around'
>;

/**
 * The rule state of a game as its holder may read it (`game.state`): a position's evaluation, a
 * renderer, a test. Every field is read-only and every method a question.
 */
export interface StateReader {
  readonly catalog: Catalog;
  readonly options: Readonly<Options>;
  readonly players: number;
  readonly expansionIds: readonly ExpansionId[];
  readonly registry: Registry;
  /** The grid cells are packed for: it grows when a tile comes near its edge. */
  readonly grid: GridReader;
  readonly board: BoardReader;
  readonly graph: GraphReader;
  /** H-11: what dragon steps, fairy protection and tower range count. */
  readonly units: UnitsReader;
  /** H-8: roads and cities count tiles instead of occupied cells. */
  readonly countTiles: boolean;
  /** H-9: monasteries count tiles in their 3×3 area instead of occupied cells. */
  readonly monasteryTiles: boolean;
  readonly scores: ReadonlyTypedArray<Int32Array>;
  /** Segment each meeple stands on (player · 7 + i), -1 in supply, or -2 away (T-3: a prisoner). */
  readonly meepleSeg: ReadonlyTypedArray<Int32Array>;
  readonly supply: ReadonlyTypedArray<Int32Array>;
  /** Tile kinds left to draw (`bag[0..bagCount)`); draws take from the end. */
  readonly bag: ReadonlyTypedArray<Int16Array>;
  readonly bagCount: number;
  /** Scripted draw order: draws take the last entry instead of a random one. */
  readonly scripted: boolean;
  /** The game's generator (the draws). */
  readonly rng: ReadonlyTypedArray<Uint32Array>;
  /** Tiles placed from the bag so far (the start tile and setup tiles excluded). */
  readonly placedCount: number;
  /** Tiles drawn that fit nowhere and left the game (B-5). */
  readonly discardCount: number;
  readonly endAfter: number;
  /** The player whose turn it is. */
  readonly current: number;
  /** Turns started so far. */
  readonly turn: number;
  /** Kind of the drawn tile, or -1. */
  readonly drawn: number;
  /** Slot of the tile placed this turn, or -1. */
  readonly lastSlot: number;
  /** Legal placements of the drawn tile, once listed (`placementCount` ≥ 0; -1 until then). */
  readonly placements: ReadonlyTypedArray<Int32Array>;
  readonly placementCount: number;
  readonly phaseName: Phase;
  readonly isOver: boolean;
  readonly toAct: number;
  readonly drawnTile: string | undefined;
  readonly maxMoves: number;

  moveCode(type: ActionType): number;
  segmentCell(seg: number): number;
  meepleAt(player: number, seg: number): number;
  meeplesAt(player: number, seg: number): number[];
  meepleNumber(i: number): number;
  meepleChoice(i: number): { meeple?: number };
  meepleOwner(i: number): number;
  mayDeploy(seg: number): boolean;
  slotPlace(slot: number): { x: number; y: number; corner?: CornerName };
  segmentPlace(seg: number): { x: number; y: number; corner?: CornerName };
  roots(): number[];
  locateFeature(
    x: number,
    y: number,
    corner: CornerName | undefined,
    feature: number,
  ): Result<number, RuleError>;
  legalMoves(out: Int32Array): number;
  legalActions(): Action[];
  toAction(move: number): Action;
  randomMove(rng: UniformRandom, tries?: number): number;
  placementCandidates(t: number): number;
  placementCandidate(t: number, r: number): number;
  /** Writes the legal placements of tile kind t into `out` (the caller's array) from `n`. */
  collectPlacements(
    t: number,
    out: Int32Array,
    n: number,
    encode: (cell: number, q: number) => number,
  ): number;
}

/**
 * The rule-facing members of every instance (`ExpansionInstance`): its moves and hooks, which
 * change a game. A reader keeps only its view (what a player may see).
 */
type InstanceMembers = Exclude<keyof ExpansionInstance, 'view'>;

/**
 * The state of one expansion in a game as its holder may read it (`game.expansion(def)`): its own
 * fields and questions, read-only, without the rule context it works on (`game`) or any hook or
 * move of `ExpansionInstance`.
 */
export type ExpansionReader<I extends ExpansionInstance> = ReaderOf<
  I,
  Exclude<keyof I, InstanceMembers | 'game'>
>;
