/**
 * The protocol's authority side over one `Match`, for whoever holds the game: the server's game
 * room and the browser's own table alike. It checks and applies an action, turns a refusal into
 * the protocol's error, remembers each seat's answers so a repeated message id gets its first
 * answer, and builds what each audience is sent: a welcome with the whole view, then one `step`
 * frame per action with the change to that audience's state (delta.ts, state.ts).
 *
 * An audience is whoever shares one copy of a view: a seat's sockets, the spectators, or the one
 * client of a hotseat table, which is shown the view of whichever seat is to act. The session
 * keeps the last state each audience was sent, the base of its next change; an audience that
 * leaves is forgotten (`forget`), and its next welcome starts it again.
 */
import type { Action, MatchError, MatchResult, MatchStatus, MatchStep, Match, Viewer } from '@carc/engine';
import type { JsonObject } from './delta.js';
import { diffObject, digest } from './delta.js';
import type { ClockInfo, PlayerInfo, ServerMessage, StepMessage } from './messages.js';
import type { GameStatus } from './messages.js';
import { asJson, packState } from './state.js';
import { packStep } from './step.js';

export type ErrorMessage = Extract<ServerMessage, { type: 'error' }>;
export type WelcomeMessage = Extract<ServerMessage, { type: 'welcome' }>;
export type Audience = Viewer | 'hotseat';

export interface SessionOptions {
  /** Client message ids remembered per seat (to answer repeats). */
  rememberedIds?: number;
  /** A welcome after `since` carries the missed steps when at most this many, else only the view. */
  maxResyncSteps?: number;
  /** Every this many versions, a `step` carries the digest of the state it leads to. */
  digestEvery?: number;
}

/** The protocol's refusal: a code, a sentence, and the client message id it answers. */
export function refusal(
  id: string | undefined,
  code: string,
  message: string,
  extra: Partial<Omit<ErrorMessage, 'type' | 'id' | 'code' | 'message'>> = {},
): ErrorMessage {
  return { type: 'error', ...(id === undefined ? {} : { id }), code, message, ...extra };
}

/** A match's refusal of an action (stale version, not your turn, a rule) as the protocol's error. */
export function matchRefusal(id: string | undefined, e: MatchError): ErrorMessage {
  const rule =
    e.rule === undefined
      ? {}
      : { rule: { code: e.rule.code, ...(e.rule.rule === undefined ? {} : { rule: e.rule.rule }) } };
  return refusal(id, e.code, e.message, { version: e.version, ...rule });
}

/** What an audience's frames say besides the match: the room's own facts. */
export interface RoomFacts {
  game: string;
  status: GameStatus;
  players: PlayerInfo[];
  clocks?: ClockInfo;
}

export class Session {
  /** Each seat's (or hotseat client's) answers by message id, oldest first (a spectator's are not kept). */
  private readonly answers = new Map<Audience, Map<string, ServerMessage>>();
  /** The last state each audience was sent. */
  private readonly bases = new Map<Audience, JsonObject>();
  private readonly rememberedIds: number;
  private readonly maxResyncSteps: number;
  private readonly digestEvery: number;
  private lastStep: { step: MatchStep; packed: StepMessage['step'] } | undefined;

  constructor(
    readonly match: Match,
    options: SessionOptions = {},
  ) {
    this.rememberedIds = options.rememberedIds ?? 256;
    this.maxResyncSteps = options.maxResyncSteps ?? 500;
    this.digestEvery = options.digestEvery ?? 16;
  }

  /** The answer seat `speaker` (or the hotseat client) was given to its message `id`, if remembered. */
  answered(speaker: Audience, id: string): ServerMessage | undefined {
    return this.answers.get(speaker)?.get(id);
  }

  /**
   * Remembers a seat's answer, the last `rememberedIds` per seat: what one seat (or a spectator,
   * whose answers are not kept) sends cannot push another seat's answers out.
   */
  remember(speaker: Audience, id: string, answer: ServerMessage): void {
    if (speaker === 'spectator') return;
    let answers = this.answers.get(speaker);
    if (answers === undefined) this.answers.set(speaker, (answers = new Map()));
    answers.delete(id);
    answers.set(id, answer);
    if (answers.size > this.rememberedIds) answers.delete(answers.keys().next().value as string);
  }

  /**
   * Checks and applies `action` of `viewer` based on `version`: the step, or the refusal to send.
   * A repeated id is not this method's business: look it up with `answered` first.
   */
  submit(
    viewer: Viewer,
    id: string | undefined,
    version: number,
    action: Action,
  ): { ok: true; step: MatchStep; result?: MatchResult } | { ok: false; error: ErrorMessage } {
    const r = this.match.submit(viewer, action, version);
    if (!r.ok) return { ok: false, error: matchRefusal(id, r.error) };
    return this.match.isOver
      ? { ok: true, step: r.value, result: this.match.result }
      : { ok: true, step: r.value };
  }

  /** The plain acknowledgement of message `id` at the current version (what a repeat is sent). */
  ack(id: string): ServerMessage {
    return { type: 'ack', id, version: this.match.version };
  }

  /**
   * The welcome for `audience`, shown the view of `viewer`: the whole view and hints, the steps
   * after `since` when few enough. The audience's next change starts from this state.
   */
  welcome(audience: Audience, viewer: Viewer, facts: RoomFacts, since?: number): WelcomeMessage {
    const m = this.match;
    const view = m.view(viewer);
    const hints = m.hints(viewer);
    this.bases.set(audience, asJson(packState(view, hints)));
    const msg: WelcomeMessage = {
      type: 'welcome',
      game: facts.game,
      seat: viewer === 'spectator' ? null : viewer,
      status: facts.status,
      version: m.version,
      players: facts.players,
      view,
      hints,
    };
    if (since !== undefined && m.version - since <= this.maxResyncSteps) {
      const missed = m.since(viewer, since);
      if (missed !== undefined) msg.steps = missed.steps;
    }
    if (m.isOver) msg.result = m.result;
    if (facts.clocks !== undefined) msg.clocks = facts.clocks;
    return msg;
  }

  /**
   * The frame for `audience` (shown the view of `viewer`) after `step`: how its state changed
   * since the last frame or welcome it was sent. Call it for every audience still listening at
   * every step, in order; `forget` one that left.
   */
  frame(
    audience: Audience,
    viewer: Viewer,
    step: MatchStep,
    extra: { status: MatchStatus; clocks?: ClockInfo; result?: MatchResult },
  ): StepMessage {
    const m = this.match;
    const state = asJson(packState(m.view(viewer), m.hints(viewer)));
    const before = this.bases.get(audience);
    this.bases.set(audience, state);
    const msg: StepMessage = { type: 'step', step: this.packed(step) };
    if (extra.status !== 'playing') msg.status = extra.status;
    // An audience never welcomed is sent its whole state as the change from nothing.
    const change = diffObject(before ?? {}, state);
    if (change !== undefined) msg.change = change;
    if (m.version % this.digestEvery === 0 || m.isOver) msg.digest = digest(state);
    if (extra.clocks !== undefined) msg.clocks = extra.clocks;
    if (extra.result !== undefined) msg.result = extra.result;
    return msg;
  }

  /** The step as sent, packed once for every audience. */
  private packed(step: MatchStep): StepMessage['step'] {
    if (this.lastStep?.step !== step) this.lastStep = { step, packed: packStep(step) };
    return this.lastStep.packed;
  }

  /** An audience left: nothing more is kept for it. */
  forget(audience: Audience): void {
    this.bases.delete(audience);
  }

  /** Whether `audience` has been welcomed and not forgotten. */
  follows(audience: Audience): boolean {
    return this.bases.has(audience);
  }
}
