/**
 * The server's configuration: from the environment (README, "Server"), overridden by `serve`'s
 * flags. With nothing set: port 8080 on 127.0.0.1 and a SQLite file under ./data.
 */
import { availableParallelism } from 'node:os';
import { z } from 'zod';

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const serverConfigSchema = z.object({
  port: int(0, 65535).default(8080),
  host: z.string().min(1).default('127.0.0.1'),
  /** `postgres://…` for PostgreSQL; a file path (or `sqlite:path`) for SQLite. */
  database: z.string().min(1).default('data/carcassonne.db'),
  /** With Redis, several processes share the games (not needed for one process). */
  redis: z.string().min(1).optional(),
  /** Directory of the web client's built files, served at `/` when it exists. */
  webRoot: z.string().optional(),
  botThreads: int(1, 64).default(Math.max(1, availableParallelism() - 1)),
  botBudgetMs: int(10, 60_000).default(1_000),
  /** A game nobody watches leaves memory after this long (ms). */
  idleMs: int(1_000, 24 * 3_600_000).default(10 * 60_000),
  /** HTTP requests per minute per address. */
  httpPerMinute: int(1, 1_000_000).default(600),
  /** WebSocket messages per second per socket (average, burst) and per address. */
  wsPerSecond: int(1, 100_000).default(20),
  wsBurst: int(1, 100_000).default(40),
  wsPerAddressPerSecond: int(1, 1_000_000).default(200),
  /** Take client addresses from X-Forwarded-For (only behind a reverse proxy you run). */
  trustProxy: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .or(z.boolean())
    .default(false),
  /** Open sockets per address. */
  socketsPerAddress: int(1, 100_000).default(64),
  /** With Redis: how long a dead process's games wait before another takes them over (ms). */
  leaseMs: int(500, 600_000).default(5_000),
  /** How long start-up waits for an unreachable PostgreSQL or Redis before giving up (ms; exit 69). */
  startupTimeoutMs: int(0, 3_600_000).default(30_000),
  /** A game being played that nobody touched for this long ends as aborted (ms; default a week). */
  abandonMs: int(1_000, 365 * 24 * 3_600_000).default(7 * 24 * 3_600_000),
  /** Open games (waiting for players) one address may have created at once. */
  openGamesPerAddress: int(1, 100_000).default(3),
  /** Games open or being played that one address may have created at once. */
  gamesPerAddress: int(1, 100_000).default(20),
  /** Games of bots only being played that one address may have created at once, and in all. */
  botGamesPerAddress: int(0, 100_000).default(2),
  botGamesTotal: int(0, 100_000).default(10),
  /** An open game nobody joined or left for this long is removed (ms; default 30 minutes). */
  openGameTtlMs: int(1_000, 30 * 24 * 3_600_000).default(30 * 60_000),
  /** How long a rematch keeps the old players' seats for them before anyone may take them (ms). */
  rematchHoldMs: int(0, 24 * 3_600_000).default(2 * 60_000),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** When set, `/metrics` answers only requests with `Authorization: Bearer <this token>`. */
  metricsToken: z.string().min(1).optional(),
  /**
   * The origins the web client is served at (`https://carc.example`), comma-separated: passkeys are
   * checked against them (and cookie-authenticated WebSockets). Unset: the request's own
   * `protocol://host`, right unless a proxy changes the host or the scheme.
   */
  origin: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter((o) => o !== ''),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((o) => new URL(o).origin)).min(1))
    .optional(),
  /** The passkeys' relying party id (a domain); unset: the request's host name. */
  rpId: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'a domain name')
    .optional(),
});

export type ServerConfig = z.infer<typeof serverConfigSchema>;
export type ServerConfigInput = z.input<typeof serverConfigSchema>;

/** Environment variable for each setting. */
export const ENVIRONMENT: Record<keyof ServerConfig, string> = {
  port: 'PORT',
  host: 'HOST',
  database: 'DATABASE_URL',
  redis: 'REDIS_URL',
  webRoot: 'WEB_ROOT',
  botThreads: 'BOT_THREADS',
  botBudgetMs: 'BOT_BUDGET_MS',
  idleMs: 'IDLE_MS',
  httpPerMinute: 'HTTP_PER_MINUTE',
  wsPerSecond: 'WS_PER_SECOND',
  wsBurst: 'WS_BURST',
  wsPerAddressPerSecond: 'WS_PER_ADDRESS_PER_SECOND',
  socketsPerAddress: 'SOCKETS_PER_ADDRESS',
  trustProxy: 'TRUST_PROXY',
  leaseMs: 'LEASE_MS',
  startupTimeoutMs: 'STARTUP_TIMEOUT_MS',
  abandonMs: 'ABANDON_MS',
  openGamesPerAddress: 'OPEN_GAMES_PER_ADDRESS',
  gamesPerAddress: 'GAMES_PER_ADDRESS',
  botGamesPerAddress: 'BOT_GAMES_PER_ADDRESS',
  botGamesTotal: 'BOT_GAMES_TOTAL',
  openGameTtlMs: 'OPEN_GAME_TTL_MS',
  rematchHoldMs: 'REMATCH_HOLD_MS',
  logLevel: 'LOG_LEVEL',
  metricsToken: 'METRICS_TOKEN',
  origin: 'ORIGIN',
  rpId: 'RP_ID',
};

/** The configuration from `env`, with `overrides` (flags) on top; a message naming the bad setting otherwise. */
export function readConfig(
  env: Record<string, string | undefined>,
  overrides: ServerConfigInput = {},
): { ok: true; value: ServerConfig } | { ok: false; message: string } {
  const input: Record<string, unknown> = {};
  for (const [key, variable] of Object.entries(ENVIRONMENT)) {
    const v = env[variable];
    if (v !== undefined && v !== '') input[key] = v;
  }
  for (const [key, v] of Object.entries(overrides)) if (v !== undefined) input[key] = v;
  const r = serverConfigSchema.safeParse(input);
  if (r.success) {
    const problem = configProblem(r.data);
    return problem === undefined ? { ok: true, value: r.data } : { ok: false, message: problem };
  }
  const issue = r.error.issues[0];
  const key = String(issue?.path[0] ?? '');
  const variable = ENVIRONMENT[key as keyof ServerConfig] ?? key;
  return { ok: false, message: `${variable} (${key}): ${issue?.message ?? 'invalid'}` };
}

/** Whether `database` names PostgreSQL (else it is a SQLite file). */
export const isPostgres = (database: string): boolean => /^postgres(ql)?:\/\//.test(database);

/**
 * What is wrong with settings that are each valid but not together, in a sentence with the fix:
 * processes sharing games through Redis must share one PostgreSQL database (a SQLite file is one
 * process's own).
 */
export function configProblem(config: ServerConfig): string | undefined {
  if (config.redis !== undefined && !isPostgres(config.database)) {
    return (
      `REDIS_URL (redis) is set but DATABASE_URL (database) is the SQLite file ${config.database}: ` +
      'processes sharing games through Redis must share one PostgreSQL database; set ' +
      'DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DATABASE (docs/operations.md, "PostgreSQL"), ' +
      'or unset REDIS_URL to run a single process on SQLite'
    );
  }
  return undefined;
}
