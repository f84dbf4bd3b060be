/**
 * The cluster over Redis (ioredis): leases are keys `carc:lease:<game>` holding the owner's id with
 * an expiry the owner keeps renewing; each process listens on its own pub/sub channel
 * `carc:proc:<id>` for requests, answers and messages for its sockets. A publish that reaches no
 * subscriber tells that the process is gone.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Delivery } from '../hub/hub.js';
import type { Cluster } from './cluster.js';
import { CallTimeout, NotOwner } from './cluster.js';
import type { HubRequest } from './requests.js';

type Envelope =
  | { k: 'req'; rid: number; from: string; req: HubRequest }
  | { k: 'res'; rid: number; ok: true; value: unknown }
  | { k: 'res'; rid: number; ok: false; notOwner?: string; message: string }
  | { k: 'msg'; lid: string; msg: Delivery };

/** Renews a lease only if this process still holds it. */
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
/** Deletes a lease only if this process holds it. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface RedisClusterOptions {
  /** How long a lease lives without renewal (ms): how soon a dead owner's games move. */
  leaseMs?: number;
  /** How long a request waits for the owner's answer (ms). */
  callTimeoutMs?: number;
}

export class RedisCluster implements Cluster {
  readonly self = randomBytes(8).toString('hex');
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
  >();
  private nextRid = 1;
  readonly leaseMs: number;
  private readonly callTimeoutMs: number;

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    options: RedisClusterOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 5_000;
    this.callTimeoutMs = options.callTimeoutMs ?? 2_000;
  }

  static async connect(url: string, options: RedisClusterOptions = {}): Promise<RedisCluster> {
    const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const sub = new Redis(url, { lazyConnect: true });
    await pub.connect();
    await sub.connect();
    return new RedisCluster(pub, sub, options);
  }

  private channel(process: string): string {
    return `carc:proc:${process}`;
  }

  private lease(game: string): string {
    return `carc:lease:${game}`;
  }

  async acquire(id: string): Promise<string> {
    for (;;) {
      const taken = await this.pub.set(this.lease(id), this.self, 'PX', this.leaseMs, 'NX');
      if (taken === 'OK') return 'self';
      const owner = await this.pub.get(this.lease(id));
      if (owner === this.self) return 'self';
      if (owner !== null) return owner;
      // The lease expired between the two calls: try again.
    }
  }

  async release(id: string): Promise<void> {
    await this.pub.eval(RELEASE, 1, this.lease(id), this.self);
  }

  async renew(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const p = this.pub.pipeline();
    for (const id of ids) p.eval(RENEW, 1, this.lease(id), this.self, String(this.leaseMs));
    const results = (await p.exec()) ?? [];
    return ids.filter((_, i) => results[i]?.[1] !== 1);
  }

  async owned(id: string): Promise<boolean> {
    return (await this.pub.exists(this.lease(id))) === 1;
  }

  call(to: string, req: HubRequest): Promise<unknown> {
    const rid = this.nextRid++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(rid);
        reject(new CallTimeout(to));
      }, this.callTimeoutMs);
      this.pending.set(rid, { resolve, reject, timer });
      void this.send(to, { k: 'req', rid, from: this.self, req }).then((reached) => {
        if (reached) return;
        clearTimeout(timer);
        this.pending.delete(rid);
        reject(new CallTimeout(to));
      });
    });
  }

  deliver(to: string, lid: string, msg: Delivery): Promise<boolean> {
    return this.send(to, { k: 'msg', lid, msg });
  }

  async serve(
    onRequest: (request: HubRequest) => Promise<unknown>,
    onDeliver: (listener: string, message: Delivery) => void,
  ): Promise<void> {
    this.sub.on('message', (_channel: string, text: string) => {
      const e = JSON.parse(text) as Envelope;
      if (e.k === 'msg') return onDeliver(e.lid, e.msg);
      if (e.k === 'req') {
        void onRequest(e.req).then(
          (value) => this.send(e.from, { k: 'res', rid: e.rid, ok: true, value }),
          (err: unknown) =>
            this.send(e.from, {
              k: 'res',
              rid: e.rid,
              ok: false,
              message: String(err),
              ...(err instanceof NotOwner ? { notOwner: err.game } : {}),
            }),
        );
        return;
      }
      const p = this.pending.get(e.rid);
      if (p === undefined) return;
      clearTimeout(p.timer);
      this.pending.delete(e.rid);
      if (e.ok) p.resolve(e.value);
      else p.reject(e.notOwner !== undefined ? new NotOwner(e.notOwner) : new Error(e.message));
    });
    await this.sub.subscribe(this.channel(this.self));
  }

  async close(): Promise<void> {
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
    this.sub.disconnect();
    await this.pub.quit().catch(() => undefined);
  }

  private async send(to: string, e: Envelope): Promise<boolean> {
    return (await this.pub.publish(this.channel(to), JSON.stringify(e))) > 0;
  }
}
