/**
 * Which process runs a game's requests, wrapped around the rooms: a request runs on the local room
 * when this process owns the game (taking its lease when nobody holds it), and is forwarded to the
 * owner otherwise. Also the leases' upkeep (renewal; a lost lease drops the room), taking over
 * games nobody holds, and listeners whose sockets live on another process.
 */
import type { Viewer } from '@carc/engine';
import type { Cluster } from '../cluster/cluster.js';
import { CallTimeout, ClusterUnavailable, NotOwner, SOLO } from '../cluster/cluster.js';
import type { HubRequest } from '../cluster/requests.js';
import { PAIRING_LEASE } from '../cluster/requests.js';
import type { GameRoom } from './room.js';
import type { Rooms } from './rooms.js';
import type { Delivery, HubContext, HubResult, Listener } from './types.js';
import { fail } from './types.js';

/** Runs a request on a room this process owns (inside its queue). */
export type Perform = (room: GameRoom, request: HubRequest) => Promise<HubResult<unknown>>;

export class Router {
  /** Other processes that owned games when last asked (routing without a Redis round trip). */
  private readonly owners = new Map<string, string>();
  /** When the leases were last renewed (performance.now()), to tell a late renewal. */
  private renewedAt: number | undefined;

  constructor(
    private readonly ctx: HubContext,
    readonly cluster: Cluster,
    private readonly rooms: Rooms,
    private readonly perform: Perform,
  ) {}

  get self(): string {
    return this.cluster.self;
  }

  get clustered(): boolean {
    return this.cluster !== SOLO;
  }

  /**
   * Runs `request` on the owner of its game: here when this process owns it (taking the lease when
   * nobody holds it), otherwise by asking the owner. An owner that does not answer is asked again
   * until its lease expires and another takes the game over.
   */
  async route<T>(request: HubRequest, answeredBy?: (owner: string) => void): Promise<HubResult<T>> {
    try {
      return await this.routeNow(request, answeredBy);
    } catch (e) {
      // Redis or the database did not answer: refused with a code, nothing changed; the client retries.
      const redis = e instanceof ClusterUnavailable;
      this.ctx.log.warn(
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
    for (let attempt = 0; attempt < 40 && !this.ctx.closed; attempt++) {
      // The owner last seen is asked without asking Redis again; one that does not answer, or no
      // longer owns the game, is forgotten and the lease looked up (or taken) again.
      let owner = this.rooms.has(request.game) ? undefined : this.owners.get(request.game);
      if (owner === undefined) {
        const room = await this.ownRoom(request.game);
        if (room === 'missing') return fail('lobby/no-game', `no game ${request.game}`);
        if (room !== undefined) {
          answeredBy?.(this.self);
          return (await this.run(room, request)) as HubResult<T>;
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
        this.ctx.log.warn(
          { event: 'forward-failed', game: request.game, owner, op: request.op, err: String(e) },
          'forward failed',
        );
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    return fail('server/busy', `game ${request.game}: its server does not answer; try again`);
  }

  /** A request from another process for a game this process should own. */
  async handle(request: HubRequest): Promise<unknown> {
    const room = await this.ownRoom(request.game);
    if (room === 'missing') return fail('lobby/no-game', `no game ${request.game}`);
    if (room === undefined) throw new NotOwner(request.game);
    return this.run(room, request);
  }

  /**
   * The room of game `id` if this process owns it (loading it, and taking the lease when free);
   * undefined when another process owns it; 'missing' when there is no such game.
   */
  async ownRoom(id: string): Promise<GameRoom | undefined | 'missing'> {
    // The pairing queue's lease is no game's: taking or releasing it here would unseat its owner.
    if (id === PAIRING_LEASE) return 'missing';
    const live = this.rooms.peek(id);
    if (live !== undefined) return live;
    const owner = await this.cluster.acquire(id);
    if (owner !== 'self') {
      if (this.owners.size >= 10_000) this.owners.clear();
      this.owners.set(id, owner);
      return undefined;
    }
    this.owners.delete(id);
    const room = await this.rooms.get(id);
    if (room === undefined) {
      await this.cluster.release(id);
      return 'missing';
    }
    return room;
  }

  /** The process owning game `id` now (taking its lease when nobody holds it). */
  async ownerOf(id: string): Promise<string> {
    const owner = this.rooms.has(id) ? 'self' : await this.cluster.acquire(id);
    return owner === 'self' ? this.self : owner;
  }

  /** Runs a request on a room this process owns, in the room's queue. */
  private run(room: GameRoom, q: HubRequest): Promise<HubResult<unknown>> {
    return room.enqueue(async (): Promise<HubResult<unknown>> => {
      // Queued before the room left memory: the request goes to whoever holds the game now.
      if (room.broken) return this.route(q);
      room.touched = this.ctx.now();
      try {
        return await this.perform(room, q);
      } catch (e) {
        // A storage failure (the lobby's writes): nothing was changed in memory before the write.
        this.ctx.log.error({ game: room.id, op: q.op, err: String(e) }, 'request failed');
        return fail('server/storage', 'storage did not answer; nothing changed, try again');
      }
    });
  }

  /**
   * The listener of socket `lid` of process `from`, as `viewer`: delivered here directly, or through
   * the cluster to its process (detached from `room` when that process is gone).
   */
  listener(
    room: GameRoom,
    from: string,
    lid: string,
    viewer: Viewer,
    holder: string | undefined,
    deliverLocal: (lid: string, message: Delivery) => void,
  ): Listener {
    const key = `${from}:${lid}`;
    const deliver =
      from === this.self
        ? (m: Delivery) => deliverLocal(lid, m)
        : (m: Delivery) => {
            void this.cluster.deliver(from, lid, m).then(
              (reached) => {
                // Nobody listens on that process any more: it is gone, and so is this socket.
                if (!reached) room.detach(key);
              },
              (e: unknown) => this.ctx.log.warn({ game: room.id, err: String(e) }, 'delivery failed'),
            );
          };
    return {
      viewer,
      ...(holder === undefined ? {} : { holder }),
      send: deliver,
      revoke: (code, message) => deliver({ type: 'revoke', code, message }),
      // Sockets of this process attach again by themselves (their session's owner is reset).
      resync: () => {
        if (from !== this.self) deliver({ type: 'resync' });
      },
    };
  }

  // ---------------------------------------------------------------- the leases' upkeep

  /** A room entered memory: its lease is this process's. */
  loaded(room: GameRoom): void {
    if (this.clustered)
      this.ctx.log.info({ event: 'lease-taken', game: room.id, owner: this.self }, 'lease taken');
  }

  /** A room left memory: its lease is given up. */
  dropped(room: GameRoom): void {
    void this.cluster.release(room.id).catch(() => undefined);
  }

  /** Renews the leases of the games held here; a game whose lease was lost leaves memory. */
  async renewLeases(): Promise<void> {
    let lost: string[];
    try {
      lost = await this.cluster.renew(this.rooms.ids());
    } catch (e) {
      // Redis is down: the games stay here (nobody else can take them meanwhile); renewed when it is back.
      this.ctx.log.warn({ err: String(e) }, 'leases not renewed: the cluster (Redis) does not answer');
      return;
    }
    this.noteRenewal();
    for (const id of lost) {
      const room = this.rooms.peek(id);
      if (room === undefined) continue;
      this.ctx.log.warn(
        { event: 'lease-lost', game: id, owner: this.self },
        'lease lost; the game moves to its new owner',
      );
      this.rooms.drop(room);
    }
  }

  /** A renewal more than half a lease after the last one (a blocked event loop, a slow Redis) is logged. */
  private noteRenewal(): void {
    const at = performance.now();
    const sinceMs = at - (this.renewedAt ?? at);
    this.renewedAt = at;
    if (sinceMs <= this.cluster.leaseMs / 2 || this.rooms.size === 0) return;
    const late = { sinceMs: Math.round(sinceMs), leaseMs: this.cluster.leaseMs, games: this.rooms.size };
    this.ctx.log.warn({ event: 'lease-renewed-late', owner: this.self, ...late }, 'leases renewed late');
  }

  /**
   * Games being played that need someone (a clock running, a bot to act) and have no owner: taken
   * over, so their clocks and bots go on (`needs`; one process alone does this once, at start: its
   * timers live on); games untouched for `abandonMs` end as aborted.
   */
  async adoptOrphans(needs: boolean, abandonMs: number): Promise<void> {
    const now = this.ctx.now();
    for (const row of await this.ctx.store.playingGames()) {
      if (this.ctx.closed) return;
      if (this.rooms.has(row.id)) continue;
      const clock = row.clocks !== undefined && row.clocks.running >= 0;
      const bot = row.toAct >= 0 && row.seats[row.toAct]?.kind === 'bot';
      const abandoned = now - row.updatedAt > abandonMs;
      if (!(needs && (clock || bot)) && !abandoned) continue;
      if (this.clustered && (await this.cluster.owned(row.id))) continue;
      const room = await this.ownRoom(row.id);
      if (room === undefined || room === 'missing') continue;
      const why = abandoned ? 'abandoned' : clock ? 'clock' : 'bot';
      this.ctx.log.warn(
        { event: 'takeover', game: row.id, owner: this.self, why },
        'game taken over: nobody held it',
      );
      await room.enqueue(async () => {
        if (abandoned && room.match !== undefined && !room.match.isOver) {
          const r = room.match.abort(new Date(now).toISOString(), 'abandoned');
          if (r.ok) await room.commitEnd(r.value);
          return;
        }
        room.afterChange();
      });
    }
  }

  /** Gives up every lease and leaves the cluster (the hub closes). */
  async close(): Promise<void> {
    await Promise.allSettled(this.rooms.ids().map((id) => this.cluster.release(id)));
    await this.cluster.close();
  }
}
