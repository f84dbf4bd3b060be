/**
 * Server load benchmark (`npm run bench:server`): starts the real server processes (`carcassonne
 * serve`, SQLite temp file by default) with their rate limits raised, then keeps N games going at
 * once, each between two WebSocket clients of this process playing random legal actions from the
 * view they are sent (optionally with spectators). Prints actions per second, submit→ack and
 * submit→broadcast latencies (until the other seat's socket has the update of that version), the
 * server's memory and the games completed. Prints figures, never asserts: timings move
 * with the machine and its load.
 *
 * `--record` (every mode): the figures also go into bench/RESULTS.md (record.ts).
 *
 * CPU per action, from /proc: the server processes'; PostgreSQL's (the postmaster and all its
 * children: backends, walwriter…) and Redis's when this benchmark started them (`--postgres`,
 * `--redis-server`, or `--cluster N` for both and N server processes: throwaway servers from
 * Debian's packages on loopback, in temporary directories, stopped at the end); and their total.
 * An external `--database URL` or `--redis URL` is "not measured". Also the load generator's own
 * CPU and the machine's: how busy all its cores were, and how much of that was neither this
 * benchmark nor its servers (other work on a shared machine).
 *
 * Usage: node bench/dist/server.js [--games 32] [--duration 20 | --count 100] [--warmup 2]
 *          [--spectators 0] [--expansions tower,halflings] [--database URL | --postgres]
 *          [--redis URL | --redis-server] [--processes 1 | --cluster N]
 *          [--ports 9100-9109 | --port-base 9100] [--postgres-settings fsync=off,…]
 *          [--cpu-prof DIR] [--json] [--record]
 *
 * `--ports FIRST-LAST` (or `--port-base FIRST`): the server processes listen on FIRST, FIRST+1…
 * instead of `--port 0`; refused if the range holds fewer ports than processes.
 * `--postgres-settings`: `name=value` settings for the PostgreSQL it starts (its defaults otherwise).
 *
 * Comparison (`--compare`): one process on SQLite, one on PostgreSQL, then two (`--processes N`)
 * on PostgreSQL + Redis, with the same games and duration, one after the other, each on a fresh
 * throwaway PostgreSQL and Redis (or `--database URL`, `--redis URL`); `--rounds R` runs that
 * sequence R times. One table: actions/s, p50/p99 ack, CPU per action (servers, PostgreSQL, Redis,
 * total) and the machine's other load.
 *
 *        node bench/dist/server.js --compare [--games 16] [--duration 15] [--rounds 1] [--json]
 *
 * Fairness (`--fairness`): how long a human's bot opponent takes to answer (each bot decision:
 * from the update that hands it the turn to the update of its action, p50/p99/max) in a
 * human-vs-bot game with all three expansions, first alone on the server, then while `--load`
 * all-bot games (every seat MCTS, all three expansions) are being played, which nobody watches.
 * The bot threads are scheduled by priority (a human waiting first), so the second figures should
 * stay close to the first. Also prints the all-bot games' progress meanwhile and how many
 * decisions ran into their hard limit (the server's 'bot failed' log lines).
 *
 *        node bench/dist/server.js --fairness [--load 30] [--decisions 40] [--levels random,mcts]
 *          [--budget 300] [--bot-threads 1] [--json]
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Action, GameView } from '@carc/engine';
import type { ServerMessage, ViewerMessage } from '@carc/protocol';
import { PROTOCOL_VERSION, Receiver } from '@carc/protocol';
import WebSocket from 'ws';
import { machineCpuMs, startPostgres, startRedis, stopProcess, treeCpuMs } from './services.js';
import { recordResults } from './record.js';

const MAIN = fileURLToPath(new URL('../../packages/cli/dist/main.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

// ---------------------------------------------------------------- arguments

const argv = process.argv.slice(2);
const VALUED = [
  ...['games', 'duration', 'count', 'warmup', 'spectators', 'expansions', 'database', 'redis'],
  ...['processes', 'cluster', 'ports', 'port-base', 'postgres-settings', 'cpu-prof', 'rounds'],
  ...['load', 'decisions', 'levels', 'budget', 'bot-threads'],
];
const SWITCHES = ['postgres', 'redis-server', 'compare', 'fairness', 'json', 'record'];
for (let i = 0; i < argv.length; i++) {
  const name = argv[i]!.replace(/^--/, '');
  if (VALUED.includes(name) && argv[i]!.startsWith('--')) {
    if (argv[i + 1] === undefined) fail(`--${name} needs a value`);
    i++;
  } else if (!SWITCHES.includes(name) || !argv[i]!.startsWith('--')) {
    const hint = name === 'port' ? "; the servers' ports: --ports FIRST-LAST or --port-base FIRST" : '';
    fail(`unknown argument ${argv[i]} (the usage is at the top of bench/server.ts)${hint}`);
  }
}
const flag = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const has = (name: string): boolean => argv.includes(`--${name}`);
const count = (name: string, fallback: number): number => {
  const v = flag(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) fail(`--${name}: a number, not ${v}`);
  return n;
};
function fail(message: string): never {
  console.error(`bench:server: ${message}`);
  process.exit(2);
}

const concurrent = Math.max(1, Math.floor(count('games', 32)));
const target = flag('count') === undefined ? undefined : Math.floor(count('count', 0));
const durationS = count('duration', target === undefined ? 20 : 3_600);
const warmupS = count('warmup', target === undefined ? 2 : 0);
const spectators = Math.floor(count('spectators', 0));
const expansions = (flag('expansions') ?? '').split(',').filter((x) => x !== '');
const cpuProf = flag('cpu-prof');
const json = has('json');
const compare = has('compare');
const rounds = Math.max(1, Math.floor(count('rounds', 1)));
const postgresSettings = (flag('postgres-settings') ?? '').split(',').filter((x) => x !== '');
for (const s of postgresSettings) if (!/^\w+=\S+$/.test(s)) fail(`--postgres-settings: name=value, not ${s}`);

/** Where the games are stored: a temporary SQLite file, a PostgreSQL started here, or a given URL. */
type DatabaseChoice = { kind: 'sqlite' } | { kind: 'postgres' } | { kind: 'external'; url: string };
/** Whether the processes share their games through Redis: none, a redis-server started here, or a given URL. */
type RedisChoice = { kind: 'none' } | { kind: 'redis-server' } | { kind: 'external'; url: string };

interface Setup {
  processes: number;
  database: DatabaseChoice;
  redis: RedisChoice;
}

const isPostgres = (url: string): boolean => /^postgres(ql)?:/.test(url);
const usesPostgres = (d: DatabaseChoice): boolean =>
  d.kind === 'postgres' || (d.kind === 'external' && isPostgres(d.url));

function setupLabel(s: Setup): string {
  const store = usesPostgres(s.database) ? 'PostgreSQL' : 'SQLite';
  const processes = `${s.processes} process${s.processes === 1 ? '' : 'es'}`;
  return `${processes}, ${store}${s.redis.kind === 'none' ? '' : ' + Redis'}`;
}

/** The setup the flags describe (the single run, or `--fairness`). */
function setupFromFlags(): Setup {
  const databaseUrl = flag('database');
  const redisUrl = flag('redis');
  const cluster = flag('cluster') === undefined ? undefined : Math.floor(count('cluster', 2));
  if (cluster !== undefined && flag('processes') !== undefined)
    fail('--cluster N already sets --processes N');
  if (cluster !== undefined && cluster < 1) fail('--cluster N: at least 1 process');
  const processes = cluster ?? Math.max(1, Math.floor(count('processes', 1)));
  if (databaseUrl !== undefined && has('postgres')) {
    fail('--postgres starts a PostgreSQL of its own: leave out --database URL (or --postgres)');
  }
  if (redisUrl !== undefined && has('redis-server')) {
    fail('--redis-server starts a Redis of its own: leave out --redis URL (or --redis-server)');
  }
  const database: DatabaseChoice =
    databaseUrl !== undefined
      ? { kind: 'external', url: databaseUrl }
      : has('postgres') || cluster !== undefined
        ? { kind: 'postgres' }
        : { kind: 'sqlite' };
  const redis: RedisChoice =
    redisUrl !== undefined
      ? { kind: 'external', url: redisUrl }
      : has('redis-server') || cluster !== undefined
        ? { kind: 'redis-server' }
        : { kind: 'none' };
  if (processes > 1 && redis.kind === 'none') {
    fail(
      `--processes ${processes} needs --redis URL or --redis-server: several server processes share ` +
        'their games through Redis (REDIS_URL); without it each would hold its own copy of a game ' +
        '(--cluster N starts PostgreSQL, Redis and N processes)',
    );
  }
  if (redis.kind !== 'none' && !usesPostgres(database)) {
    fail(
      'Redis needs PostgreSQL (the server refuses REDIS_URL with SQLite): add --postgres or --database URL',
    );
  }
  return { processes, database, redis };
}

/** The three setups of `--compare`: one process on SQLite, one on PostgreSQL, N on PostgreSQL + Redis. */
function compareSetups(): Setup[] {
  for (const f of ['postgres', 'redis-server'])
    if (has(f)) fail(`--compare starts PostgreSQL and Redis itself: no --${f}`);
  if (flag('cluster') !== undefined) fail('--compare: the cluster size is --processes N (2 by default)');
  const n = Math.floor(count('processes', 2));
  if (n < 2) fail('--compare: --processes N for its cluster setup, at least 2');
  const databaseUrl = flag('database');
  if (databaseUrl !== undefined && !isPostgres(databaseUrl))
    fail('--compare: --database must be a PostgreSQL URL');
  const postgres: DatabaseChoice =
    databaseUrl === undefined ? { kind: 'postgres' } : { kind: 'external', url: databaseUrl };
  const redisUrl = flag('redis');
  const redis: RedisChoice =
    redisUrl === undefined ? { kind: 'redis-server' } : { kind: 'external', url: redisUrl };
  return [
    { processes: 1, database: { kind: 'sqlite' }, redis: { kind: 'none' } },
    { processes: 1, database: postgres, redis: { kind: 'none' } },
    { processes: n, database: postgres, redis },
  ];
}

/** The ports the server processes listen on (`--ports`, `--port-base`), or undefined for `--port 0`. */
function portRange(needed: number): { first: number; last: number } | undefined {
  const range = flag('ports');
  const base = flag('port-base');
  if (range !== undefined && base !== undefined) fail('--ports FIRST-LAST or --port-base FIRST, not both');
  if (range === undefined && base === undefined) return undefined;
  const m = range !== undefined ? /^(\d+)(?:-(\d+))?$/.exec(range) : /^(\d+)$/.exec(base!);
  if (m === null)
    fail(
      range !== undefined
        ? `--ports FIRST-LAST (e.g. 9100-9109), not ${range}`
        : `--port-base: a port, not ${base}`,
    );
  const first = Number(m[1]);
  const last = range !== undefined ? Number(m[2] ?? m[1]) : Math.min(65_535, first + needed - 1);
  if (first < 1 || last > 65_535 || last < first)
    fail(`--ports: ports from 1 to 65535, the first not above the last, not ${range ?? base}`);
  const size = last - first + 1;
  if (base !== undefined && size < needed) {
    fail(
      `--port-base ${first}: ${needed} server processes need ports ${first}-${first + needed - 1}, above 65535`,
    );
  }
  if (size < needed) {
    fail(
      `--ports ${first}-${last} holds ${size} port${size === 1 ? '' : 's'}, but ${needed} server ` +
        `processes need one each: give at least ${first}-${first + needed - 1}`,
    );
  }
  return { first, last };
}

// ---------------------------------------------------------------- what to stop

/** How to stop what this benchmark started (servers, PostgreSQL, Redis), newest last. */
const cleanups = new Set<() => Promise<void>>();

/** `stop`, registered until it has run, so that an error or Ctrl-C still stops it. */
function track(stop: () => Promise<void>): () => Promise<void> {
  const once = async (): Promise<void> => {
    if (!cleanups.delete(once)) return;
    await stop();
  };
  cleanups.add(once);
  return once;
}

async function cleanUp(): Promise<void> {
  for (const stop of [...cleanups].reverse()) await stop().catch(() => {});
}

/** The database and Redis URLs of a setup, with the pids of what was started here for it. */
interface Services {
  database: string;
  redis?: string;
  postgresPid?: number;
  redisPid?: number;
  stop(): Promise<void>;
}

async function startServices(setup: Setup): Promise<Services> {
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    let database: string;
    let postgresPid: number | undefined;
    if (setup.database.kind === 'sqlite') {
      const scratch = mkdtempSync(join(tmpdir(), 'carc-bench-'));
      stops.push(track(async () => rmSync(scratch, { recursive: true, force: true })));
      database = join(scratch, 'games.db');
    } else if (setup.database.kind === 'postgres') {
      const pg = await startPostgres(postgresSettings);
      stops.push(track(pg.stop));
      database = pg.url;
      postgresPid = pg.proc.pid;
    } else {
      database = setup.database.url;
    }
    let redis: string | undefined;
    let redisPid: number | undefined;
    if (setup.redis.kind === 'redis-server') {
      const r = await startRedis();
      stops.push(track(r.stop));
      redis = r.url;
      redisPid = r.proc.pid;
    } else if (setup.redis.kind === 'external') {
      redis = setup.redis.url;
    }
    return { database, redis, postgresPid, redisPid, stop: stopAll };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

/**
 * The commit measured; with uncommitted changes under packages/ (edits and new files), `+` and a
 * hash of them, so that two runs on the same uncommitted sources show the same figure.
 */
function commit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, maxBuffer: 2 ** 28 }).toString();
  try {
    const head = git('rev-parse', '--short', 'HEAD').trim();
    const diff = git('diff', 'HEAD', '--', 'packages');
    const added = git('ls-files', '--others', '--exclude-standard', '--', 'packages')
      .split('\n')
      .filter(Boolean);
    if (diff === '' && added.length === 0) return head;
    const hash = createHash('sha1').update(diff);
    for (const file of added) hash.update(file).update(readFileSync(join(ROOT, file)));
    return `${head}+${hash.digest('hex').slice(0, 8)}`;
  } catch {
    return 'unknown';
  }
}

// ---------------------------------------------------------------- the server processes

/** Limits raised so that the benchmark measures the server, not its throttling. */
const UNLIMITED = {
  WS_PER_SECOND: '100000',
  WS_BURST: '100000',
  WS_PER_ADDRESS_PER_SECOND: '1000000',
  SOCKETS_PER_ADDRESS: '100000',
  HTTP_PER_MINUTE: '1000000',
  OPEN_GAMES_PER_ADDRESS: '100000',
  GAMES_PER_ADDRESS: '100000',
  BOT_GAMES_PER_ADDRESS: '100000',
  BOT_GAMES_TOTAL: '100000',
  LOG_LEVEL: 'warn',
  BOT_THREADS: '1',
};

interface Server {
  url: string;
  ws: string;
  proc: ChildProcess;
  /** Everything the process wrote (stdout and stderr). */
  output: () => string;
  stop(): Promise<void>;
}

interface ServerOptions {
  database: string;
  redis?: string;
  /** 0: the kernel's choice. */
  port: number;
  env?: Record<string, string>;
}

async function startServer(o: ServerOptions): Promise<Server> {
  if (!existsSync(MAIN)) fail(`${MAIN} is missing: run \`npm run build\` first`);
  const node = cpuProf === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', cpuProf];
  const args = [...node, MAIN, 'serve', '--port', String(o.port), '--database', o.database];
  if (o.redis !== undefined) args.push('--redis', o.redis);
  // The flags say where the games go; none of the caller's own settings.
  const env: NodeJS.ProcessEnv = { ...process.env, ...UNLIMITED, ...o.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'PORT']) delete env[name];
  const proc = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = track(() => stopProcess(proc, 'SIGTERM'));
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 30_000);
      proc.stdout!.on('data', () => {
        const m = /(?:open|serving the API only at) (http:\/\/[^\s"]+)/.exec(out);
        if (m !== null) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      proc.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server (port ${o.port}) exited (${code}):\n${out}`));
      });
    });
    return { url, ws: `${url.replace(/^http/, 'ws')}/ws`, proc, output: () => out, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** Resident set of a process (bytes), from /proc; undefined where there is none. */
function rssOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m === null ? undefined : Number(m[1]) * 1024;
  } catch {
    return undefined;
  }
}

async function health(s: Server): Promise<{ rss?: number; heapUsed?: number; liveGames?: number }> {
  const r = await fetch(`${s.url}/api/health`);
  return (await r.json()) as { rss?: number; heapUsed?: number; liveGames?: number };
}

async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const r = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await r.json()) as T;
  if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(answer)}`);
  return answer;
}

// ---------------------------------------------------------------- measurements

/** One load run's servers and what it measured. */
interface Run {
  servers: Server[];
  ackMs: number[];
  broadcastMs: number[];
  actions: number;
  refused: number;
  /** Frames and bytes the seats' sockets received (while measuring). */
  framesIn: number;
  bytesIn: number;
  completed: number;
  measuring: boolean;
  stopping: boolean;
  /** How to stop each game in progress (when the time is up). */
  active: Set<() => void>;
}

const newRun = (): Run => ({
  servers: [],
  ackMs: [],
  broadcastMs: [],
  actions: 0,
  refused: 0,
  framesIn: 0,
  bytesIn: 0,
  completed: 0,
  measuring: false,
  stopping: false,
  active: new Set(),
});

/** The p-th percentile (ms, two decimals). */
const percentile = (xs: number[], p: number): number => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(2));
};

/** xorshift32, so that runs are alike. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const s = new WebSocket(url);
    s.once('open', () => resolve(s));
    s.once('error', reject);
  });
}

type State = Extract<ViewerMessage, { type: 'welcome' | 'update' }>;

/**
 * One game between two sockets of this process, played to its end. Each seat acts on the view of
 * its latest welcome or update; `submitted` keeps when the action of each version was sent, so the
 * other seat's socket can time the broadcast.
 */
async function playGame(run: Run, n: number): Promise<void> {
  const servers = run.servers;
  const lobby = servers[n % servers.length]!;
  const created = await post<{ id: string; token: string }>(lobby.url, '/api/games', {
    settings: { expansions, seats: [{ kind: 'human' }, { kind: 'human' }] },
    join: { name: 'A' },
  });
  const joined = await post<{ token: string }>(lobby.url, `/api/games/${created.id}/join`, { name: 'B' });
  const tokens = [created.token, joined.token];
  const submitted = new Map<number, number>();
  const choose = random(0x9e3779b9 + n * 7919);
  const sockets: WebSocket[] = [];
  let ids = 0;
  await new Promise<void>((resolve, reject) => {
    let ended = false;
    const end = (finished: boolean) => {
      if (ended) return;
      ended = true;
      run.active.delete(stop);
      if (finished) run.completed++;
      for (const s of sockets) s.close();
      resolve();
    };
    const stop = () => end(false);
    run.active.add(stop);
    // Time ran out while this game was being set up.
    if (run.stopping) return stop();
    const seat = async (index: number): Promise<void> => {
      // With several processes, a game's seats sit on different processes.
      const socket = await open(servers[(n + index) % servers.length]!.ws);
      if (ended) return socket.close();
      sockets.push(socket);
      let latest: State | undefined;
      let pending: { id: string; at: number } | undefined;
      const receiver = new Receiver();
      const act = () => {
        const view = latest?.view as GameView | undefined;
        if (run.stopping) return end(false);
        if (ended || pending !== undefined || latest === undefined) return;
        if (latest.status !== 'playing' || view === undefined || view.toAct !== index) return;
        const legal = view.legalActions;
        const action = legal[Math.floor(choose() * legal.length)] as Action;
        const id = `${index}-${++ids}`;
        const at = performance.now();
        pending = { id, at };
        submitted.set(latest.version + 1, at);
        socket.send(JSON.stringify({ type: 'act', id, version: latest.version, action }));
      };
      socket.on('message', (data) => {
        const now = performance.now();
        const text = data.toString();
        if (run.measuring) {
          run.framesIn++;
          run.bytesIn += text.length;
        }
        // The client's work is counted too: its copy of the view kept from the changes (v2).
        const { messages, resync } = receiver.receive(JSON.parse(text) as ServerMessage);
        if (resync !== undefined) {
          run.refused++;
          socket.send(JSON.stringify({ type: 'resync' }));
        }
        for (const m of messages) read(m, now);
      });
      const read = (m: ViewerMessage, now: number): void => {
        switch (m.type) {
          case 'welcome':
          case 'update': {
            if (latest !== undefined && m.version < latest.version) return;
            latest = m;
            if (m.type === 'update') {
              const at = submitted.get(m.version);
              // The other seat's copy of an action's update: the broadcast's latency.
              if (at !== undefined && m.step.player !== index) {
                if (run.measuring) run.broadcastMs.push(now - at);
                submitted.delete(m.version);
              }
            }
            if (m.status !== 'playing') return end(true);
            return act();
          }
          case 'ack':
            if (pending?.id === m.id) {
              if (run.measuring) {
                run.ackMs.push(now - pending.at);
                run.actions++;
              }
              pending = undefined;
            }
            // Its update follows the ack on this socket: act on that (unless it came first).
            if (latest !== undefined && latest.version >= m.version) act();
            return;
          case 'error':
            run.refused++;
            if (process.env.BENCH_DEBUG) console.error('refused', m.code, m.message);
            if (pending?.id === m.id) pending = undefined;
            return act();
          case 'ended':
            return end(true);
          default:
            return;
        }
      };
      socket.on('error', reject);
      socket.send(
        JSON.stringify({ type: 'hello', game: created.id, token: tokens[index], protocol: PROTOCOL_VERSION }),
      );
    };
    const watchers = Array.from({ length: spectators }, async (_, k) => {
      const socket = await open(servers[(n + k) % servers.length]!.ws);
      if (ended) return socket.close();
      sockets.push(socket);
      socket.on('message', () => {});
      socket.send(JSON.stringify({ type: 'hello', game: created.id, protocol: PROTOCOL_VERSION }));
    });
    Promise.all([seat(0), seat(1), ...watchers]).catch(reject);
  });
}

// ---------------------------------------------------------------- a load run

/** CPU time (ms) used so far by each part, and when that was read. */
interface CpuSnapshot {
  at: number;
  servers: number;
  postgres: number;
  redis: number;
  loadGenerator: number;
  machineBusy: number;
}

/** CPU time per action (µs) and as a share of one core (%) while measured. */
interface CpuFigure {
  usPerAction: number;
  percentOfCore: number;
}

/** 'not used': the setup has none (SQLite, one process); 'not measured': an external server (its pid is unknown). */
type CpuOf = CpuFigure | 'not measured' | 'not used';

interface LoadReport {
  setup: string;
  concurrentGames: number;
  processes: number;
  store: 'postgres' | 'sqlite';
  /** Where PostgreSQL and Redis ran: started by this benchmark, external (a URL), or none. */
  postgres: 'started' | 'external' | 'none';
  redis: 'started' | 'external' | 'none';
  ports: number[];
  expansions: string[];
  spectatorsPerGame: number;
  seconds: number;
  actions: number;
  actionsPerSecond: number;
  refused: number;
  gamesCompleted: number;
  ackMs: { p50: number; p99: number; max: number };
  broadcastMs: { p50: number; p99: number; max: number };
  /** The server processes' CPU time per action (µs) and their share of one core while measured. */
  serverCpuUsPerAction: number;
  serverCpuPercent: number;
  cpu: {
    servers: CpuFigure;
    postgres: CpuOf;
    redis: CpuOf;
    /** Servers + PostgreSQL + Redis, those measured (`covers`). */
    total: CpuFigure & { covers: string[] };
    loadGenerator: CpuFigure;
    /** All cores: how busy (% of one core, up to cores × 100), and how much of it was none of the above. */
    machine: { cores: number; busyPercentOfCore: number; otherPercentOfCore: number };
  };
  meanFrameBytes: number;
  serverRssMb: number[];
  serverPeakRssMb: number;
  serverHeapUsedMb: number;
  liveGames?: number;
  loadGeneratorRssMb: number;
  loadAverageBefore: number;
}

async function runLoad(setup: Setup, ports: { first: number } | undefined): Promise<LoadReport> {
  const loadAverageBefore = loadavg()[0]!;
  const services = await startServices(setup);
  const run = newRun();
  const servers = run.servers;
  try {
    for (let i = 0; i < setup.processes; i++) {
      const port = ports === undefined ? 0 : ports.first + i;
      servers.push(await startServer({ database: services.database, redis: services.redis, port }));
    }
    let peakRss = 0;
    const sampler = setInterval(() => {
      for (const s of servers) peakRss = Math.max(peakRss, rssOf(s.proc.pid) ?? 0);
    }, 250);
    const snapshot = (): CpuSnapshot => {
      const own = process.cpuUsage();
      return {
        at: performance.now(),
        servers: treeCpuMs(servers.map((s) => s.proc.pid)),
        postgres: treeCpuMs([services.postgresPid]),
        redis: treeCpuMs([services.redisPid]),
        loadGenerator: (own.user + own.system) / 1_000,
        machineBusy: machineCpuMs().busy,
      };
    };
    let started = 0;
    const runner = async (): Promise<void> => {
      while (!run.stopping && (target === undefined || started < target)) {
        const n = started++;
        await playGame(run, n);
        if (target !== undefined && run.completed >= target) run.stopping = true;
      }
    };
    const t0 = performance.now();
    let from = snapshot();
    const warm = setTimeout(() => {
      run.measuring = true;
      from = snapshot();
    }, warmupS * 1_000);
    if (warmupS === 0) run.measuring = true;
    const measureFrom = t0 + warmupS * 1_000;
    const deadline = setTimeout(() => {
      run.stopping = true;
      for (const stop of [...run.active]) stop();
    }, durationS * 1_000);
    await Promise.all(Array.from({ length: concurrent }, () => runner()));
    const elapsedS = (performance.now() - Math.max(t0, measureFrom)) / 1_000;
    const to = snapshot();
    clearTimeout(warm);
    clearTimeout(deadline);
    const lastHealth = await health(servers[0]!);
    clearInterval(sampler);
    const rssNow = servers.map((s) => rssOf(s.proc.pid) ?? 0);
    peakRss = Math.max(peakRss, ...rssNow);

    const actions = run.actions;
    const intervalS = (to.at - from.at) / 1_000;
    const figure = (ms: number): CpuFigure => ({
      usPerAction: Math.round((ms * 1_000) / Math.max(1, actions)),
      percentOfCore: Math.round(ms / (intervalS * 10)),
    });
    const serversMs = to.servers - from.servers;
    const postgresMs = to.postgres - from.postgres;
    const redisMs = to.redis - from.redis;
    const loadMs = to.loadGenerator - from.loadGenerator;
    const busyMs = to.machineBusy - from.machineBusy;
    const postgresCpu: CpuOf = !usesPostgres(setup.database)
      ? 'not used'
      : services.postgresPid === undefined
        ? 'not measured'
        : figure(postgresMs);
    const redisCpu: CpuOf =
      setup.redis.kind === 'none'
        ? 'not used'
        : services.redisPid === undefined
          ? 'not measured'
          : figure(redisMs);
    const covers = ['servers'];
    if (typeof postgresCpu === 'object') covers.push('postgres');
    if (typeof redisCpu === 'object') covers.push('redis');
    const ownMs = serversMs + postgresMs + redisMs;
    const where = (c: DatabaseChoice | RedisChoice) =>
      c.kind === 'external' ? 'external' : c.kind === 'sqlite' || c.kind === 'none' ? 'none' : 'started';
    return {
      setup: setupLabel(setup),
      concurrentGames: concurrent,
      processes: setup.processes,
      store: usesPostgres(setup.database) ? 'postgres' : 'sqlite',
      postgres: usesPostgres(setup.database) ? where(setup.database) : 'none',
      redis: where(setup.redis),
      ports: servers.map((s) => Number(new URL(s.url).port)),
      expansions,
      spectatorsPerGame: spectators,
      seconds: Number(elapsedS.toFixed(1)),
      actions,
      actionsPerSecond: Math.round(actions / elapsedS),
      refused: run.refused,
      gamesCompleted: run.completed,
      ackMs: {
        p50: percentile(run.ackMs, 50),
        p99: percentile(run.ackMs, 99),
        max: percentile(run.ackMs, 100),
      },
      broadcastMs: {
        p50: percentile(run.broadcastMs, 50),
        p99: percentile(run.broadcastMs, 99),
        max: percentile(run.broadcastMs, 100),
      },
      serverCpuUsPerAction: figure(serversMs).usPerAction,
      serverCpuPercent: figure(serversMs).percentOfCore,
      cpu: {
        servers: figure(serversMs),
        postgres: postgresCpu,
        redis: redisCpu,
        total: { ...figure(ownMs), covers },
        loadGenerator: figure(loadMs),
        machine: {
          cores: availableParallelism(),
          busyPercentOfCore: Math.round(busyMs / (intervalS * 10)),
          otherPercentOfCore: Math.max(0, Math.round((busyMs - ownMs - loadMs) / (intervalS * 10))),
        },
      },
      meanFrameBytes: Math.round(run.bytesIn / Math.max(1, run.framesIn)),
      serverRssMb: rssNow.map((b) => Math.round(b / 2 ** 20)),
      serverPeakRssMb: Math.round(peakRss / 2 ** 20),
      serverHeapUsedMb: Math.round((lastHealth.heapUsed ?? 0) / 2 ** 20),
      liveGames: lastHealth.liveGames,
      loadGeneratorRssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
      loadAverageBefore: Number(loadAverageBefore.toFixed(2)),
    };
  } finally {
    for (const s of servers) await s.stop();
    await services.stop();
  }
}

// ---------------------------------------------------------------- reports

/** How long each run is: games, or seconds of which the first `warmupS` are not measured. */
const runLength = (): string =>
  target !== undefined
    ? `${target} games`
    : `${Math.max(0, durationS - warmupS)} s measured after ${warmupS} s warm-up`;

interface Stamp {
  /** The commit measured; `+hash`: with uncommitted changes under packages/ (`commit()`). */
  commit: string;
  at: string;
}

const stampNow = (): Stamp => ({ commit: commit(), at: new Date().toISOString().replace(/\.\d+Z$/, 'Z') });

const whyNot = (what: 'postgres' | 'redis'): string =>
  what === 'postgres'
    ? 'an external --database: use --postgres or --cluster N to have it measured'
    : 'an external --redis: use --redis-server or --cluster N to have it measured';

function cpuLine(c: CpuOf, what: 'postgres' | 'redis'): string {
  if (c === 'not used') return 'none (not used)';
  if (c === 'not measured') return `not measured (${whyNot(what)})`;
  return `${c.usPerAction} µs (${c.percentOfCore}% of a core)`;
}

const NAMES: Record<string, string> = { servers: 'servers', postgres: 'PostgreSQL', redis: 'Redis' };

function printRun(r: LoadReport, stamp: Stamp): void {
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  const line = (label: string, value: string | number) => console.log(`  ${label.padEnd(30)}${value}`);
  console.log(
    `server load: ${r.concurrentGames} concurrent games (2 human seats, ${r.spectatorsPerGame} spectators each), ` +
      `${r.expansions.length === 0 ? 'base game' : r.expansions.join(' + ')}, ${r.setup} ` +
      `(Node ${process.version}; commit ${stamp.commit}, ${stamp.at})`,
  );
  line('measured', `${r.seconds} s (after ${warmupS} s warm-up)`);
  line('ports', r.ports.join(', '));
  line('actions/s', r.actionsPerSecond);
  line('submit→ack p50 / p99', `${ms(r.ackMs.p50)} / ${ms(r.ackMs.p99)}`);
  line('submit→broadcast p50 / p99', `${ms(r.broadcastMs.p50)} / ${ms(r.broadcastMs.p99)}`);
  line(
    'server CPU per action',
    `${r.cpu.servers.usPerAction} µs (${r.cpu.servers.percentOfCore}% of a core)`,
  );
  line('PostgreSQL CPU per action', cpuLine(r.cpu.postgres, 'postgres'));
  line('Redis CPU per action', cpuLine(r.cpu.redis, 'redis'));
  const partial =
    r.cpu.total.covers.length < 1 + (r.postgres === 'none' ? 0 : 1) + (r.redis === 'none' ? 0 : 1);
  line(
    'total CPU per action',
    `${r.cpu.total.usPerAction} µs (${r.cpu.total.percentOfCore}% of a core)` +
      (partial ? `: ${r.cpu.total.covers.map((c) => NAMES[c] ?? c).join(' + ')} only` : ''),
  );
  line('load generator CPU', `${r.cpu.loadGenerator.percentOfCore}% of a core`);
  line(
    'machine CPU',
    `${r.cpu.machine.busyPercentOfCore}% of ${r.cpu.machine.cores * 100}% busy, ` +
      `${r.cpu.machine.otherPercentOfCore}% of a core outside this benchmark (load average before ${r.loadAverageBefore})`,
  );
  line('games completed', r.gamesCompleted);
  line('mean frame to a seat', `${r.meanFrameBytes} bytes`);
  line('refused actions', r.refused);
  line('server RSS (end / peak)', `${r.serverRssMb.join(', ')} MB / ${r.serverPeakRssMb} MB`);
  line('server heap used (end)', `${r.serverHeapUsedMb} MB`);
  line('load generator RSS', `${r.loadGeneratorRssMb} MB`);
}

async function single(): Promise<void> {
  const setup = setupFromFlags();
  const ports = portRange(setup.processes);
  const stamp = stampNow();
  const report = await runLoad(setup, ports);
  if (json) console.log(JSON.stringify({ ...stamp, ...report }, null, 2));
  else printRun(report, stamp);
}

// ---------------------------------------------------------------- comparison (--compare)

async function comparison(): Promise<void> {
  const setups = compareSetups();
  const ports = portRange(Math.max(...setups.map((s) => s.processes)));
  const stamp = stampNow();
  const reports: LoadReport[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const setup of setups) {
      const label = `${setupLabel(setup)}${rounds === 1 ? '' : `, round ${round} of ${rounds}`}`;
      console.error(`bench:server --compare: ${label} (${runLength()})…`);
      reports.push(await runLoad(setup, ports));
    }
  }
  if (json) {
    console.log(
      JSON.stringify(
        { ...stamp, concurrentGames: concurrent, durationS, warmupS, expansions, rounds, runs: reports },
        null,
        2,
      ),
    );
    return;
  }
  const us = (c: CpuOf) => (c === 'not used' ? '—' : c === 'not measured' ? 'n/m' : `${c.usPerAction}`);
  const columns: [string, number, (r: LoadReport) => string][] = [
    ['setup', 34, (r) => r.setup],
    ['actions/s', 10, (r) => `${r.actionsPerSecond}`],
    ['ack p50', 9, (r) => r.ackMs.p50.toFixed(1)],
    ['ack p99', 9, (r) => r.ackMs.p99.toFixed(1)],
    ['servers', 9, (r) => us(r.cpu.servers)],
    ['PostgreSQL', 11, (r) => us(r.cpu.postgres)],
    ['Redis', 7, (r) => us(r.cpu.redis)],
    ['total', 7, (r) => us(r.cpu.total)],
    ['load gen', 10, (r) => `${r.cpu.loadGenerator.percentOfCore}%`],
    ['other', 7, (r) => `${r.cpu.machine.otherPercentOfCore}%`],
  ];
  const row = (cells: string[]) =>
    console.log(
      `  ${cells.map((c, i) => (i === 0 ? c.padEnd(columns[0]![1]) : c.padStart(columns[i]![1]))).join('')}`,
    );
  const cores = reports[0]?.cpu.machine.cores ?? availableParallelism();
  console.log(
    `server comparison: ${concurrent} concurrent games (2 human seats, ${spectators} spectators each), ` +
      `${expansions.length === 0 ? 'base game' : expansions.join(' + ')}, ${runLength()} each; ` +
      `commit ${stamp.commit}, ${stamp.at}; Node ${process.version}, ${cores} cores`,
  );
  // Each group's heading over its columns, right-aligned like their figures.
  const groups: [number, number, string][] = [
    [0, 1, ''],
    [2, 3, 'submit→ack (ms)'],
    [4, 7, 'CPU per action (µs)'],
    [8, 9, '% of a core'],
  ];
  const width = (from: number, to: number) => columns.slice(from, to + 1).reduce((n, c) => n + c[1], 0);
  console.log(`  ${groups.map(([from, to, label]) => label.padStart(width(from, to))).join('')}`);
  row(columns.map((c) => c[0]));
  for (const r of reports) row(columns.map((c) => c[2](r)));
  console.log('  —: not used; n/m: not measured (an external --database or --redis).');
  console.log('  total: servers + PostgreSQL + Redis (those measured); load gen: this benchmark itself;');
  console.log(`  other: the rest of the machine meanwhile (of ${cores * 100}%).`);
}

// ---------------------------------------------------------------- fairness (--fairness)

const ALL_EXPANSIONS = ['princess-and-dragon', 'tower', 'halflings'];

interface Spread {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

const spread = (xs: number[]): Spread => ({
  n: xs.length,
  p50: percentile(xs, 50),
  p99: percentile(xs, 99),
  max: percentile(xs, 100),
});

/**
 * Plays the human seat of human-vs-`level` games (all three expansions, random legal actions, at
 * once) until the bot has taken `wanted` decisions (at least); the time of each (ms), from the
 * update that hands the bot the turn to the update of its action.
 */
async function botReplies(s: Server, level: string, wanted: number, seed: number): Promise<number[]> {
  const waits: number[] = [];
  const choose = random(seed);
  while (waits.length < wanted) {
    const created = await post<{ id: string; token: string }>(s.url, '/api/games', {
      settings: { expansions: ALL_EXPANSIONS, seats: [{ kind: 'human' }, { kind: 'bot', level }] },
      join: { name: 'Human' },
    });
    const socket = await open(s.ws);
    await new Promise<void>((resolve, reject) => {
      let latest: State | undefined;
      let botSince: number | undefined;
      let ids = 0;
      const finish = () => {
        socket.removeAllListeners('message');
        socket.close();
        resolve();
      };
      const receiver = new Receiver();
      socket.on('message', (data) => {
        const now = performance.now();
        for (const m of receiver.receive(JSON.parse(data.toString()) as ServerMessage).messages) read(m, now);
      });
      const read = (m: ViewerMessage, now: number): void => {
        if (m.type === 'ended') return finish();
        if (m.type === 'error') return reject(new Error(`refused: ${m.code} ${m.message}`));
        if (m.type !== 'welcome' && m.type !== 'update') return;
        if (latest !== undefined && m.version <= latest.version) return;
        if (botSince !== undefined && m.type === 'update') {
          waits.push(now - botSince);
          botSince = undefined;
        }
        latest = m;
        const view = m.view as GameView | undefined;
        if (m.status !== 'playing' || view === undefined) return finish();
        if (view.toAct === 0) {
          // Stop on the human's turn, so that the game left behind has no bot decision under way.
          if (waits.length >= wanted) return finish();
          const legal = view.legalActions;
          const action = legal[Math.floor(choose() * legal.length)] as Action;
          socket.send(JSON.stringify({ type: 'act', id: `h${++ids}`, version: m.version, action }));
        } else if (m.type === 'update') {
          botSince = now;
        }
      };
      socket.on('error', reject);
      socket.send(
        JSON.stringify({ type: 'hello', game: created.id, token: created.token, protocol: PROTOCOL_VERSION }),
      );
    });
  }
  return waits;
}

/** Actions played so far in each of `games`. */
async function versions(s: Server, games: string[]): Promise<number> {
  let sum = 0;
  for (const id of games) {
    const r = await fetch(`${s.url}/api/games/${id}`);
    sum += ((await r.json()) as { version?: number }).version ?? 0;
  }
  return sum;
}

async function fairness(): Promise<void> {
  const load = Math.floor(count('load', 30));
  const decisions = Math.max(1, Math.floor(count('decisions', 40)));
  const budgetMs = Math.max(10, Math.floor(count('budget', 300)));
  const threads = Math.max(1, Math.floor(count('bot-threads', 1)));
  const levels = (flag('levels') ?? 'random,mcts').split(',').filter((x) => x !== '');
  const services = await startServices({ ...setupFromFlags(), processes: 1 });
  const s = await startServer({
    database: services.database,
    redis: services.redis,
    port: portRange(1)?.first ?? 0,
    env: { BOT_BUDGET_MS: String(budgetMs), BOT_THREADS: String(threads) },
  });
  const failedLines = () => s.output().split('bot failed; playing its first legal action').length - 1;

  // A few decisions first, not timed: the server's and its thread's first ones are slower (JIT).
  for (const level of levels) await botReplies(s, level, 5, 7);
  const alone = new Map<string, number[]>();
  for (const [i, level] of levels.entries()) alone.set(level, await botReplies(s, level, decisions, 11 + i));

  const loadGames: string[] = [];
  for (let i = 0; i < load; i++) {
    const created = await post<{ id: string }>(s.url, '/api/games', {
      settings: {
        expansions: ALL_EXPANSIONS,
        seats: [
          { kind: 'bot', level: 'mcts' },
          { kind: 'bot', level: 'mcts' },
        ],
      },
    });
    loadGames.push(created.id);
  }
  const loadFrom = performance.now();
  const loaded = new Map<string, number[]>();
  for (const [i, level] of levels.entries()) loaded.set(level, await botReplies(s, level, decisions, 11 + i));
  const loadS = (performance.now() - loadFrom) / 1_000;
  const loadActions = await versions(s, loadGames);
  const failed = failedLines();
  await s.stop();
  await services.stop();

  const rows = levels.map((level) => {
    const a = spread(alone.get(level)!);
    const b = spread(loaded.get(level)!);
    return { level, alone: a, withLoad: b, p99Ratio: Number((b.p99 / a.p99).toFixed(2)) };
  });
  const report = {
    botThreads: threads,
    budgetMs,
    loadGames: load,
    decisionsPerRun: decisions,
    replies: rows,
    /** Actions the all-bot games played while the human's games were measured, and per second. */
    loadActions,
    loadActionsPerSecond: Number((loadActions / loadS).toFixed(1)),
    hardLimitHits: failed,
  };
  if (json) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const fig = (x: Spread) => `${ms(x.p50)} / ${ms(x.p99)} / ${ms(x.max)}`.padEnd(36);
  console.log(
    `bot fairness: a human-vs-bot game (all three expansions) alone, then with ${load} all-bot MCTS games ` +
      `(all three expansions, unwatched); ${threads} bot thread${threads === 1 ? '' : 's'}, ` +
      `budget ${budgetMs} ms, ${decisions} bot decisions timed each (Node ${process.version})`,
  );
  console.log(
    `  ${'bot'.padEnd(8)}${'alone p50 / p99 / max'.padEnd(36)}${'with load p50 / p99 / max'.padEnd(36)}p99 ratio`,
  );
  for (const r of rows) console.log(`  ${r.level.padEnd(8)}${fig(r.alone)}${fig(r.withLoad)}${r.p99Ratio}×`);
  console.log(
    `  all-bot games meanwhile: ${loadActions} actions in ${loadS.toFixed(1)} s (${report.loadActionsPerSecond}/s)`,
  );
  console.log(`  decisions that hit the hard limit: ${failed}`);
}

if (has('fairness')) recordResults('server-fairness', 'bench:server', 'Bot replies under load');
else if (compare)
  recordResults('server-compare', 'bench:server', 'Server: SQLite, PostgreSQL and a cluster compared');
else recordResults('server', 'bench:server', 'Server under load');

// Ctrl-C: stop what was started (servers, PostgreSQL, Redis) and remove their temporary directories.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));
}
(has('fairness') ? fairness() : compare ? comparison() : single()).catch(async (e: unknown) => {
  console.error(e);
  await cleanUp();
  process.exit(1);
});
