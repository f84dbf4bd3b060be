/**
 * Real PostgreSQL and Redis servers for tests, started from Debian's packages (`postgresql`,
 * `redis-server`; .ci/run installs them) on loopback, in temporary directories, and stopped by
 * their process ids. Without the packages the tests that need them are skipped, unless
 * CARC_REQUIRE_SERVICES is set (as .ci/run does): then they fail.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { join } from 'node:path';
import {
  REDIS,
  freePort,
  postgresBin,
  postgresCluster,
  stopProcess,
  waitFor,
} from '../../../bench/services.js';

export { REDIS, freePort, postgresBin, postgresCluster, stopProcess, waitFor };

export interface Service {
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
  /** Starts it again after `stop`, on the same port (and, for PostgreSQL, the same data). */
  restart(): Promise<void>;
}

/** A service process started by `start`, which `restart` starts again the same way. */
async function service(
  url: string,
  start: () => Promise<ChildProcess>,
  signal: NodeJS.Signals,
): Promise<Service> {
  const s: Service = {
    url,
    proc: await start(),
    stop: () => stopProcess(s.proc, signal),
    restart: async () => {
      s.proc = await start();
    },
  };
  return s;
}

/** Whether PostgreSQL and Redis can be started here. */
export const servicesAvailable = (): boolean => postgresBin() !== undefined && existsSync(REDIS);

/** Whether a missing service is a failure (CI) rather than a skip. */
export const servicesRequired = (): boolean => process.env.CARC_REQUIRE_SERVICES === '1';

export async function startRedis(): Promise<Service> {
  const port = await freePort();
  return service(
    `redis://127.0.0.1:${port}`,
    async () => {
      const proc = spawn(
        REDIS,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      await waitFor(proc, /Ready to accept connections/, 'redis-server');
      return proc;
    },
    'SIGTERM',
  );
}

/** A fresh cluster in a temporary directory; as root, run as the `postgres` user (PostgreSQL refuses root). */
export async function startPostgres(): Promise<Service> {
  const { bin, dir, data, user } = postgresCluster(
    'carc-pg-',
    'PostgreSQL is not installed (Debian package postgresql)',
  );
  execFileSync(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'carc', '--no-sync'], {
    stdio: 'pipe',
    ...user,
  });
  const port = await freePort();
  return service(
    `postgres://carc@127.0.0.1:${port}/postgres`,
    async () => {
      const proc = spawn(
        join(bin, 'postgres'),
        ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
        { stdio: ['ignore', 'pipe', 'pipe'], ...user },
      );
      await waitFor(proc, /ready to accept connections/, 'postgres');
      return proc;
    },
    'SIGINT',
  );
}

/**
 * PostgreSQL and Redis for the tests of one `describe`: started before them, stopped after, with
 * the server processes the tests start (pushed on `servers`; killed at the end).
 */
export function servicesForSuite(): {
  postgres: () => Service;
  redis: () => Service;
  servers: { stop(signal?: NodeJS.Signals): Promise<unknown> }[];
} {
  let postgres: Service | undefined;
  let redis: Service | undefined;
  const servers: { stop(signal?: NodeJS.Signals): Promise<unknown> }[] = [];
  beforeAll(async () => {
    [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGKILL')));
    await Promise.all([postgres?.stop(), redis?.stop()]);
  }, 60_000);
  const started = (s: Service | undefined): Service => {
    if (s === undefined) throw new Error('PostgreSQL and Redis have not started');
    return s;
  };
  return { postgres: () => started(postgres), redis: () => started(redis), servers };
}
