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
}

/** Starts the server and resolves when it has stopped after a signal. */
export async function runServe(opts: ServeOptions, io: Io, env = process.env): Promise<number> {
  // Loaded only here: the other commands need none of the server's dependencies.
  const { findWebClient, missingWebClient, readConfig, startServer } = await import('@carc/server');
  const overrides: ServerConfigInput = {
    port: opts.port,
    host: opts.host,
    database: opts.database,
    redis: opts.redis,
    webRoot: opts.web,
    botThreads: opts.botThreads,
    botBudgetMs: opts.botBudget,
  };
  const config = readConfig(env, overrides);
  if (!config.ok) throw new CliError(config.message);
  const server = await startServer(config.value);
  const store = /^postgres(ql)?:/.test(config.value.database)
    ? 'PostgreSQL'
    : `SQLite file ${config.value.database}`;
  // The web client: WEB_ROOT (--web), or the web package's build beside the server's, wherever the
  // server is started from; without one, no URL to open, but the reason and the fix.
  const web = findWebClient(config.value.webRoot);
  if (web.found) io.out(`carcassonne server on ${store}\nopen ${server.url}\n`);
  else {
    io.err(`${missingWebClient(web)}\n`);
    io.out(`carcassonne server on ${store}\nserving the API only at ${server.url}\n`);
  }
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      io.out(`${signal}: stopping (finishing writes, closing sockets)\n`);
      void server.close('server shutting down').then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
