/**
 * The hub: the server's transport-free core, a facade over its parts. The lobby (lobby.ts) creates
 * games and hands out seats; each live game is a room (room.ts: its Match, seats, listeners and a
 * queue running its operations one after the other), held in memory while used (rooms.ts), with
 * its clock's timer (roomClock.ts) and its bot (roomBots.ts); what viewers are sent is frames.ts.
 * Routing (routing.ts) wraps the rooms: a request runs on the local room when this process owns
 * the game, or is forwarded to its owner; this process's sockets are sessions (sessions.ts).
 *
 * Each accepted action is committed to the store **before** it is acknowledged or broadcast, and
 * every listener is sent only what its viewer may see. HTTP and WebSocket are thin transports over
 * this (http/).
 */
import type { BotName } from '@carc/bots';
import type { GameSettings } from '@carc/protocol';
import { SOLO } from '../cluster/cluster.js';
import type { HubRequest } from '../cluster/requests.js';
import { isPairingRequest } from '../cluster/requests.js';
import { PairingService } from '../pairing/service.js';
import type { GameListing } from '../store/store.js';
import { Lobby, NO_LIMITS } from './lobby.js';
import type { GameRoom, RoomEnv } from './room.js';
import { BotWaker } from './roomBots.js';
import { ClockTimers } from './roomClock.js';
import { Rooms } from './rooms.js';
import { Results } from './results.js';
import { Router } from './routing.js';
import { Sessions } from './sessions.js';
import type { SocketSession } from './socketSession.js';
import type { GameSummary, HubContext, HubOptions, HubResult, SeatAccount } from './types.js';
import { ok, SILENT } from './types.js';

export type {
  Delivery,
  GameSummary,
  HubError,
  HubErrorCode,
  HubOptions,
  HubResult,
  Listener,
  LobbyLimits,
  Logger,
  RevokeCode,
  SeatAccount,
} from './types.js';
export type { SessionRecord } from './socketSession.js';
/** The socket-side session handle, by its former name. */
export { SocketSession as Session } from './socketSession.js';

export class Hub {
  private readonly ctx: HubContext;
  private readonly idleMs: number;
  private readonly abandonMs: number;
  private readonly clocks: ClockTimers;
  private readonly rooms: Rooms;
  private readonly router: Router;
  private readonly lobby: Lobby;
  private readonly sessions: Sessions;
  /** Quick pairing ("play now"): this process's seekers, and the queue when this process holds it. */
  readonly pairing: PairingService;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(options: HubOptions) {
    const ctx: HubContext = {
      store: options.store,
      now: options.now ?? Date.now,
      log: options.log ?? SILENT,
      metrics: options.metrics,
      closed: false,
    };
    this.ctx = ctx;
    this.idleMs = options.idleMs ?? 10 * 60_000;
    this.abandonMs = options.abandonMs ?? 7 * 24 * 3_600_000;
    this.clocks = new ClockTimers(
      ctx.now,
      () => ctx.closed,
      (id) => this.clockExpired(id),
    );
    const bots = new BotWaker(ctx, options.bots, options.botBudgetMs ?? 1_000);
    // The rooms' environment is the context itself, so that `closed` reaches them too.
    const env: RoomEnv = Object.assign(ctx, {
      maxResyncSteps: options.maxResyncSteps ?? 500,
      rememberedIds: options.rememberedIds ?? 256,
      takeoverLevel: options.takeoverLevel ?? ('greedy' satisfies BotName),
      clocks: this.clocks,
      wakeBot: (room: GameRoom) => bots.wake(room),
      breakRoom: (room: GameRoom, e: unknown) => this.rooms.breakRoom(room, e),
      results: new Results(ctx),
    });
    this.rooms = new Rooms(env, this.idleMs, {
      loaded: (room) => this.router.loaded(room),
      dropped: (room) => {
        this.sessions.forgetOwner(room.id);
        this.router.dropped(room);
      },
    });
    this.router = new Router(ctx, options.cluster ?? SOLO, this.rooms, (room, q) => this.perform(room, q));
    const route = <T>(q: HubRequest) => this.router.route<T>(q);
    this.lobby = new Lobby(ctx, { ...NO_LIMITS, ...options.limits }, route, (room) => this.rooms.drop(room));
    this.sessions = new Sessions(this.router, this.rooms);
    this.pairing = new PairingService({
      cluster: this.router.cluster,
      games: {
        create: (settings, reserved) => this.lobby.createGame(settings, undefined, undefined, reserved),
        join: (game, seat, name, account, reservation) =>
          this.lobby.joinGame(game, name, seat, reservation, account),
      },
      ratingOf: (account, pool) => ctx.store.ratingOf(account, pool),
      log: ctx.log,
      now: ctx.now,
    });
  }

  /**
   * Starts serving: answers other processes, re-arms the clocks of the games being played and wakes
   * the bots whose turn it is (after a restart, or when another process died), and keeps doing so.
   */
  async start(): Promise<void> {
    const { cluster } = this.router;
    await cluster.serve(
      (request) => (isPairingRequest(request) ? this.pairing.handle(request) : this.router.handle(request)),
      (listener, message) => this.sessions.deliver(listener, message),
      // Back after an outage of the cluster: messages for this process's sockets may have been lost
      // meanwhile, so every session of a game owned elsewhere catches up.
      () => {
        this.ctx.log.warn(
          { event: 'cluster-reconnected' },
          'the cluster (Redis) answers again; sessions catch up',
        );
        this.sessions.reconnected();
      },
    );
    await this.router.adoptOrphans(true, this.abandonMs);
    const every = (ms: number, fn: () => Promise<void> | void) => {
      const timer = setInterval(() => {
        void Promise.resolve(fn()).catch((e: unknown) =>
          this.ctx.log.error({ err: String(e) }, 'background task failed'),
        );
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(Math.max(1_000, Math.min(this.idleMs / 2, 60_000)), () => this.rooms.sweep());
    const ttl = this.lobby.limits.openGameTtlMs;
    if (Number.isFinite(ttl)) {
      every(Math.max(1_000, Math.min(ttl / 4, 60_000)), () => this.lobby.expireOpenGames());
    }
    every(1_000, () => this.sessions.watch());
    this.pairing.start();
    if (!this.router.clustered) {
      every(60_000, () => this.router.adoptOrphans(false, this.abandonMs));
    } else {
      every(cluster.leaseMs / 3, () => this.router.renewLeases());
      every(2_000, () => this.router.adoptOrphans(true, this.abandonMs));
    }
  }

  /** Whether games are shared with other processes (through Redis). */
  get clustered(): boolean {
    return this.router.clustered;
  }

  /** Resolves when the cluster's service answers (at once for one process alone). */
  pingCluster(): Promise<void> {
    return this.router.cluster.ping();
  }

  /** Live games in memory (for the health check and the benchmarks). */
  get liveGames(): number {
    return this.rooms.size;
  }

  // ---------------------------------------------------------------- lobby

  /**
   * A new game. `creator` (a hash of the requester's address) is held to the lobby's limits: open
   * games, games in all, games of bots only; a rematch is not, and keeps the old players' seats for
   * them a while.
   */
  createGame(
    settings: GameSettings,
    join?: { name: string; account?: SeatAccount },
    creator?: string,
  ): Promise<HubResult<{ id: string; seat?: number; token?: string }>> {
    return this.lobby.createGame(settings, join, creator);
  }

  /**
   * Takes a free human seat (`seat`, or the first); the answer carries the seat's secret token.
   * `reservation` (the hash of an old token) may take a seat a rematch keeps for its holder. A
   * signed-in `account` makes the seat its own, under its name.
   */
  join(
    id: string,
    name: string,
    seat?: number,
    reservation?: string,
    account?: SeatAccount,
  ): Promise<HubResult<{ seat: number; token: string }>> {
    return this.lobby.joinGame(id, name, seat, reservation, account);
  }

  /** The seat `token` holds in game `id` becomes `account`'s (played anonymously before signing in). */
  claim(id: string, token: string, account: string): Promise<HubResult<boolean>> {
    return this.router.route({ op: 'claim', game: id, token, account });
  }

  /** Gives a seat of a game that has not started back. */
  leave(id: string, token: string): Promise<HubResult<{ seat: number }>> {
    return this.router.route({ op: 'leave', game: id, token });
  }

  /** A page of the games with this status, newest first, at most a few of each creator. */
  list(status: 'open' | 'playing' | 'over', limit: number, offset = 0): Promise<GameListing[]> {
    return this.lobby.list(status, limit, offset);
  }

  /** A game as the lobby shows it, with who is connected. */
  summary(id: string): Promise<HubResult<GameSummary>> {
    return this.router.route({ op: 'summary', game: id });
  }

  /** The full record (seed and every action) of a game that is over; refused while it is played. */
  record(id: string): Promise<HubResult<unknown>> {
    return this.router.route({ op: 'record', game: id });
  }

  /**
   * A new game with the same settings, seats shifted by one (another player starts); the asking
   * player takes the seat that keeps their turn order and their name. Asked again, the same game.
   */
  rematch(id: string, token: string): Promise<HubResult<{ id: string; seat?: number; token?: string }>> {
    return this.router.route({ op: 'rematch', game: id, token });
  }

  /**
   * These games' stored seats changed outside their rooms (an account was deleted, its seats now
   * "deleted"): a room of one that is over, in memory here or on its owner, is dropped, so that
   * records and summaries show the stored names. A game nobody holds is not loaded for it.
   */
  async reloadOver(ids: readonly string[]): Promise<void> {
    for (const game of ids) {
      try {
        if (this.rooms.has(game) || (this.router.clustered && (await this.router.cluster.owned(game))))
          await this.router.route({ op: 'reload', game });
      } catch (e) {
        this.ctx.log.warn({ game, err: String(e) }, 'a room of a deleted account’s game was not reloaded');
      }
    }
  }

  // ---------------------------------------------------------------- sessions

  /** Opens a socket's session on a game, as a seat or a spectator (`Sessions.connect` says how). */
  connect(...args: Parameters<Sessions['connect']>): Promise<HubResult<SocketSession>> {
    return this.sessions.connect(...args);
  }

  /** Waits for pending work, stops timers; sockets are the transport's to close. */
  async close(): Promise<void> {
    this.ctx.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.clocks.clear();
    await Promise.allSettled(this.rooms.all().map((room) => room.settled()));
    await this.pairing.close();
    await this.router.close();
  }

  /** A running clock's time is up: its room times the seat out, in its queue. */
  private clockExpired(id: string): void {
    void this.rooms.get(id).then(async (room) => {
      if (room !== undefined) await room.enqueue(() => room.timeOut());
    });
  }

  /** Runs a request on a room this process owns (inside its queue). */
  private async perform(room: GameRoom, q: HubRequest): Promise<HubResult<unknown>> {
    switch (q.op) {
      case 'join':
        return this.lobby.join(room, q.name, q.seat, q.reservation, q.account);
      case 'claim':
        return this.lobby.claim(room, q.token, q.account);
      case 'expire':
        return ok(await this.lobby.expire(room));
      case 'leave':
        return this.lobby.leave(room, q.token);
      case 'rematch':
        return this.lobby.rematch(room, q.token);
      case 'record':
        return this.lobby.record(room);
      case 'reload':
        // Over, the room only shows the game: dropped, it loads the stored names when asked next.
        if (room.row.status !== 'open' && room.row.status !== 'playing') this.rooms.drop(room);
        return ok(null);
      case 'summary':
        return this.lobby.summary(room);
      case 'start':
        if (room.row.status === 'open') await room.start();
        return ok(null);
      case 'attach': {
        const { from, listener } = q;
        return room.attach(q.token, q.since, `${from}:${listener}`, (viewer, holder) =>
          this.router.listener(room, from, listener, viewer, holder, (lid, m) =>
            this.sessions.deliver(lid, m),
          ),
        );
      }
      case 'detach':
        return ok(room.detach(`${q.from}:${q.listener}`));
      case 'act': {
        const l = room.authorised(`${q.from}:${q.listener}`);
        if (!l.ok) return l;
        await room.submit(l.value, q.id, q.version, q.action);
        return ok(null);
      }
      case 'resign': {
        const l = room.authorised(`${q.from}:${q.listener}`);
        if (!l.ok) return l;
        await room.resign(l.value, q.id);
        return ok(null);
      }
    }
  }
}
