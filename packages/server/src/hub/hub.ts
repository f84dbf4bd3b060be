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
import { botSeatNames, isBotName } from '@carc/bots';
import { randomBytes } from 'node:crypto';
import { hashToken, newGameId, newToken, tokenMatches } from '../ids.js';
import type { ClockInfo, PlayerInfo, ServerMessage } from '@carc/protocol';
import type { GameSettings } from '@carc/protocol';
import { gameConfig } from '@carc/protocol';
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
import type { Cluster } from '../cluster/cluster.js';
import { CallTimeout, ClusterUnavailable, NotOwner, SOLO } from '../cluster/cluster.js';
import type { HubRequest } from '../cluster/requests.js';
import { afterAction, clocksAt, leftNow, startClocks } from './clock.js';
import type { Metrics } from '../metrics.js';
import type { EncodedUpdate, Outgoing } from '../wire.js';

export type HubErrorCode =
  | 'lobby/no-game'
  | 'lobby/invalid-settings'
  | 'lobby/no-free-seat'
  | 'lobby/seat-taken'
  | 'lobby/started'
  | 'lobby/not-over'
  | 'lobby/not-a-seat'
  | 'lobby/seat-reserved'
  | 'lobby/too-many-open'
  | 'lobby/too-many-games'
  | 'lobby/too-many-bot-games'
  | 'auth/bad-token'
  | 'record/not-public'
  | 'match/not-started'
  | 'session/detached'
  | 'seat/taken-over'
  | 'seat/revoked'
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
  /**
   * The hash of the seat token the listener attached with: its authority over the seat, checked
   * against the seat's holder at every act (a seat that changed hands is not its seat any more).
   */
  readonly holder?: string;
  send(message: ServerMessage): void;
  /** Ends the listener's connection because its seat changed hands: told why, then closed. */
  revoke(code: RevokeCode, message: string): void;
  /** The game left this process's memory: a socket of another process attaches again. */
  resync(): void;
}

/** Why a seat's connections were cut: the seat was given back, or a bot took it over. */
export type RevokeCode = 'seat/revoked' | 'seat/taken-over' | 'lobby/expired';

/**
 * What the hub hands a socket's process: a message to send, the order to cut the socket, or word
 * that the game left its owner's memory (attach again, catching up from the last version sent).
 */
export type Delivery =
  ServerMessage | { type: 'revoke'; code: RevokeCode; message: string } | { type: 'resync' };

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
  /** Client message ids remembered per seat (to answer repeats). */
  rememberedIds?: number;
  /** The level of the bot that takes over a seat whose time ran out. */
  takeoverLevel?: BotName;
  /** Other server processes sharing the games (default: this process alone). */
  cluster?: Cluster;
  /** A game being played that nobody touched for this long ends as aborted (ms). */
  abandonMs?: number;
  /** What one address may create (docs/protocol.md, "Limits"); unlimited when absent. */
  limits?: Partial<LobbyLimits>;
  now?: () => number;
  log?: Logger;
  /** Counts accepted actions (metrics.ts); nothing is counted without. */
  metrics?: Metrics;
}

interface Table {
  row: GameRow;
  config?: GameConfig;
  match?: Match;
  /** Every accepted action, in order (what a bot worker replays). */
  log: { player: number; action: Action }[];
  /** Who is sent this game's messages, by `process:listener`. */
  listeners: Map<string, Listener>;
  /** Open connections per seat. */
  connected: number[];
  /** Answers to each seat's client message ids, by id, oldest first (spectators' are not kept). */
  answers: Map<number, Map<string, ServerMessage>>;
  queue: Promise<unknown>;
  touched: number;
  botThinking: boolean;
  /** Operations queued or running. */
  pending: number;
  /** Set once the table left memory (storage refused a write, idle, lease lost): work goes to its successor. */
  broken: boolean;
}

/** What the lobby lets one address (the creator) do, and how long open games wait. */
export interface LobbyLimits {
  /** Open games one creator may have at once. */
  openGamesPerAddress: number;
  /** Open or played games one creator may have at once. */
  gamesPerAddress: number;
  /** Games of bots only being played, per creator and in all. */
  botGamesPerAddress: number;
  botGamesTotal: number;
  /** An open game nobody joined or left for this long is removed (ms). */
  openGameTtlMs: number;
  /** A rematch keeps the old players' seats this long (ms). */
  rematchHoldMs: number;
  /** Games of one creator shown in a list page. */
  listPerCreator: number;
}

const NO_LIMITS: LobbyLimits = {
  openGamesPerAddress: Infinity,
  gamesPerAddress: Infinity,
  botGamesPerAddress: Infinity,
  botGamesTotal: Infinity,
  openGameTtlMs: Infinity,
  rematchHoldMs: 2 * 60_000,
  listPerCreator: 3,
};

const SILENT: Logger = { info() {}, warn() {}, error() {} };

export class Hub {
  private readonly store: Store;
  private readonly bots: BotRunner;
  private readonly botBudgetMs: number;
  private readonly idleMs: number;
  private readonly maxResyncSteps: number;
  private readonly rememberedIds: number;
  private readonly takeoverLevel: BotName;
  private readonly cluster: Cluster;
  private readonly abandonMs: number;
  private readonly limits: LobbyLimits;
  /** Creations run one at a time, so that two at once cannot both pass a limit. */
  private creating: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;
  private readonly log: Logger;
  private readonly metrics: Metrics | undefined;
  /** When the leases were last renewed (performance.now()), to tell a late renewal. */
  private renewedAt: number | undefined;
  private readonly tables = new Map<string, Table>();
  private readonly loading = new Map<string, Promise<Table | undefined>>();
  /** Other processes that owned games when last asked (routing without a Redis round trip). */
  private readonly owners = new Map<string, string>();
  private readonly clockTimers = new Map<string, NodeJS.Timeout>();
  /** This process's sockets' sessions, by listener id. */
  private readonly sessions = new Map<string, SessionRecord>();
  private readonly timers: NodeJS.Timeout[] = [];
  private closed = false;

  constructor(options: HubOptions) {
    this.store = options.store;
    this.bots = options.bots;
    this.cluster = options.cluster ?? SOLO;
    this.botBudgetMs = options.botBudgetMs ?? 1_000;
    this.idleMs = options.idleMs ?? 10 * 60_000;
    this.maxResyncSteps = options.maxResyncSteps ?? 500;
    this.rememberedIds = options.rememberedIds ?? 256;
    this.takeoverLevel = options.takeoverLevel ?? 'greedy';
    this.abandonMs = options.abandonMs ?? 7 * 24 * 3_600_000;
    this.limits = { ...NO_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
    this.log = options.log ?? SILENT;
    this.metrics = options.metrics;
  }

  /**
   * Starts serving: answers other processes, re-arms the clocks of the games being played and wakes
   * the bots whose turn it is (after a restart, or when another process died), and keeps doing so.
   */
  async start(): Promise<void> {
    await this.cluster.serve(
      (request) => this.handle(request),
      (listener, message) => this.deliverLocal(listener, message),
      // Back after an outage of the cluster: messages for this process's sockets may have been lost
      // meanwhile, so every session of a game owned elsewhere catches up.
      () => {
        this.log.warn(
          { event: 'cluster-reconnected' },
          'the cluster (Redis) answers again; sessions catch up',
        );
        for (const rec of this.sessions.values()) if (rec.owner !== this.self) this.catchUp(rec);
      },
    );
    await this.adoptOrphans(true);
    const every = (ms: number, fn: () => Promise<void> | void) => {
      const timer = setInterval(() => {
        void Promise.resolve(fn()).catch((e: unknown) =>
          this.log.error({ err: String(e) }, 'background task failed'),
        );
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(Math.max(1_000, Math.min(this.idleMs / 2, 60_000)), () => this.sweep());
    if (Number.isFinite(this.limits.openGameTtlMs)) {
      every(Math.max(1_000, Math.min(this.limits.openGameTtlMs / 4, 60_000)), () => this.expireOpenGames());
    }
    every(1_000, () => this.watchSessions());
    if (this.cluster === SOLO) {
      every(60_000, () => this.adoptOrphans(false));
    } else {
      every(this.cluster.leaseMs / 3, () => this.renewLeases());
      every(2_000, () => this.adoptOrphans(true));
    }
  }

  /** Whether games are shared with other processes (through Redis). */
  get clustered(): boolean {
    return this.cluster !== SOLO;
  }

  /** Resolves when the cluster's service answers (at once for one process alone). */
  pingCluster(): Promise<void> {
    return this.cluster.ping();
  }

  /** Live games in memory (for the health check and the benchmarks). */
  get liveGames(): number {
    return this.tables.size;
  }

  // ---------------------------------------------------------------- lobby

  /**
   * A new game. `creator` (a hash of the requester's address) is held to the lobby's limits: open
   * games, games in all, games of bots only; a rematch (`rematchOf`) is not, and keeps the old
   * players' seats for them a while.
   */
  createGame(
    settings: GameSettings,
    join?: { name: string },
    creator?: string,
  ): Promise<HubResult<{ id: string; seat?: number; token?: string }>> {
    const run = this.creating.then(() => this.createNow(settings, join, creator));
    this.creating = run.catch(() => undefined);
    return run;
  }

  private async createNow(
    settings: GameSettings,
    join: { name: string } | undefined,
    creator: string | undefined,
    rematch?: { seats: SeatRow[] },
  ): Promise<HubResult<{ id: string; seat?: number; token?: string }>> {
    const seed = randomSeed();
    const config = gameConfig(settings, seed);
    if (!config.ok) return fail(config.error.code, config.error.message, config.error.path);
    const probe = Match.create(config.value);
    if (!probe.ok) return fail('lobby/invalid-settings', probe.error.message, probe.error.path);
    const botsOnly = settings.seats.every((s) => s.kind === 'bot');
    if (join !== undefined && botsOnly) {
      return fail(
        'lobby/invalid-settings',
        'join: every seat is a bot; create without join and watch',
        'join',
      );
    }
    if (rematch === undefined) {
      const refused = await this.overLimits(botsOnly, creator).catch((e: unknown) => {
        this.log.error({ err: String(e) }, 'storage did not answer a count');
        return fail<never>('server/storage', 'the game could not be created; try again');
      });
      if (refused !== undefined) return refused;
    }
    const now = this.now();
    const row: GameRow = {
      id: newGameId(),
      createdAt: now,
      updatedAt: now,
      status: 'open',
      settings,
      seed,
      seats:
        rematch?.seats ??
        settings.seats.map((s, i): SeatRow =>
          s.kind === 'bot'
            ? { kind: 'bot', level: s.level, name: botNamesOf(settings)[i]! }
            : { kind: 'human', name: '' },
        ),
      version: 0,
      toAct: -1,
      ...(creator === undefined ? {} : { creator }),
      listedAt: rematch === undefined ? now : now + this.limits.rematchHoldMs,
      botsOnly,
    };
    try {
      await this.store.createGame(row);
    } catch (e) {
      this.log.error({ err: String(e) }, 'storage refused a new game');
      return fail('server/storage', 'the game could not be stored; try again');
    }
    if (botsOnly) {
      const started = await this.route<null>({ op: 'start', game: row.id });
      if (!started.ok) return started;
    }
    if (join === undefined) return ok({ id: row.id });
    const joined = await this.join(row.id, join.name);
    if (!joined.ok) return joined;
    return ok({ id: row.id, ...joined.value });
  }

  /** Why `creator` may not create another game now, if a limit stands in the way. */
  private async overLimits(
    botsOnly: boolean,
    creator: string | undefined,
  ): Promise<HubResult<never> | undefined> {
    const l = this.limits;
    const count = (statuses: GameStatus[], more: { creator?: string; botsOnly?: boolean } = {}) =>
      this.store.countGames({ statuses, ...more });
    if (botsOnly) {
      if ((await count(['open', 'playing'], { botsOnly: true })) >= l.botGamesTotal) {
        return fail(
          'lobby/too-many-bot-games',
          `the server runs ${l.botGamesTotal} games of bots only already; watch one of them or try later`,
        );
      }
    }
    if (creator === undefined) return undefined;
    if (botsOnly && (await count(['open', 'playing'], { creator, botsOnly: true })) >= l.botGamesPerAddress) {
      return fail(
        'lobby/too-many-bot-games',
        `you have ${l.botGamesPerAddress} games of bots only being played; wait until one ends`,
      );
    }
    if (!botsOnly && (await count(['open'], { creator })) >= l.openGamesPerAddress) {
      return fail(
        'lobby/too-many-open',
        `you have ${l.openGamesPerAddress} open games waiting for players; wait for them to start or leave them`,
      );
    }
    if ((await count(['open', 'playing'], { creator })) >= l.gamesPerAddress) {
      return fail('lobby/too-many-games', `you have ${l.gamesPerAddress} games open or being played`);
    }
    return undefined;
  }

  /**
   * Takes a free human seat (`seat`, or the first); the answer carries the seat's secret token.
   * `reservation` (the hash of an old token) may take a seat a rematch keeps for its holder.
   */
  join(
    id: string,
    name: string,
    seat?: number,
    reservation?: string,
  ): Promise<HubResult<{ seat: number; token: string }>> {
    return this.route({
      op: 'join',
      game: id,
      name,
      ...(seat === undefined ? {} : { seat }),
      ...(reservation === undefined ? {} : { reservation }),
    });
  }

  /** Gives a seat of a game that has not started back. */
  leave(id: string, token: string): Promise<HubResult<{ seat: number }>> {
    return this.route({ op: 'leave', game: id, token });
  }

  /** A page of the games with this status, newest first, at most a few of each creator. */
  async list(status: 'open' | 'playing' | 'over', limit: number, offset = 0): Promise<GameListing[]> {
    const statuses: GameStatus[] =
      status === 'over' ? ['finished', 'resigned', 'timeout', 'aborted'] : [status];
    return this.store.listGames({
      statuses,
      limit,
      offset,
      perCreator: this.limits.listPerCreator,
      listedBy: this.now(),
    });
  }

  /** A game as the lobby shows it, with who is connected. */
  summary(id: string): Promise<HubResult<GameSummary>> {
    return this.route({ op: 'summary', game: id });
  }

  /** The full record (seed and every action) of a game that is over; refused while it is played. */
  record(id: string): Promise<HubResult<unknown>> {
    return this.route({ op: 'record', game: id });
  }

  /**
   * A new game with the same settings, seats shifted by one (another player starts); the asking
   * player takes the seat that keeps their turn order and their name. Asked again, the same game.
   */
  rematch(id: string, token: string): Promise<HubResult<{ id: string; seat?: number; token?: string }>> {
    return this.route({ op: 'rematch', game: id, token });
  }

  // ---------------------------------------------------------------- sessions

  /**
   * Opens a session on a game: as the seat `token` holds, or as a spectator without one. `send` is
   * given a `welcome` (the view, and the steps after `since` when given and few enough), then every
   * later message for its viewer, wherever the game's owner runs. `end` cuts the connection when
   * its seat changes hands (given back, taken over): the session is over, the transport closes.
   */
  async connect(
    game: string,
    token: string | undefined,
    since: number | undefined,
    send: (message: Outgoing) => void,
    end: (code: RevokeCode, message: string) => void,
  ): Promise<HubResult<Session>> {
    const rec: SessionRecord = {
      lid: newListenerId(),
      game,
      ...(token === undefined ? {} : { token }),
      send,
      end,
      // A client coming back has every version up to `since`: whatever attaches this session
      // (this call, or a catch-up while it waits for an owner) sends only the steps after it.
      version: since !== undefined && Number.isInteger(since) && since >= 0 ? since : -1,
      seen: -1,
      owner: '',
      welcomed: false,
      // Until this first attach answers, no catch-up starts another one.
      busy: true,
      again: false,
    };
    this.sessions.set(rec.lid, rec);
    const r = await this.attach(rec, since);
    if (!r.ok) {
      this.sessions.delete(rec.lid);
      return r;
    }
    this.attached(rec);
    return ok(new Session(this, rec));
  }

  /** @internal Session → hub: an action from the session's seat. */
  async act(rec: SessionRecord, id: string, version: number, action: Action): Promise<void> {
    await this.sessionRequest(
      rec,
      { op: 'act', game: rec.game, from: this.self, listener: rec.lid, id, version, action },
      id,
    );
  }

  /** @internal Session → hub: the session's player resigns. */
  async resign(rec: SessionRecord, id: string): Promise<void> {
    await this.sessionRequest(
      rec,
      { op: 'resign', game: rec.game, from: this.self, listener: rec.lid, id },
      id,
    );
  }

  /** @internal Session → hub: the socket is gone. */
  async disconnect(rec: SessionRecord): Promise<void> {
    this.sessions.delete(rec.lid);
    if (rec.owner === '') return;
    await this.route({ op: 'detach', game: rec.game, from: this.self, listener: rec.lid }).catch(
      () => undefined,
    );
  }

  /** Waits for pending work, stops timers; sockets are the transport's to close. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const timer of this.clockTimers.values()) clearTimeout(timer);
    this.clockTimers.clear();
    await Promise.allSettled([...this.tables.values()].map((t) => t.queue));
    await Promise.allSettled([...this.tables.keys()].map((id) => this.cluster.release(id)));
    await this.cluster.close();
  }

  private get self(): string {
    return this.cluster.self;
  }

  /** (Re)attaches a session to its game's owner, catching up from `since`. */
  private async attach(rec: SessionRecord, since: number | undefined): Promise<HubResult<null>> {
    const request: HubRequest = {
      op: 'attach',
      game: rec.game,
      ...(rec.token === undefined ? {} : { token: rec.token }),
      ...(since === undefined || since < 0 ? {} : { since }),
      from: this.self,
      listener: rec.lid,
    };
    let owner = '';
    const r = await this.route<null>(request, (o) => (owner = o));
    if (r.ok) rec.owner = owner;
    return r;
  }

  /** Sends a session's request to the owner; a session the owner does not know (it changed) attaches again first. */
  private async sessionRequest(rec: SessionRecord, request: HubRequest, id: string): Promise<void> {
    let r = await this.route<null>(request);
    if (!r.ok && r.error.code === 'session/detached') {
      const again = await this.attach(rec, rec.version);
      this.endIfGone(rec, again);
      if (again.ok) r = await this.route<null>(request);
    }
    if (!r.ok) rec.send({ type: 'error', id, code: r.error.code, message: r.error.message });
  }

  /** A message for a socket of this process: note its version (to catch up after a move), pass it on. */
  private deliverLocal(lid: string, message: Delivery | EncodedUpdate): void {
    const rec = this.sessions.get(lid);
    if (rec === undefined) return;
    if (message.type === 'revoke') {
      // The owner has detached it already: this session is over, whatever the socket does next.
      this.sessions.delete(lid);
      rec.owner = '';
      return rec.end(message.code, message.message);
    }
    if (message.type === 'resync') {
      rec.owner = '';
      return this.catchUp(rec);
    }
    // Each version reaches a socket once and in order, whatever way it came (a second welcome while
    // a game changes owner, deliveries lost while Redis was down): repeats are dropped, a gap is
    // filled by attaching again from the last version sent.
    let out: Outgoing = message;
    if (message.type === 'update') {
      if (message.version <= rec.version) return;
      rec.seen = Math.max(rec.seen, message.version);
      if (rec.version >= 0 && message.version > rec.version + 1) return this.catchUp(rec);
    } else if (message.type === 'welcome') {
      // The first welcome always goes (a `since` beyond the game's version came from a broken client).
      if (rec.welcomed && message.version < rec.version) return;
      if (!rec.welcomed) {
        rec.welcomed = true;
        rec.version = Math.min(rec.version, message.version);
      }
      if (message.steps !== undefined) {
        const after = rec.version;
        out = { ...message, steps: message.steps.filter((step) => step.version > after) };
      }
    }
    if (message.type === 'welcome' || message.type === 'update' || message.type === 'ended') {
      rec.version = Math.max(rec.version, message.version);
    }
    rec.send(out);
  }

  /** A session that missed versions attaches again from the last one it was sent. */
  private catchUp(rec: SessionRecord): void {
    if (rec.busy) {
      rec.again = true;
      return;
    }
    rec.busy = true;
    rec.again = false;
    void this.attach(rec, rec.version)
      .then((r) => this.endIfGone(rec, r))
      .finally(() => this.attached(rec));
  }

  /**
   * An attach of `rec` is over. Asked to catch up meanwhile (its owner dropped the game), or sent
   * versions dropped as gaps and not in the welcome: it attaches again.
   */
  private attached(rec: SessionRecord): void {
    rec.busy = false;
    if ((rec.again || rec.seen > rec.version) && this.sessions.has(rec.lid)) this.catchUp(rec);
  }

  /** A session whose seat or game is gone for good (its token no longer valid, the game removed) ends. */
  private endIfGone(rec: SessionRecord, r: HubResult<unknown>): void {
    if (r.ok || !this.sessions.has(rec.lid)) return;
    if (r.error.code === 'auth/bad-token' || r.error.code === 'lobby/no-game') {
      this.sessions.delete(rec.lid);
      rec.end(r.error.code === 'auth/bad-token' ? 'seat/revoked' : 'lobby/expired', r.error.message);
    }
  }

  // ---------------------------------------------------------------- routing to the owner

  /**
   * Runs `request` on the owner of its game: here when this process owns it (taking the lease when
   * nobody holds it), otherwise by asking the owner. An owner that does not answer is asked again
   * until its lease expires and another takes the game over.
   */
  private async route<T>(request: HubRequest, answeredBy?: (owner: string) => void): Promise<HubResult<T>> {
    try {
      return await this.routeNow(request, answeredBy);
    } catch (e) {
      // Redis or the database did not answer: refused with a code, nothing changed; the client retries.
      const redis = e instanceof ClusterUnavailable;
      this.log.warn(
        { game: request.game, op: request.op, err: String(e) },
        'request refused: a service is down',
      );
      return redis
        ? fail('server/busy', `game ${request.game}: the cluster (Redis) does not answer; try again`)
        : fail('server/storage', `game ${request.game}: storage did not answer; nothing changed, try again`);
    }
  }

  private async routeNow<T>(
    request: HubRequest,
    answeredBy?: (owner: string) => void,
  ): Promise<HubResult<T>> {
    for (let attempt = 0; attempt < 40 && !this.closed; attempt++) {
      // The owner last seen is asked without asking Redis again; one that does not answer, or no
      // longer owns the game, is forgotten and the lease looked up (or taken) again.
      let owner = this.tables.has(request.game) ? undefined : this.owners.get(request.game);
      if (owner === undefined) {
        const t = await this.ownTable(request.game);
        if (t === 'missing') return fail('lobby/no-game', `no game ${request.game}`);
        if (t !== undefined) {
          answeredBy?.(this.self);
          return (await this.run(t, request)) as HubResult<T>;
        }
        owner = this.owners.get(request.game);
        if (owner === undefined) continue;
      }
      try {
        const r = (await this.cluster.call(owner, request)) as HubResult<T>;
        answeredBy?.(owner);
        return r;
      } catch (e) {
        this.owners.delete(request.game);
        if (!(e instanceof CallTimeout) && !(e instanceof NotOwner)) throw e;
        this.log.warn(
          { event: 'forward-failed', game: request.game, owner, op: request.op, err: String(e) },
          'forward failed',
        );
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    return fail('server/busy', `game ${request.game}: its server does not answer; try again`);
  }

  /** A request from another process for a game this process should own. */
  private async handle(request: HubRequest): Promise<unknown> {
    const t = await this.ownTable(request.game);
    if (t === 'missing') return fail('lobby/no-game', `no game ${request.game}`);
    if (t === undefined) throw new NotOwner(request.game);
    return this.run(t, request);
  }

  /**
   * The table of game `id` if this process owns it (loading it, and taking the lease when free);
   * undefined when another process owns it; 'missing' when there is no such game.
   */
  private async ownTable(id: string): Promise<Table | undefined | 'missing'> {
    const live = this.tables.get(id);
    if (live !== undefined) return live;
    const owner = await this.cluster.acquire(id);
    if (owner !== 'self') {
      if (this.owners.size >= 10_000) this.owners.clear();
      this.owners.set(id, owner);
      return undefined;
    }
    this.owners.delete(id);
    const t = await this.table(id);
    if (t === undefined) {
      await this.cluster.release(id);
      return 'missing';
    }
    return t;
  }

  /** Runs a request on a table this process owns, in the table's queue. */
  private run(t: Table, q: HubRequest): Promise<HubResult<unknown>> {
    return this.enqueue(t, async (): Promise<HubResult<unknown>> => {
      // Queued before the table left memory: the request goes to whoever holds the game now.
      if (t.broken) return this.route(q);
      t.touched = this.now();
      try {
        return await this.runNow(t, q);
      } catch (e) {
        // A storage failure (the lobby's writes): nothing was changed in memory before the write.
        this.log.error({ game: t.row.id, op: q.op, err: String(e) }, 'request failed');
        return fail('server/storage', 'storage did not answer; nothing changed, try again');
      }
    });
  }

  private async runNow(t: Table, q: HubRequest): Promise<HubResult<unknown>> {
    switch (q.op) {
      case 'join':
        return this.joinOn(t, q.name, q.seat, q.reservation);
      case 'expire':
        return ok(await this.expireOn(t));
      case 'leave':
        return this.leaveOn(t, q.token);
      case 'rematch':
        return this.rematchOn(t, q.token);
      case 'record':
        if (t.match === undefined || !t.match.recordIsPublic) {
          return fail('record/not-public', `game ${t.row.id} is not over: its record would show the pile`);
        }
        return ok(t.match.recordFile());
      case 'summary':
        return ok({
          ...listing(t.row),
          players: this.players(t),
          ...(t.row.rematch === undefined ? {} : { rematch: t.row.rematch }),
        });
      case 'start':
        if (t.row.status === 'open') await this.startMatch(t);
        return ok(null);
      case 'attach':
        return this.attachOn(t, q.token, q.since, q.from, q.listener);
      case 'detach':
        return ok(this.detachOn(t, `${q.from}:${q.listener}`));
      case 'act': {
        const l = this.authorisedListener(t, `${q.from}:${q.listener}`);
        if (!l.ok) return l;
        await this.submit(t, l.value.viewer, q.id, q.version, q.action, (answer) => l.value.send(answer));
        return ok(null);
      }
      case 'resign': {
        const l = this.authorisedListener(t, `${q.from}:${q.listener}`);
        if (!l.ok) return l;
        const known = this.answered(t, l.value.viewer, q.id);
        if (known !== undefined) l.value.send(known);
        else
          await this.resignOn(t, l.value, q.id, (answer) => {
            this.remember(t, l.value.viewer, q.id, answer);
            l.value.send(answer);
          });
        return ok(null);
      }
    }
  }

  private async joinOn(
    t: Table,
    name: string,
    seat?: number,
    reservation?: string,
  ): Promise<HubResult<{ seat: number; token: string }>> {
    const id = t.row.id;
    if (t.row.status !== 'open') return fail('lobby/started', `game ${id} has started`);
    const now = this.now();
    const reserved = (s: SeatRow) =>
      s.reservedFor !== undefined && s.reservedFor !== reservation && now < (s.reservedUntil ?? 0);
    const free = t.row.seats.findIndex(
      (s) => s.kind === 'human' && s.tokenHash === undefined && !reserved(s),
    );
    const chosen = seat ?? free;
    const s = t.row.seats[chosen];
    if (seat !== undefined && s === undefined)
      return fail('lobby/not-a-seat', `no seat ${seat} in game ${id}`, 'seat');
    if (s === undefined) {
      if (seat === undefined && t.row.seats.some(reserved)) {
        return fail(
          'lobby/seat-reserved',
          `game ${id}: its free seats are kept for the players of the last game`,
        );
      }
      return fail('lobby/no-free-seat', `game ${id} has no free seat`);
    }
    if (s.kind !== 'human' || s.tokenHash !== undefined) {
      return fail('lobby/seat-taken', `seat ${chosen} of game ${id} is taken`, 'seat');
    }
    if (reserved(s)) {
      const wait = Math.ceil(((s.reservedUntil ?? now) - now) / 1000);
      return fail(
        'lobby/seat-reserved',
        `seat ${chosen} of game ${id} is kept for its player of the last game for ${wait} s more`,
        'seat',
      );
    }
    const token = newToken();
    const seats = t.row.seats.map((x, i): SeatRow => {
      if (i !== chosen) return x;
      const taken: SeatRow = { ...x, name, tokenHash: hashToken(token) };
      delete taken.reservedFor;
      delete taken.reservedUntil;
      return taken;
    });
    await this.store.updateGame(id, { seats }, t.row.version);
    t.row.seats = seats;
    if (seats.every((x) => x.kind === 'bot' || x.tokenHash !== undefined)) await this.startMatch(t);
    else this.broadcastPresence(t);
    return ok({ seat: chosen, token });
  }

  private async leaveOn(t: Table, token: string): Promise<HubResult<{ seat: number }>> {
    const id = t.row.id;
    const seat = this.seatOf(t, token);
    if (seat === undefined) return fail('auth/bad-token', `that token holds no seat in game ${id}`);
    if (t.row.status !== 'open') return fail('lobby/started', `game ${id} has started: resign instead`);
    const seats = t.row.seats.map((x, i): SeatRow => (i === seat ? { kind: 'human', name: '' } : x));
    await this.store.updateGame(id, { seats }, t.row.version);
    t.row.seats = seats;
    this.revokeSeat(t, seat, 'seat/revoked', `you left seat ${seat}; its token is no longer valid`);
    this.broadcastPresence(t);
    return ok({ seat });
  }

  /** Removes an open game nobody joined or left for `openGameTtlMs`; its sockets are told and cut. */
  private async expireOn(t: Table): Promise<boolean> {
    const cutoff = this.now() - this.limits.openGameTtlMs;
    // The store removes it only if nobody joined or left since the cutoff.
    if (t.row.status !== 'open') return false;
    if (!(await this.store.deleteOpenGame(t.row.id, cutoff))) return false;
    for (const [key, l] of [...t.listeners]) {
      t.listeners.delete(key);
      l.revoke('lobby/expired', `game ${t.row.id} waited for players too long and was removed`);
    }
    this.dropTable(t);
    this.log.info({ game: t.row.id }, 'open game expired');
    return true;
  }

  /** Open games untouched for `openGameTtlMs` are removed, by their owner. */
  private async expireOpenGames(): Promise<void> {
    for (const id of await this.store.staleOpenGames(this.now() - this.limits.openGameTtlMs)) {
      if (this.closed) return;
      await this.route({ op: 'expire', game: id });
    }
  }

  private async rematchOn(
    t: Table,
    token: string,
  ): Promise<HubResult<{ id: string; seat?: number; token?: string }>> {
    const id = t.row.id;
    const seat = this.seatOf(t, token);
    if (seat === undefined) return fail('auth/bad-token', `that token holds no seat in game ${id}`);
    if (t.match === undefined || !t.match.isOver) return fail('lobby/not-over', `game ${id} is not over`);
    const n = t.row.seats.length;
    const name = t.row.seats[seat]!.name;
    let target = t.row.rematch;
    if (target === undefined) {
      // Seats shifted by one (another player starts); each old player's seat is kept for them.
      const shifted = (i: number) => (i + 1) % n;
      const settings: GameSettings = {
        ...t.row.settings,
        seats: t.row.settings.seats.map((_, i) => t.row.settings.seats[shifted(i)]!),
      };
      const until = this.now() + this.limits.rematchHoldMs;
      const bots = botNamesOf(settings);
      const seats = settings.seats.map((spec, i): SeatRow => {
        if (spec.kind === 'bot') return { kind: 'bot', level: spec.level, name: bots[i]! };
        const old = t.row.seats[shifted(i)]!;
        return old.tokenHash === undefined
          ? { kind: 'human', name: '' }
          : { kind: 'human', name: '', reservedFor: old.tokenHash, reservedUntil: until };
      });
      const created = await this.createNow(settings, undefined, t.row.creator, { seats });
      if (!created.ok) return created;
      target = created.value.id;
      await this.store.updateGame(id, { rematch: target }, t.row.version);
      t.row.rematch = target;
      for (const l of t.listeners.values()) l.send({ type: 'rematch', game: target });
    }
    const joined = await this.join(target, name, (seat - 1 + n) % n, t.row.seats[seat]!.tokenHash);
    if (!joined.ok) return joined.error.code === 'lobby/seat-taken' ? ok({ id: target }) : joined;
    return ok({ id: target, ...joined.value });
  }

  /** Attaches listener `from:lid` (a socket of this or another process) to table `t` and welcomes it. */
  private attachOn(
    t: Table,
    token: string | undefined,
    since: number | undefined,
    from: string,
    lid: string,
  ): HubResult<null> {
    let viewer: Viewer = 'spectator';
    let holder: string | undefined;
    if (token !== undefined) {
      const seat = this.seatOf(t, token);
      if (seat === undefined) return fail('auth/bad-token', `that token holds no seat in game ${t.row.id}`);
      viewer = seat;
      holder = t.row.seats[seat]!.tokenHash;
    }
    const key = `${from}:${lid}`;
    this.detachOn(t, key, false);
    const deliver =
      from === this.self
        ? (m: Delivery) => this.deliverLocal(lid, m)
        : (m: Delivery) => {
            void this.cluster.deliver(from, lid, m).then(
              (reached) => {
                // Nobody listens on that process any more: it is gone, and so is this socket.
                if (!reached) this.detachOn(t, key);
              },
              (e: unknown) => this.log.warn({ game: t.row.id, err: String(e) }, 'delivery failed'),
            );
          };
    const l: Listener = {
      viewer,
      ...(holder === undefined ? {} : { holder }),
      send: deliver,
      revoke: (code, message) => deliver({ type: 'revoke', code, message }),
      // Sockets of this process attach again by themselves (their session's owner is reset).
      resync: () => {
        if (from !== this.self) deliver({ type: 'resync' });
      },
    };
    t.listeners.set(key, l);
    if (typeof viewer === 'number') t.connected[viewer] = (t.connected[viewer] ?? 0) + 1;
    l.send(this.welcome(t, viewer, since));
    if (typeof viewer === 'number') this.broadcastPresence(t);
    return ok(null);
  }

  private detachOn(t: Table, key: string, announce = true): null {
    const l = t.listeners.get(key);
    if (l === undefined) return null;
    t.listeners.delete(key);
    t.touched = this.now();
    if (typeof l.viewer === 'number') {
      t.connected[l.viewer] = Math.max(0, (t.connected[l.viewer] ?? 0) - 1);
      if (announce) this.broadcastPresence(t);
    }
    return null;
  }

  private async resignOn(
    t: Table,
    l: Listener,
    clientId: string,
    reply: (answer: ServerMessage) => void,
  ): Promise<void> {
    const m = t.match;
    if (m === undefined) {
      return reply({
        type: 'error',
        id: clientId,
        code: 'match/not-started',
        message: 'the game has not started',
      });
    }
    const r = m.resign(l.viewer, new Date(this.now()).toISOString());
    if (!r.ok) {
      return reply({
        type: 'error',
        id: clientId,
        code: r.error.code,
        message: r.error.message,
        version: m.version,
      });
    }
    if (!(await this.commitEnd(t, r.value))) {
      return l.send({
        type: 'error',
        id: clientId,
        code: 'server/storage',
        message: 'the resignation could not be stored',
      });
    }
    reply({ type: 'ack', id: clientId, version: m.version });
  }

  // ---------------------------------------------------------------- a cluster's upkeep

  /** Renews the leases of the games held here; a game whose lease was lost leaves memory. */
  private async renewLeases(): Promise<void> {
    let lost: string[];
    try {
      lost = await this.cluster.renew([...this.tables.keys()]);
    } catch (e) {
      // Redis is down: the games stay here (nobody else can take them meanwhile); renewed when it is back.
      this.log.warn({ err: String(e) }, 'leases not renewed: the cluster (Redis) does not answer');
      return;
    }
    this.noteRenewal();
    for (const id of lost) {
      const t = this.tables.get(id);
      if (t === undefined) continue;
      this.log.warn(
        { event: 'lease-lost', game: id, owner: this.self },
        'lease lost; the game moves to its new owner',
      );
      this.dropTable(t);
    }
  }

  /** A renewal more than half a lease after the last one (a blocked event loop, a slow Redis) is logged. */
  private noteRenewal(): void {
    const at = performance.now();
    const sinceMs = at - (this.renewedAt ?? at);
    this.renewedAt = at;
    if (sinceMs <= this.cluster.leaseMs / 2 || this.tables.size === 0) return;
    const late = { sinceMs: Math.round(sinceMs), leaseMs: this.cluster.leaseMs, games: this.tables.size };
    this.log.warn({ event: 'lease-renewed-late', owner: this.self, ...late }, 'leases renewed late');
  }

  /** Sessions whose game changed owner (the owner died or moved it) attach to the new owner. */
  private async watchSessions(): Promise<void> {
    for (const rec of [...this.sessions.values()]) {
      if (rec.busy) continue;
      if (rec.owner === this.self && this.tables.has(rec.game)) continue;
      const owner = this.tables.has(rec.game) ? 'self' : await this.cluster.acquire(rec.game);
      const now = owner === 'self' ? this.self : owner;
      if (now === rec.owner) continue;
      rec.busy = true;
      rec.again = false;
      const r = await this.attach(rec, rec.version).finally(() => this.attached(rec));
      this.endIfGone(rec, r);
    }
  }

  /**
   * Games being played that need someone (a clock running, a bot to act) and have no owner: taken
   * over, so their clocks and bots go on (`needs`; one process alone does this once, at start: its
   * timers live on); games untouched for `abandonMs` end as aborted.
   */
  private async adoptOrphans(needs: boolean): Promise<void> {
    const now = this.now();
    for (const row of await this.store.playingGames()) {
      if (this.closed) return;
      if (this.tables.has(row.id)) continue;
      const clock = row.clocks !== undefined && row.clocks.running >= 0;
      const bot = row.toAct >= 0 && row.seats[row.toAct]?.kind === 'bot';
      const abandoned = now - row.updatedAt > this.abandonMs;
      if (!(needs && (clock || bot)) && !abandoned) continue;
      if (this.cluster !== SOLO && (await this.cluster.owned(row.id))) continue;
      const t = await this.ownTable(row.id);
      if (t === undefined || t === 'missing') continue;
      const why = abandoned ? 'abandoned' : clock ? 'clock' : 'bot';
      this.log.warn(
        { event: 'takeover', game: row.id, owner: this.self, why },
        'game taken over: nobody held it',
      );
      await this.enqueue(t, async () => {
        if (abandoned && t.match !== undefined && !t.match.isOver) {
          const r = t.match.abort(new Date(now).toISOString(), 'abandoned');
          if (r.ok) await this.commitEnd(t, r.value);
          return;
        }
        this.afterChange(t);
      });
    }
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
    const known = this.answered(t, viewer, clientId);
    if (known !== undefined) return reply(known);
    return this.play(t, viewer, clientId, version, action, (answer) => {
      if (answer.type !== 'error' || answer.code !== 'server/storage') {
        this.remember(t, viewer, clientId, answer);
      }
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
    if (clientId !== undefined && typeof viewer === 'number' && t.row.seats[viewer]?.kind === 'bot') {
      return refuse('seat/taken-over', 'your time ran out and a bot plays your seat now', {
        version: m.version,
      });
    }
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
    this.metrics?.actionsAccepted.inc();
    reply({ type: 'ack', id: clientId ?? '', version: m.version });
    this.broadcastStep(t, step, result);
    this.afterChange(t);
  }

  /** The answer a seat was given to its message `id`, if remembered. */
  private answered(t: Table, viewer: Viewer, id: string): ServerMessage | undefined {
    return typeof viewer === 'number' ? t.answers.get(viewer)?.get(id) : undefined;
  }

  /**
   * Remembers a seat's answer, the last `rememberedIds` per seat: what one seat (or a spectator,
   * whose refusals are not kept) sends cannot push another seat's answers out.
   */
  private remember(t: Table, viewer: Viewer, id: string, answer: ServerMessage): void {
    if (typeof viewer !== 'number') return;
    let answers = t.answers.get(viewer);
    if (answers === undefined) t.answers.set(viewer, (answers = new Map()));
    answers.delete(id);
    answers.set(id, answer);
    if (answers.size > this.rememberedIds) answers.delete(answers.keys().next().value as string);
  }

  /**
   * The listener `key` if it may still act for its viewer: a seat's listener only while the seat's
   * token is the one it attached with. One that lost its seat is cut off (and told).
   */
  private authorisedListener(t: Table, key: string): HubResult<Listener> {
    const l = t.listeners.get(key);
    if (l === undefined)
      return fail('session/detached', 'this session is not attached to the game; reconnect');
    if (typeof l.viewer !== 'number' || t.row.seats[l.viewer]?.tokenHash === l.holder) return ok(l);
    const message = `seat ${l.viewer} is no longer yours: its token is no longer valid`;
    this.detachOn(t, key);
    l.revoke('seat/revoked', message);
    return fail('seat/revoked', message);
  }

  /** Seat `seat` changed hands: every connection holding it is cut at once, wherever its socket is. */
  private revokeSeat(t: Table, seat: number, code: RevokeCode, message: string): void {
    for (const [key, l] of [...t.listeners]) {
      if (l.viewer !== seat) continue;
      t.listeners.delete(key);
      l.revoke(code, message);
    }
    t.connected[seat] = 0;
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
    // Bot work by priority: a game a human plays in, then an all-bot game somebody watches, then
    // one nobody watches (a seat a bot took over after a timeout counts as a bot's).
    const priority = t.row.seats.some((s) => s.kind === 'human') ? 0 : t.listeners.size > 0 ? 1 : 2;
    t.botThinking = true;
    this.bots
      .decide(
        {
          game: t.row.id,
          config: t.config,
          log: t.log,
          player,
          level,
          budgetMs: this.botBudgetMs,
          seed: randomBytes(4).readUInt32LE(0),
        },
        priority,
      )
      .catch((e: unknown) => {
        // Shutting down: the decisions still waiting for a thread are dropped, quietly.
        if (this.closed) throw e;
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
        if (!this.closed) this.log.error({ game: t.row.id, err: String(e) }, 'bot could not move');
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
    for (const l of t.listeners.values()) l.send(this.welcome(t, l.viewer, undefined));
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
    this.revokeSeat(t, seat, 'seat/taken-over', 'your time ran out and a bot plays your seat now');
    this.log.info({ event: 'seat-taken-over', game: t.row.id, seat }, 'time ran out: a bot plays the seat');
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
    for (const l of t.listeners.values())
      l.send({ type: 'ended', version: m.version, status: result.status, result });
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
      msg.hints = m.hints(viewer);
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
    for (const l of t.listeners.values()) {
      let msg = views.get(l.viewer);
      if (msg === undefined) {
        msg = {
          type: 'update',
          version: m.version,
          step,
          view: m.view(l.viewer),
          hints: m.hints(l.viewer),
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
    for (const l of t.listeners.values()) l.send(msg);
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
    t.pending++;
    const run = t.queue.then(fn).finally(() => t.pending--);
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
      listeners: new Map(),
      connected: row.seats.map(() => 0),
      answers: new Map(),
      queue: Promise.resolve(),
      touched: this.now(),
      botThinking: false,
      pending: 0,
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
          this.remember(t, e.player, e.clientId, { type: 'ack', id: e.clientId, version: e.seq });
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
    if (this.cluster !== SOLO)
      this.log.info({ event: 'lease-taken', game: id, owner: this.self }, 'lease taken');
    return t;
  }

  /** Storage refused a write: this table's memory may be ahead of storage, so it is dropped. */
  private breakTable(t: Table, e: unknown): void {
    this.log.error(
      { game: t.row.id, err: String(e) },
      'storage refused a write; the game reloads from storage',
    );
    this.dropTable(t);
  }

  /** The table leaves memory; its sessions here attach again (to whoever owns it next) on their next request. */
  private dropTable(t: Table): void {
    t.broken = true;
    if (this.tables.get(t.row.id) === t) this.tables.delete(t.row.id);
    // Its listeners on other processes attach again too, to whoever loads the game next.
    for (const l of t.listeners.values()) l.resync();
    for (const rec of this.sessions.values()) if (rec.game === t.row.id) rec.owner = '';
    void this.cluster.release(t.row.id).catch(() => undefined);
  }

  /** Drops games nobody listens to and nothing waits on. */
  private sweep(): void {
    const now = this.now();
    for (const t of this.tables.values()) {
      const idle = t.listeners.size === 0 && !t.botThinking && t.pending === 0;
      if (idle && now - t.touched > this.idleMs) this.dropTable(t);
    }
  }
}

/** A socket's session as its own process keeps it: where its messages go and how far it has seen. */
export interface SessionRecord {
  /** The listener id, unique in this process. */
  readonly lid: string;
  readonly game: string;
  readonly token?: string;
  readonly send: (message: Outgoing) => void;
  /** Cuts the socket: its seat changed hands. */
  readonly end: (code: RevokeCode, message: string) => void;
  /** The last version it was sent, or its client had when it came (to catch up after the owner changed). */
  version: number;
  /** Whether it was sent a welcome yet. */
  welcomed: boolean;
  /** The highest version it was offered (one dropped after a gap is sent again by catching up). */
  seen: number;
  /** The process the game's owner was when it attached ('' when it must attach again). */
  owner: string;
  /** An attach is under way (catch-ups wait for it). */
  busy: boolean;
  /** A catch-up was asked for while it was busy. */
  again: boolean;
}

export type GameSummary = GameListing & { players: PlayerInfo[]; rematch?: string };

/** One connection's handle on a game: what a transport calls. */
export class Session {
  constructor(
    private readonly hub: Hub,
    private readonly rec: SessionRecord,
  ) {}

  get game(): string {
    return this.rec.game;
  }

  act(clientId: string, version: number, action: Action): Promise<void> {
    return this.hub.act(this.rec, clientId, version, action);
  }

  resign(clientId: string): Promise<void> {
    return this.hub.resign(this.rec, clientId);
  }

  close(): Promise<void> {
    return this.hub.disconnect(this.rec);
  }
}

let listeners = 0;
const newListenerId = (): string => (++listeners).toString(36);

/** The bots' names by seat: "Medium bot", numbered when two share a level. */
const botNamesOf = (settings: GameSettings): (string | undefined)[] =>
  botSeatNames(settings.seats.map((s) => (s.kind === 'bot' ? s.level : undefined)));
