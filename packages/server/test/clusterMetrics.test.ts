/**
 * Metrics and logs of two `carcassonne serve` processes sharing PostgreSQL and Redis: the owner
 * counts a game's lease and its actions, the socket's process times them; when the owner is killed,
 * the other logs the failed forward and the lease it takes; a Redis outage is logged as JSON lines
 * (never ioredis's plain text), and so is its end.
 */
import { describe, expect, it } from 'vitest';
import type { GameView } from '@carc/engine';
import type { ServerProcess } from './harness.js';
import { FAST, api, connect, startServerProcess } from './harness.js';
import { actRandom, latest, seeded, untilTurn } from './play.js';
import { jsonLines, metric, scrape } from './prometheus.js';
import { servicesAvailable, servicesForSuite, servicesRequired } from './services.js';

const run = servicesAvailable() || servicesRequired() ? describe : describe.skip;

/** The log lines of a process carrying `event` (and these fields). */
const events = (s: ServerProcess, event: string, fields: Record<string, unknown> = {}) =>
  jsonLines(s.output()).filter(
    (l) => l.event === event && Object.entries(fields).every(([k, v]) => l[k] === v),
  );

run('metrics and logs of two server processes on PostgreSQL and Redis', () => {
  const services = servicesForSuite();
  const servers = services.servers;

  it('counts the lease and the actions on the owner; logs a failed forward and the lease taken when the owner dies, and a Redis outage, as JSON lines', async () => {
    const env = { ...FAST, REDIS_URL: services.redis().url, LEASE_MS: '1500', LOG_LEVEL: 'info' };
    const a = await startServerProcess(services.postgres().url, env);
    const b = await startServerProcess(services.postgres().url, env);
    servers.push(a, b);

    // Created and joined on A, so A owns it; Bob's socket is on B.
    const created = await api<{ id: string; token: string }>(a.url, 'POST', '/api/games', {
      settings: { expansions: [], seats: [{ kind: 'human' }, { kind: 'human' }] },
      join: { name: 'Ann' },
    });
    const id = created.body.id;
    const bob = await api<{ token: string }>(a.url, 'POST', `/api/games/${id}/join`, { name: 'Bob' });
    const ann = await connect(a.ws, id, created.body.token);
    const bobs = await connect(b.ws, id, bob.body.token);

    const [a0, b0] = await Promise.all([scrape(a.url), scrape(b.url)]);
    expect(metric(a0, 'carc_leases_held')).toBe(1);
    expect(metric(b0, 'carc_leases_held')).toBe(0);
    await expect.poll(() => events(a, 'lease-taken', { game: id }).length, { timeout: 5_000 }).toBe(1);

    const random = seeded(3);
    let bobAcks = 0;
    while (latest(bobs.client).version < 6) {
      await actRandom(ann.client, 0, random);
      if ((await actRandom(bobs.client, 1, random))?.type === 'ack') bobAcks++;
      await new Promise((r) => setTimeout(r, 2));
    }
    await untilTurn(bobs.client, 1);
    const version = latest(bobs.client).version;
    await ann.client.next('update', (m) => m.version === version, 10_000, 0);
    const [a1, b1] = await Promise.all([scrape(a.url), scrape(b.url)]);
    // The owner commits (and counts) every action; B times its socket's acts, committing none.
    expect(metric(a1, 'carc_actions_accepted_total')).toBe(version);
    expect(metric(b1, 'carc_actions_accepted_total')).toBe(0);
    expect(metric(b1, 'carc_action_latency_seconds_count', { outcome: 'ack' })).toBe(bobAcks);

    // The owner dies: Bob's next act is forwarded to nobody, until its lease expires and B takes it.
    expect(await a.stop('SIGKILL')).toBeNull();
    const owner = events(a, 'lease-taken', { game: id })[0]!.owner;
    const action = (latest(bobs.client).view as GameView).legalActions![0];
    const from = bobs.client.messages.length;
    bobs.client.send({ type: 'act', id: 'after-kill', version, action });
    const answer = await bobs.client.next('ack', (m) => m.id === 'after-kill', 15_000, from);
    expect(answer.version).toBe(version + 1);
    // The log reaches stdout a moment after the answer (pino writes asynchronously).
    await expect
      .poll(() => events(b, 'forward-failed', { game: id, owner }).length, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(1);
    await expect.poll(() => events(b, 'lease-taken', { game: id }).length, { timeout: 5_000 }).toBe(1);
    const b2 = await scrape(b.url);
    expect(metric(b2, 'carc_leases_held')).toBe(1);
    expect(metric(b2, 'carc_actions_accepted_total')).toBe(1);

    // Redis goes away and comes back: both told in the log, as JSON.
    await services.redis().stop();
    await expect.poll(() => events(b, 'redis-error').length, { timeout: 15_000 }).toBeGreaterThan(0);
    await services.redis().restart();
    await expect.poll(() => events(b, 'redis-ready').length, { timeout: 15_000 }).toBeGreaterThan(0);

    ann.client.close();
    bobs.client.close();
    expect(await b.stop('SIGTERM')).toBe(0);
    for (const s of [a, b]) expect(jsonLines(s.output()).length).toBeGreaterThan(0);
    expect(events(b, 'stopped')).toHaveLength(1);
  });
});
