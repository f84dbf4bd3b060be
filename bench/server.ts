/**
 * Server load benchmark (`npm run bench:server`): starts the real server process (`carcassonne
 * serve`, SQLite temp file by default) with its rate limits raised, then keeps N games going at
 * once, each between two WebSocket clients of this process playing random legal actions from the
 * view they are sent (optionally with spectators). Prints actions per second, submit→ack and
 * submit→broadcast latencies (until the other seat's socket has the update of that version), the
 * server's memory and the games completed. Prints figures, never asserts (STYLE §2.9).
 *
 * Usage: node bench/dist/server.js [--games 32] [--duration 20 | --count 100] [--warmup 2]
 *          [--spectators 0] [--expansions tower,halflings] [--database URL] [--redis URL]
 *          [--processes 1] [--cpu-prof DIR] [--json]
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
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Action, GameView } from '@carc/engine';
import type { ServerMessage } from '@carc/server';
import WebSocket from 'ws';

const MAIN = fileURLToPath(new URL('../../packages/cli/dist/main.js', import.meta.url));

// ---------------------------------------------------------------- arguments

const argv = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
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
const processes = Math.max(1, Math.floor(count('processes', 1)));
const expansions = (flag('expansions') ?? '').split(',').filter((x) => x !== '');
const redis = flag('redis');
const cpuProf = flag('cpu-prof');
const json = argv.includes('--json');
if (processes > 1 && redis === undefined) {
  fail(
    `--processes ${processes} needs --redis URL: several server processes share their games through ` +
      'Redis (REDIS_URL); without it each would hold its own copy of a game',
  );
}
let scratch: string | undefined;
const database = flag('database') ?? join((scratch = mkdtempSync(join(tmpdir(), 'carc-bench-'))), 'games.db');

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
}

async function startServer(env: Record<string, string> = {}): Promise<Server> {
  if (!existsSync(MAIN)) fail(`${MAIN} is missing: run \`npm run build\` first`);
  const node = cpuProf === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', cpuProf];
  const args = [...node, MAIN, 'serve', '--port', '0', '--database', database];
  if (redis !== undefined) args.push('--redis', redis);
  const proc = spawn(process.execPath, args, {
    env: { ...process.env, ...UNLIMITED, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 30_000);
    proc.stdout!.on('data', () => {
      const m = /(?:open|serving the API only at) (http:\/\/\S+)/.exec(out);
      if (m !== null) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    proc.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${out}`)));
  });
  return { url, ws: `${url.replace(/^http/, 'ws')}/ws`, proc, output: () => out };
}

async function stopServer(s: Server): Promise<void> {
  if (s.proc.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    s.proc.once('exit', () => resolve());
    s.proc.kill('SIGTERM');
  });
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

/** CPU time a process has used (ms, user + system), from /proc (clock ticks of 10 ms); 0 where there is none. */
function cpuMsOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    // The fields after the command (which may hold spaces) start at field 3; utime and stime are 14 and 15.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

const serversCpuMs = (): number => servers.reduce((ms, s) => ms + cpuMsOf(s.proc.pid), 0);

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

const ackMs: number[] = [];
const broadcastMs: number[] = [];
let actions = 0;
let refused = 0;
/** Frames and bytes the seats' sockets received (while measuring). */
let framesIn = 0;
let bytesIn = 0;
let completed = 0;
let measuring = false;
let stopping = false;
/** How to stop each game in progress (when the time is up). */
const active = new Set<() => void>();

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

type State = Extract<ServerMessage, { type: 'welcome' | 'update' }>;

/**
 * One game between two sockets of this process, played to its end. Each seat acts on the view of
 * its latest welcome or update; `submitted` keeps when the action of each version was sent, so the
 * other seat's socket can time the broadcast.
 */
async function playGame(n: number): Promise<void> {
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
      active.delete(stop);
      if (finished) completed++;
      for (const s of sockets) s.close();
      resolve();
    };
    const stop = () => end(false);
    active.add(stop);
    // Time ran out while this game was being set up.
    if (stopping) return stop();
    const seat = async (index: number): Promise<void> => {
      // With several processes, a game's seats sit on different processes.
      const socket = await open(servers[(n + index) % servers.length]!.ws);
      if (ended) return socket.close();
      sockets.push(socket);
      let latest: State | undefined;
      let pending: { id: string; at: number } | undefined;
      const act = () => {
        const view = latest?.view as GameView | undefined;
        if (stopping) return end(false);
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
        if (measuring) {
          framesIn++;
          bytesIn += text.length;
        }
        const m = JSON.parse(text) as ServerMessage;
        switch (m.type) {
          case 'welcome':
          case 'update': {
            if (latest !== undefined && m.version < latest.version) return;
            latest = m;
            if (m.type === 'update') {
              const at = submitted.get(m.version);
              // The other seat's copy of an action's update: the broadcast's latency.
              if (at !== undefined && m.step.player !== index) {
                if (measuring) broadcastMs.push(now - at);
                submitted.delete(m.version);
              }
            }
            if (m.status !== 'playing') return end(true);
            return act();
          }
          case 'ack':
            if (pending?.id === m.id) {
              if (measuring) {
                ackMs.push(now - pending.at);
                actions++;
              }
              pending = undefined;
            }
            // Its update follows the ack on this socket: act on that (unless it came first).
            if (latest !== undefined && latest.version >= m.version) act();
            return;
          case 'error':
            refused++;
            if (process.env.BENCH_DEBUG) console.error('refused', m.code, m.message);
            if (pending?.id === m.id) pending = undefined;
            return act();
          case 'ended':
            return end(true);
          default:
            return;
        }
      });
      socket.on('error', reject);
      socket.send(JSON.stringify({ type: 'hello', game: created.id, token: tokens[index] }));
    };
    const watchers = Array.from({ length: spectators }, async (_, k) => {
      const socket = await open(servers[(n + k) % servers.length]!.ws);
      if (ended) return socket.close();
      sockets.push(socket);
      socket.on('message', () => {});
      socket.send(JSON.stringify({ type: 'hello', game: created.id }));
    });
    Promise.all([seat(0), seat(1), ...watchers]).catch(reject);
  });
}

// ---------------------------------------------------------------- the run

const servers: Server[] = [];
let peakRss = 0;
let lastHealth: { rss?: number; heapUsed?: number; liveGames?: number } = {};

async function main(): Promise<void> {
  for (let i = 0; i < processes; i++) servers.push(await startServer());
  const sampler = setInterval(() => {
    for (const s of servers) peakRss = Math.max(peakRss, rssOf(s.proc.pid) ?? 0);
  }, 250);
  let started = 0;
  const runner = async (): Promise<void> => {
    while (!stopping && (target === undefined || started < target)) {
      const n = started++;
      await playGame(n);
      if (target !== undefined && completed >= target) stopping = true;
    }
  };
  const t0 = performance.now();
  let cpuFrom = 0;
  const warm = setTimeout(() => {
    measuring = true;
    cpuFrom = serversCpuMs();
  }, warmupS * 1_000);
  if (warmupS === 0) measuring = true;
  const measureFrom = t0 + warmupS * 1_000;
  const deadline = setTimeout(() => {
    stopping = true;
    for (const stop of [...active]) stop();
  }, durationS * 1_000);
  await Promise.all(Array.from({ length: concurrent }, () => runner()));
  const elapsedS = (performance.now() - Math.max(t0, measureFrom)) / 1_000;
  const cpuMs = serversCpuMs() - cpuFrom;
  clearTimeout(warm);
  clearTimeout(deadline);
  lastHealth = await health(servers[0]!);
  clearInterval(sampler);
  const rssNow = servers.map((s) => rssOf(s.proc.pid) ?? 0);
  peakRss = Math.max(peakRss, ...rssNow);
  for (const s of servers) await stopServer(s);
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });

  const report = {
    concurrentGames: concurrent,
    processes,
    store: /^postgres(ql)?:/.test(database) ? 'postgres' : 'sqlite',
    expansions,
    spectatorsPerGame: spectators,
    seconds: Number(elapsedS.toFixed(1)),
    actions,
    actionsPerSecond: Math.round(actions / elapsedS),
    refused,
    gamesCompleted: completed,
    ackMs: { p50: percentile(ackMs, 50), p99: percentile(ackMs, 99), max: percentile(ackMs, 100) },
    broadcastMs: {
      p50: percentile(broadcastMs, 50),
      p99: percentile(broadcastMs, 99),
      max: percentile(broadcastMs, 100),
    },
    /** The server processes' CPU time per action (µs) and their share of one core while measured. */
    serverCpuUsPerAction: Math.round((cpuMs * 1_000) / Math.max(1, actions)),
    serverCpuPercent: Math.round(cpuMs / (elapsedS * 10)),
    meanFrameBytes: Math.round(bytesIn / Math.max(1, framesIn)),
    serverRssMb: rssNow.map((b) => Math.round(b / 2 ** 20)),
    serverPeakRssMb: Math.round(peakRss / 2 ** 20),
    serverHeapUsedMb: Math.round((lastHealth.heapUsed ?? 0) / 2 ** 20),
    liveGames: lastHealth.liveGames,
    loadGeneratorRssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
  };
  if (json) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  const line = (label: string, value: string | number) => console.log(`  ${label.padEnd(30)}${value}`);
  console.log(
    `server load: ${concurrent} concurrent games (2 human seats, ${spectators} spectators each), ` +
      `${expansions.length === 0 ? 'base game' : expansions.join(' + ')}, ${report.store}, ` +
      `${processes} process${processes === 1 ? '' : 'es'} (Node ${process.version})`,
  );
  line('measured', `${report.seconds} s (after ${warmupS} s warm-up)`);
  line('actions/s', report.actionsPerSecond);
  line('submit→ack p50 / p99', `${ms(report.ackMs.p50)} / ${ms(report.ackMs.p99)}`);
  line('submit→broadcast p50 / p99', `${ms(report.broadcastMs.p50)} / ${ms(report.broadcastMs.p99)}`);
  line('server CPU per action', `${report.serverCpuUsPerAction} µs (${report.serverCpuPercent}% of a core)`);
  line('games completed', report.gamesCompleted);
  line('mean frame to a seat', `${report.meanFrameBytes} bytes`);
  line('refused actions', report.refused);
  line('server RSS (end / peak)', `${report.serverRssMb.join(', ')} MB / ${report.serverPeakRssMb} MB`);
  line('server heap used (end)', `${report.serverHeapUsedMb} MB`);
  line('load generator RSS', `${report.loadGeneratorRssMb} MB`);
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
      socket.on('message', (data) => {
        const now = performance.now();
        const m = JSON.parse(data.toString()) as ServerMessage;
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
      });
      socket.on('error', reject);
      socket.send(JSON.stringify({ type: 'hello', game: created.id, token: created.token }));
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
  const s = await startServer({ BOT_BUDGET_MS: String(budgetMs), BOT_THREADS: String(threads) });
  servers.push(s);
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
  await stopServer(s);
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });

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

(argv.includes('--fairness') ? fairness() : main()).catch(async (e: unknown) => {
  console.error(e);
  for (const s of servers) await stopServer(s);
  process.exit(1);
});
