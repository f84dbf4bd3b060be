/**
 * A running server: the store the configuration names, the bot pool, the hub and the HTTP and
 * WebSocket transports, and a graceful stop (sockets closed with a reason, writes finished, the
 * database closed).
 */
import type { ServerConfig } from './config.js';
import { botPool } from './bots/pool.js';
import type { BotRunner } from './bots/pool.js';
import { Hub } from './hub/hub.js';
import { buildApp } from './http/app.js';
import { SqliteStore } from './store/sqlite.js';
import { SOLO } from './cluster/cluster.js';
import { RedisCluster } from './cluster/redis.js';
import type { Store } from './store/store.js';
import { createLogger, lifecycleLog } from './log.js';
import type { ServerLogger } from './log.js';
import { Metrics } from './metrics.js';
import { configProblem, isPostgres } from './config.js';
import {
  StartupError,
  classifyPostgres,
  classifyRedis,
  classifySqlite,
  listenError,
  withRetry,
} from './startup.js';

export interface RunningServer {
  /** Where it listens, e.g. http://127.0.0.1:8080 */
  url: string;
  hub: Hub;
  /** The process's one logger (JSON lines); `serve` writes its start and stop lines with it. */
  log: ServerLogger;
  /** What `/metrics` serves. */
  metrics: Metrics;
  /** Stops gracefully: sockets closed with `reason`, pending writes finished, storage closed. */
  close(reason?: string): Promise<void>;
}

/** The store for `database`: PostgreSQL for a postgres:// URL, otherwise a SQLite file. */
export async function openStore(
  database: string,
  options: { connectTimeoutMs?: number } = {},
): Promise<Store> {
  if (isPostgres(database)) {
    const { PostgresStore } = await import('./store/postgres.js');
    return PostgresStore.connect(database, options);
  }
  return new SqliteStore(database.replace(/^sqlite:/, ''));
}

export async function startServer(
  config: ServerConfig,
  bots?: BotRunner,
  log: ServerLogger = createLogger(config.logLevel),
): Promise<RunningServer> {
  const problem = configProblem(config);
  if (problem !== undefined) throw new StartupError('config', problem);
  const metrics = new Metrics();
  // PostgreSQL and Redis: tried again while unreachable, up to STARTUP_TIMEOUT_MS (startup.ts).
  const retry = {
    deadline: Date.now() + config.startupTimeoutMs,
    timeoutMs: config.startupTimeoutMs,
    log: (line: string, fields: Record<string, unknown>) => lifecycleLog(log).warn(fields, line),
  };
  const postgres = isPostgres(config.database);
  const store = metrics.countStoreErrors(
    await withRetry(
      { setting: 'DATABASE_URL', name: postgres ? 'PostgreSQL' : 'SQLite', url: config.database },
      (connectTimeoutMs) => openStore(config.database, { connectTimeoutMs }),
      postgres ? classifyPostgres : classifySqlite,
      retry,
    ),
  );
  const redis = config.redis;
  const cluster =
    redis === undefined
      ? SOLO
      : await withRetry(
          { setting: 'REDIS_URL', name: 'Redis', url: redis },
          (connectTimeoutMs) =>
            RedisCluster.connect(redis, { leaseMs: config.leaseMs, log }, { connectTimeoutMs }),
          classifyRedis,
          retry,
        ).catch(async (e: unknown) => {
          await store.close();
          throw e;
        });
  const runner = metrics.timeBots(bots ?? botPool(config.botThreads));
  const app = await buildApp(
    config,
    store,
    (log) =>
      new Hub({
        store,
        bots: runner,
        cluster,
        botBudgetMs: config.botBudgetMs,
        idleMs: config.idleMs,
        abandonMs: config.abandonMs,
        limits: {
          openGamesPerAddress: config.openGamesPerAddress,
          gamesPerAddress: config.gamesPerAddress,
          botGamesPerAddress: config.botGamesPerAddress,
          botGamesTotal: config.botGamesTotal,
          openGameTtlMs: config.openGameTtlMs,
          rematchHoldMs: config.rematchHoldMs,
        },
        log,
        metrics,
      }),
    { log, metrics },
  ).catch(async (e: unknown) => {
    // Nothing left open, so that the process exits with the error.
    await cluster.close().catch(() => undefined);
    await runner.close().catch(() => undefined);
    await store.close();
    throw e;
  });
  const hub = app.hub;
  metrics.watch({ leases: () => (hub.clustered ? hub.liveGames : 0), botsWaiting: () => runner.waiting });
  const address = await (async () => {
    await hub.start();
    return app.fastify.listen({ port: config.port, host: config.host }).catch((e: unknown) => {
      throw listenError(e, config.host, config.port) ?? e;
    });
  })().catch(async (e: unknown) => {
    // Nothing left open, so that the process exits with the error (a sentence for a port in use).
    await app.close('server failed to start').catch(() => undefined);
    await hub.close().catch(() => undefined);
    await runner.close().catch(() => undefined);
    await store.close().catch(() => undefined);
    throw e;
  });
  let closing: Promise<void> | undefined;
  return {
    url: address,
    hub,
    log,
    metrics,
    close(reason = 'server shutting down') {
      closing ??= (async () => {
        await app.close(reason);
        await hub.close();
        await runner.close();
        await store.close();
      })();
      return closing;
    },
  };
}
