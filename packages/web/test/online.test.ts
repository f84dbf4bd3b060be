/**
 * onlineConnection against the real server process (the server's test harness), under Node with
 * `ws`'s WebSocket as the global one. Between the two sits a small WebSocket proxy on a port that
 * does not change, which can cut a connection from the server's side right after forwarding an
 * `act` (so the answer and the following steps are missed), and which keeps pointing at the server
 * when it is killed and started again (on another port) on the same database.
 */
import { afterAll, describe, expect, test } from 'vitest';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import type { GameView, MatchStep } from '@carc/engine';
import type { ViewerMessage } from '@carc/protocol';
import type { ServerProcess } from '../../server/test/harness.js';
import { FAST, startServerProcess, tempDatabase } from '../../server/test/harness.js';
import type { ConnectionState } from '../src/net/connection.js';
import { lobby } from '../src/net/lobby.js';
import { actMessage, messageIds } from '../src/net/messages.js';
import { onlineConnection } from '../src/net/online.js';

(globalThis as { WebSocket?: unknown }).WebSocket = WebSocket;

/** A WebSocket proxy: client sockets in, one upstream socket each to `upstream`. */
class Proxy {
  upstream: string;
  /** Cut the next client connection that sends an `act`, right after forwarding it. */
  cutAfterNextAct = false;
  /** The id of the act after which a connection was cut. */
  cutAfter: string | undefined;
  connections = 0;
  private readonly server: WebSocketServer;

  private constructor(server: WebSocketServer, upstream: string) {
    this.server = server;
    this.upstream = upstream;
    server.on('connection', (down: WebSocket) => this.serve(down));
  }

  static start(upstream: string): Promise<Proxy> {
    return new Promise((resolve) => {
      const server: WebSocketServer = new WebSocketServer({ port: 0, host: '127.0.0.1' }, () =>
        resolve(new Proxy(server, upstream)),
      );
    });
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/ws`;
  }

  private serve(down: WebSocket): void {
    this.connections++;
    const up = new WebSocket(this.upstream);
    const queue: string[] = [];
    let cut = false;
    up.on('open', () => {
      for (const text of queue.splice(0)) up.send(text);
    });
    up.on('message', (data: Buffer) => {
      if (!cut) down.send(data.toString());
    });
    up.on('close', () => down.terminate());
    up.on('error', () => down.terminate());
    down.on('error', () => {});
    down.on('close', () => {
      if (!cut) up.close();
    });
    down.on('message', (data: Buffer) => {
      const text = data.toString();
      if (up.readyState === WebSocket.OPEN) up.send(text);
      else queue.push(text);
      const m = JSON.parse(text) as { type: string; id?: string };
      if (this.cutAfterNextAct && m.type === 'act') {
        this.cutAfterNextAct = false;
        this.cutAfter = m.id;
        // Gone from the client's side at once: it sees neither the ack nor what follows; the
        // server still has the act (and closes its socket a moment later).
        cut = true;
        down.terminate();
        setTimeout(() => up.close(), 300);
      }
    });
  }

  close(): Promise<void> {
    for (const c of this.server.clients) c.terminate();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const until = async (what: string, cond: () => boolean, timeoutMs = 30_000): Promise<void> => {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c().catch(() => undefined);
});

describe('onlineConnection against the server process', () => {
  test('a game against a server bot survives a cut socket and a killed server, and ends with the server record', async () => {
    const database = tempDatabase();
    let server: ServerProcess = await startServerProcess(database, FAST);
    cleanup.push(() => server.stop('SIGKILL'));
    const proxy = await Proxy.start(server.ws);
    cleanup.push(() => proxy.close());

    const api = lobby(server.url);
    const options = await api.options();
    expect(options.ok && options.value.bots).toContain('greedy');
    const created = await api.create(
      {
        expansions: ['princess-and-dragon', 'tower'],
        seats: [{ kind: 'human' }, { kind: 'bot', level: 'greedy' }],
      },
      { name: 'Ann' },
    );
    if (!created.ok) throw new Error(created.error.message);
    const { id, seat, token } = created.value;
    expect(seat).toBe(0);
    const summary = await api.summary(id);
    expect(summary.ok && summary.value.status).toBe('playing');
    expect((await api.record(id)).ok).toBe(false);

    const conn = onlineConnection({
      url: proxy.url,
      game: id,
      token: token!,
      backoff: { initialMs: 100, maxMs: 800 },
    });
    cleanup.push(async () => conn.close());
    const states: ConnectionState[] = [];
    conn.onState((s) => states.push(s));
    const messages: ViewerMessage[] = [];
    const steps = new Map<number, MatchStep>();
    const nextId = messageIds('t');
    let view: GameView | undefined;
    let version = -1;
    let actedAt = -1;
    let over: ViewerMessage | undefined;
    let random = 12345;
    const pick = (n: number) => {
      random = (random * 1103515245 + 12345) % 2 ** 31;
      return random % n;
    };
    const decide = () => {
      if (view === undefined || view.toAct !== 0 || actedAt >= version || over !== undefined) return;
      const legal = view.legalActions;
      if (legal.length === 0) return;
      actedAt = version;
      conn.send(actMessage(nextId(), version, legal[pick(legal.length)]!));
    };
    conn.onMessage((m) => {
      messages.push(m);
      switch (m.type) {
        case 'welcome':
          for (const s of m.steps ?? []) steps.set(s.version, s);
          view = m.view;
          version = m.version;
          if (m.result !== undefined) over = m;
          break;
        case 'update':
          steps.set(m.step.version, m.step);
          view = m.view;
          version = m.version;
          if (m.result !== undefined) over = m;
          break;
        case 'error':
          // A refused act (not expected): decide again on what we see.
          actedAt = -1;
          break;
        default:
          return;
      }
      decide();
    });

    await until('the first welcome', () => states.includes('open'));
    expect(states.slice(0, 2)).toEqual(['connecting', 'open']);

    // 1. The server's side drops the socket right after an act got through.
    await until('version 6', () => version >= 6);
    const before = messages.length;
    proxy.cutAfterNextAct = true;
    await until('the cut', () => proxy.cutAfter !== undefined);
    await until('reconnecting', () => states.at(-1) === 'reconnecting' || states.length > 2);
    await until('open again', () => states.filter((s) => s === 'open').length === 2);
    expect(states.slice(0, 4)).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    const cutId = proxy.cutAfter!;
    const rewelcome = messages.slice(before).find((m) => m.type === 'welcome');
    if (rewelcome?.type !== 'welcome') throw new Error('no welcome after the cut');
    // The missed steps came with it, the cut act among them: the server applied it.
    expect(rewelcome.steps?.length).toBeGreaterThan(0);
    expect(rewelcome.steps!.some((s) => s.player === 0)).toBe(true);
    expect(rewelcome.steps!.at(-1)?.version).toBe(rewelcome.version);
    // Sent again with its id after the welcome, it got its original answer, applied once.
    await until('the ack of the cut act', () => messages.some((m) => m.type === 'ack' && m.id === cutId));
    expect(messages.filter((m) => m.type === 'error')).toEqual([]);

    // 2. The server process dies (SIGKILL) and comes back on the same database, on another port.
    await until('version 30', () => version >= 30);
    await server.stop('SIGKILL');
    await until('reconnecting after the kill', () => states.filter((s) => s === 'reconnecting').length === 2);
    const down = messages.length;
    await new Promise((r) => setTimeout(r, 500));
    server = await startServerProcess(database, FAST);
    proxy.upstream = server.ws;
    await until('open after the restart', () => states.filter((s) => s === 'open').length === 3);
    const afterRestart = messages.slice(down).find((m) => m.type === 'welcome');
    expect(afterRestart?.type === 'welcome' && Array.isArray(afterRestart.steps)).toBe(true);

    // 3. The game goes on to its end.
    await until('the end', () => over !== undefined, 120_000);
    expect(over).toMatchObject({ status: 'finished' });
    expect(messages.filter((m) => m.type === 'error')).toEqual([]);

    // Every step was seen exactly as the server recorded it.
    const record = await lobby(server.url).record(id);
    if (!record.ok) throw new Error(record.error.message);
    const actions = record.value.actions as unknown[];
    expect(steps.size).toBe(actions.length);
    const seen = [...steps.keys()].sort((a, b) => a - b);
    expect(seen).toEqual(seen.map((_, i) => i + 1));
    expect(seen.map((v) => ({ player: steps.get(v)!.player, ...steps.get(v)!.action }))).toEqual(actions);
    // Acks: one per act of ours, each id once (the resent one answered once on its new socket).
    const acked = messages.flatMap((m) => (m.type === 'ack' ? [m.id] : []));
    expect(new Set(acked).size).toBe(acked.length);
    expect(acked.length).toBe([...steps.values()].filter((s) => s.player === 0).length);

    conn.close();
    expect(states.at(-1)).toBe('closed');
    expect(proxy.connections).toBeGreaterThanOrEqual(3);
  });

  test('a refused hello closes the connection; a spectator is welcomed', async () => {
    const server = await startServerProcess(tempDatabase(), FAST);
    cleanup.push(() => server.stop('SIGKILL'));
    const api = lobby(server.url);
    const created = await api.create({ seats: [{ kind: 'human' }, { kind: 'human' }] }, { name: 'Ann' });
    if (!created.ok) throw new Error(created.error.message);
    const joined = await api.join(created.value.id, 'Bob', 0);
    expect(joined).toMatchObject({
      ok: false,
      error: { code: 'lobby/seat-taken', status: 409, path: 'seat' },
    });
    expect(await api.summary('nope')).toMatchObject({
      ok: false,
      error: { code: 'lobby/no-game', status: 404 },
    });

    const bad = onlineConnection({ url: server.ws, game: created.value.id, token: 'x'.repeat(43) });
    const states: ConnectionState[] = [];
    const got: ViewerMessage[] = [];
    bad.onState((s) => states.push(s));
    bad.onMessage((m) => got.push(m));
    await until('closed', () => states.at(-1) === 'closed');
    expect(got).toEqual([expect.objectContaining({ type: 'error', code: 'auth/bad-token' })]);
    expect(states).toEqual(['connecting', 'closed']);

    const watcher = onlineConnection({ url: server.ws, game: created.value.id });
    const seen: ViewerMessage[] = [];
    watcher.onMessage((m) => seen.push(m));
    await until('a welcome', () => seen.some((m) => m.type === 'welcome'));
    expect(seen[0]).toMatchObject({ type: 'welcome', seat: null, status: 'open' });
    watcher.close();
  });
});
