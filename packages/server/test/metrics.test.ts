/**
 * Metrics and logs of the server as users run it (`carcassonne serve`, its own process): `/metrics`
 * behind its token, in Prometheus's text format; its counters moved by exactly what a test did
 * (actions accepted, refusals by code, act latency, bot decisions) and its gauges showing what is
 * live; every line the process writes, from start to a SIGTERM stop, a JSON line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action, GameView } from '@carc/engine';
import type { ServerProcess } from './harness.js';
import { FAST, api, connect, createGame, startServerProcess, tempDatabase } from './harness.js';
import { actRandom, latest, playSeat, seeded, untilTurn } from './play.js';
import type { Sample } from './prometheus.js';
import { jsonLines, metric, parseMetrics, scrape } from './prometheus.js';
import { Metrics, metricsAuthorised, refusalCode } from '../src/metrics.js';
import type { Store } from '../src/store/store.js';
import { SqliteStore } from '../src/store/sqlite.js';
import type { BotRunner } from '../src/bots/pool.js';
import type { BotTask } from '../src/bots/decide.js';

const TOKEN = 'scrape-token-for-tests';

/** How much a counter (or a histogram's `_count`) moved between two scrapes. */
const moved = (before: Sample[], after: Sample[], name: string, labels: Record<string, string> = {}) =>
  (metric(after, name, labels) ?? 0) - (metric(before, name, labels) ?? 0);

describe('metrics and logs of a server process', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess(tempDatabase(), { ...FAST, LOG_LEVEL: 'info', METRICS_TOKEN: TOKEN });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('serves /metrics only with its bearer token, in the text format, with the process metrics', async () => {
    for (const authorization of [undefined, 'Bearer wrong', TOKEN, `Basic ${TOKEN}`]) {
      const r = await fetch(`${server.url}/metrics`, {
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(r.status).toBe(401);
      expect(((await r.json()) as { code: string }).code).toBe('http/unauthorized');
    }
    const r = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    await r.text();

    const samples = await scrape(server.url, TOKEN);
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'carc_actions_accepted_total',
      'carc_live_games',
      'carc_open_sockets',
      'carc_leases_held',
      'carc_bot_queue_depth',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(names, name).toContain(name);
    }
    // The refusals of the wrong tokens above, by their code.
    expect(metric(samples, 'carc_refusals_total', { code: 'http/unauthorized', transport: 'http' })).toBe(4);
    expect(metric(samples, 'carc_leases_held')).toBe(0);
    for (const priority of ['0', '1', '2']) {
      expect(metric(samples, 'carc_bot_queue_depth', { priority })).toBe(0);
    }
  });

  it('counts exactly what was done: actions accepted, refusals by code, act latency, bot decisions; shows live games and sockets', async () => {
    const before = await scrape(server.url, TOKEN);

    // Two humans play a few actions, then one act is sent on a stale version.
    const g = await createGame(
      server,
      { expansions: [], seats: [{ kind: 'human' }, { kind: 'human' }] },
      'Ann',
    );
    const bob = await api<{ token: string; seat: number }>(server.url, 'POST', `/api/games/${g.id}/join`, {
      name: 'Bob',
    });
    expect(bob.status).toBe(200);
    const ann = await connect(server.ws, g.id, g.token);
    const bobs = await connect(server.ws, g.id, bob.body.token);
    const random = seeded(7);
    let acks = 0;
    while (latest(ann.client).version < 6) {
      for (const [c, seat] of [
        [ann.client, 0],
        [bobs.client, 1],
      ] as const) {
        const answer = await actRandom(c, seat, random);
        if (answer?.type === 'error') throw new Error(`refused: ${JSON.stringify(answer)}`);
        if (answer?.type === 'ack') acks++;
      }
      // Neither was to act (an update still on its way): let it arrive.
      await new Promise((r) => setTimeout(r, 2));
    }
    const humansVersion = latest(ann.client).version;
    await bobs.client.next('update', (m) => m.version === humansVersion, 10_000, 0);
    expect(acks).toBe(humansVersion);
    const state = latest(ann.client);
    const toAct = (state.view as GameView).toAct;
    const actor = toAct === 0 ? ann.client : bobs.client;
    const action = (latest(actor).view as GameView).legalActions![0];
    const from = actor.messages.length;
    actor.send({ type: 'act', id: 'stale-1', version: state.version - 1, action });
    const refused = await actor.next('error', (m) => m.id === 'stale-1', 10_000, from);
    expect(refused.code).toBe('match/stale');

    // An HTTP refusal.
    expect((await api(server.url, 'GET', '/api/games/no-such-game')).status).toBe(404);

    // A human against a bot: the bot's decisions are timed.
    const h = await createGame(
      server,
      { expansions: [], seats: [{ kind: 'human' }, { kind: 'bot', level: 'random' }] },
      'Cy',
    );
    const cy = await connect(server.ws, h.id, h.token);
    const fromCy = cy.client.messages.length;
    await playSeat(cy.client, 0, seeded(8), 4);
    await untilTurn(cy.client, 0);
    const botVersion = latest(cy.client).version;
    const cyAcks = cy.client.messages.slice(fromCy).filter((m) => m.type === 'ack').length;
    expect(botVersion).toBeGreaterThan(cyAcks);

    const after = await scrape(server.url, TOKEN);
    expect(moved(before, after, 'carc_actions_accepted_total')).toBe(humansVersion + botVersion);
    expect(moved(before, after, 'carc_refusals_total', { code: 'match/stale', transport: 'ws' })).toBe(1);
    expect(moved(before, after, 'carc_refusals_total', { transport: 'ws' })).toBe(1);
    expect(moved(before, after, 'carc_refusals_total', { code: 'lobby/no-game', transport: 'http' })).toBe(1);
    expect(moved(before, after, 'carc_refusals_total', { transport: 'http' })).toBe(1);
    const ack = { outcome: 'ack' };
    expect(moved(before, after, 'carc_action_latency_seconds_count', ack)).toBe(acks + cyAcks);
    expect(moved(before, after, 'carc_action_latency_seconds_count', { outcome: 'refused' })).toBe(1);
    expect(moved(before, after, 'carc_action_latency_seconds_bucket', { ...ack, le: '+Inf' })).toBe(
      acks + cyAcks,
    );
    expect(moved(before, after, 'carc_action_latency_seconds_sum', ack)).toBeGreaterThan(0);
    // Every bot action was one decision (the wait for the thread included).
    expect(moved(before, after, 'carc_bot_decision_seconds_count')).toBe(botVersion - cyAcks);
    expect(metric(after, 'carc_live_games')).toBeGreaterThanOrEqual(2);
    expect(metric(after, 'carc_open_sockets')).toBe(3);
    expect(metric(after, 'carc_leases_held')).toBe(0);
    expect(metric(after, 'carc_store_errors_total') ?? 0).toBe(0);

    for (const c of [ann.client, bobs.client, cy.client]) c.close();
    await expect
      .poll(async () => metric(await scrape(server.url, TOKEN), 'carc_open_sockets'), { timeout: 5_000 })
      .toBe(0);
  });

  it('writes nothing but JSON lines, from its start to its stop on SIGTERM', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
    const lines = jsonLines(server.output());
    const listening = lines.find((l) => l.event === 'listening');
    expect(listening).toMatchObject({ level: 30, url: server.url, store: 'sqlite' });
    expect(String(listening?.msg)).toMatch(/^(open|serving the API only at) http:\/\//);
    // Fastify's request lines go through the same logger (LOG_LEVEL=info here).
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(true);
    expect(lines.find((l) => l.event === 'stopping')).toMatchObject({ signal: 'SIGTERM' });
    expect(lines.at(-1)).toMatchObject({ event: 'stopped' });
    for (const l of lines) {
      expect(typeof l.level).toBe('number');
      expect(typeof l.time).toBe('number');
      expect(typeof l.msg).toBe('string');
    }
  });
});

describe('Metrics, in-process', () => {
  const samples = async (m: Metrics) => parseMetrics((await m.scrape()).text);

  it("counts a store's failed calls by operation, passing everything else through", async () => {
    const m = new Metrics({ defaultMetrics: false });
    const inner = new SqliteStore(':memory:');
    const store: Store = m.countStoreErrors(inner);
    expect(store.kind).toBe('sqlite');
    await store.ping();
    expect(await store.getGame('nope')).toBeUndefined();
    const entry = { seq: 1, player: 0, action: { type: 'pass' }, at: 0 } as never;
    await expect(store.appendAction('nope', entry, {})).rejects.toThrow();
    await expect(store.updateGame('nope', {}, 0)).rejects.toThrow();
    await expect(store.appendAction('nope', entry, {})).rejects.toThrow();
    const s = await samples(m);
    expect(metric(s, 'carc_store_errors_total', { op: 'appendAction' })).toBe(2);
    expect(metric(s, 'carc_store_errors_total', { op: 'updateGame' })).toBe(1);
    expect(metric(s, 'carc_store_errors_total', { op: 'ping' })).toBeUndefined();
    await store.close();
  });

  it('keeps servers apart: two Metrics in one process count on their own registries', async () => {
    const a = new Metrics({ defaultMetrics: false });
    const b = new Metrics();
    a.actionsAccepted.inc(3);
    a.refused('match/stale', 'ws');
    a.refused('not a code', 'http');
    b.watch({ liveGames: () => 7, botsWaiting: () => [1, 0, 2] });
    const [sa, sb] = [await samples(a), await samples(b)];
    expect(metric(sa, 'carc_actions_accepted_total')).toBe(3);
    expect(metric(sb, 'carc_actions_accepted_total')).toBe(0);
    expect(metric(sa, 'carc_refusals_total', { code: 'match/stale', transport: 'ws' })).toBe(1);
    expect(metric(sa, 'carc_refusals_total', { code: 'other', transport: 'http' })).toBe(1);
    expect(metric(sa, 'carc_live_games')).toBe(0);
    expect(metric(sb, 'carc_live_games')).toBe(7);
    expect(metric(sb, 'carc_bot_queue_depth', { priority: '2' })).toBe(2);
    // The process's own metrics on b only (its start time: the CPU seconds may still read 0).
    expect(metric(sa, 'process_start_time_seconds')).toBeUndefined();
    expect(metric(sb, 'process_start_time_seconds')).toBeGreaterThan(1.7e9);
  });

  it('times bot decisions by priority, a failed one not', async () => {
    const m = new Metrics({ defaultMetrics: false });
    let fail = false;
    const runner: BotRunner = {
      decide: async () => {
        await new Promise((r) => setTimeout(r, 20));
        if (fail) throw new Error('cancelled');
        return { type: 'pass' } as unknown as Action;
      },
      waiting: [0, 2, 0],
      close: async () => {},
    };
    const bots = m.timeBots(runner);
    expect(bots.waiting).toEqual([0, 2, 0]);
    await bots.decide({} as BotTask, 1);
    fail = true;
    await expect(bots.decide({} as BotTask, 0)).rejects.toThrow('cancelled');
    const s = await samples(m);
    expect(metric(s, 'carc_bot_decision_seconds_count', { priority: '1' })).toBe(1);
    expect(metric(s, 'carc_bot_decision_seconds_count', { priority: '0' })).toBeUndefined();
    expect(metric(s, 'carc_bot_decision_seconds_sum', { priority: '1' })).toBeGreaterThanOrEqual(0.015);
  });

  it('reads refusal codes from error bodies, and checks the bearer token in constant time', () => {
    expect(refusalCode('{"code":"lobby/no-game","message":"no game x"}', 404)).toBe('lobby/no-game');
    expect(refusalCode('<html>', 502)).toBe('http/502');
    expect(refusalCode(Buffer.from('{}'), 500)).toBe('http/500');
    expect(metricsAuthorised(undefined, undefined)).toBe(true);
    expect(metricsAuthorised('s3cret', 'Bearer s3cret')).toBe(true);
    expect(metricsAuthorised('s3cret', 'bearer  s3cret ')).toBe(true);
    expect(metricsAuthorised('s3cret', 'Bearer s3cre')).toBe(false);
    expect(metricsAuthorised('s3cret', 's3cret')).toBe(false);
    expect(metricsAuthorised('s3cret', undefined)).toBe(false);
  });
});
