/**
 * The server's one logger: pino, JSON lines on standard output. Fastify logs through it (requests,
 * errors), and so do the hub (lease and forwarding events), the Redis clients (connection errors)
 * and `carcassonne serve` (start and stop). Events a tool may look for carry an `event` field;
 * docs/operations.md, "Logs", lists them.
 */
import { pino } from 'pino';
import type { DestinationStream, LevelWithSilent, Logger } from 'pino';
import type { ServerConfig } from './config.js';
import { findWebClient } from './http/static.js';

export type ServerLogger = Logger;

/** A logger at `level` writing JSON lines to standard output (or `destination`). */
export function createLogger(level: LevelWithSilent = 'info', destination?: DestinationStream): Logger {
  return destination === undefined ? pino({ level }) : pino({ level }, destination);
}

/**
 * The logger for the start and stop lines: they are written whatever LOG_LEVEL says (tests, the
 * benchmarks and scripts find the server's URL in the start line).
 */
export function lifecycleLog(log: Logger): Logger {
  return log.child({}, { level: 'info' });
}

/**
 * The start line: `open <url>` (or `serving the API only at <url>` without the web client), with
 * `event: "listening"`, the URL and the store. A PostgreSQL URL is not logged (it may hold a password).
 */
export function logListening(
  log: Logger,
  url: string,
  config: Pick<ServerConfig, 'database' | 'webRoot'>,
): void {
  const postgres = /^postgres(ql)?:/.test(config.database);
  const store = postgres
    ? { store: 'postgres' }
    : { store: 'sqlite', database: config.database.replace(/^sqlite:/, '') };
  const web = findWebClient(config.webRoot).found;
  lifecycleLog(log).info(
    { event: 'listening', url, ...store, web },
    web ? `open ${url}` : `serving the API only at ${url}`,
  );
}
