/**
 * Real PostgreSQL and Redis servers for tests, started from Debian's packages (`postgresql`,
 * `redis-server`; .ci/run installs them) on loopback, in temporary directories, and stopped by
 * their process ids. Without the packages the tests that need them are skipped, unless
 * CARC_REQUIRE_SERVICES is set (as .ci/run does): then they fail.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Service {
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

const PG_ROOT = '/usr/lib/postgresql';

function postgresBin(): string | undefined {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT).sort((a, b) => Number(b) - Number(a));
  const bin = versions.map((v) => join(PG_ROOT, v, 'bin')).find((d) => existsSync(join(d, 'postgres')));
  return bin;
}

const REDIS = '/usr/bin/redis-server';

/** Whether PostgreSQL and Redis can be started here. */
export const servicesAvailable = (): boolean => postgresBin() !== undefined && existsSync(REDIS);

/** Whether a missing service is a failure (CI) rather than a skip. */
export const servicesRequired = (): boolean => process.env.CARC_REQUIRE_SERVICES === '1';

export async function freePort(): Promise<number> {
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

function waitFor(proc: ChildProcess, pattern: RegExp, what: string): Promise<void> {
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

function stopper(proc: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill(signal);
    });
}

export async function startRedis(): Promise<Service> {
  const port = await freePort();
  const proc = spawn(
    REDIS,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await waitFor(proc, /Ready to accept connections/, 'redis-server');
  return { url: `redis://127.0.0.1:${port}`, proc, stop: stopper(proc) };
}

/** A fresh cluster in a temporary directory; as root, run as the `postgres` user (PostgreSQL refuses root). */
export async function startPostgres(): Promise<Service> {
  const bin = postgresBin();
  if (bin === undefined) throw new Error('PostgreSQL is not installed (Debian package postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'carc-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  // As root, run as the postgres user (by uid, so signals reach postgres itself, not a wrapper).
  const user =
    process.getuid?.() === 0
      ? {
          uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
          gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
        }
      : {};
  execFileSync(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'carc', '--no-sync'], {
    stdio: 'pipe',
    ...user,
  });
  const port = await freePort();
  const proc = spawn(
    join(bin, 'postgres'),
    ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
    { stdio: ['ignore', 'pipe', 'pipe'], ...user },
  );
  await waitFor(proc, /ready to accept connections/, 'postgres');
  return { url: `postgres://carc@127.0.0.1:${port}/postgres`, proc, stop: stopper(proc, 'SIGINT') };
}
