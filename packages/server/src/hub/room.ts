/**
 * One game in memory: its stored row, its Match, the log of accepted actions, who listens, and a
 * queue in which its operations run one after the other. Every accepted change is committed to
 * the store **before** it is acknowledged or broadcast; a write the store refuses breaks the room
 * (it leaves memory and the game reloads from storage).
 */
import type { Action, GameConfig, MatchResult, Viewer } from '@carc/engine';
import { Match } from '@carc/engine';
import type { BotName } from '@carc/bots';
import type { ErrorMessage, PlayerInfo, RatedResult, ServerMessage } from '@carc/protocol';
import { Session, gameConfig } from '@carc/protocol';
import { tokenMatches } from '../ids.js';
import type { ActionRow, GamePatch, GameRow, SeatRow } from '../store/store.js';
import { afterAction, leftNow, startClocks } from './clock.js';
import * as frames from './frames.js';
import type { HubContext, HubResult, Listener, Logger, RevokeCode } from './types.js';
import { fail, ok } from './types.js';

/** What a game's end and its loading mean for its players' results and ratings (results.ts). */
export interface RoomResults {
  /** The game's end was just committed (stored after the current operation). */
  gameOver(room: GameRoom): void;
  /** The room entered memory. */
  loaded(room: GameRoom): Promise<void>;
  /** Seat `seat` was just taken. */
  seated(room: GameRoom, seat: number): Promise<void>;
}

/** What a room needs from around it. */
export interface RoomEnv extends HubContext {
  readonly maxResyncSteps: number;
  readonly rememberedIds: number;
  readonly takeoverLevel: BotName;
  /** Times the running clock of a game (clocks.ts): its expiry times the seat out. */
  readonly clocks: { arm(row: GameRow): void; disarm(id: string): void };
  /** The bot whose turn it is thinks (bots.ts). */
  wakeBot(room: GameRoom): void;
  /** Storage refused a write: the room's memory may be ahead of storage, so it leaves memory. */
  breakRoom(room: GameRoom, e: unknown): void;
  readonly results: RoomResults;
}

export class GameRoom {
  config?: GameConfig;
  match?: Match;
  /** The protocol's side of the match (answers, welcomes, step frames), once it started. */
  session?: Session;
  /** Every accepted action, in order (what a bot worker replays). */
  readonly log: { player: number; action: Action }[] = [];
  /** Who is sent this game's messages, by `process:listener`. */
  readonly listeners = new Map<string, Listener>();
  /** Open connections per seat. */
  readonly connected: number[];
  private queue: Promise<unknown> = Promise.resolve();
  touched: number;
  botThinking = false;
  /** Operations queued or running. */
  pending = 0;
  /** Set once the room left memory (storage refused a write, idle, lease lost): work goes to its successor. */
  broken = false;
  /** A rated game's seats' ratings as shown (PlayerInfo.rating), by seat. */
  ratings: PlayerInfo['rating'][] = [];
  /** A rated game that is over: how its ratings moved (sent in welcomes). */
  rated?: RatedResult;

  constructor(
    readonly row: GameRow,
    readonly env: RoomEnv,
  ) {
    this.connected = row.seats.map(() => 0);
    this.touched = env.now();
  }

  get id(): string {
    return this.row.id;
  }

  /** Runs `fn` after every operation queued before it. */
  enqueue<T>(fn: () => Promise<T> | T): Promise<T> {
    this.pending++;
    const run = this.queue.then(fn).finally(() => this.pending--);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Resolves when the operations queued so far are over. */
  settled(): Promise<unknown> {
    return this.queue;
  }

  /** The room's match from now on (started, or loaded from storage), and its protocol session. */
  adopt(match: Match, config: GameConfig): Session {
    this.match = match;
    this.config = config;
    this.session = new Session(match, {
      rememberedIds: this.env.rememberedIds,
      maxResyncSteps: this.env.maxResyncSteps,
    });
    return this.session;
  }

  seatOf(token: string): number | undefined {
    let found: number | undefined;
    this.row.seats.forEach((s, i) => {
      if (s.tokenHash !== undefined && tokenMatches(token, s.tokenHash)) found = i;
    });
    return found;
  }

  // ---------------------------------------------------------------- listeners

  /**
   * Attaches listener `key` as the seat `token` holds (a spectator without one) and welcomes it;
   * `listen` makes the listener for the viewer it turned out to be.
   */
  attach(
    token: string | undefined,
    since: number | undefined,
    key: string,
    listen: (viewer: Viewer, holder: string | undefined) => Listener,
  ): HubResult<null> {
    let viewer: Viewer = 'spectator';
    let holder: string | undefined;
    if (token !== undefined) {
      const seat = this.seatOf(token);
      if (seat === undefined) return fail('auth/bad-token', `that token holds no seat in game ${this.id}`);
      viewer = seat;
      holder = this.row.seats[seat]!.tokenHash;
    }
    this.detach(key, false);
    const l = listen(viewer, holder);
    this.listeners.set(key, l);
    if (typeof viewer === 'number') this.connected[viewer] = (this.connected[viewer] ?? 0) + 1;
    l.send(frames.welcome(this, viewer, since));
    if (typeof viewer === 'number') frames.broadcastPresence(this);
    return ok(null);
  }

  detach(key: string, announce = true): null {
    const l = this.listeners.get(key);
    if (l === undefined) return null;
    this.listeners.delete(key);
    this.touched = this.env.now();
    this.forgetIfGone(l.viewer);
    if (typeof l.viewer === 'number') {
      this.connected[l.viewer] = Math.max(0, (this.connected[l.viewer] ?? 0) - 1);
      if (announce) frames.broadcastPresence(this);
    }
    return null;
  }

  /**
   * The listener `key` if it may still act for its viewer: a seat's listener only while the seat's
   * token is the one it attached with. One that lost its seat is cut off (and told).
   */
  authorised(key: string): HubResult<Listener> {
    const l = this.listeners.get(key);
    if (l === undefined)
      return fail('session/detached', 'this session is not attached to the game; reconnect');
    if (typeof l.viewer !== 'number' || this.row.seats[l.viewer]?.tokenHash === l.holder) return ok(l);
    const message = `seat ${l.viewer} is no longer yours: its token is no longer valid`;
    this.detach(key);
    l.revoke('seat/revoked', message);
    return fail('seat/revoked', message);
  }

  /** Seat `seat` changed hands: every connection holding it is cut at once, wherever its socket is. */
  revokeSeat(seat: number, code: RevokeCode, message: string): void {
    for (const [key, l] of [...this.listeners]) {
      if (l.viewer !== seat) continue;
      this.listeners.delete(key);
      l.revoke(code, message);
    }
    this.connected[seat] = 0;
    this.forgetIfGone(seat);
  }

  /** Nobody shows `viewer`'s view any more: its session keeps nothing for it. */
  private forgetIfGone(viewer: Viewer): void {
    for (const l of this.listeners.values()) if (l.viewer === viewer) return;
    this.session?.forget(viewer);
  }

  // ---------------------------------------------------------------- the game itself

  /**
   * Plays the action of listener `actor` (inside the queue): refused, it is told why; accepted, its
   * ack comes in its step frame. A repeated client message id gets its first answer.
   */
  async submit(actor: Listener, clientId: string, version: number, action: Action): Promise<void> {
    const known = this.session?.answered(actor.viewer, clientId);
    if (known !== undefined) return actor.send(known);
    const refused = await this.play(actor.viewer, { listener: actor, id: clientId }, version, action);
    if (refused === undefined) return;
    if (refused.code !== 'server/storage') this.session?.remember(actor.viewer, clientId, refused);
    actor.send(refused);
  }

  /**
   * Plays one action for `viewer`, a client's (`by`: its listener and message id) or a bot's:
   * undefined once stored and sent to every listener, else why it was refused.
   */
  async play(
    viewer: Viewer,
    by: { listener: Listener; id: string } | undefined,
    version: number,
    action: Action,
  ): Promise<ErrorMessage | undefined> {
    const clientId = by?.id;
    const m = this.match;
    const session = this.session;
    if (m === undefined || session === undefined) {
      return frames.refusal(clientId, 'match/not-started', 'the game waits for players');
    }
    if (clientId !== undefined && typeof viewer === 'number' && this.row.seats[viewer]?.kind === 'bot') {
      const message = 'your time ran out and a bot plays your seat now';
      return frames.refusal(clientId, 'seat/taken-over', message, { version: m.version });
    }
    const now = this.env.now();
    const c = this.row.clocks;
    if (typeof viewer === 'number' && c?.running === viewer && leftNow(c, now) <= 0) {
      await this.timeOut();
      return frames.refusal(clientId, 'clock/timeout', 'your time ran out', { version: m.version });
    }
    const r = session.submit(viewer, clientId, version, action);
    if (!r.ok) return r.error;
    const step = r.step;
    const player = viewer as number;
    const result = m.isOver ? m.result : undefined;
    const patch = this.patchAfter(m, player, result, now);
    const entry: ActionRow = {
      seq: step.version,
      player,
      action,
      at: now,
      ...(clientId === undefined ? {} : { clientId }),
    };
    try {
      await this.env.store.appendAction(this.id, entry, patch);
    } catch (e) {
      this.env.breakRoom(this, e);
      return frames.refusal(clientId, 'server/storage', 'the action could not be stored; nothing changed');
    }
    Object.assign(this.row, patch);
    this.log.push({ player, action });
    this.env.metrics?.actionsAccepted.inc();
    if (by !== undefined) session.remember(viewer, by.id, session.ack(by.id));
    frames.broadcastStep(this, step, result, by);
    if (result !== undefined) this.env.results.gameOver(this);
    this.afterChange();
    return undefined;
  }

  /** The row's change once `player` acted at `now`: version, who acts next, the clocks, the result. */
  private patchAfter(m: Match, player: number, result: MatchResult | undefined, now: number): GamePatch {
    const next = m.isOver ? -1 : m.toAct;
    const patch: GamePatch = { version: m.version, toAct: next };
    const clock = this.row.settings.clock;
    const c = this.row.clocks;
    if (clock !== undefined && c !== undefined) {
      patch.clocks = afterAction(c, clock, player, this.clockSeat(next), now);
    }
    if (result !== undefined) {
      patch.status = result.status;
      patch.scores = result.scores;
    }
    return patch;
  }

  /** The player of listener `l` resigns (inside the queue); a repeated id gets its first answer. */
  async resign(l: Listener, clientId: string): Promise<void> {
    const known = this.session?.answered(l.viewer, clientId);
    if (known !== undefined) return l.send(known);
    const reply = (answer: ServerMessage) => {
      this.session?.remember(l.viewer, clientId, answer);
      l.send(answer);
    };
    const m = this.match;
    if (m === undefined)
      return reply(frames.refusal(clientId, 'match/not-started', 'the game has not started'));
    const r = m.resign(l.viewer, new Date(this.env.now()).toISOString());
    if (!r.ok) return reply(frames.refusal(clientId, r.error.code, r.error.message, { version: m.version }));
    if (!(await this.commitEnd(r.value))) {
      return l.send(frames.refusal(clientId, 'server/storage', 'the resignation could not be stored'));
    }
    reply({ type: 'ack', id: clientId, version: m.version });
  }

  /** Starts the match of a game whose seats are all taken (inside the queue). */
  async start(): Promise<void> {
    const built = buildMatch(this.row, this.env.log);
    if (built === undefined) return;
    const { match, config } = built;
    const patch: GamePatch = { status: 'playing', toAct: match.toAct };
    const clock = this.row.settings.clock;
    if (clock !== undefined) {
      const running = this.clockSeat(match.toAct);
      patch.clocks = startClocks(clock, this.row.seats.length, running, this.env.now());
    }
    await this.env.store.updateGame(this.id, patch, 0);
    Object.assign(this.row, patch);
    this.adopt(match, config);
    frames.welcomeAll(this);
    this.afterChange();
  }

  /** The running clock ran out (inside the queue): the seat forfeits, or a bot takes it over. */
  async timeOut(): Promise<void> {
    const m = this.match;
    const c = this.row.clocks;
    const clock = this.row.settings.clock;
    if (m === undefined || c === undefined || clock === undefined || m.isOver || c.running < 0) return;
    const now = this.env.now();
    if (leftNow(c, now) > 0) return this.env.clocks.arm(this.row);
    const seat = c.running;
    const remainingMs = c.remainingMs.map((ms, i) => (i === seat ? 0 : ms));
    if (clock.onTimeout === 'forfeit') {
      const r = m.timeout(seat, new Date(now).toISOString());
      if (!r.ok) return;
      this.row.clocks = { remainingMs, running: -1, since: now };
      await this.commitEnd(r.value);
      return;
    }
    const seats = this.row.seats.map((s, i): SeatRow =>
      i === seat ? { ...s, kind: 'bot', level: this.env.takeoverLevel, takenOver: true } : s,
    );
    const clocks = { remainingMs, running: -1, since: now };
    try {
      await this.env.store.updateGame(this.id, { seats, clocks }, this.row.version);
    } catch (e) {
      return this.env.breakRoom(this, e);
    }
    this.row.seats = seats;
    this.row.clocks = clocks;
    this.revokeSeat(seat, 'seat/taken-over', 'your time ran out and a bot plays your seat now');
    this.env.log.info(
      { event: 'seat-taken-over', game: this.id, seat },
      'time ran out: a bot plays the seat',
    );
    frames.broadcastPresence(this);
    this.afterChange();
  }

  /** Stores and announces a match that ended by resignation, timeout or abort. */
  async commitEnd(result: MatchResult): Promise<boolean> {
    const m = this.match!;
    const patch: GamePatch = { status: result.status, toAct: -1, scores: result.scores };
    if (result.outcome !== undefined) patch.outcome = result.outcome;
    if (this.row.clocks !== undefined)
      patch.clocks = { ...this.row.clocks, running: -1, since: this.env.now() };
    try {
      await this.env.store.updateGame(this.id, patch, m.version);
    } catch (e) {
      this.env.breakRoom(this, e);
      return false;
    }
    Object.assign(this.row, patch);
    this.env.clocks.disarm(this.id);
    frames.broadcastEnd(this, m.version, result);
    this.env.results.gameOver(this);
    return true;
  }

  /** After any change: re-arm the clock, wake the bot to act. */
  afterChange(): void {
    const c = this.row.clocks;
    if (c !== undefined && c.running >= 0 && this.row.status === 'playing') this.env.clocks.arm(this.row);
    else this.env.clocks.disarm(this.id);
    if (this.row.status === 'playing' && this.row.seats[this.row.toAct]?.kind === 'bot')
      this.env.wakeBot(this);
  }

  /** The seat whose clock runs when `seat` is to act: its own if human and the game has clocks. */
  private clockSeat(seat: number): number {
    return seat >= 0 && this.row.seats[seat]?.kind === 'human' ? seat : -1;
  }
}

/** The Match of a stored game, before any action; undefined (and logged) if its settings are refused. */
export function buildMatch(row: GameRow, log: Logger): { match: Match; config: GameConfig } | undefined {
  const config = gameConfig(row.settings, row.seed);
  if (!config.ok) {
    log.error({ game: row.id, error: config.error }, 'stored settings refused');
    return undefined;
  }
  const match = Match.create(
    config.value,
    row.seats.map((s) => s.name),
  );
  if (!match.ok) {
    log.error({ game: row.id, error: match.error }, 'stored settings refused');
    return undefined;
  }
  return { match: match.value, config: config.value };
}
