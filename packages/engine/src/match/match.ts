/**
 * A match: the transport-free authority a server (or a local table) runs a game through, in the
 * spirit of boardgame.io's master. It wraps a `Game` with
 * - a **version**, the number of accepted actions: a submission names the version it was based on,
 *   and a stale one is refused (`match/stale`) with the current version, changing nothing;
 * - **who may act**: every submission names its player; a spectator, a seat that does not exist or
 *   a player out of turn is refused with a code, and so is any action the rules refuse (`match/rule`
 *   with the engine's error, its code and rule id);
 * - **what each viewer may see**: a step (an accepted action and the events it caused) is public
 *   in these rules: a drawn tile is shown to all, a triangle is public once played (H-3), and no
 *   event names a hand or the pile's order. What differs per viewer (a seat, or a spectator) is the
 *   view, which hides other players' triangles and the pile. `updateFor` gives a viewer the last
 *   step with their view; `since` gives a reconnecting client every step it missed, with its view;
 * - **undo as data** (`mayUndo`): only the last action, only by the player who made it, and never
 *   once it revealed something (a draw, a dragon step chosen by another player…);
 * - **match-level outcomes**: resignation, timeout and abort, recorded with who, when and why; the
 *   status says how the match ended (`playing`, `finished`, `resigned`, `timeout`, `aborted`).
 *
 * Time comes from the caller (`at`, an ISO timestamp): the match keeps no clock of its own.
 */
import type { Action } from '../rules/actions.js';
import { shapedAction } from '../rules/actions.js';
import type { GameConfig } from '../rules/config.js';
import type { RuleError, SetupError } from '../rules/errors.js';
import type { GameEvent } from '../rules/events.js';
import type { Game } from '../rules/game.js';
import type { Registry } from '../rules/registry.js';
import type { GameView } from '../rules/view.js';
import { viewOf } from '../rules/view.js';
import { BUILTIN, createGame } from '../expansions/index.js';
import type { GameRecord, MatchOutcome } from '../notation/record.js';
import { makeRecord, readRecord } from '../notation/record.js';
import type { DecisionHints } from '../client/adapters.js';
import { decisionHints } from '../client/adapters.js';
import type { Result } from '../util/result.js';
import { err, ok } from '../util/result.js';

/** Who looks at a match: a seat (0-based player index) or a spectator. */
export type Viewer = number | 'spectator';

export const MATCH_ERROR_CODES = [
  'match/not-a-seat',
  'match/spectator',
  'match/not-your-turn',
  'match/stale',
  'match/over',
  'match/rule',
  'match/no-undo',
] as const;
export type MatchErrorCode = (typeof MATCH_ERROR_CODES)[number];

/** Why a submission (or an undo, resignation…) was refused. Nothing changed. */
export interface MatchError {
  code: MatchErrorCode;
  message: string;
  /** The match's version now (what a stale client should catch up to). */
  version: number;
  /** For `match/rule`: the engine's refusal, with its code and rule id. */
  rule?: RuleError;
}

/** One accepted action and what it caused, as a viewer is shown it. */
export interface MatchStep {
  /** The version this action made (1 for the first). */
  version: number;
  player: number;
  action: Action;
  events: GameEvent[];
}

/** What a viewer is sent: the steps they have not seen, and their view after them. */
export interface MatchUpdate {
  version: number;
  steps: MatchStep[];
  view: GameView;
}

export type MatchStatus = 'playing' | 'finished' | 'resigned' | 'timeout' | 'aborted';

export interface MatchResult {
  status: MatchStatus;
  /** Final scores (for a resignation or timeout: the scores when it happened). */
  scores: number[];
  /** The winners: best score when finished; every other player after a resignation or timeout. */
  winners: number[];
  /** Who resigned, timed out, or whose seat the abort names; when and why. */
  outcome?: MatchOutcome;
}

/** Events that tell something that just happened by chance (B-5, D-6) or that another chose. */
const REVEALING: ReadonlySet<string> = new Set(['draw', 'discard', 'set-aside', 'returned-to-pile']);

export class Match {
  private steps: MatchStep[] = [];
  private outcome: MatchOutcome | undefined;

  private constructor(
    private game: Game,
    private readonly config: GameConfig,
    private readonly registry: Registry,
    private readonly names: readonly string[],
  ) {}

  /** Starts a match on a new game (B-2); `names` are the seats' display names, in seat order. */
  static create(
    config: GameConfig,
    names?: readonly string[],
    registry: Registry = BUILTIN,
  ): Result<Match, SetupError> {
    const full: GameConfig = { ...config, recordEvents: true };
    const g = createGame(full, registry);
    if (!g.ok) return g;
    const seats = names ?? Array.from({ length: config.players }, (_, i) => `Player ${i + 1}`);
    if (seats.length !== config.players) {
      return err({
        code: 'setup/invalid',
        path: 'names',
        message: `names: one per seat (${config.players})`,
      });
    }
    return ok(new Match(g.value, full, registry, [...seats]));
  }

  /** Accepted actions so far. */
  get version(): number {
    return this.steps.length;
  }

  get players(): number {
    return this.game.players;
  }

  /** The player to act, or -1 when the match is over (finished or ended otherwise). */
  get toAct(): number {
    return this.isOver ? -1 : this.game.toAct;
  }

  get isOver(): boolean {
    return this.game.isOver || this.outcome !== undefined;
  }

  get status(): MatchStatus {
    if (this.outcome !== undefined) return this.outcome.status;
    return this.game.isOver ? 'finished' : 'playing';
  }

  /**
   * Plays `action` for `player` if it was based on the current version and the rules allow it.
   * On success: the step (the new version, the action and the events it caused), which is public;
   * send each viewer `updateFor(viewer)`. On refusal nothing changes.
   */
  submit(player: Viewer, action: Action, expectedVersion: number): Result<MatchStep, MatchError> {
    const refused = this.refuseActor(player);
    if (refused) return err(refused);
    const p = player as number;
    if (expectedVersion !== this.version) {
      return this.fail(
        'match/stale',
        `based on version ${expectedVersion}, but the match is at version ${this.version}`,
      );
    }
    if (p !== this.game.toAct) {
      return this.fail(
        'match/not-your-turn',
        `it is player ${this.game.toAct}'s turn to act, not player ${p}'s`,
      );
    }
    const before = this.game.events.length;
    const r = this.game.apply(action, p);
    if (!r.ok)
      return err({ code: 'match/rule', message: r.error.message, version: this.version, rule: r.error });
    const step: MatchStep = {
      version: this.version + 1,
      player: p,
      // What the rules accepted, copied: its type and declared fields, never anything else sent along.
      action: shapedAction(this.registry.actions, action),
      events: this.game.events.slice(before),
    };
    this.steps.push(step);
    return ok(step);
  }

  /** What `viewer` is sent after an accepted step: the step, and what they see now. */
  updateFor(viewer: Viewer): MatchUpdate {
    const last = this.steps[this.steps.length - 1];
    return { version: this.version, steps: last === undefined ? [] : [last], view: this.view(viewer) };
  }

  /**
   * Everything `viewer` missed since version `since` (a reconnecting client's last version): the
   * steps after it and what they see now; undefined when `since` is not a version of this match
   * (the client then starts again from `updateFor`'s view).
   */
  since(viewer: Viewer, since: number): MatchUpdate | undefined {
    if (!Number.isInteger(since) || since < 0 || since > this.version) return undefined;
    return { version: this.version, steps: this.steps.slice(since), view: this.view(viewer) };
  }

  /**
   * What a board needs to show `viewer` now (client/adapters.ts): the last round, and for the player
   * to act their placements and figure targets with each feature's coverage.
   */
  hints(viewer: Viewer): DecisionHints {
    return decisionHints(this.game, viewer === 'spectator' || this.isOver ? -1 : viewer);
  }

  /** What `viewer` sees now (a spectator sees no hand; nobody sees the bag's order or the seed). */
  view(viewer: Viewer): GameView {
    return viewOf(this.game, viewer === 'spectator' ? -1 : viewer);
  }

  /**
   * Whether `player` may take back their last action: it is the last accepted one, the match is
   * still being played, it was theirs, and it revealed nothing (no tile drawn after it, no chance
   * event, no decision of another player in between).
   */
  mayUndo(player: Viewer): boolean {
    const last = this.steps[this.steps.length - 1];
    if (last === undefined || this.outcome !== undefined || this.game.isOver) return false;
    if (last.player !== player) return false;
    return !last.events.some((e) => REVEALING.has(e.type));
  }

  /** Takes back `player`'s last action (see `mayUndo`): the game is as it was before it. */
  undo(player: Viewer): Result<{ version: number }, MatchError> {
    if (!this.mayUndo(player)) {
      return this.fail('match/no-undo', `player ${String(player)} may not take back the last action now`);
    }
    const kept = this.steps.slice(0, -1);
    const g = createGame(this.config, this.registry);
    if (!g.ok) throw new Error(`invariant: the match's own configuration was refused: ${g.error.message}`);
    for (const s of kept) {
      const r = g.value.apply(s.action, s.player);
      if (!r.ok) throw new Error(`invariant: replaying an accepted action was refused: ${r.error.message}`);
    }
    this.game = g.value;
    this.steps = kept;
    return ok({ version: this.version });
  }

  /** `player` resigns (at ISO time `at`): the match ends; the others win. */
  resign(player: Viewer, at: string, reason = 'resigned'): Result<MatchResult, MatchError> {
    return this.end(player, 'resigned', at, reason);
  }

  /** `player` ran out of time (the server's clock says so, at `at`): the match ends; the others win. */
  timeout(player: Viewer, at: string): Result<MatchResult, MatchError> {
    return this.end(player, 'timeout', at, 'ran out of time');
  }

  /** The match is called off (a server shutting it down, everybody gone): nobody wins. */
  abort(at: string, reason: string): Result<MatchResult, MatchError> {
    if (this.isOver) return this.fail('match/over', 'the match is already over');
    this.outcome = { status: 'aborted', at, reason };
    return ok(this.result);
  }

  /** How the match stands or ended. */
  get result(): MatchResult {
    const scores = [...this.game.scores];
    const o = this.outcome;
    if (o === undefined) {
      const best = Math.max(...scores);
      const winners = this.game.isOver ? [...scores.keys()].filter((p) => scores[p] === best) : [];
      return { status: this.status, scores, winners };
    }
    const winners = o.status === 'aborted' ? [] : [...scores.keys()].filter((p) => p !== o.player);
    return { status: o.status, scores, winners, outcome: o };
  }

  /**
   * The match's full record (seed or scripted pile, every action, and how it ended): for the
   * authority, and for everyone once the match is over. While it is played, show players and
   * spectators views and steps instead; the record would reveal the order of the pile.
   */
  record(): GameRecord {
    const r = readRecord(this.recordFile(), this.registry);
    if (!r.ok) throw new Error(`invariant: the match's own record was refused: ${r.error.message}`);
    return r.value;
  }

  /**
   * The same record in its file form (docs/record-format.md): the JSON to save, download or hand
   * to `carcassonne replay`. The same rule applies: only the authority, or anyone once it is over.
   */
  recordFile(): Record<string, unknown> {
    const raw = makeRecord(this.config, this.steps, this.names, this.registry);
    if (this.outcome !== undefined) raw.outcome = this.outcome;
    return raw;
  }

  /** Whether the full record (with the seed) may be shown to anyone: only once the match is over. */
  get recordIsPublic(): boolean {
    return this.isOver;
  }

  private end(
    player: Viewer,
    status: 'resigned' | 'timeout',
    at: string,
    reason: string,
  ): Result<MatchResult, MatchError> {
    const refused = this.refuseActor(player);
    if (refused) return err(refused);
    this.outcome = { status, player: player as number, at, reason };
    return ok(this.result);
  }

  /** Why `player` may not act in this match at all, if so. */
  private refuseActor(player: Viewer): MatchError | undefined {
    const e = (code: MatchErrorCode, message: string): MatchError => ({
      code,
      message,
      version: this.version,
    });
    if (player === 'spectator') return e('match/spectator', 'a spectator cannot act');
    if (!Number.isInteger(player) || player < 0 || player >= this.players) {
      return e('match/not-a-seat', `no seat ${String(player)} in a match of ${this.players}`);
    }
    if (this.isOver) return e('match/over', `the match is over (${this.status})`);
    return undefined;
  }

  private fail<T>(code: MatchErrorCode, message: string): Result<T, MatchError> {
    return err({ code, message, version: this.version });
  }
}
