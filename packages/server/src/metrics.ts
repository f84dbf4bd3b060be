/**
 * The server's metrics, in Prometheus's text format at `GET /metrics` (prom-client); what each
 * means is in docs/operations.md, "Health, readiness and metrics". One `Metrics` per server, with
 * its own registry (never prom-client's global one): several servers in one process count apart.
 *
 * Counters and histograms are moved where things happen (the hub, the socket transport, the HTTP
 * routes); gauges are read when scraped, from the sources `watch` is given.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { BotRunner } from './bots/pool.js';
import { BOT_PRIORITIES } from './bots/scheduler.js';

/** Where the gauges read their values when scraped. */
export interface MetricSources {
  /** Games held in memory (`hub.liveGames`). */
  liveGames: () => number;
  /** WebSocket connections open. */
  sockets: () => number;
  /** Games whose lease this process holds (0 without a cluster). */
  leases: () => number;
  /** Bot decisions waiting for a thread, by priority. */
  botsWaiting: () => readonly number[];
}

export interface MetricsOptions {
  /** prom-client's process metrics (CPU, memory, event loop lag, GC…); default true. */
  defaultMetrics?: boolean;
}

/** How an act ended for the histogram: acknowledged, or refused with an error. */
export type ActOutcome = 'ack' | 'refused';

/** Seconds: from a millisecond up (an act: a store write; SQLite commits in about one). */
const ACT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Seconds: a bot thinks for its budget (1 s by default), and may wait for a thread before. */
const BOT_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2, 3, 5, 10, 30];

/** A refusal's code as a label: the server's own codes (`area/what`); anything else by status. */
const CODE = /^[a-z]+\/[a-z0-9-]{1,40}$/;

export class Metrics {
  readonly registry = new Registry();
  /** Actions committed to the store (humans' and bots'), on the game's owner. */
  readonly actionsAccepted: Counter;
  /** Error answers sent, by code and transport (`ws`: error messages; `http`: 4xx/5xx bodies). */
  readonly refusals: Counter<'code' | 'transport'>;
  /** From a socket's act reaching the hub to its answer (the store write included). */
  readonly actLatency: Histogram<'outcome'>;
  /** From the hub asking for a bot's move to the move (the wait for a thread included). */
  readonly botDecision: Histogram<'priority'>;
  /** Store calls that failed (threw or rejected), by the store's method. */
  readonly storeErrors: Counter<'op'>;
  private sources: Partial<MetricSources> = {};

  constructor(options: MetricsOptions = {}) {
    const registers = [this.registry];
    this.actionsAccepted = new Counter({
      name: 'carc_actions_accepted_total',
      help: 'Actions accepted and committed to the store by this process (humans and bots).',
      registers,
    });
    this.refusals = new Counter({
      name: 'carc_refusals_total',
      help: 'Error answers sent, by error code and transport (ws: error messages, http: 4xx/5xx).',
      labelNames: ['code', 'transport'],
      registers,
    });
    this.actLatency = new Histogram({
      name: 'carc_action_latency_seconds',
      help: "From a socket's act reaching the hub to its ack or refusal (store write included).",
      labelNames: ['outcome'],
      buckets: ACT_BUCKETS,
      registers,
    });
    this.botDecision = new Histogram({
      name: 'carc_bot_decision_seconds',
      help: "From the hub asking for a bot's move to the move, the wait for a thread included.",
      labelNames: ['priority'],
      buckets: BOT_BUCKETS,
      registers,
    });
    this.storeErrors = new Counter({
      name: 'carc_store_errors_total',
      help: 'Store calls that failed, by operation (the Store method).',
      labelNames: ['op'],
      registers,
    });
    const gauge = (name: string, help: string, read: () => number) => {
      const g: Gauge = new Gauge({ name, help, registers, collect: () => g.set(read()) });
    };
    gauge('carc_live_games', 'Games held in memory by this process.', () => this.read('liveGames'));
    gauge('carc_open_sockets', 'WebSocket connections open on this process.', () => this.read('sockets'));
    gauge('carc_leases_held', 'Games whose lease this process holds (0 without Redis).', () =>
      this.read('leases'),
    );
    const queue: Gauge<'priority'> = new Gauge({
      name: 'carc_bot_queue_depth',
      help: 'Bot decisions waiting for a thread, by priority (0 human waiting, 1 watched, 2 unwatched).',
      labelNames: ['priority'],
      registers,
      collect: () => {
        const waiting = this.sources.botsWaiting?.() ?? [];
        for (let p = 0; p < BOT_PRIORITIES; p++) queue.set({ priority: String(p) }, waiting[p] ?? 0);
      },
    });
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });
  }

  /** Gives the gauges their sources (several calls add up; a later source replaces an earlier one). */
  watch(sources: Partial<MetricSources>): void {
    this.sources = { ...this.sources, ...sources };
  }

  /** A refusal sent: `code` as the answer names it. */
  refused(code: string, transport: 'ws' | 'http'): void {
    this.refusals.inc({ code: CODE.test(code) ? code : 'other', transport });
  }

  /** The exposition: the text and its content type. */
  async scrape(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }

  /** `runner`, with the time of each decision observed. */
  timeBots(runner: BotRunner): BotRunner {
    const histogram = this.botDecision;
    return {
      decide(task, priority) {
        const end = histogram.startTimer({ priority: String(priority) });
        return runner.decide(task, priority).then((action) => {
          end();
          return action;
        });
      },
      get waiting() {
        return runner.waiting;
      },
      close: () => runner.close(),
    };
  }

  /**
   * `store`, with every failed call counted by its method's name. A proxy, not a wrapper class:
   * a method added to `Store` later is counted too.
   */
  countStoreErrors<S extends object>(store: S): S {
    const errors = this.storeErrors;
    const wrapped = new Map<PropertyKey, unknown>();
    return new Proxy(store, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        let fn = wrapped.get(prop);
        if (fn === undefined) {
          const method = value as (...args: unknown[]) => unknown;
          const op = String(prop);
          fn = (...args: unknown[]): unknown => {
            try {
              const r = method.apply(target, args);
              if (r instanceof Promise) {
                return r.catch((e: unknown) => {
                  errors.inc({ op });
                  throw e;
                });
              }
              return r;
            } catch (e) {
              errors.inc({ op });
              throw e;
            }
          };
          wrapped.set(prop, fn);
        }
        return fn;
      },
    });
  }

  private read(source: 'liveGames' | 'sockets' | 'leases'): number {
    return this.sources[source]?.() ?? 0;
  }
}

/**
 * Whether a request's `Authorization` header carries `Bearer <token>` (compared in constant
 * time); always true without a token configured.
 */
export function metricsAuthorised(token: string | undefined, header: string | undefined): boolean {
  if (token === undefined) return true;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (m === null) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(m[1]!), digest(token));
}

/** The code of an error body Fastify sends (`{ code, … }`), or `http/<status>` when it has none. */
export function refusalCode(payload: unknown, status: number): string {
  if (typeof payload === 'string' && payload.length <= 4096 && payload.startsWith('{')) {
    try {
      const code = (JSON.parse(payload) as { code?: unknown }).code;
      if (typeof code === 'string' && CODE.test(code)) return code;
    } catch {
      // Not JSON: counted by its status.
    }
  }
  return `http/${status}`;
}
