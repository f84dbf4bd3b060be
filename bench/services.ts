/**
 * What `bench:server` needs from the machine: throwaway PostgreSQL and Redis servers started from
 * Debian's packages (`postgresql`, `redis-server`) on loopback, in temporary directories, stopped
 * by their process ids (the server's tests start theirs with the same helpers); and the CPU time of a process and all its descendants, from /proc.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A server this process started: where it answers, its process, and how to stop it. */
export interface Service {
  url: string;
  proc: ChildProcess;
  /** Stops it (and waits for it to exit), then removes its temporary directory. */
  stop(): Promise<void>;
}

const PG_ROOT = '/usr/lib/postgresql';
/** Debian's redis-server. */
export const REDIS = '/usr/bin/redis-server';

/** The newest installed PostgreSQL's bin directory, if any. */
export function postgresBin(): string | undefined {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(PG_ROOT, v, 'bin')).find((d) => existsSync(join(d, 'postgres')));
}

/**
 * What a new PostgreSQL cluster needs: the binaries, a temporary directory (open to the `postgres`
 * user) with the data directory's path in it, and, as root, the `postgres` user to run as (by uid,
 * so that signals reach postgres itself; PostgreSQL refuses root). `missing` is the error's text when
 * PostgreSQL is not installed.
 */
export function postgresCluster(
  prefix: string,
  missing: string,
): { bin: string; dir: string; data: string; user: { uid?: number; gid?: number } } {
  const bin = postgresBin();
  if (bin === undefined) throw new Error(missing);
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o777);
  const user =
    process.getuid?.() === 0
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
          gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
        }
      : {};
  return { bin, dir, data: join(dir, 'data'), user };
}

/** A free TCP port on loopback (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Resolves when the process prints `pattern` (stdout or stderr); rejects if it exits first or after 30 s. */
export function waitFor(proc: ChildProcess, pattern: RegExp, what: string): Promise<void> {
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start:\n${out}`)), 30_000);
    const check = (d: Buffer) => {
      out += d.toString();
      if (pattern.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout?.on('data', check);
    proc.stderr?.on('data', check);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}):\n${out}`));
    });
  });
}

/** Sends `signal` and waits for the exit (SIGKILL after 10 s). */
export function stopProcess(proc: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    proc.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    proc.kill(signal);
  });
}

/** A redis-server on loopback, no persistence. */
export async function startRedis(): Promise<Service> {
  if (!existsSync(REDIS))
    throw new Error(`--redis-server: ${REDIS} is missing (Debian package redis-server)`);
  const port = await freePort();
  const proc = spawn(
    REDIS,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await waitFor(proc, /Ready to accept connections/, 'redis-server');
  return { url: `redis://127.0.0.1:${port}`, proc, stop: () => stopProcess(proc, 'SIGTERM') };
}

/**
 * A fresh PostgreSQL cluster in a temporary directory (role `carc`, trust on loopback), with
 * `settings` (`name=value`, PostgreSQL's defaults otherwise); as root, run as the `postgres` user
 * (PostgreSQL refuses root), by uid so that signals reach postgres itself.
 */
export async function startPostgres(settings: string[] = []): Promise<Service> {
  const { bin, dir, data, user } = postgresCluster(
    'carc-bench-pg-',
    '--postgres: PostgreSQL is not installed (Debian package postgresql)',
  );
  execFileSync(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'carc', '--no-sync'], {
    stdio: 'pipe',
    ...user,
  });
  const port = await freePort();
  const options = ['listen_addresses=127.0.0.1', ...settings].flatMap((s) => ['-c', s]);
  const proc = spawn(join(bin, 'postgres'), ['-D', data, '-p', String(port), '-k', dir, ...options], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...user,
  });
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    await waitFor(proc, /ready to accept connections/, 'postgres');
  } catch (e) {
    await stopProcess(proc, 'SIGINT');
    removeDir();
    throw e;
  }
  return {
    url: `postgres://carc@127.0.0.1:${port}/postgres`,
    proc,
    // SIGINT: PostgreSQL's fast shutdown (ends the sessions, no waiting for clients).
    stop: async () => {
      await stopProcess(proc, 'SIGINT');
      removeDir();
    },
  };
}

// ---------------------------------------------------------------- CPU time from /proc

const TICK_MS = (() => {
  try {
    return 1_000 / Number(execFileSync('getconf', ['CLK_TCK']).toString());
  } catch {
    return 10;
  }
})();

interface Stat {
  ppid: number;
  /** utime + stime + cutime + cstime, in clock ticks. */
  ticks: number;
}

function statOf(pid: number): Stat | undefined {
  try {
    // The fields after the command (which may hold spaces) start at field 3 (state): ppid is 4,
    // utime, stime, cutime, cstime are 14 to 17.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    return { ppid: Number(f[1]), ticks };
  } catch {
    return undefined;
  }
}

/**
 * CPU time (ms, user + system, all threads) used by the processes `pids` and all their descendants
 * (PostgreSQL's postmaster, its backends, walwriter…). Each live process counts its own time and
 * that of its children that exited and were waited for (cutime, cstime), so a backend that ended
 * during the measurement is still counted, once, in its parent's figure.
 */
export function treeCpuMs(pids: readonly (number | undefined)[]): number {
  const roots = new Set(pids.filter((p): p is number => p !== undefined));
  if (roots.size === 0) return 0;
  const all = new Map<number, Stat>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = statOf(Number(name));
    if (s !== undefined) all.set(Number(name), s);
  }
  const children = new Map<number, number[]>();
  for (const [pid, s] of all) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  let ticks = 0;
  const seen = new Set<number>();
  const stack = [...roots];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    ticks += all.get(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return ticks * TICK_MS;
}

/** The whole machine's busy and total CPU time (ms, all cores), from /proc/stat. */
export function machineCpuMs(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal (guest time is already in user and nice).
  const f = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  const idle = (f[3] ?? 0) + (f[4] ?? 0);
  return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
}
