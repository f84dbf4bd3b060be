/**
 * A game of Carcassonne as players, bots, servers and tools hold it: a small facade over the rule
 * state (rules/state.ts) that changes only through moves (B-2..B-10, X-1).
 *
 * - create it from a configuration and a registry (`Game.create`, or `createGame` with the
 *   built-in expansions);
 * - ask whose decision it is (`toAct`, `phaseName`, `isOver`) and what they may do, as data
 *   (`legalActions`) or as encoded moves for the hot path (`legalMoves`, `toAction`, `moveCode`);
 * - play an untrusted action through the checked door (`apply`, `encode`: a precise refusal and no
 *   change), or a listed move unchecked (`play`);
 * - copy it (`clone`, `cloneInto`), or copy what one player may know with the rest resampled
 *   (`determinize`);
 * - show it to a player or a spectator (`view`), and read the expansions' state typed
 *   (`expansion(def)`) or the rules' state (`state`, read-only) to evaluate a position.
 *
 * Expansions never see this class: they work on the `GameState` they are created with.
 */
import type { Catalog } from '../tiles/catalog.js';
import type { Result } from '../util/result.js';
import { ok } from '../util/result.js';
import type { Action, ActionType } from './actions.js';
import type { GameConfig } from './config.js';
import type { RuleError, SetupError } from './errors.js';
import type { GameEvent } from './events.js';
import type { ExpansionDef, ExpansionId, ExpansionInstance } from './expansion.js';
import type { Options } from './options.js';
import type { Phase } from './phases.js';
import type { Registry } from './registry.js';
import type { UniformRandom } from './rng.js';
import { cloneState, cloneStateInto, determinizeState } from './copies.js';
import type { ExpansionReader, StateReader } from './reader.js';
import { createState } from './setup.js';
import type { GameState } from './state.js';
import { legalMoves, playMove } from './turn.js';
import type { Snapshot, SnapshotError } from './snapshot.js';
import { readSnapshot, writeSnapshot } from './snapshot.js';
import type { GameView } from './view.js';
import { stateView } from './view.js';

export class Game {
  /** `config`: what the game was created from, which a snapshot stores to rebuild it. */
  private constructor(
    private readonly s: GameState,
    private readonly config: GameConfig,
  ) {}

  /**
   * Validates a configuration and starts the game (B-2): start tile, set-up, first draw. With
   * `into`, a game no longer needed, its state is reused when the new game has the same shape (the
   * same tiles, options, expansions and players, no set-up: what a simulation of many games
   * plays), which saves allocating and clearing it; `into` must not be used afterwards.
   */
  static create(config: GameConfig, registry: Registry, into?: Game): Result<Game, SetupError> {
    const s = createState(config, registry, into?.s);
    return s.ok ? ok(new Game(s.value, config)) : s;
  }

  /**
   * The whole game as plain JSON (docs/snapshot-format.md): its configuration, tile fingerprints,
   * events when recorded, and every declared state field of the game, board, feature graph and
   * expansions. `Game.fromSnapshot` restores it without replaying. A snapshot holds what no player
   * may see (the pile, the generator, every hand): it is for servers and saved games. Throws for
   * a determinization, or when an expansion in play declares no state parts.
   */
  toSnapshot(): Snapshot {
    return writeSnapshot(this.s, this.config);
  }

  /**
   * Restores a game from a snapshot (as `JSON.parse` gives it) with the expansions of `registry`,
   * checking everything: a malformed snapshot is refused with its path and reason, never half built.
   */
  static fromSnapshot(snapshot: unknown, registry: Registry): Result<Game, SnapshotError> {
    const r = readSnapshot(snapshot, registry);
    return r.ok ? ok(new Game(r.value.state, r.value.config)) : r;
  }

  /** The rules' state, to read (a position's evaluation, a renderer, a test): see StateReader. */
  get state(): StateReader {
    return this.s;
  }

  get players(): number {
    return this.s.players;
  }

  get options(): Readonly<Options> {
    return this.s.options;
  }

  /** The expansions in play, in canonical order. */
  get expansionIds(): readonly ExpansionId[] {
    return this.s.expansionIds;
  }

  /** The registry the game was created from (its action types, phases, error codes, options). */
  get registry(): Registry {
    return this.s.registry;
  }

  /** The tile definitions of this game. */
  get catalog(): Catalog {
    return this.s.catalog;
  }

  /** The phase of the decision in front of the player to act, or `over`. */
  get phaseName(): Phase {
    return this.s.phaseName;
  }

  get isOver(): boolean {
    return this.s.isOver;
  }

  /** The player who must act now (during the dragon's hunt, not always `current`), or -1 when over. */
  get toAct(): number {
    return this.s.toAct;
  }

  /** The player whose turn it is. */
  get current(): number {
    return this.s.current;
  }

  /** Turns started so far. */
  get turn(): number {
    return this.s.turn;
  }

  /** Each player's score. */
  get scores(): readonly number[] {
    return Array.from(this.s.scores);
  }

  /** Id of the drawn tile, if any. */
  get drawnTile(): string | undefined {
    return this.s.drawnTile;
  }

  /** Largest number of legal moves in any position of this game: the size for a move buffer. */
  get maxMoves(): number {
    return this.s.maxMoves;
  }

  /** What happened so far, when events are recorded (`recordEvents`). */
  get events(): readonly GameEvent[] {
    return this.s.events;
  }

  /** Whether moves log their events (off on the hot path of searches; see GameConfig). */
  get recordEvents(): boolean {
    return this.s.recordEvents;
  }

  set recordEvents(on: boolean) {
    this.s.recordEvents = on;
  }

  /** Writes the legal moves of the player to act into `out` and returns how many (hot path). */
  legalMoves(out: Int32Array): number {
    return legalMoves(this.s, out);
  }

  /**
   * A uniformly random one of the moves `legalMoves()` lists, drawn from `rng` (a bot's generator;
   * the game's own is untouched): for random playouts. A placement (B-4, H-4) is drawn by rejection
   * sampling without listing every placement; `legalMoves` and `legalActions` stay exact lists.
   */
  randomMove(rng: UniformRandom): number {
    return this.s.randomMove(rng);
  }

  /** The legal actions of the player to act, as data. */
  legalActions(): Action[] {
    return this.s.legalActions();
  }

  /** The data form of an encoded move. */
  toAction(move: number): Action {
    return this.s.toAction(move);
  }

  /** The code of an action type in this game's encoded moves (`moveType(move)`), or -1. */
  moveCode(type: ActionType): number {
    return this.s.moveCode(type);
  }

  /** Checks an untrusted action (and, if given, that `player` is the one to act); returns its move. */
  encode(action: Action, player?: number): Result<number, RuleError> {
    return this.s.encode(action, player);
  }

  /** Checks an untrusted action and plays it; a refused action leaves the game unchanged. */
  apply(action: Action, player?: number): Result<void, RuleError> {
    return this.s.apply(action, player);
  }

  /** Plays a move listed by `legalMoves()`. Unchecked: use `apply` for untrusted input. */
  play(move: number): void {
    playMove(this.s, move);
  }

  /** An independent copy (with its events so far): what bots branch from. */
  clone(): Game {
    return new Game(cloneState(this.s), this.config);
  }

  /**
   * `clone()` into `into`, a copy made earlier from a game of the same lineage, whose arrays are
   * reused instead of allocated: for searches that copy once per move they score. Records no events.
   */
  cloneInto(into: Game): Game {
    cloneStateInto(this.s, into.s);
    return into;
  }

  /**
   * A copy in which everything `viewer` may not see is resampled from `seed` (for bots: ISMCTS
   * determinization): the order of future draws and the other players' face-down triangles (H-3).
   * `into`, an earlier determinization of this game, is reused. Records no events.
   */
  determinize(viewer: number, seed: number, into?: Game): Game {
    if (into === undefined) return new Game(determinizeState(this.s, viewer, seed), this.config);
    determinizeState(this.s, viewer, seed, into.s);
    return into;
  }

  /** Whether `other` is a copy of this game (or this game's source): `cloneInto` and `determinize` take it. */
  sameLineage(other: Game): boolean {
    return other !== this && other.s.lineage === this.s.lineage;
  }

  /** What `viewer` may see (a player index, or -1 for a spectator). */
  view(viewer: number): GameView {
    return stateView(this.s, viewer);
  }

  /**
   * The state of expansion `def` in this game, typed, for reading (bots, tools), or undefined when
   * it is not in play: its fields and questions, without its moves or hooks (see ExpansionReader).
   */
  expansion<I extends ExpansionInstance>(def: ExpansionDef<I>): ExpansionReader<I> | undefined {
    // The instance itself, typed as the members a reader may use (TypeScript cannot relate a
    // mapped type over a type parameter to that parameter).
    return this.s.expansion(def) as ExpansionReader<I> | undefined;
  }
}
