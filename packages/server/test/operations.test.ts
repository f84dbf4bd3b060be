/**
 * Running the server as docs/operations.md says: its scale-out recipe followed verbatim on an empty
 * PostgreSQL cluster that asks for passwords on TCP (as Debian's does), and start-up against an
 * unreachable or misconfigured PostgreSQL or Redis: tried again within STARTUP_TIMEOUT_MS then exit
 * 69, or one sentence naming the setting and the fix and exit 78; never a hang, a stack trace,
 * ioredis's "Unhandled error event" or a password in the output.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST, api, connect, tempDatabase } from './harness.js';
import { actRandom, latest, seeded } from './play.js';
import {
  REDIS,
  freePort,
  postgresCluster,
  servicesAvailable,
  servicesRequired,
  stopProcess,
  waitFor,
} from './services.js';

const run = servicesAvailable() || servicesRequired() ? describe : describe.skip;

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = join(ROOT, 'packages/cli/dist/main.js');

// ---------------------------------------------------------------- PostgreSQL as Debian sets it up

interface Postgres {
  port: number;
  /** Runs `sql` as the superuser `postgres` (over the Unix socket, as `sudo -u postgres psql` does). */
  psql(sql: string): string;
  stop(): Promise<void>;
}

/**
 * An empty cluster with the superuser `postgres`, trust on the Unix socket and scram-sha-256 on TCP
 * (Debian's pg_hba.conf); `hba` lines go before those. As root, run as the `postgres` user.
 */
async function startPostgres(hba: string[] = []): Promise<Postgres> {
  const { bin, dir, data, user } = postgresCluster(
    'carc-ops-pg-',
    'PostgreSQL is not installed (Debian package postgresql)',
  );
  execFileSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth-local=trust', '--auth-host=scram-sha-256', '--no-sync'],
    { stdio: 'pipe', ...user },
  );
  const hbaFile = join(data, 'pg_hba.conf');
  writeFileSync(hbaFile, [...hba, readFileSync(hbaFile, 'utf8')].join('\n'));
  const port = await freePort();
  const proc = spawn(
    join(bin, 'postgres'),
    ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
    { stdio: ['ignore', 'pipe', 'pipe'], ...user },
  );
  await waitFor(proc, /ready to accept connections/, 'postgres');
  return {
    port,
    psql: (sql) =>
      execFileSync(
        join(bin, 'psql'),
        [
          '-h',
          dir,
          '-p',
          String(port),
          '-U',
          'postgres',
          '-X',
          '-q',
          '-t',
          '-A',
          '-v',
          'ON_ERROR_STOP=1',
          '-c',
          sql,
        ],
        { stdio: 'pipe' },
      )
        .toString()
        .trim(),
    stop: async () => {
      await stopProcess(proc, 'SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startRedisOn(
  port: number,
  password?: string,
): Promise<{ url: string; stop(): Promise<void> }> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const proc = spawn(REDIS, password === undefined ? args : [...args, '--requirepass', password], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitFor(proc, /Ready to accept connections/, 'redis-server');
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopProcess(proc, 'SIGTERM') };
}

// ---------------------------------------------------------------- `carcassonne serve` as a process

interface Serve {
  proc: ChildProcess;
  output(): string;
  /** Resolves with the exit code and how long the process ran; kills it and fails after `ms`. */
  exit(ms: number): Promise<{ code: number | null; ms: number }>;
  /** Resolves with the URL of its `open …` line; fails if it exits first or after `ms`. */
  listening(ms: number): Promise<string>;
  stop(): Promise<void>;
}

const running: Serve[] = [];

/** `carcassonne serve ARGS` with `env` on top of a clean environment (no settings inherited). */
function serve(args: string[], env: Record<string, string>): Serve {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run the build first`);
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !['DATABASE_URL', 'REDIS_URL', 'LEASE_MS', 'STARTUP_TIMEOUT_MS', 'PORT', 'HOST'].includes(k),
    ),
  );
  const started = Date.now();
  const proc = spawn(process.execPath, [MAIN, 'serve', ...args], {
    env: { ...inherited, ...FAST, LOG_LEVEL: 'warn', BOT_THREADS: '1', BOT_BUDGET_MS: '50', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    cwd: ROOT,
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; ms: number }>((resolve) =>
    proc.once('exit', (code) => resolve({ code, ms: Date.now() - started })),
  );
  const s: Serve = {
    proc,
    output: () => out,
    async exit(ms) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          proc.kill('SIGKILL');
          reject(new Error(`still running after ${ms} ms:\n${out}`));
        }, ms);
      });
      return Promise.race([exited, late]).finally(() => clearTimeout(timer));
    },
    listening(ms) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not listening after ${ms} ms:\n${out}`)), ms);
        const check = () => {
          const m = /(?:open|serving the API only at) (http:\/\/[^\s"]+)/.exec(out);
          if (m === null) return;
          clearTimeout(timer);
          resolve(m[1]!);
        };
        proc.stdout!.on('data', check);
        check();
        void exited.then(({ code }) => {
          clearTimeout(timer);
          reject(new Error(`exited (${code}) before listening:\n${out}`));
        });
      });
    },
    stop: () => stopProcess(proc, 'SIGTERM'),
  };
  running.push(s);
  return s;
}

/** What a start-up failure must not show: a stack trace, ioredis's own noise, a bug report. */
function expectNoNoise(out: string): void {
  expect(out).not.toMatch(/Unhandled error event/);
  expect(out).not.toMatch(/^\s+at /m);
  expect(out).not.toMatch(/internal error/);
}

/** Waits until `pred` holds of `s`'s output. */
async function untilOutput(s: Serve, pred: (out: string) => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!pred(s.output())) {
    if (Date.now() > end || s.proc.exitCode !== null)
      throw new Error(`not seen within ${ms} ms:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A TCP port forwarding to `target` (a dependency that "comes up" when it opens). */
function forward(port: number, target: number): Promise<Server> {
  const server = createServer((socket) => {
    const upstream = createConnection({ host: '127.0.0.1', port: target });
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

// ---------------------------------------------------------------- the documented recipe

/** The recipe's shell lines, between the markers of docs/operations.md. */
function recipe(): string[] {
  const doc = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
  const block = /<!-- recipe:start[^>]*-->\s*```sh\n([\s\S]*?)```\s*<!-- recipe:end -->/.exec(doc);
  if (block === null) throw new Error('docs/operations.md: no recipe between its markers');
  return block[1]!.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'));
}

let postgres: Postgres;

run('operations (docs/operations.md)', () => {
  beforeAll(async () => {
    // `ghost` may connect without a password, so that PostgreSQL says the role does not exist.
    postgres = await startPostgres(['host all ghost 127.0.0.1/32 trust']);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop()));
    await postgres?.stop();
  }, 60_000);

  describe('the scale-out recipe', () => {
    const stops: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const stop of stops) await stop();
    });

    it('works verbatim on an empty cluster: the documented SQL, Redis first, two processes with the documented URLs share a game', async () => {
      const lines = recipe();
      // Exactly the documented SQL, run as the superuser over the socket (`sudo -u postgres psql -c`).
      const sql = lines.flatMap((l) => /^sudo -u postgres psql -c "(.*)"$/.exec(l)?.[1] ?? []);
      expect(sql).toEqual(["CREATE ROLE carc LOGIN PASSWORD 'change-me'", 'CREATE DATABASE carc OWNER carc']);
      // The README's short version says the same.
      const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
      for (const statement of sql) expect(readme).toContain(`sudo -u postgres psql -c "${statement}"`);
      expect(postgres.psql("SELECT count(*) FROM pg_roles WHERE rolname = 'carc'")).toBe('0');
      expect(postgres.psql("SELECT count(*) FROM pg_database WHERE datname = 'carc'")).toBe('0');
      for (const statement of sql) postgres.psql(statement);

      // Redis first, where the recipe says (its port moved to a free one).
      const redisPort = await freePort();
      const redis = await startRedisOn(redisPort);
      stops.push(redis.stop);

      const env: Record<string, string> = {};
      for (const l of lines) {
        const m = /^export (\w+)='([^']*)'$/.exec(l);
        if (m !== null)
          env[m[1]!] = m[2]!.replace(':5432/', `:${postgres.port}/`).replace(':6379', `:${redisPort}`);
      }
      expect(Object.keys(env)).toEqual(['DATABASE_URL', 'REDIS_URL']);
      expect(env.DATABASE_URL).toBe(`postgres://carc:change-me@127.0.0.1:${postgres.port}/carc`);
      expect(readme).toContain('postgres://carc:change-me@127.0.0.1:5432/carc');

      const commands = lines.filter((l) => l.startsWith('npx carcassonne serve'));
      expect(commands).toHaveLength(2);
      const servers: Serve[] = [];
      for (const command of commands) {
        const args = command
          .replace(/^npx carcassonne serve /, '')
          .replace(/ &$/, '')
          .split(' ');
        const port = await freePort();
        servers.push(
          serve(
            args.map((a) => (/^808\d$/.test(a) ? String(port) : a)),
            env,
          ),
        );
      }
      const [a, b] = await Promise.all(servers.map((s) => s.listening(20_000)));
      for (const s of servers) {
        expect(s.output()).toContain(
          `carcassonne server on PostgreSQL postgres://carc:***@127.0.0.1:${postgres.port}/carc ` +
            `with Redis redis://127.0.0.1:${redisPort} (cluster: lease 5000 ms)`,
        );
        expect(s.output()).not.toContain('change-me');
      }

      // A game created on one process, joined on the other, played from both.
      const created = await api<{ id: string; token: string }>(a!, 'POST', '/api/games', {
        settings: { seats: [{ kind: 'human' }, { kind: 'human' }] },
        join: { name: 'Ann' },
      });
      expect(created.status).toBe(201);
      const bob = await api<{ token: string; seat: number }>(
        b!,
        'POST',
        `/api/games/${created.body.id}/join`,
        {
          name: 'Bob',
        },
      );
      expect(bob.body.seat).toBe(1);
      const ws = (url: string) => `${url.replace(/^http/, 'ws')}/ws`;
      const ann = await connect(ws(a!), created.body.id, created.body.token);
      const bobs = await connect(ws(b!), created.body.id, bob.body.token);
      await bobs.client.next('presence', (m) => m.players.every((p) => p.connected), 10_000, 0);
      const random = seeded(5);
      let acked = 0;
      const end = Date.now() + 20_000;
      while (acked < 6 && Date.now() < end) {
        for (const [c, seat] of [
          [ann.client, 0],
          [bobs.client, 1],
        ] as const) {
          if ((await actRandom(c, seat, random))?.type === 'ack') acked++;
        }
        await new Promise((r) => setTimeout(r, 2));
      }
      expect(acked).toBeGreaterThanOrEqual(6);
      const reached = latest(ann.client).version;
      await bobs.client.next('update', (m) => m.version === reached, 10_000, 0);
      expect(reached).toBeGreaterThanOrEqual(6);
      ann.client.close();
      bobs.client.close();
      await Promise.all(servers.map((s) => s.stop()));
    }, 60_000);
  });

  describe('start-up', () => {
    const url = (user: string, password: string | undefined, database: string) =>
      `postgres://${user}${password === undefined ? '' : `:${password}`}@127.0.0.1:${postgres.port}/${database}`;
    let database: string;

    beforeAll(() => {
      postgres.psql("CREATE ROLE op LOGIN PASSWORD 'op-S3cret'");
      postgres.psql('CREATE DATABASE op OWNER op');
      postgres.psql('CREATE DATABASE op_by_postgres');
      database = url('op', 'op-S3cret', 'op');
    });

    it('Redis unreachable: one line per attempt naming REDIS_URL, then exit 69 with a sentence within STARTUP_TIMEOUT_MS', async () => {
      const port = await freePort();
      const s = serve(['--port', '0'], {
        DATABASE_URL: database,
        REDIS_URL: `redis://127.0.0.1:${port}`,
        STARTUP_TIMEOUT_MS: '2000',
      });
      const { code, ms } = await s.exit(10_000);
      const out = s.output();
      expect(code).toBe(69);
      expect(ms).toBeLessThan(2_000 + 5_000);
      expect(out).toContain(
        `error: REDIS_URL: Redis at redis://127.0.0.1:${port} is unreachable (connection refused: ECONNREFUSED); gave up after`,
      );
      const attempts = out.split('\n').filter((l) => l.includes('"event":"startup-retry"'));
      expect(attempts.length).toBeGreaterThanOrEqual(2);
      for (const l of attempts)
        expect(l).toContain(`REDIS_URL: Redis at redis://127.0.0.1:${port} is unreachable`);
      expect(out).not.toContain('op-S3cret');
      expectNoNoise(out);
    }, 20_000);

    it('Redis coming up within STARTUP_TIMEOUT_MS: the process starts normally (and --lease-ms is its lease)', async () => {
      const port = await freePort();
      const s = serve(['--port', '0', '--lease-ms', '1500'], {
        DATABASE_URL: database,
        REDIS_URL: `redis://127.0.0.1:${port}`,
        STARTUP_TIMEOUT_MS: '20000',
      });
      await untilOutput(s, (out) => out.includes('"event":"startup-retry"'), 10_000);
      const redis = await startRedisOn(port);
      try {
        const at = await s.listening(15_000);
        expect((await api(at, 'GET', '/api/health')).status).toBe(200);
        expect(s.output()).toContain(`with Redis redis://127.0.0.1:${port} (cluster: lease 1500 ms)`);
        expectNoNoise(s.output());
        await s.stop();
        expect(s.proc.exitCode).toBe(0);
      } finally {
        await redis.stop();
      }
    }, 30_000);

    it('PostgreSQL unreachable: exit 69 with a sentence naming DATABASE_URL, the password masked', async () => {
      const port = await freePort();
      const s = serve(['--port', '0'], {
        DATABASE_URL: `postgres://op:op-S3cret@127.0.0.1:${port}/op`,
        STARTUP_TIMEOUT_MS: '1500',
      });
      const { code, ms } = await s.exit(10_000);
      const out = s.output();
      expect(code).toBe(69);
      expect(ms).toBeLessThan(1_500 + 5_000);
      expect(out).toContain(
        `error: DATABASE_URL: PostgreSQL at postgres://op:***@127.0.0.1:${port}/op is unreachable (connection refused: ECONNREFUSED); gave up after`,
      );
      expect(out).not.toContain('op-S3cret');
      expectNoNoise(out);
    }, 20_000);

    it('PostgreSQL coming up within STARTUP_TIMEOUT_MS: the process starts normally', async () => {
      const port = await freePort();
      const s = serve(['--port', '0'], {
        DATABASE_URL: `postgres://op:op-S3cret@127.0.0.1:${port}/op`,
        STARTUP_TIMEOUT_MS: '20000',
      });
      await untilOutput(s, (out) => out.includes('"event":"startup-retry"'), 10_000);
      const proxy = await forward(port, postgres.port);
      try {
        const at = await s.listening(15_000);
        expect((await api(at, 'GET', '/api/health')).status).toBe(200);
        await s.stop();
      } finally {
        await new Promise((r) => proxy.close(r));
      }
    }, 30_000);

    const mistakes: { what: string; env: () => Record<string, string>; says: string[]; fix?: string }[] = [
      {
        what: 'a wrong password',
        env: () => ({ DATABASE_URL: url('op', 'Wr0ng-pw', 'op') }),
        says: [
          'error: DATABASE_URL: password authentication failed for user "op": the role "op" does not exist or its password is not the URL\'s',
          `sudo -u postgres psql -c "CREATE ROLE op LOGIN PASSWORD '…'"`,
        ],
      },
      {
        what: 'a missing role (password authentication)',
        env: () => ({ DATABASE_URL: url('nobody', 'pw', 'op') }),
        says: [
          'error: DATABASE_URL: password authentication failed for user "nobody"',
          `sudo -u postgres psql -c "CREATE ROLE nobody LOGIN PASSWORD '…'"`,
        ],
      },
      {
        what: 'a missing role (no password asked)',
        env: () => ({ DATABASE_URL: url('ghost', undefined, 'op') }),
        says: [
          'error: DATABASE_URL: role "ghost" does not exist: create it',
          `sudo -u postgres psql -c "CREATE ROLE ghost LOGIN PASSWORD '…'"`,
        ],
      },
      {
        what: 'no password in the URL',
        env: () => ({ DATABASE_URL: url('op', undefined, 'op') }),
        says: ['error: DATABASE_URL: PostgreSQL asks for a password and DATABASE_URL has none'],
      },
      {
        what: 'a missing database',
        env: () => ({ DATABASE_URL: url('op', 'op-S3cret', 'op_missing') }),
        says: ['error: DATABASE_URL: database "op_missing" does not exist: create it'],
        fix: 'CREATE DATABASE op_missing OWNER op',
      },
      {
        what: 'a database owned by postgres (PostgreSQL 15: permission denied for schema public)',
        env: () => ({ DATABASE_URL: url('op', 'op-S3cret', 'op_by_postgres') }),
        says: ['error: DATABASE_URL: permission denied for schema public in database "op_by_postgres"'],
        fix: 'ALTER DATABASE op_by_postgres OWNER TO op',
      },
      {
        what: 'REDIS_URL with a SQLite file',
        env: () => ({ DATABASE_URL: tempDatabase(), REDIS_URL: 'redis://127.0.0.1:6379' }),
        says: [
          'error: REDIS_URL (redis) is set but DATABASE_URL (database) is the SQLite file',
          'processes sharing games through Redis must share one PostgreSQL database',
        ],
      },
    ];

    it.each(mistakes)(
      '$what: exit 78 at once, a sentence naming the setting and the fix',
      async (m) => {
        const s = serve(['--port', '0'], { ...m.env(), STARTUP_TIMEOUT_MS: '20000' });
        const { code, ms } = await s.exit(10_000);
        const out = s.output();
        expect(code).toBe(78);
        expect(ms).toBeLessThan(5_000);
        for (const text of m.says) expect(out).toContain(text);
        expect(out.trim().split('\n')).toHaveLength(1);
        for (const secret of ['op-S3cret', 'Wr0ng-pw']) expect(out).not.toContain(secret);
        expectNoNoise(out);
        if (m.fix === undefined) return;
        // The fix the sentence gives, as given, makes the same start succeed.
        expect(out).toContain(`sudo -u postgres psql -c "${m.fix}"`);
        postgres.psql(m.fix);
        const again = serve(['--port', '0'], m.env());
        await again.listening(15_000);
        await again.stop();
      },
      30_000,
    );

    it('a port in use: exit 78 naming PORT, nothing left running', async () => {
      const port = await freePort();
      const taken = createServer();
      await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
      try {
        const s = serve(['--port', String(port)], { DATABASE_URL: database });
        const { code } = await s.exit(10_000);
        expect(code).toBe(78);
        expect(s.output()).toContain(`error: PORT: 127.0.0.1:${port} is already in use (EADDRINUSE)`);
        expectNoNoise(s.output());
      } finally {
        await new Promise((r) => taken.close(r));
      }
    }, 20_000);

    it('Redis asking for a password: exit 78 naming REDIS_URL, without the password and with a wrong one', async () => {
      const redis = await startRedisOn(await freePort(), 'r3dis-pw');
      try {
        const none = serve(['--port', '0'], { DATABASE_URL: database, REDIS_URL: redis.url });
        expect((await none.exit(10_000)).code).toBe(78);
        expect(none.output()).toContain(
          `error: REDIS_URL: Redis at ${redis.url} requires a password and the URL has none`,
        );
        expectNoNoise(none.output());
        const wrong = serve(['--port', '0'], {
          DATABASE_URL: database,
          REDIS_URL: redis.url.replace('//', '//:Wr0ng-pw@'),
        });
        expect((await wrong.exit(10_000)).code).toBe(78);
        expect(wrong.output()).toContain(
          `error: REDIS_URL: Redis at ${redis.url.replace('//', '//:***@')} refused the user or password`,
        );
        expect(wrong.output()).not.toContain('Wr0ng-pw');
        expectNoNoise(wrong.output());
        const right = serve(['--port', '0'], {
          DATABASE_URL: database,
          REDIS_URL: redis.url.replace('//', '//:r3dis-pw@'),
        });
        await right.listening(15_000);
        expect(right.output()).not.toContain('r3dis-pw');
        await right.stop();
      } finally {
        await redis.stop();
      }
    }, 40_000);
  });
});
