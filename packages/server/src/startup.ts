/**
 * Start-up against PostgreSQL and Redis (docs/operations.md, "Start-up"): a dependency that does
 * not answer is tried again with backoff (0.5 s doubling to 5 s) until STARTUP_TIMEOUT_MS has
 * passed, one line per attempt; a configuration mistake (a wrong password, a missing role or
 * database, a permission) stops at once. Either way the process is told in one sentence naming
 * the setting, what is wrong and the fix, with passwords masked: a `StartupError`, whose exit code
 * is 78 (EX_CONFIG) for configuration and 69 (EX_UNAVAILABLE) for a dependency that stayed away.
 */
import { SchemaTooNew } from './store/migrations.js';
import type { ServerConfig } from './config.js';
import { isPostgres } from './config.js';

/** sysexits.h: a dependency (database, Redis) is unavailable; a supervisor may try again later. */
export const EXIT_UNAVAILABLE = 69;
/** sysexits.h: a configuration mistake; starting again will not help until it is fixed. */
export const EXIT_CONFIG = 78;

/** Why the server could not start, in one sentence (no stack trace): configuration or unavailable. */
export class StartupError extends Error {
  readonly exitCode: number;
  constructor(
    readonly kind: 'config' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'StartupError';
    this.exitCode = kind === 'config' ? EXIT_CONFIG : EXIT_UNAVAILABLE;
  }
}

/** `url` with its password (user info, or a `password=` parameter) replaced by `***`. */
export function maskUrl(url: string): string {
  let masked = url;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(url)?.[0];
  if (scheme !== undefined) {
    const rest = url.slice(scheme.length);
    const end = rest.search(/[?#]/);
    // User info ends at the last `@` before the query (a password may hold `/` or `@` unencoded).
    const at = (end === -1 ? rest : rest.slice(0, end)).lastIndexOf('@');
    const colon = at === -1 ? -1 : rest.slice(0, at).indexOf(':');
    if (colon !== -1) masked = `${scheme}${rest.slice(0, colon)}:***${rest.slice(at)}`;
  }
  return masked.replace(/([?&]password=)[^&#]*/gi, '$1***');
}

/** A dependency the server needs at start. */
export interface Dependency {
  /** The setting that names it, e.g. `DATABASE_URL`. */
  setting: string;
  /** What it is, e.g. `PostgreSQL`. */
  name: string;
  url: string;
}

export interface RetryOptions {
  /** When to give up (ms since the epoch, as Date.now()). */
  deadline: number;
  /** The bound, for messages (STARTUP_TIMEOUT_MS). */
  timeoutMs: number;
  /** One line per failed attempt that will be retried, and its fields (for a JSON log line). */
  log: (line: string, fields: Record<string, unknown>) => void;
}

/** How an error of a dependency reads: a configuration mistake (with its fix), unavailable, or unknown (a bug). */
export type Classify = (e: unknown, dep: Dependency) => Classified;

export type Classified =
  { kind: 'config'; message: string } | { kind: 'unavailable'; reason: string } | { kind: 'unknown' };

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 5_000;
/** The longest one attempt may take (connecting and the first queries). */
export const ATTEMPT_TIMEOUT_MS = 5_000;

/**
 * Runs `attempt` (given how long it may take) until it succeeds; retries while the dependency is
 * unavailable and the deadline allows; throws a `StartupError`, or the error itself if unknown.
 */
export async function withRetry<T>(
  dep: Dependency,
  attempt: (timeoutMs: number) => Promise<T>,
  classify: Classify,
  options: RetryOptions,
): Promise<T> {
  let delay = FIRST_DELAY_MS;
  for (let n = 1; ; n++) {
    try {
      return await attempt(Math.max(500, Math.min(ATTEMPT_TIMEOUT_MS, options.deadline - Date.now())));
    } catch (e) {
      const c = classify(e, dep);
      if (c.kind === 'unknown') throw e;
      if (c.kind === 'config') throw new StartupError('config', c.message);
      const where = `${dep.name} at ${maskUrl(dep.url)}`;
      const left = options.deadline - Date.now();
      if (left <= 0) {
        throw new StartupError(
          'unavailable',
          `${dep.setting}: ${where} is unreachable (${c.reason}); gave up after ${n} attempt${n === 1 ? '' : 's'} ` +
            `(STARTUP_TIMEOUT_MS ${options.timeoutMs} ms): start it, or correct the host and port in ${dep.setting} ` +
            `(docs/operations.md, "Start-up")`,
        );
      }
      // The last attempt at the deadline.
      const wait = Math.min(delay, MAX_DELAY_MS, left);
      options.log(
        `${dep.setting}: ${where} is unreachable (${c.reason}); attempt ${n}, trying again in ${wait} ms ` +
          `(giving up ${seconds(left)} from now, STARTUP_TIMEOUT_MS)`,
        {
          event: 'startup-retry',
          setting: dep.setting,
          dependency: dep.name,
          url: maskUrl(dep.url),
          attempt: n,
          reason: c.reason,
          retryInMs: wait,
        },
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
      delay *= 2;
    }
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/** A Node or driver error's code, looking inside an AggregateError (several addresses tried). */
function codeOf(e: unknown): string | undefined {
  const err = e as { code?: unknown; errors?: unknown } | null;
  if (typeof err?.code === 'string') return err.code;
  if (Array.isArray(err?.errors)) for (const inner of err.errors as unknown[]) return codeOf(inner);
  return undefined;
}

function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message || e.name;
  return String(e);
}

/** Network failures worth trying again: nothing listens (yet), the name does not resolve (yet)… */
const NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

function network(code: string, e: unknown, host: string): string {
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `host ${JSON.stringify(host)} not found: ${code}`;
  if (code === 'ECONNREFUSED') return `connection refused: ${code}`;
  return messageOf(e);
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '?';
  }
}

/** The parts of a postgres:// URL the messages name. */
function postgresParts(url: string): { user: string; database: string } {
  try {
    const u = new URL(url);
    return {
      user: decodeURIComponent(u.username) || 'carc',
      database: decodeURIComponent(u.pathname.replace(/^\//, '')) || decodeURIComponent(u.username) || 'carc',
    };
  } catch {
    return { user: 'carc', database: 'carc' };
  }
}

const SEE_PG = '(docs/operations.md, "PostgreSQL")';

/** PostgreSQL's errors at start (SQLSTATE codes, pg's own messages, network codes). */
export function classifyPostgres(e: unknown, dep: Dependency): Classified {
  if (e instanceof SchemaTooNew) return { kind: 'config', message: `${dep.setting}: ${e.message}` };
  const code = codeOf(e);
  const message = messageOf(e);
  const { user, database } = postgresParts(dep.url);
  const s = dep.setting;
  const config = (text: string): Classified => ({ kind: 'config', message: `${s}: ${text}` });
  switch (code) {
    case '28P01':
      // With password authentication PostgreSQL says this for a missing role too.
      return config(
        `${message}: the role "${user}" does not exist or its password is not the URL's; create it ${SEE_PG}: ` +
          `sudo -u postgres psql -c "CREATE ROLE ${user} LOGIN PASSWORD '…'" (or ALTER ROLE ${user} PASSWORD '…'), ` +
          `and put that password in ${s}`,
      );
    case '28000':
      if (/role .* does not exist/.test(message)) {
        return config(
          `${message}: create it ${SEE_PG}: sudo -u postgres psql -c "CREATE ROLE ${user} LOGIN PASSWORD '…'", ` +
            `and put that password in ${s}`,
        );
      }
      if (/pg_hba\.conf/.test(message)) {
        return config(
          `${message}: PostgreSQL does not let this host, role or database connect; add a line to pg_hba.conf ` +
            `(e.g. "host ${database} ${user} 127.0.0.1/32 scram-sha-256") and reload PostgreSQL ${SEE_PG}`,
        );
      }
      return config(
        `${message}: let the role log in: sudo -u postgres psql -c "ALTER ROLE ${user} LOGIN" ${SEE_PG}`,
      );
    case '3D000':
      return config(
        `${message}: create it, owned by the role ${SEE_PG}: sudo -u postgres psql -c "CREATE DATABASE ${database} OWNER ${user}"`,
      );
    case '42501':
      return config(
        `${message} in database "${database}": the role "${user}" may not create the server's tables there; ` +
          `make it the database's owner ${SEE_PG}: sudo -u postgres psql -c "ALTER DATABASE ${database} OWNER TO ${user}"`,
      );
    case '57P03': // the database system is starting up / shutting down
    case '53300': // too many connections
    case '57P01': // terminating connection due to administrator command
      return { kind: 'unavailable', reason: message };
  }
  if (/client password must be a string|password authentication .*no password/i.test(message)) {
    return config(
      `PostgreSQL asks for a password and ${s} has none: put the role's password in the URL ` +
        `(postgres://${user}:PASSWORD@host:5432/${database}) ${SEE_PG}`,
    );
  }
  if (/does not support SSL|SSL .*(required|off)|self[- ]signed certificate/i.test(message)) {
    return config(`${message}: add or remove ?sslmode=… in ${s} to match the server ${SEE_PG}`);
  }
  if (code !== undefined && NETWORK.has(code)) {
    return { kind: 'unavailable', reason: network(code, e, hostOf(dep.url)) };
  }
  if (/timeout|terminated unexpectedly|Connection terminated/i.test(message)) {
    return { kind: 'unavailable', reason: message };
  }
  if (e instanceof TypeError && /Invalid URL/i.test(message)) {
    return config(
      `not a valid URL (${maskUrl(dep.url)}): write it as postgres://USER:PASSWORD@HOST:5432/DATABASE`,
    );
  }
  return { kind: 'unknown' };
}

const SEE_REDIS = '(docs/operations.md, "Redis")';

/** Redis's errors at start (ioredis: the last 'error' event, or the rejection). */
export function classifyRedis(e: unknown, dep: Dependency): Classified {
  const code = codeOf(e);
  const message = messageOf(e);
  const s = dep.setting;
  const config = (text: string): Classified => ({ kind: 'config', message: `${s}: ${text}` });
  if (/^NOAUTH/.test(message)) {
    return config(
      `Redis at ${maskUrl(dep.url)} requires a password and the URL has none (${message}): ` +
        `put it in the URL: redis://:PASSWORD@host:6379 (redis://USER:PASSWORD@host:6379 with ACL users) ${SEE_REDIS}`,
    );
  }
  if (/^WRONGPASS|invalid password|^ERR invalid/.test(message)) {
    return config(
      `Redis at ${maskUrl(dep.url)} refused the user or password (${message}): ` +
        `correct them in ${s} (redis://:PASSWORD@host:6379, the requirepass of redis.conf) ${SEE_REDIS}`,
    );
  }
  if (/^Protocol error/.test(message)) {
    return config(
      `the server at ${maskUrl(dep.url)} does not speak Redis (${message}): correct the host and port in ${s} ${SEE_REDIS}`,
    );
  }
  if (code !== undefined && NETWORK.has(code)) {
    return { kind: 'unavailable', reason: network(code, e, hostOf(dep.url)) };
  }
  if (/timeout|Connection is closed|LOADING|max number of clients/i.test(message)) {
    return { kind: 'unavailable', reason: message };
  }
  return { kind: 'unknown' };
}

/** SQLite's errors at start: a file that cannot be opened or created is a configuration mistake. */
export function classifySqlite(e: unknown, dep: Dependency): Classified {
  if (e instanceof SchemaTooNew) return { kind: 'config', message: `${dep.setting}: ${e.message}` };
  const code = codeOf(e) ?? '';
  if (
    /^SQLITE_(CANTOPEN|READONLY|PERM|AUTH|NOTADB|CORRUPT)/.test(code) ||
    /^(EACCES|EPERM|EROFS|ENOENT|ENOTDIR|EISDIR)$/.test(code)
  ) {
    return {
      kind: 'config',
      message:
        `${dep.setting}: cannot use the SQLite file ${dep.url} (${messageOf(e)}): correct the path, or let this ` +
        'user write the file and its directory',
    };
  }
  return { kind: 'unknown' };
}

/** `listen`'s errors: a port in use or forbidden, an address not of this machine. */
export function listenError(e: unknown, host: string, port: number): StartupError | undefined {
  const where = `${host}:${port}`;
  switch (codeOf(e)) {
    case 'EADDRINUSE':
      return new StartupError(
        'config',
        `PORT: ${where} is already in use (EADDRINUSE): stop what listens there, or choose another port (--port, PORT)`,
      );
    case 'EACCES':
      return new StartupError(
        'config',
        `PORT: this user may not listen on ${where} (EACCES): ports below 1024 need privileges; use a higher ` +
          'port behind a reverse proxy (docs/operations.md, "Processes and a load balancer")',
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new StartupError(
        'config',
        `HOST: ${host} is not an address of this machine (${codeOf(e)}): use 127.0.0.1, 0.0.0.0 or one of its ` +
          'addresses (--host, HOST)',
      );
  }
  return undefined;
}

/**
 * What `serve` says it runs on, once started (the banner's text, in one place): the store and,
 * with Redis, the cluster, passwords masked; e.g. `carcassonne server on PostgreSQL
 * postgres://carc:***@127.0.0.1:5432/carc with Redis redis://127.0.0.1:6379 (cluster: lease 5000 ms)`.
 */
export function describeServer(config: Pick<ServerConfig, 'database' | 'redis' | 'leaseMs'>): {
  text: string;
  fields: Record<string, unknown>;
} {
  const postgres = isPostgres(config.database);
  const database = postgres ? maskUrl(config.database) : config.database.replace(/^sqlite:/, '');
  let text = `carcassonne server on ${postgres ? `PostgreSQL ${database}` : `SQLite file ${database}`}`;
  const fields: Record<string, unknown> = { store: postgres ? 'postgres' : 'sqlite', database };
  if (config.redis !== undefined) {
    text += ` with Redis ${maskUrl(config.redis)} (cluster: lease ${config.leaseMs} ms)`;
    Object.assign(fields, { redis: maskUrl(config.redis), leaseMs: config.leaseMs });
  }
  return { text, fields };
}
