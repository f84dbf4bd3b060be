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

export interface RunningServer {
  /** Where it listens, e.g. http://127.0.0.1:8080 */
  url: string;
  hub: Hub;
  /** Stops gracefully: sockets closed with `reason`, pending writes finished, storage closed. */
  close(reason?: string): Promise<void>;
}

/** The store for `database`: PostgreSQL for a postgres:// URL, otherwise a SQLite file. */
export async function openStore(database: string): Promise<Store> {
  if (/^postgres(ql)?:\/\//.test(database)) {
    const { PostgresStore } = await import('./store/postgres.js');
    return PostgresStore.connect(database);
  }
  return new SqliteStore(database.replace(/^sqlite:/, ''));
}

export async function startServer(config: ServerConfig, bots?: BotRunner): Promise<RunningServer> {
  const store = await openStore(config.database);
  const cluster =
    config.redis === undefined
      ? SOLO
      : await RedisCluster.connect(config.redis, { leaseMs: config.leaseMs }).catch(async (e: unknown) => {
          await store.close();
          throw e;
        });
  const runner = bots ?? botPool(config.botThreads);
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
      }),
  ).catch(async (e: unknown) => {
    await store.close();
    throw e;
  });
  const hub = app.hub;
  await hub.start();
  const address = await app.fastify.listen({ port: config.port, host: config.host });
  let closing: Promise<void> | undefined;
  return {
    url: address,
    hub,
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
