/**
 * The hub: the server's transport-free core. It holds the live games (`Table`: a `Match`, its seats,
 * clocks and listeners), runs the lobby (create, join, leave, rematch, list, record), and takes
 * actions from sessions: each accepted action is committed to the store **before** it is
 * acknowledged or broadcast, and every listener is sent only what its viewer may see.
 *
 * Operations on one game run one after the other (a promise queue per table); games are loaded
 * from storage on demand (the log replayed through a new Match) and leave memory when nobody has
 * touched them for a while, so memory follows live games. HTTP and WebSocket are thin transports
 * over this (http/).
 */
import type { Action, GameConfig, MatchResult, MatchStep, Viewer } from '@carc/engine';
import { Match, randomSeed } from '@carc/engine';
import type { BotName } from '@carc/bots';
import { isBotName } from '@carc/bots';
import { hashToken, newGameId, newToken, tokenMatches } from '../ids.js';
import type { ClockInfo, PlayerInfo, ServerMessage } from '../protocol.js';
import type { GameSettings } from '../settings.js';
import { gameConfig } from '../settings.js';
import type { BotRunner } from '../bots/pool.js';
import type {
  ActionRow,
  GameListing,
  GamePatch,
  GameRow,
  GameStatus,
  SeatRow,
  Store,
} from '../store/store.js';
import { listing } from '../store/store.js';
import { afterAction, clocksAt, leftNow, startClocks } from './clock.js';

export type HubErrorCode =
  | 'lobby/no-game'
  | 'lobby/invalid-settings'
  | 'lobby/no-free-seat'
  | 'lobby/seat-taken'
  | 'lobby/started'
  | 'lobby/not-over'
  | 'lobby/not-a-seat'
  | 'auth/bad-token'
  | 'record/not-public'
  | 'match/not-started'
  | 'server/storage'
  | 'server/busy';

export interface HubError {
  code: HubErrorCode;
  message: string;
  /** Where in the request, for a refused field. */
  path?: string;
}

export type HubResult<T> = { ok: true; value: T } | { ok: false; error: HubError };
const ok = <T>(value: T): HubResult<T> => ({ ok: true, value });
const fail = <T>(code: HubErrorCode, message: string, path?: string): HubResult<T> => ({
  ok: false,
  error: { code, message, ...(path === undefined ? {} : { path }) },
});

/** Where messages for one viewer go (a socket, in the WebSocket transport). */
export interface Listener {
  readonly viewer: Viewer;
  send(message: ServerMessage): void;
}

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface HubOptions {
  store: Store;
  bots: BotRunner;
  /** Thinking time per bot decision (ms). */
  botBudgetMs?: number;
  /** A game nobody listens to leaves memory after this long untouched (ms). */
  idleMs?: number;
  /** Reconnection sends the missed steps when at most this many, else only the view. */
  maxResyncSteps?: number;
  /** Client message ids remembered per game (to answer repeats). */
  rememberedIds?: number;
  /** The level of the bot that takes over a seat whose time ran out. */
  takeoverLevel?: BotName;
  now?: () => number;
  log?: Logger;
}

interface Table {
  row: GameRow;
  config?: GameConfig;
  match?: Match;
  /** Every accepted action, in order (what a bot worker replays). */
  log: { player: number; action: Action }[];
  listeners: Set<Listener>;
  /** Open connections per seat. */
  connected: number[];
  /** Answers to client message ids, by `seat:id`, oldest first. */
  answers: Map<string, ServerMessage>;
  queue: Promise<unknown>;
  touched: number;
  botThinking: boolean;
  /** Set when storage refused a write: the table is dropped and reloaded from storage. */
  broken: boolean;
}

const SILENT: Logger = { info() {}, warn() {}, error() {} };

export class Hub {
  private readonly store: Store;
  private readonly bots: BotRunner;
  private readonly botBudgetMs: number;
  private readonly idleMs: number;
  private readonly maxResyncSteps: number;
  private readonly rememberedIds: number;
  private readonly takeoverLevel: BotName;
  private readonly now: () => number;
  private readonly log: Logger;
  private readonly tables = new Map<string, Table>();
  private readonly loading = new Map<string, Promise<Table | undefined>>();
  private readonly clockTimers = new Map<string, NodeJS.Timeout>();
  private sweeper: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(options: HubOptions) {
    this.store = options.store;
    this.bots = options.bots;
    this.botBudgetMs = options.botBudgetMs ?? 1_000;
    this.idleMs = options.idleMs ?? 10 * 60_000;
    this.maxResyncSteps = options.maxResyncSteps ?? 500;
    this.rememberedIds = options.rememberedIds ?? 256;
    this.takeoverLevel = options.takeoverLevel ?? 'greedy';
    this.now = options.now ?? Date.now;
    this.log = options.log ?? SILENT;
  }

  /** Re-arms the clocks of every game being played and wakes the bots whose turn it is (after a restart). */
  async start(): Promise<void> {
    for (const row of await this.store.playingGames()) {
      if (row.clocks !== undefined && row.clocks.running >= 0) this.armClock(row);
      if (row.toAct >= 0 && row.seats[row.toAct]?.kind === 'bot') {
        const t = await this.table(row.id);
        if (t !== undefined) this.enqueue(t, async () => this.wakeBot(t));
      }
    }
    this.sweeper = setInterval(() => this.sweep(), Math.max(1_000, this.idleMs / 2));
    this.sweeper.unref();
  }

  /** Live games in memory (for the health check and the benchmarks). */
  get liveGames(): number {
    return this.tables.size;
  }

  // ---------------------------------------------------------------- lobby

  async createGame(
    settings: GameSettings,
    join?: { name: string },
  ): Promise<HubResult<{ id: string; seat?: number; token?: string }>> {
    const seed = randomSeed();
    const config = gameConfig(settings, seed);
    if (!config.ok) return fail(config.error.code, config.error.message, config.error.path);
    const probe = Match.create(config.value);
    if (!probe.ok) return fail('lobby/invalid-settings', probe.error.message, probe.error.path);
    const now = this.now();
    const row: GameRow = {
      id: newGameId(),
      createdAt: now,
      updatedAt: now,
      status: 'open',
      settings,
      seed,
      seats: settings.seats.map((s): SeatRow =>
        s.kind === 'bot'
          ? { kind: 'bot', level: s.level, name: botName(s.level) }
          : { kind: 'human', name: '' },
      ),
      version: 0,
      toAct: -1,
    };
    await this.store.createGame(row);
    if (join === undefined) {
      if (row.seats.every((s) => s.kind === 'bot')) {
        const t = await this.table(row.id);
        if (t !== undefined) await this.enqueue(t, () => this.startMatch(t));
      }
      return ok({ id: row.id });
    }
    const joined = await this.join(row.id, join.name);
    if (!joined.ok) return joined;
    return ok({ id: row.id, ...joined.value });
  }

  async join(id: string, name: string, seat?: number): Promise<HubResult<{ seat: number; token: string }>> {
    const t = await this.table(id);
    if (t === undefined) return fail('lobby/no-game', `no game ${id}`);
    return this.enqueue(t, async () => {
      if (t.row.status !== 'open') return fail('lobby/started', `game ${id} has started`);
      const free = t.row.seats.findIndex((s) => s.kind === 'human' && s.tokenHash === undefined);
      const chosen = seat ?? free;
      const s = t.row.seats[chosen];
      if (seat !== undefined && s === undefined)
        return fail('lobby/not-a-seat', `no seat ${seat} in game ${id}`, 'seat');
      if (s === undefined) return fail('lobby/no-free-seat', `game ${id} has no free seat`);
      if (s.kind !== 'human' || s.tokenHash !== undefined) {
        return fail('lobby/seat-taken', `seat ${chosen} of game ${id} is taken`, 'seat');
      }
      const token = newToken();
      const seats = t.row.seats.map((x, i) =>
        i === chosen ? { ...x, name, tokenHash: hashToken(token) } : x,
      );
      await this.store.updateGame(id, { seats }, t.row.version);
      t.row.seats = seats;
      if (seats.every((x) => x.kind === 'bot' || x.tokenHash !== undefined)) await this.startMatch(t);
      else this.broadcastPresence(t);
      return ok({ seat: chosen, token });
    });
  }

  /** Gives a seat of a game that has not started back. */
  async leave(id: string, token: string): Promise<HubResult<{ seat: number }>> {
    const t = await this.table(id);
    if (t === undefined) return fail('lobby/no-game', `no game ${id}`);
    return this.enqueue(t, async () => {
      const seat = this.seatOf(t, token);
      if (seat === undefined) return fail('auth/bad-token', `that token holds no seat in game ${id}`);
      if (t.row.status !== 'open') return fail('lobby/started', `game ${id} has started: resign instead`);
      const seats = t.row.seats.map((x, i): SeatRow => (i === seat ? { kind: 'human', name: '' } : x));
      await this.store.updateGame(id, { seats }, t.row.version);
      t.row.seats = seats;
      this.broadcastPresence(t);
      return ok({ seat });
    });
  }

  async list(status: 'open' | 'playing' | 'over', limit: number): Promise<GameListing[]> {
    const statuses: GameStatus[] =
      status === 'over' ? ['finished', 'resigned', 'timeout', 'aborted'] : [status];
    return this.store.listGames(statuses, limit);
  }

  /** A game as the lobby shows it, with who is connected. */
  async summary(id: string): Promise<HubResult<GameListing & { players: PlayerInfo[]; rematch?: string }>> {
    const t = this.tables.get(id);
    const row = t?.row ?? (await this.store.getGame(id));
    if (row === undefined) return fail('lobby/no-game', `no game ${id}`);
    const players =
      t !== undefined ? this.players(t) : this.players({ row, connected: row.seats.map(() => 0) });
    return ok({ ...listing(row), players, ...(row.rematch === undefined ? {} : { rematch: row.rematch }) });
  }

  /** The full record (seed and every action) of a game that is over; refused while it is played. */
  async record(id: string): Promise<HubResult<unknown>> {
    const t = await this.table(id);
    if (t === undefined) return fail('lobby/no-game', `no game ${id}`);
    return this.enqueue(t, async () => {
      if (t.match === undefined || !t.match.recordIsPublic) {
        return fail('record/not-public', `game ${id} is not over: its record would show the pile`);
      }
      return ok(t.match.recordFile());
    });
  }

  /**
   * A new game with the same settings, seats shifted by one (another player starts); the asking
   * player takes the seat that keeps their turn order and their name. Asked again, the same game.
   */
  async rematch(
    id: string,
    token: string,
  ): Promise<HubResult<{ id: string; seat?: number; token?: string }>> {
    const t = await this.table(id);
    if (t === undefined) return fail('lobby/no-game', `no game ${id}`);
    return this.enqueue(t, async () => {
      const seat = this.seatOf(t, token);
      if (seat === undefined) return fail('auth/bad-token', `that token holds no seat in game ${id}`);
      if (t.match === undefined || !t.match.isOver) return fail('lobby/not-over', `game ${id} is not over`);
      const n = t.row.seats.length;
      const name = t.row.seats[seat]!.name;
      let target = t.row.rematch;
      if (target === undefined) {
        const settings: GameSettings = {
          ...t.row.settings,
          seats: t.row.settings.seats.map((_, i) => t.row.settings.seats[(i + 1) % n]!),
        };
        const created = await this.createGame(settings);
        if (!created.ok) return created;
        target = created.value.id;
        await this.store.updateGame(id, { rematch: target }, t.row.version);
        t.row.rematch = target;
        for (const l of t.listeners) l.send({ type: 'rematch', game: target });
      }
      const wanted = (seat - 1 + n) % n;
      const joined = await this.join(target, name, wanted);
      if (!joined.ok) {
        if (joined.error.code !== 'lobby/seat-taken') return joined;
        return ok({ id: target });
      }
      return ok({ id: target, ...joined.value });
    });
  }

  // ---------------------------------------------------------------- sessions

  /**
   * Opens a session on a game: as the seat `token` holds, or as a spectator without one. The
   * listener is sent a `welcome` (the view, and the steps after `since` when given and few enough),
   * then every later message for its viewer.
   */
  async connect(
    id: string,
    token: string | undefined,
    since: number | undefined,
    listener: (viewer: Viewer) => Listener,
  ): Promise<HubResult<Session>> {
    const t = await this.table(id);
    if (t === undefined) return fail('lobby/no-game', `no game ${id}`);
    return this.enqueue(t, async () => {
      let viewer: Viewer = 'spectator';
      if (token !== undefined) {
        const seat = this.seatOf(t, token);
        if (seat === undefined) return fail('auth/bad-token', `that token holds no seat in game ${id}`);
        viewer = seat;
      }
      const l = listener(viewer);
      t.listeners.add(l);
      t.touched = this.now();
      if (typeof viewer === 'number') t.connected[viewer] = (t.connected[viewer] ?? 0) + 1;
      l.send(this.welcome(t, viewer, since));
      if (typeof viewer === 'number') this.broadcastPresence(t);
      return ok(new Session(this, id, l));
    });
  }

  /** @internal Session → hub: an action from the session's seat. */
  async act(id: string, l: Listener, clientId: string, version: number, action: Action): Promise<void> {
    const t = await this.table(id);
    if (t === undefined)
      return l.send({ type: 'error', id: clientId, code: 'lobby/no-game', message: `no game ${id}` });
    await this.enqueue(t, async () => {
      t.touched = this.now();
      await this.submit(t, l.viewer, clientId, version, action, (answer) => l.send(answer));
    });
  }

  /** @internal Session → hub: the session's player resigns. */
  async resign(id: string, l: Listener, clientId: string): Promise<void> {
    const t = await this.table(id);
    if (t === undefined)
      return l.send({ type: 'error', id: clientId, code: 'lobby/no-game', message: `no game ${id}` });
    await this.enqueue(t, async () => {
      const m = t.match;
      if (m === undefined) {
        return l.send({
          type: 'error',
          id: clientId,
          code: 'match/not-started',
          message: 'the game has not started',
        });
      }
      const r = m.resign(l.viewer, new Date(this.now()).toISOString());
      if (!r.ok)
        return l.send({
          type: 'error',
          id: clientId,
          code: r.error.code,
          message: r.error.message,
          version: m.version,
        });
      if (!(await this.commitEnd(t, r.value))) {
        return l.send({
          type: 'error',
          id: clientId,
          code: 'server/storage',
          message: 'the resignation could not be stored',
        });
      }
      l.send({ type: 'ack', id: clientId, version: m.version });
    });
  }

  /** @internal Session → hub: the listener is gone. */
  disconnect(id: string, l: Listener): void {
    const t = this.tables.get(id);
    if (t === undefined || !t.listeners.delete(l)) return;
    t.touched = this.now();
    if (typeof l.viewer === 'number') {
      t.connected[l.viewer] = Math.max(0, (t.connected[l.viewer] ?? 0) - 1);
      this.broadcastPresence(t);
    }
  }

  /** Waits for pending work, stops timers; listeners are the transport's to close. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
    for (const timer of this.clockTimers.values()) clearTimeout(timer);
    this.clockTimers.clear();
    await Promise.allSettled([...this.tables.values()].map((t) => t.queue));
  }

  // ---------------------------------------------------------------- the game itself

  /**
   * Plays one action for `viewer` in table `t` (inside its queue). The submitter's answer goes to
   * `reply` (before the update is broadcast); a repeated client message id gets its first answer.
   */
  private async submit(
    t: Table,
    viewer: Viewer,
    clientId: string | undefined,
    version: number,
    action: Action,
    reply: (answer: ServerMessage) => void,
  ): Promise<void> {
    if (clientId === undefined) return this.play(t, viewer, undefined, version, action, reply);
    const key = `${String(viewer)}:${clientId}`;
    const known = t.answers.get(key);
    if (known !== undefined) return reply(known);
    return this.play(t, viewer, clientId, version, action, (answer) => {
      if (answer.type !== 'error' || answer.code !== 'server/storage') this.remember(t, key, answer);
      reply(answer);
    });
  }

  private async play(
    t: Table,
    viewer: Viewer,
    clientId: string | undefined,
    version: number,
    action: Action,
    reply: (answer: ServerMessage) => void,
  ): Promise<void> {
    const refuse = (
      code: string,
      message: string,
      extra: Partial<Extract<ServerMessage, { type: 'error' }>> = {},
    ) =>
      reply({ type: 'error', ...(clientId === undefined ? {} : { id: clientId }), code, message, ...extra });
    const m = t.match;
    if (m === undefined) return refuse('match/not-started', 'the game waits for players');
    const now = this.now();
    if (typeof viewer === 'number' && t.row.clocks?.running === viewer && leftNow(t.row.clocks, now) <= 0) {
      await this.timeOut(t);
      return refuse('clock/timeout', 'your time ran out', { version: m.version });
    }
    const r = m.submit(viewer, action, version);
    if (!r.ok) {
      const e = r.error;
      const rule =
        e.rule === undefined
          ? {}
          : { rule: { code: e.rule.code, ...(e.rule.rule === undefined ? {} : { rule: e.rule.rule }) } };
      return refuse(e.code, e.message, { version: e.version, ...rule });
    }
    const step = r.value;
    const player = viewer as number;
    const result = m.isOver ? m.result : undefined;
    const next = m.isOver ? -1 : m.toAct;
    const patch: GamePatch = { version: m.version, toAct: next };
    const clock = t.row.settings.clock;
    if (clock !== undefined && t.row.clocks !== undefined) {
      patch.clocks = afterAction(t.row.clocks, clock, player, this.clockSeat(t, next), now);
    }
    if (result !== undefined) {
      patch.status = result.status;
      patch.scores = result.scores;
    }
    const entry: ActionRow = {
      seq: step.version,
      player,
      action,
      at: now,
      ...(clientId === undefined ? {} : { clientId }),
    };
    try {
      await this.store.appendAction(t.row.id, entry, patch);
    } catch (e) {
      this.breakTable(t, e);
      return refuse('server/storage', 'the action could not be stored; nothing changed');
    }
    Object.assign(t.row, patch);
    t.log.push({ player, action });
    reply({ type: 'ack', id: clientId ?? '', version: m.version });
    this.broadcastStep(t, step, result);
    this.afterChange(t);
  }

  private remember(t: Table, key: string, answer: ServerMessage): void {
    t.answers.delete(key);
    t.answers.set(key, answer);
    if (t.answers.size > this.rememberedIds) t.answers.delete(t.answers.keys().next().value as string);
  }

  /** After any change: re-arm the clock, wake the bot to act. */
  private afterChange(t: Table): void {
    const c = t.row.clocks;
    if (c !== undefined && c.running >= 0 && t.row.status === 'playing') this.armClock(t.row);
    else this.disarmClock(t.row.id);
    if (t.row.status === 'playing' && t.row.seats[t.row.toAct]?.kind === 'bot') this.wakeBot(t);
  }

  /** The seat whose clock runs when `seat` is to act: its own if human and the game has clocks. */
  private clockSeat(t: Table, seat: number): number {
    return seat >= 0 && t.row.seats[seat]?.kind === 'human' ? seat : -1;
  }

  private wakeBot(t: Table): void {
    const m = t.match;
    if (m === undefined || t.botThinking || this.closed || m.isOver) return;
    const player = m.toAct;
    const seat = t.row.seats[player];
    if (seat?.kind !== 'bot' || t.config === undefined) return;
    const level: BotName = seat.level !== undefined && isBotName(seat.level) ? seat.level : 'greedy';
    const version = m.version;
    t.botThinking = true;
    this.bots
      .decide({
        game: t.row.id,
        config: t.config,
        log: t.log,
        player,
        level,
        budgetMs: this.botBudgetMs,
        seed: (Math.random() * 2 ** 32) >>> 0,
      })
      .catch((e: unknown) => {
        // A bot that fails still moves: the first legal action, so the game never stalls.
        this.log.error({ game: t.row.id, err: String(e) }, 'bot failed; playing its first legal action');
        const first = m.view(player).legalActions?.[0];
        if (first === undefined) throw e;
        return first;
      })
      .then((action) =>
        this.enqueue(t, async () => {
          t.botThinking = false;
          if (t.broken || m !== t.match || m.version !== version) return;
          await this.play(t, player, undefined, version, action, (answer) => {
            if (answer.type === 'error') this.log.error({ game: t.row.id, answer }, 'bot action refused');
          });
        }),
      )
      .catch((e: unknown) => {
        t.botThinking = false;
        this.log.error({ game: t.row.id, err: String(e) }, 'bot could not move');
      });
  }

  /** Starts the match of a game whose seats are all taken (inside its queue). */
  private async startMatch(t: Table): Promise<void> {
    const built = this.buildMatch(t.row);
    if (built === undefined) return;
    const { match, config } = built;
    const patch: GamePatch = { status: 'playing', toAct: match.toAct };
    const clock = t.row.settings.clock;
    if (clock !== undefined) {
      patch.clocks = startClocks(clock, t.row.seats.length, this.clockSeat(t, match.toAct), this.now());
    }
    await this.store.updateGame(t.row.id, patch, 0);
    Object.assign(t.row, patch);
    t.match = match;
    t.config = config;
    for (const l of t.listeners) l.send(this.welcome(t, l.viewer, undefined));
    this.afterChange(t);
  }

  private buildMatch(row: GameRow): { match: Match; config: GameConfig } | undefined {
    const config = gameConfig(row.settings, row.seed);
    if (!config.ok) {
      this.log.error({ game: row.id, error: config.error }, 'stored settings refused');
      return undefined;
    }
    const match = Match.create(
      config.value,
      row.seats.map((s) => s.name),
    );
    if (!match.ok) {
      this.log.error({ game: row.id, error: match.error }, 'stored settings refused');
      return undefined;
    }
    return { match: match.value, config: config.value };
  }

  private async timeOut(t: Table): Promise<void> {
    const m = t.match;
    const c = t.row.clocks;
    const clock = t.row.settings.clock;
    if (m === undefined || c === undefined || clock === undefined || m.isOver || c.running < 0) return;
    const now = this.now();
    if (leftNow(c, now) > 0) return this.armClock(t.row);
    const seat = c.running;
    const remainingMs = c.remainingMs.map((ms, i) => (i === seat ? 0 : ms));
    if (clock.onTimeout === 'forfeit') {
      const r = m.timeout(seat, new Date(now).toISOString());
      if (!r.ok) return;
      t.row.clocks = { remainingMs, running: -1, since: now };
      await this.commitEnd(t, r.value);
      return;
    }
    const seats = t.row.seats.map((s, i): SeatRow =>
      i === seat ? { ...s, kind: 'bot', level: this.takeoverLevel, takenOver: true } : s,
    );
    const clocks = { remainingMs, running: -1, since: now };
    try {
      await this.store.updateGame(t.row.id, { seats, clocks }, t.row.version);
    } catch (e) {
      return this.breakTable(t, e);
    }
    t.row.seats = seats;
    t.row.clocks = clocks;
    this.broadcastPresence(t);
    this.afterChange(t);
  }

  /** Stores and announces a match that ended by resignation, timeout or abort. */
  private async commitEnd(t: Table, result: MatchResult): Promise<boolean> {
    const m = t.match!;
    const patch: GamePatch = { status: result.status, toAct: -1, scores: result.scores };
    if (result.outcome !== undefined) patch.outcome = result.outcome;
    if (t.row.clocks !== undefined) patch.clocks = { ...t.row.clocks, running: -1, since: this.now() };
    try {
      await this.store.updateGame(t.row.id, patch, m.version);
    } catch (e) {
      this.breakTable(t, e);
      return false;
    }
    Object.assign(t.row, patch);
    this.disarmClock(t.row.id);
    for (const l of t.listeners) l.send({ type: 'ended', version: m.version, status: result.status, result });
    return true;
  }

  // ---------------------------------------------------------------- clocks

  private armClock(row: GameRow): void {
    this.disarmClock(row.id);
    if (this.closed || row.clocks === undefined) return;
    const wait = Math.max(0, leftNow(row.clocks, this.now()));
    const timer = setTimeout(
      () => {
        this.clockTimers.delete(row.id);
        void this.table(row.id).then(async (t) => {
          if (t !== undefined) await this.enqueue(t, () => this.timeOut(t));
        });
      },
      Math.min(wait + 5, 2 ** 31 - 1),
    );
    timer.unref();
    this.clockTimers.set(row.id, timer);
  }

  private disarmClock(id: string): void {
    const timer = this.clockTimers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.clockTimers.delete(id);
  }

  // ---------------------------------------------------------------- what viewers are sent

  private welcome(t: Table, viewer: Viewer, since: number | undefined): ServerMessage {
    const m = t.match;
    const msg: ServerMessage = {
      type: 'welcome',
      game: t.row.id,
      seat: viewer === 'spectator' ? null : viewer,
      status: t.row.status,
      version: m?.version ?? 0,
      players: this.players(t),
    };
    if (m !== undefined) {
      msg.view = m.view(viewer);
      if (since !== undefined && m.version - since <= this.maxResyncSteps) {
        const missed = m.since(viewer, since);
        if (missed !== undefined) msg.steps = missed.steps;
      }
      if (m.isOver) msg.result = m.result;
    }
    const clocks = this.clockInfo(t);
    if (clocks !== undefined) msg.clocks = clocks;
    return msg;
  }

  private broadcastStep(t: Table, step: MatchStep, result: MatchResult | undefined): void {
    const m = t.match!;
    const views = new Map<Viewer, ServerMessage>();
    const clocks = this.clockInfo(t);
    for (const l of t.listeners) {
      let msg = views.get(l.viewer);
      if (msg === undefined) {
        msg = {
          type: 'update',
          version: m.version,
          step,
          view: m.view(l.viewer),
          status: m.status,
          ...(clocks === undefined ? {} : { clocks }),
          ...(result === undefined ? {} : { result }),
        };
        views.set(l.viewer, msg);
      }
      l.send(msg);
    }
  }

  private broadcastPresence(t: Table): void {
    const msg: ServerMessage = { type: 'presence', players: this.players(t) };
    for (const l of t.listeners) l.send(msg);
  }

  private players(t: Pick<Table, 'row' | 'connected'>): PlayerInfo[] {
    return t.row.seats.map((s, seat) => ({
      seat,
      name: s.name,
      kind: s.kind,
      ...(s.level === undefined ? {} : { level: s.level }),
      ...(s.takenOver === true ? { takenOver: true } : {}),
      connected: s.kind === 'bot' || (t.connected[seat] ?? 0) > 0,
    }));
  }

  private clockInfo(t: Table): ClockInfo | undefined {
    const c = t.row.clocks;
    const settings = t.row.settings.clock;
    if (c === undefined || settings === undefined) return undefined;
    return { ...clocksAt(c, this.now()), incrementMs: settings.incrementMs };
  }

  private seatOf(t: Table, token: string): number | undefined {
    let found: number | undefined;
    t.row.seats.forEach((s, i) => {
      if (s.tokenHash !== undefined && tokenMatches(token, s.tokenHash)) found = i;
    });
    return found;
  }

  // ---------------------------------------------------------------- tables in memory

  private enqueue<T>(t: Table, fn: () => Promise<T> | T): Promise<T> {
    const run = t.queue.then(fn);
    t.queue = run.catch(() => undefined);
    return run;
  }

  /** The live table of game `id`, loading it from storage when needed. */
  private async table(id: string): Promise<Table | undefined> {
    const live = this.tables.get(id);
    if (live !== undefined) return live;
    let pending = this.loading.get(id);
    if (pending === undefined) {
      pending = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  private async load(id: string): Promise<Table | undefined> {
    const row = await this.store.getGame(id);
    if (row === undefined) return undefined;
    const t: Table = {
      row,
      log: [],
      listeners: new Set(),
      connected: row.seats.map(() => 0),
      answers: new Map(),
      queue: Promise.resolve(),
      touched: this.now(),
      botThinking: false,
      broken: false,
    };
    if (row.status !== 'open') {
      const built = this.buildMatch(row);
      if (built === undefined) return undefined;
      const entries = await this.store.actions(id);
      for (const e of entries) {
        const r = built.match.submit(e.player, e.action, e.seq - 1);
        if (!r.ok) {
          this.log.error({ game: id, seq: e.seq, error: r.error }, 'stored action refused on replay');
          return undefined;
        }
        t.log.push({ player: e.player, action: e.action });
        if (e.clientId !== undefined) {
          this.remember(t, `${e.player}:${e.clientId}`, { type: 'ack', id: e.clientId, version: e.seq });
        }
      }
      const o = row.outcome;
      if (o !== undefined) {
        if (o.status === 'aborted') built.match.abort(o.at, o.reason);
        else if (o.player !== undefined) {
          if (o.status === 'timeout') built.match.timeout(o.player, o.at);
          else built.match.resign(o.player, o.at, o.reason);
        }
      }
      t.match = built.match;
      t.config = built.config;
    }
    const again = this.tables.get(id);
    if (again !== undefined) return again;
    this.tables.set(id, t);
    return t;
  }

  /** Storage refused a write: this table's memory may be ahead of storage, so it is dropped. */
  private breakTable(t: Table, e: unknown): void {
    this.log.error(
      { game: t.row.id, err: String(e) },
      'storage refused a write; the game reloads from storage',
    );
    t.broken = true;
    this.tables.delete(t.row.id);
    for (const l of t.listeners)
      l.send({ type: 'error', code: 'server/storage', message: 'the game is reloading; reconnect' });
  }

  /** Drops games nobody listens to and nothing waits on. */
  private sweep(): void {
    const now = this.now();
    for (const [id, t] of this.tables) {
      if (t.listeners.size === 0 && !t.botThinking && now - t.touched > this.idleMs) this.tables.delete(id);
    }
  }
}

/** One connection's handle on a game: what a transport calls. */
export class Session {
  constructor(
    private readonly hub: Hub,
    readonly game: string,
    private readonly listener: Listener,
  ) {}

  get viewer(): Viewer {
    return this.listener.viewer;
  }

  act(clientId: string, version: number, action: Action): Promise<void> {
    return this.hub.act(this.game, this.listener, clientId, version, action);
  }

  resign(clientId: string): Promise<void> {
    return this.hub.resign(this.game, this.listener, clientId);
  }

  close(): void {
    this.hub.disconnect(this.game, this.listener);
  }
}

const botName = (level: string): string => `Bot (${level})`;
