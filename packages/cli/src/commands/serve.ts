/**
 * `carcassonne serve`: runs the multiplayer server (@carc/server) until SIGINT or SIGTERM, then
 * stops it gracefully. Settings come from the environment (README, "Server") and these flags.
 */
import type { ServerConfigInput } from '@carc/server';
import type { Io } from '../io.js';
import { CliError } from '../io.js';

export interface ServeOptions {
  port?: number;
  host?: string;
  database?: string;
  redis?: string;
  web?: string;
  botThreads?: number;
  botBudget?: number;
  leaseMs?: number;
  startupTimeout?: number;
}

/**
 * Starts the server and resolves when it has stopped after a signal. Everything it writes is a JSON
 * line of the server's logger (docs/operations.md, "Logs"), so `_io` is not written to.
 */
export async function runServe(opts: ServeOptions, _io: Io, env = process.env): Promise<number> {
  // Loaded only here: the other commands need none of the server's dependencies.
  const { EXIT_CONFIG, StartupError, describeServer, lifecycleLog, logListening, readConfig, startServer } =
    await import('@carc/server');
  const overrides: ServerConfigInput = {
    port: opts.port,
    host: opts.host,
    database: opts.database,
    redis: opts.redis,
    webRoot: opts.web,
    botThreads: opts.botThreads,
    botBudgetMs: opts.botBudget,
    leaseMs: opts.leaseMs,
    startupTimeoutMs: opts.startupTimeout,
  };
  const config = readConfig(env, overrides);
  // A bad setting, an unreachable or misconfigured PostgreSQL or Redis: one sentence naming the
  // setting and the fix, exit 78 (configuration) or 69 (unavailable); docs/operations.md, "Start-up".
  if (!config.ok) throw new CliError(config.message, EXIT_CONFIG);
  const server = await startServer(config.value).catch((e: unknown) => {
    throw e instanceof StartupError ? new CliError(e.message, e.exitCode) : e;
  });
  // The store and the cluster (passwords masked), then where to connect.
  const serving = describeServer(config.value);
  lifecycleLog(server.log).info({ event: 'serving', ...serving.fields }, serving.text);
  // One JSON line: `open <url>`, or `serving the API only at <url>` without the web client (the
  // server has logged the reason and the fix).
  logListening(server.log, server.url, config.value);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      const log = lifecycleLog(server.log);
      log.info({ event: 'stopping', signal }, `${signal}: stopping (finishing writes, closing sockets)`);
      void server.close('server shutting down').then(() => {
        log.info({ event: 'stopped' }, 'stopped');
        resolve();
      });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
