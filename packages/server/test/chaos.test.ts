/**
 * Chaos against the real processes: three `carcassonne serve` processes on one PostgreSQL and one
 * Redis (Debian's packages), two players using the web client's own connection (reconnection,
 * resending with the same ids) and a spectator on each process. During play: Redis stopped and
 * started again, then PostgreSQL, then the game's owner killed with SIGKILL, then another process
 * stopped with SIGTERM. Invariants: no process dies unless told to, no acknowledged action is lost,
 * no version reaches any socket twice, and everyone ends with the view of a spectator that never
 * dropped. `CARC_SOAK=1` (npm run test:soak) plays several games in a row.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Action, GameRecord, GameView, MatchStep } from '@carc/engine';
import { BUILTIN, readRecord } from '@carc/engine';
import type { ServerMessage, ViewerMessage } from '@carc/protocol';
import type { Connection } from '../../web/src/net/connection.js';
import type { SocketLike } from '../../web/src/net/online.js';
import { onlineConnection } from '../../web/src/net/online.js';
import { actMessage } from '../../web/src/net/messages.js';
import type { ServerProcess } from './harness.js';
import { FAST, api, connect, createGame, startServerProcess } from './harness.js';
import type { Service } from './services.js';
import { servicesAvailable, servicesRequired, startPostgres, startRedis } from './services.js';
import { seeded } from './play.js';

const run = servicesAvailable() || servicesRequired() ? describe : describe.skip;
const GAMES = process.env.CARC_SOAK === '1' ? 4 : 1;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(
  what: string,
  cond: () => boolean | Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const start = Date.now();
  while (!(await cond())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The versions one socket was sent (updates and a welcome's steps), in order. */
type SocketLog = number[];

/**
 * A player or watcher through the web client's connection. Its sockets go to the first process
 * of `prefer` that is alive; each socket's versions are logged separately.
 */
class Seat {
  readonly sockets: SocketLog[] = [];
  /** Per socket, every message as `type@version` (a welcome with its steps' range), for a failure's message. */
  readonly traces: string[][] = [];
  readonly acked = new Map<number, Action>();
  readonly sent = new Map<string, Action>();
  readonly steps = new Map<number, MatchStep>();
  view: GameView | undefined;
  version = -1;
  status = 'open';
  private readonly connection: Connection;
  private waiting: string | undefined;
  private awaiting = 0;
  private ids = 0;

  constructor(
    game: string,
    token: string | undefined,
    readonly seat: number | null,
    prefer: () => ServerProcess,
    private readonly random: () => number,
  ) {
    const sockets = this.sockets;
    const traces = this.traces;
    class Routed extends WebSocket {
      constructor() {
        super(prefer().ws);
        const log: SocketLog = [];
        sockets.push(log);
        const trace: string[] = [];
        traces.push(trace);
        this.on('message', (data: Buffer) => {
          const m = JSON.parse(data.toString()) as ServerMessage;
          const steps = m.type === 'welcome' ? (m.steps ?? []).map((s) => s.version) : [];
          trace.push(
            `${m.type}${'version' in m ? `@${m.version}` : m.type === 'step' ? `@${m.step.version}` : ''}${steps.length > 0 ? `[${steps[0]}..${steps.at(-1)}]` : ''}`,
          );
          if (m.type === 'step') log.push(m.step.version);
          if (m.type === 'welcome') for (const s of m.steps ?? []) log.push(s.version);
        });
        this.on('error', () => {});
      }
    }
    this.connection = onlineConnection({
      url: 'ws://routed',
      game,
      ...(token === undefined ? {} : { token }),
      WebSocket: Routed as unknown as new (url: string) => SocketLike,
      backoff: { initialMs: 100, maxMs: 1_000 },
      idleMs: 2_000,
    });
    this.connection.onMessage((m) => this.receive(m));
  }

  /** The version of the first welcome (what came before it is in its view, not in steps). */
  firstVersion = -1;
  private readonly log: string[] = [];
  private receive(m: ViewerMessage): void {
    this.log.push(
      `${m.type}${'version' in m ? `@${m.version}` : ''}${m.type === 'error' ? `:${m.code}` : ''}`,
    );
    if (m.type === 'welcome' && this.firstVersion < 0) this.firstVersion = m.version;
    if (m.type === 'welcome' || m.type === 'update') {
      if (m.type === 'welcome') for (const s of m.steps ?? []) this.steps.set(s.version, s);
      else this.steps.set(m.step.version, m.step);
      this.view = m.view;
      this.version = m.version;
      this.status = m.status;
    }
    if (m.type === 'ended') this.status = m.status;
    if (m.type === 'ack') {
      const action = this.sent.get(m.id);
      if (action !== undefined) this.acked.set(m.version, action);
      // The update of an acknowledged action follows it: decide again from that one.
      if (this.waiting === m.id) {
        this.waiting = undefined;
        this.awaiting = m.version;
      }
    }
    if (m.type === 'error' && m.id !== undefined && m.id === this.waiting) {
      // A stale or refused act (the retries of busy answers happen inside the connection).
      if (m.code !== 'match/stale' && m.code !== 'match/over')
        throw new Error(`refused: ${JSON.stringify(m)}`);
      this.waiting = undefined;
    }
    this.move();
  }

  /** Plays a random legal action when it is this seat's turn and nothing is waiting for an answer. */
  move(): void {
    const v = this.view;
    if (this.seat === null || v === undefined || this.waiting !== undefined || this.status !== 'playing')
      return;
    if (v.toAct !== this.seat || this.version < this.awaiting) return;
    const legal = v.legalActions ?? [];
    const action = legal[Math.floor(this.random() * legal.length)] as Action;
    const id = `s${this.seat}-${++this.ids}`;
    this.waiting = id;
    this.sent.set(id, action);
    this.connection.send(actMessage(id, this.version, action));
  }

  close(): void {
    this.connection.close();
  }

  /** Where this seat stands, for a failure's message. */
  describe(): string {
    const last = this.log.slice(-6).join(' ');
    // Each socket's first messages, and those near a version this seat never got a step of.
    const missing: number[] = [];
    for (let v = this.firstVersion + 1; v <= this.version; v++) if (!this.steps.has(v)) missing.push(v);
    const near = (item: string) => {
      const v = Number(/@(\d+)/.exec(item)?.[1] ?? NaN);
      return missing.some((m) => Math.abs(m - v) <= 3);
    };
    const sockets = this.traces.map(
      (t, i) =>
        `socket ${i}: ${t.slice(0, 4).join(' ')} … ${t.slice(4).filter(near).join(' ')} … ${t.slice(-2).join(' ')}`,
    );
    if (missing.length > 0) sockets.unshift(`missing steps: ${missing.join(',')}`);
    return `seat ${this.seat} at version ${this.version}, ${this.sockets.length} sockets, waiting for ${this.waiting ?? 'nothing'}, last: ${last}\n${sockets.join('\n')}`;
  }
}

run('chaos: three server processes, Redis and PostgreSQL stopped and started, the owner killed', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c().catch(() => undefined);
  }, 60_000);

  it(`${GAMES} game(s): no crash, no acknowledged action lost, no version twice on any socket, everyone ends with the spectator's view`, async () => {
    const [postgres, redis] = (await Promise.all([startPostgres(), startRedis()])) as [Service, Service];
    cleanup.push(
      () => postgres.stop(),
      () => redis.stop(),
    );
    const env = { ...FAST, REDIS_URL: redis.url, LEASE_MS: '1500', LOG_LEVEL: 'warn' };
    const servers = await Promise.all([0, 1, 2].map(() => startServerProcess(postgres.url, env)));
    for (const s of servers) cleanup.push(() => s.stop());
    if (process.env.CHAOS_LOGS !== undefined) {
      cleanup.push(async () => {
        const { writeFileSync } = await import('node:fs');
        servers.forEach((s, i) => writeFileSync(`${process.env.CHAOS_LOGS}-${i}.log`, s.output()));
      });
    }
    const alive = (s: ServerProcess) => s.proc.exitCode === null && s.proc.signalCode === null;
    const first = (order: number[]) => () => servers[order.find((i) => alive(servers[i]!)) ?? 0]!;

    for (let g = 0; g < GAMES; g++) {
      const live = servers.filter(alive);
      const created = await createGame(
        live[0]!,
        {
          expansions: ['princess-and-dragon', 'tower', 'halflings'],
          seats: [{ kind: 'human' }, { kind: 'human' }],
        },
        'Ann',
      );
      const bob = await api<{ token: string }>(
        live[1 % live.length]!.url,
        'POST',
        `/api/games/${created.id}/join`,
        {
          name: 'Bob',
        },
      );
      // A spectator on every process, each on one raw socket that is never replaced.
      const watchers = await Promise.all(live.map((s) => connect(s.ws, created.id)));
      const players = [
        new Seat(created.id, created.token, 0, first([0, 1, 2]), seeded(100 + g)),
        new Seat(created.id, bob.body.token, 1, first([1, 2, 0]), seeded(200 + g)),
      ];
      const version = () => Math.max(...players.map((p) => p.version));
      const progress = async (what: string, steps: number) => {
        const from = version();
        await until(
          what,
          () => version() >= from + steps || players.some((p) => p.status !== 'playing'),
        ).catch((e: Error) => {
          throw new Error(`${e.message}: ${players.map((p) => p.describe()).join('; ')}`);
        });
      };
      const health = async (s: ServerProcess) => (await fetch(`${s.url}/api/health`)).status;

      await progress('the first moves', 8);
      // Every game (the soak plays several): Redis, then PostgreSQL, stopped and started again.
      const up = servers.filter(alive);
      await redis.stop();
      await sleep(2_500);
      expect(servers.filter(alive).length, 'every process survives Redis going away').toBe(up.length);
      expect(await health(up[0]!)).toBe(503);
      await redis.restart();
      await progress('play after Redis came back', 6);
      await until('health after Redis', async () => (await health(up[0]!)) === 200, 15_000);

      await postgres.stop();
      await sleep(2_500);
      expect(servers.filter(alive).length, 'every process survives PostgreSQL going away').toBe(up.length);
      expect(await health(up[up.length - 1]!)).toBe(503);
      await postgres.restart();
      await progress('play after PostgreSQL came back', 6);
      if (g === 0) {
        // The owner (the one process holding the game in memory) dies without a word; then
        // another process is stopped as an operator would.
        const holds = async (s: ServerProcess) =>
          (await api<{ liveGames: number }>(s.url, 'GET', '/api/health')).body.liveGames > 0;
        let owners: ServerProcess[] = [];
        await until('one owner', async () => {
          owners = [];
          for (const s of servers) if (await holds(s)) owners.push(s);
          return owners.length === 1;
        });
        expect(await owners[0]!.stop('SIGKILL')).toBeNull();
        await progress('play after the owner was killed', 6);
        expect(await servers.find(alive)!.stop('SIGTERM')).toBe(0);
        await progress('play after a process was stopped', 4);
      }
      await until('the end of the game', () => players.every((p) => p.status !== 'playing'), 300_000);

      const survivor = servers.find(alive)!;
      const spectator = watchers[live.indexOf(survivor)]!;
      const final = players[0]!.version;
      await until('the spectator at the end', () =>
        spectator.client.messages.some(
          (m) => (m.type === 'update' || m.type === 'welcome') && m.version === final,
        ),
      );

      // No version twice on any socket; every player saw every version, as the spectator did.
      for (const p of players) {
        for (const log of p.sockets)
          expect(new Set(log).size, `socket of seat ${p.seat}: ${log.join(',')}`).toBe(log.length);
        // From its first welcome on (a player who came in late is sent the view, not the steps before).
        expect(
          [...p.steps.keys()].sort((a, b) => a - b),
          p.describe(),
        ).toEqual(Array.from({ length: final - p.firstVersion }, (_, i) => p.firstVersion + i + 1));
        expect(p.version).toBe(final);
      }
      const spectatorVersions = spectator.client.messages.flatMap((m) =>
        m.type === 'update' ? [m.version] : m.type === 'welcome' ? (m.steps ?? []).map((s) => s.version) : [],
      );
      expect(new Set(spectatorVersions).size).toBe(spectatorVersions.length);
      const spectatorSteps = new Map<number, MatchStep>();
      let spectatorView: GameView | undefined;
      for (const m of spectator.client.messages) {
        if (m.type === 'welcome') {
          for (const step of m.steps ?? []) spectatorSteps.set(step.version, step);
          spectatorView = m.view;
        }
        if (m.type === 'update') {
          spectatorSteps.set(m.step.version, m.step);
          spectatorView = m.view;
        }
      }
      for (const p of players) {
        expect(p.view?.scores).toEqual(spectatorView?.scores);
        expect(p.view?.tiles).toEqual(spectatorView?.tiles);
        expect(p.view?.meeples).toEqual(spectatorView?.meeples);
        for (let v = p.firstVersion + 1; v <= final; v++)
          expect(p.steps.get(v), `step ${v}`).toEqual(spectatorSteps.get(v));
      }

      // Every acknowledged action is in the record, as it was sent.
      const record = await api<GameRecord>(survivor.url, 'GET', `/api/games/${created.id}/record`);
      const read = readRecord(record.body, BUILTIN);
      if (!read.ok) throw new Error(read.error.message);
      expect(read.value.actions.length).toBe(final);
      for (const p of players) {
        for (const [v, action] of p.acked) {
          expect(read.value.actions[v - 1], `acknowledged version ${v}`).toEqual({ player: p.seat, action });
        }
      }
      for (const p of players) p.close();
      for (const w of watchers) w.client.close();
    }
    // Only the two processes told to stop have stopped.
    expect(servers.filter(alive).length).toBe(1);
    for (const s of servers) expect(s.output()).not.toMatch(/internal error|Unhandled|uncaught/i);
  }, 600_000);
});
