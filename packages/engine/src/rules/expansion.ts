/**
 * The one interface through which an expansion plugs into the engine. It lives in the
 * core, which knows no expansion: a game is created from a registry (rules/registry.ts) and the ids
 * of the expansions it uses; expansions stand on the core and never on each other (lint-enforced).
 *
 * An expansion is a definition (`ExpansionDef`) that brings its data (tiles, tile sets, options
 * with rule ids and explanations, presets, its action types with the widths of their moves' fields)
 * and creates, per game, an instance holding its own state slice and the hooks it needs. The
 * instance works on the rules' `GameState` (its rule context: meeples deployed and removed, points
 * given with `award`, events logged with `emit`), never on the players' `Game`. `GameState` gathers
 * the hooks into arrays once, at creation, so the hot path only loops over hooks that exist. Every
 * hook is optional. `game.expansion(def)` gives bots and tools its instance, typed, for reading.
 *
 * Checklist for a new expansion (test/inn/inn.ts is a small complete one, written from outside):
 * 1. an `ExpansionDef` with its id, tiles and tile sets, the feature attributes and symbols its
 *    tiles use beyond the base game's (tiles/schema.ts), options (keys merged into `Options` by
 *    `declare module`), and `create(game)`;
 * 2. its vocabulary, merged into the core's types by `declare module` and listed in the definition:
 *    actions (`Actions`; `actions`: fields and move payload widths), events (`Events`), error codes
 *    (`RuleErrorCodes`; `errors`) and the phases its steps add (`Phases`; `phases`);
 * 3. an instance with `clone(game)` that copies its state, declared once (util/state.ts);
 * 4. for each of its action types, `playMove`, `toAction` and `candidate`, and `explain` for
 *    precise refusals (`moveTypes`: their codes);
 * 5. steps it adds to the turn after phase 2 (`steps`), each placed before or after `score`;
 * 6. scoring hooks: `featureValue` (change a feature's worth) and `onScored` (bonuses);
 * 7. its rules' ids in its module header, its view slice (fields merged into `ExpansionViews` by
 *    `declare module`, each with its rule id), and scenario records named by rule id;
 * 8. its place in a registry: expansions/index.ts for the built-in ones, `BUILTIN.with(def)` (or
 *    `carcassonne replay --expansion module.js`) for others.
 */
import type { Catalog, TileSets } from '../tiles/catalog.js';
import type { TileDefInput } from '../tiles/tileDef.js';
import type { FeatureAttributeSpec, TileSymbolSpec } from '../tiles/schema.js';
import type { Action, ActionSpec } from './actions.js';
import type { RuleError, RuleErrorCode } from './errors.js';
import type { ScoreEvent } from './events.js';
import type { Phase } from './phases.js';
import type { GameState } from './state.js';
import type { OptionSpec, Options, Presets } from './options.js';
import type { ExpansionViews } from './view.js';
import type { StatePart } from '../util/state.js';

/** An expansion's id, as records and the command line name it (`tower`, `princess-and-dragon`…). */
export type ExpansionId = string;

/** A decision or automatic step of the turn after phase 2 (the dragon's hunt, a capture…). */
export interface Step {
  /** The phase a view reports while the step waits for decisions (`score` never waits). */
  readonly id: Phase | 'score';
  /** Starts the step; true when it needs decisions, false when it is done (or has nothing to do). */
  enter(): boolean;
  /** The player who decides now (D-7: not always the player whose turn it is). */
  actor(): number;
  /** Writes the legal moves into `out` and returns how many. */
  moves(out: Int32Array): number;
  /** Plays one legal move; true when the step is over. */
  play(move: number): boolean;
  /**
   * For random playouts (`Game.randomMove`), optional: the size of a candidate space that holds
   * each move of `moves()` exactly once, beside candidates that are not legal. A random candidate
   * accepted when legal is then a uniformly random legal move, found without listing them all
   * (H-4: a triangle from hand, over (hand slot, cell, rotation)). Without it, moves are listed.
   */
  candidates?(): number;
  /** Candidate i of `candidates()` (0 ≤ i < candidates()) as its move, or -1 when it is not legal. */
  candidate?(i: number): number;
}

export interface ExpansionInstance {
  /** A copy for a cloned game. */
  clone(game: GameState): ExpansionInstance;
  /**
   * Its declared state as snapshot parts (util/state.ts `statePart`, over the same declarations
   * `clone` copies): what `game.toSnapshot()` writes and `Game.fromSnapshot` reads back into a
   * fresh instance. An expansion with state must give it, or its games cannot be snapshotted.
   */
  stateParts?(): readonly StatePart[];
  /**
   * Re-packs every cell it holds with `remap`, when the game moves to a larger grid (GameState.regrid):
   * an expansion that stores cells must give it.
   */
  remapCells?(remap: (cell: number) => number): void;
  /**
   * Appends the kinds of the tiles it holds off the board and the pile that may still be placed
   * (H-3 triangles in hand or in a draft, D-6 dragon tiles set aside): a restored snapshot may hold
   * no more tiles of a kind than its game has.
   */
  tilesHeld?(out: number[]): void;
  /** Move types (low 4 bits) this expansion plays. */
  readonly moveTypes: readonly number[];
  /** Steps at the start of a turn, before the draw (H-3 draft, H-4); a step may place a tile itself. */
  readonly beforeDraw?: readonly Step[];
  /** Steps after phase 2, each placed just before or after the base `score` step. */
  readonly steps?: readonly { step: Step; where: 'before-score' | 'after-score' }[];
  /** Once, when the start tile and any set-up are on the board, before the first turn (H-3: the deal). */
  onStart?(): void;
  /** At the start of a turn, before the draw (D-15). */
  onTurnStart?(): void;
  /** A tile has been drawn; false keeps it out of play for now (the expansion has put it aside). */
  onDraw?(kind: number): boolean;
  /**
   * Whether `onDraw` would keep a tile of this kind out of play if it were drawn now (D-6), without
   * doing anything: asked before a turn starts, to end the game when no tile left can be placed (B-9).
   */
  keepsOut?(kind: number): boolean;
  /**
   * Whether `player`, at the start of their turn, could place a tile from elsewhere than the pile
   * (H-4: a triangle from hand): then their turn begins even when no tile left in the pile fits (B-9).
   */
  placesInstead?(player: number): boolean;
  /** The tile in `slot` has just been placed and joined to the board (D-3). */
  onTilePlaced?(slot: number): void;
  /** Adds phase-2 alternatives to the moves in `out[0..n)`; returns the new count. */
  addActions?(out: Int32Array, n: number): number;
  /** Narrows the phase-2 moves (D-11 `must`); returns the new count. */
  filterActions?(out: Int32Array, n: number): number;
  /** Whether a meeple may be placed on a segment at all (D-8). */
  canDeploy?(segment: number): boolean;
  /**
   * Free actions (T-6 ransom): moves added to the choices of every decision of the game (before the
   * draw, place, phase 2, the steps after it), which the instance offers only when it should (the
   * ransom: when the player to act is the player whose turn it is). Their types are `freeMoves`.
   */
  addAnytime?(out: Int32Array, n: number): number;
  /** Move types (among `moveTypes`) of the free actions `addAnytime` lists: played by `playMove`, they leave the decision open. */
  readonly freeMoves?: readonly number[];
  /** Plays a move of one of `moveTypes` (phase 2 or free); true when it was the turn's phase-2 action (a free one: false). */
  playMove?(move: number): boolean;
  /** The data form of one of its moves. */
  toAction?(move: number): Action;
  /** The move an action of its types stands for, or a refusal naming what is wrong. */
  candidate?(action: Action): { move: number } | RuleError | undefined;
  /** Why a move the engine does not list is illegal, when this expansion is the reason. */
  explain?(move: number): RuleError | undefined;
  /**
   * The value of a feature being scored, given the value the rules so far give it (B-7, B-9): an
   * expansion may change it (an inn doubles a road). Hooks run in registry order.
   */
  featureValue?(root: number, complete: boolean, final: boolean, points: number): number;
  /** A feature is being scored; add bonuses to `event.bonuses` (D-17). Meeples are still on it. */
  onScored?(root: number, event: ScoreEvent): void;
  /** Meeple `index` has left the board (scored, eaten, removed). */
  onMeepleRemoved?(index: number): void;
  /** Resamples what `viewer` cannot see (H-3: other players' hands) with the game's generator. */
  determinize?(viewer: number): void;
  /**
   * Its slice of the view of `viewer` (-1: a spectator): fields it declared in `ExpansionViews`
   * (rules/view.ts), no others; hidden things only to their owner (H-3).
   */
  view?(viewer: number): Partial<ExpansionViews>;
}

/** What the core counts differently under an expansion's rules (H-8, H-9, H-11). */
export interface CountingRules {
  /** Dragon steps, fairy protection and tower range count tiles rather than cells (H-11). */
  readonly unitsPerTile: boolean;
  /** Roads and cities count tiles rather than occupied cells (H-8). */
  readonly countTiles: boolean;
  /** Monasteries count the tiles of their 3×3 area rather than occupied cells (H-9). */
  readonly monasteryTiles: boolean;
}

/** `I`: the instance type it creates, which `game.expansion(def)` returns for reading. */
export interface ExpansionDef<I extends ExpansionInstance = ExpansionInstance> {
  readonly id: ExpansionId;
  /** Its name as printed on the box, for people ("The Tower"); the id when absent. */
  readonly title?: string;
  /** Its tile definitions, joined to the catalog of a registry that holds it. */
  readonly tiles?: readonly TileDefInput[];
  /** Its tile sets by id (`tower:1`…): tile id → copies. */
  readonly tileSets?: TileSets;
  /**
   * Attributes its features may carry in tile files (the inn on a road), each with the kinds that
   * carry it, its type and how joined features combine it; read back with `Catalog.attribute` and,
   * merged over a feature on the board, `FeatureGraph.attribute`.
   */
  readonly featureAttributes?: readonly FeatureAttributeSpec[];
  /** Symbols its tiles may show (`dragon`, `vineyard`…), read back with `Catalog.hasSymbol`. */
  readonly symbols?: readonly TileSymbolSpec[];
  /** Its options, each with values, default, rule and explanation (keys merged into `Options`). */
  readonly options?: readonly OptionSpec[];
  /** Presets it adds or extends (a preset of the same name in two expansions is merged). */
  readonly presets?: Presets;
  /** The tile set joined to the pile for a base edition (B-1: `basic:1` or `basic:2`), if any. */
  tileSet?(base: Options['tileSetBase']): string;
  /** What it makes the core count differently, for these options. */
  counting?(options: Options): Partial<CountingRules>;
  /** Tile kinds that may come into play besides the pile (H-3: the triangles in hand). */
  offPile?(options: Options, catalog: Catalog): readonly number[];
  /** Its action types: fields, rule, explanation and move payload widths. */
  readonly actions?: readonly ActionSpec[];
  /** The error codes its refusals use. */
  readonly errors?: readonly RuleErrorCode[];
  /** The phases its steps report while they wait for decisions. */
  readonly phases?: readonly Phase[];
  create(game: GameState): I;
}
