/**
 * The cluster over Redis (ioredis): leases are keys `carc:lease:<game>` holding the owner's id with
 * an expiry the owner keeps renewing; each process listens on its own pub/sub channel
 * `carc:proc:<id>` for requests, answers and messages for its sockets. A publish that reaches no
 * subscriber tells that the process is gone.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Delivery, Logger } from '../hub/types.js';
import { EncodedStep, encode } from '../wire.js';
import type { Cluster } from './cluster.js';
import { CallTimeout, ClusterUnavailable, NotOwner } from './cluster.js';
import type { ClusterRequest } from './requests.js';

type Envelope =
  | { k: 'req'; rid: number; from: string; req: ClusterRequest }
  | { k: 'res'; rid: number; ok: true; value: unknown }
  | { k: 'res'; rid: number; ok: false; notOwner?: string; message: string };

/**
 * Messages for sockets of the receiving process, sent as `M<header>\n<texts>`: the header lists each
 * message once with every listener it goes to; an update travels as its text (`u`: its version,
 * `n`: its length), written to those sockets as it came, the rest (`d`) inside the header.
 */
type MessagesHeader = { lids: string[]; u: number; n: number; a?: string } | { lids: string[]; d: Delivery };

/** Deliveries to one process gathered during one turn of the event loop, sent in one publish. */
interface Outbox {
  items: Map<Delivery, string[]>;
  sent: Promise<boolean>;
}

/**
 * Renews a lease if this process still holds it, or takes it again if nobody does (Redis lost its
 * keys, e.g. restarted): the game is in this process's memory, and a second owner could only ever
 * fork the log at a (game, seq) the database refuses.
 */
const RENEW = `local owner = redis.call('get', KEYS[1])
if owner == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
if owner == false then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;
/** Deletes a lease only if this process holds it. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export interface RedisClusterOptions {
  /** How long a lease lives without renewal (ms): how soon a dead owner's games move. */
  leaseMs?: number;
  /** How long a request waits for the owner's answer (ms). */
  callTimeoutMs?: number;
  /** Where the clients' connection errors go (else ioredis prints them to standard error). */
  log?: Logger;
}

/** A client's errors (it reconnects by itself) to the log: a repeated one at most every 10 s. */
function logErrors(client: Redis, name: 'pub' | 'sub', log: Logger | undefined): void {
  if (log === undefined) return;
  let last = '';
  let at = 0;
  client.on('error', (e: unknown) => {
    const err = String(e);
    if (err === last && Date.now() - at < 10_000) return;
    [last, at] = [err, Date.now()];
    log.warn({ event: 'redis-error', client: name, err }, 'redis error');
  });
  client.on('ready', () => {
    if (last !== '') log.info({ event: 'redis-ready', client: name }, 'redis connected again');
    last = '';
  });
}

export class RedisCluster implements Cluster {
  readonly self = randomBytes(8).toString('hex');
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }
  >();
  private nextRid = 1;
  private readonly outboxes = new Map<string, Outbox>();
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

  /**
   * Connects both clients, once: until they are ready a failure ends them (no reconnecting; start-up
   * tries again with backoff, startup.ts) and rejects with the error that caused it (ECONNREFUSED,
   * NOAUTH, WRONGPASS…), never printed by ioredis; nothing is left open then. Once ready, ioredis
   * reconnects by itself (backoff up to 2 s) whenever Redis goes away and comes back.
   */
  static async connect(
    url: string,
    options: RedisClusterOptions = {},
    startup: { connectTimeoutMs?: number } = {},
  ): Promise<RedisCluster> {
    let ready = false;
    const common = {
      lazyConnect: true,
      connectTimeout: startup.connectTimeoutMs ?? 10_000,
      retryStrategy: (times: number): number | null => (ready ? Math.min(times * 100, 2_000) : null),
    };
    const pub = new Redis(url, { ...common, maxRetriesPerRequest: 3 });
    const sub = new Redis(url, common);
    let failure: unknown;
    // Always one listener, so that ioredis never prints "[ioredis] Unhandled error event".
    for (const client of [pub, sub]) {
      client.on('error', (e: unknown) => {
        if (!ready) failure ??= e;
      });
    }
    try {
      await pub.connect();
      await sub.connect();
    } catch (e) {
      // A client that failed has ended already (disconnecting it again would hold the process 2 s);
      // one that never tried holds nothing.
      for (const client of [pub, sub]) {
        if (client.status !== 'end' && client.status !== 'wait') client.disconnect();
      }
      throw failure ?? e;
    }
    ready = true;
    // From now on: ioredis's usual connect timeout when reconnecting, and errors to the log (start-up
    // reports its own failures, one line per attempt).
    for (const client of [pub, sub]) client.options.connectTimeout = 10_000;
    for (const [client, name] of [
      [pub, 'pub'],
      [sub, 'sub'],
    ] as const)
      logErrors(client, name, options.log);
    return new RedisCluster(pub, sub, options);
  }

  private channel(process: string): string {
    return `carc:proc:${process}`;
  }

  private lease(game: string): string {
    return `carc:lease:${game}`;
  }

  async acquire(id: string): Promise<string> {
    return this.guard(this.acquireNow(id));
  }

  private async acquireNow(id: string): Promise<string> {
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
    await this.guard(this.pub.eval(RELEASE, 1, this.lease(id), this.self));
  }

  /** The games whose lease another process holds now; throws when Redis did not answer (nothing is lost then). */
  async renew(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const p = this.pub.pipeline();
    for (const id of ids) p.eval(RENEW, 1, this.lease(id), this.self, String(this.leaseMs));
    const results = (await this.guard(p.exec())) ?? [];
    const failed = results.find(([e]) => e !== null);
    if (failed !== undefined || results.length !== ids.length) throw new ClusterUnavailable(failed?.[0]);
    return ids.filter((_, i) => results[i]?.[1] !== 1);
  }

  async owned(id: string): Promise<boolean> {
    return (await this.guard(this.pub.exists(this.lease(id)))) === 1;
  }

  async ping(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ClusterUnavailable('no answer to PING within 1 s')), 1_000);
    });
    await Promise.race([this.guard(this.pub.ping()), late]).finally(() => clearTimeout(timer));
  }

  /** Redis's failures as `ClusterUnavailable`, which the hub answers with a coded refusal. */
  private async guard<T>(p: Promise<T>): Promise<T> {
    try {
      return await p;
    } catch (e) {
      throw e instanceof ClusterUnavailable ? e : new ClusterUnavailable(e);
    }
  }

  call(to: string, req: ClusterRequest): Promise<unknown> {
    const rid = this.nextRid++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(rid);
        reject(new CallTimeout(to));
      }, this.callTimeoutMs);
      this.pending.set(rid, { resolve, reject, timer });
      const fail = (e: Error) => {
        clearTimeout(timer);
        this.pending.delete(rid);
        reject(e);
      };
      this.send(to, { k: 'req', rid, from: this.self, req }).then(
        (reached) => reached || fail(new CallTimeout(to)),
        (e: unknown) => fail(e instanceof Error ? e : new ClusterUnavailable(e)),
      );
    });
  }

  /**
   * Deliveries are gathered per process during a turn of the event loop and published together:
   * one publish and one serialization for what many sockets are sent (a move's step to every
   * watcher of a game on that process, the steps of several games).
   */
  deliver(to: string, lid: string, msg: Delivery): Promise<boolean> {
    let box = this.outboxes.get(to);
    if (box === undefined) {
      const items = new Map<Delivery, string[]>();
      box = {
        items,
        sent: new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          this.outboxes.delete(to);
          const header: MessagesHeader[] = [];
          const texts: string[] = [];
          for (const [m, lids] of items) {
            if (m.type !== 'step') header.push({ lids, d: m });
            else {
              const text = encode(m);
              header.push({
                lids,
                u: m.step.version,
                n: text.length,
                ...(m.ack === undefined ? {} : { a: m.ack }),
              });
              texts.push(text);
            }
          }
          return this.publish(to, `M${JSON.stringify(header)}\n${texts.join('')}`);
        }),
      };
      this.outboxes.set(to, box);
    }
    const lids = box.items.get(msg);
    if (lids === undefined) box.items.set(msg, [lid]);
    else lids.push(lid);
    return box.sent;
  }

  async serve(
    onRequest: (request: ClusterRequest) => Promise<unknown>,
    onDeliver: (listener: string, message: Delivery | EncodedStep) => void,
    onReconnect?: () => void,
  ): Promise<void> {
    // Both clients were ready before this: a later 'ready' is a reconnection after an outage.
    for (const client of [this.pub, this.sub]) client.on('ready', () => onReconnect?.());
    this.sub.on('message', (_channel: string, text: string) => {
      if (text.startsWith('M')) {
        // One object per message for all its listeners here: serialized once (steps: never again).
        const end = text.indexOf('\n');
        let at = end + 1;
        for (const item of JSON.parse(text.slice(1, end)) as MessagesHeader[]) {
          let msg: Delivery | EncodedStep;
          if ('d' in item) msg = item.d;
          else {
            msg = new EncodedStep(item.u, text.slice(at, at + item.n), item.a);
            at += item.n;
          }
          for (const lid of item.lids) onDeliver(lid, msg);
        }
        return;
      }
      const e = JSON.parse(text) as Envelope;
      if (e.k === 'req') {
        // An answer that cannot be sent (Redis down) is lost: the asker times out and asks again.
        void onRequest(e.req)
          .then(
            (value) => this.send(e.from, { k: 'res', rid: e.rid, ok: true, value }),
            (err: unknown) =>
              this.send(e.from, {
                k: 'res',
                rid: e.rid,
                ok: false,
                message: String(err),
                ...(err instanceof NotOwner ? { notOwner: err.game } : {}),
              }),
          )
          .catch(() => undefined);
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

  private send(to: string, e: Envelope): Promise<boolean> {
    return this.publish(to, JSON.stringify(e));
  }

  private async publish(to: string, text: string): Promise<boolean> {
    return (await this.guard(this.pub.publish(this.channel(to), text))) > 0;
  }
}
