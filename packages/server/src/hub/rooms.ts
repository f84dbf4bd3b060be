/**
 * The rooms in memory: loaded from storage on demand (the log replayed through a new Match), and
 * gone when nobody has touched them for a while, so memory follows live games. Whoever owns the
 * games (routing.ts) is told when one enters or leaves memory.
 */
import type { RoomEnv } from './room.js';
import { buildMatch, GameRoom } from './room.js';

export interface RoomsHooks {
  /** A room entered memory. */
  loaded(room: GameRoom): void;
  /** A room left memory (its listeners were told to attach again). */
  dropped(room: GameRoom): void;
}

export class Rooms {
  private readonly live = new Map<string, GameRoom>();
  private readonly loading = new Map<string, Promise<GameRoom | undefined>>();

  constructor(
    private readonly env: RoomEnv,
    /** A room nobody listens to leaves memory after this long untouched (ms). */
    private readonly idleMs: number,
    private readonly hooks: RoomsHooks,
  ) {}

  get size(): number {
    return this.live.size;
  }

  has(id: string): boolean {
    return this.live.has(id);
  }

  /** The room of game `id` if in memory. */
  peek(id: string): GameRoom | undefined {
    return this.live.get(id);
  }

  ids(): string[] {
    return [...this.live.keys()];
  }

  all(): GameRoom[] {
    return [...this.live.values()];
  }

  /** The room of game `id`, loading it from storage when needed; undefined when there is no such game. */
  async get(id: string): Promise<GameRoom | undefined> {
    const room = this.live.get(id);
    if (room !== undefined) return room;
    let pending = this.loading.get(id);
    if (pending === undefined) {
      pending = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  private async load(id: string): Promise<GameRoom | undefined> {
    const { store, log } = this.env;
    const row = await store.getGame(id);
    if (row === undefined) return undefined;
    const room = new GameRoom(row, this.env);
    if (row.status !== 'open') {
      const built = buildMatch(row, log);
      if (built === undefined) return undefined;
      const session = room.adopt(built.match, built.config);
      for (const e of await store.actions(id)) {
        const r = built.match.submit(e.player, e.action, e.seq - 1);
        if (!r.ok) {
          log.error({ game: id, seq: e.seq, error: r.error }, 'stored action refused on replay');
          return undefined;
        }
        room.log.push({ player: e.player, action: e.action });
        if (e.clientId !== undefined) {
          session.remember(e.player, e.clientId, { type: 'ack', id: e.clientId, version: e.seq });
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
    }
    await this.env.results.loaded(room);
    const again = this.live.get(id);
    if (again !== undefined) return again;
    this.live.set(id, room);
    this.hooks.loaded(room);
    return room;
  }

  /** Storage refused a write: this room's memory may be ahead of storage, so it is dropped. */
  breakRoom(room: GameRoom, e: unknown): void {
    this.env.log.error(
      { game: room.id, err: String(e) },
      'storage refused a write; the game reloads from storage',
    );
    this.drop(room);
  }

  /** The room leaves memory; its sessions attach again (to whoever owns it next) on their next request. */
  drop(room: GameRoom): void {
    room.broken = true;
    if (this.live.get(room.id) === room) this.live.delete(room.id);
    // Its listeners on other processes attach again too, to whoever loads the game next.
    for (const l of room.listeners.values()) l.resync();
    this.hooks.dropped(room);
  }

  /** Drops rooms nobody listens to and nothing waits on. */
  sweep(): void {
    const now = this.env.now();
    for (const room of this.live.values()) {
      const idle = room.listeners.size === 0 && !room.botThinking && room.pending === 0;
      if (idle && now - room.touched > this.idleMs) this.drop(room);
    }
  }
}
