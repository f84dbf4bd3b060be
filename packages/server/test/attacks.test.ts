/**
 * Attacks on online play, each written as it was found by an outside tester: through HTTP and
 * WebSocket only, against the real `carcassonne serve` process on SQLite. Each failed on the server
 * before its fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Created, ServerProcess } from './harness.js';
import { FAST, api, connect, createGame, startServerProcess, tempDatabase } from './harness.js';
import { seatAfterLeave } from './scenarios.js';

describe('attacks on the server (SQLite)', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess(tempDatabase(), FAST);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('a socket loses its seat the moment its player leaves: cut with 4003, never welcomed as the next holder, never acting for them', async () => {
    await seatAfterLeave(server, server);
  });

  it("a spectator's refused acts do not evict a seat's remembered answers: a resent id gets its first ack", async () => {
    const g = await createGame(server, { seats: [{ kind: 'human' }, { kind: 'human' }] }, 'Ann');
    const bob = await api<Created>(server.url, 'POST', `/api/games/${g.id}/join`, { name: 'Bob' });
    const ann = await connect(server.ws, g.id, g.token);
    const spectator = await connect(server.ws, g.id);
    const view = ann.welcome.view!;
    const action = view.legalActions![0]!;
    ann.client.send({ type: 'act', id: 'first', version: ann.welcome.version, action });
    const ack = await ann.client.next('ack', (m) => m.id === 'first');
    await spectator.client.next('update', (m) => m.version === ack.version, 10_000, 0);

    for (let i = 0; i < 300; i++) {
      spectator.client.send({ type: 'act', id: `s${i}`, version: ack.version, action });
    }
    await spectator.client.next('error', (m) => m.id === 's299');
    expect(
      spectator.client.messages.filter((m) => m.type === 'error' && m.code === 'match/spectator'),
    ).toHaveLength(300);

    ann.client.send({ type: 'act', id: 'first', version: ann.welcome.version, action });
    const again = await Promise.race([
      ann.client.next('ack', (m) => m.id === 'first' && m !== ack),
      ann.client.next('error', (m) => m.id === 'first'),
    ]);
    expect(again).toEqual(ack);
    const summary = await api<{ version: number }>(server.url, 'GET', `/api/games/${g.id}`);
    expect(summary.body.version).toBe(ack.version);
    void bob;
    ann.client.close();
    spectator.client.close();
  });

  it('a game needs 2 to 6 seats, as documented: one seat is refused', async () => {
    const one = await api(server.url, 'POST', '/api/games', { settings: { seats: [{ kind: 'human' }] } });
    expect(one.status).toBe(400);
    expect(one.body).toMatchObject({ code: 'http/invalid', path: 'body.settings.seats' });
    const seven = await api(server.url, 'POST', '/api/games', {
      settings: { seats: Array(7).fill({ kind: 'human' }) },
    });
    expect(seven.status).toBe(400);
  });

  it('an option of an expansion not in play is refused, naming the option', async () => {
    const r = await api(server.url, 'POST', '/api/games', {
      settings: { seats: [{ kind: 'human' }, { kind: 'human' }], options: { 'tower-pieces': 5 } },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('lobby/invalid-settings');
    expect(String(r.body.message)).toMatch(/tower-pieces.*tower/);
  });

  it('names are normalised (NFC, trimmed) and refused with control characters, lone surrogates, direction overrides, nothing visible or over 40 characters as drawn', async () => {
    const g = await createGame(server, { seats: Array(6).fill({ kind: 'human' }) });
    const join = (name: string) => api(server.url, 'POST', `/api/games/${g.id}/join`, { name });
    for (const bad of [
      'Ann\u0000',
      'Ann\nBob',
      '\ud800Ann',
      'Ann\u202egnp.exe',
      '\u200b\u200b',
      '   ',
      'x'.repeat(41),
    ]) {
      const r = await join(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body, JSON.stringify(bad)).toMatchObject({ code: 'http/invalid', path: 'body.name' });
    }
    // Decomposed é becomes one composed character; 40 flags are 40 characters (80 code points).
    const ok1 = await join('  Rene\u0301  ');
    expect(ok1.status).toBe(200);
    const flags = '\u{1F1EB}\u{1F1F7}'.repeat(40);
    expect((await join(flags)).status).toBe(200);
    const summary = await api<{ players: { name: string }[] }>(server.url, 'GET', `/api/games/${g.id}`);
    expect(summary.body.players[0]!.name).toBe('Ren\u00e9');
    expect(summary.body.players[1]!.name).toBe(flags);
  });

  it('unknown routes are rate-limited like the others and carry the rate limit headers', async () => {
    const r = await fetch(`${server.url}/api/nothing-here`);
    expect(r.status).toBe(404);
    expect(r.headers.get('x-ratelimit-limit')).toBe(FAST.HTTP_PER_MINUTE);
    expect(r.headers.get('x-ratelimit-remaining')).not.toBeNull();
  });
});

describe('lobby limits (SQLite, default limits, addresses from X-Forwarded-For)', () => {
  let server: ServerProcess;
  const from = (address: string) => ({ 'x-forwarded-for': address });

  beforeAll(async () => {
    server = await startServerProcess(tempDatabase(), {
      TRUST_PROXY: 'true',
      HTTP_PER_MINUTE: '60',
      OPEN_GAME_TTL_MS: '3000',
      REMATCH_HOLD_MS: '60000',
      WS_PER_SECOND: '1000',
      WS_BURST: '1000',
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('one address gets 60 requests a minute, unknown routes included: then 429 with retry-after', async () => {
    const answers = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        fetch(`${server.url}/nowhere/${i}`, { headers: from('10.9.9.9') }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((x) => x === 404)).toHaveLength(60);
    expect(statuses.filter((x) => x === 429)).toHaveLength(10);
    expect(answers.find((r) => r.status === 429)!.headers.get('retry-after')).not.toBeNull();
  });

  it('open games: 3 per address, the list shows at most 3 of one creator among others, paged; unjoined games expire and their sockets are told', async () => {
    const human = { seats: [{ kind: 'human' }, { kind: 'human' }] };
    const mine: Created[] = [];
    for (let i = 0; i < 3; i++) mine.push(await createGame(server, human, 'Mallory', from('10.0.0.1')));
    const fourth = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from('10.0.0.1') },
      body: JSON.stringify({ settings: human }),
    });
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { code: string }).code).toBe('lobby/too-many-open');
    // Others still create theirs; the list is not one address's.
    const theirs = await createGame(server, human, 'Ann', from('10.0.0.2'));
    const list = await api<{ games: { id: string }[] }>(
      server.url,
      'GET',
      '/api/games?status=open&limit=200',
    );
    const ids = list.body.games.map((x) => x.id);
    expect(ids).toContain(theirs.id);
    expect(ids.filter((id) => mine.some((m) => m.id === id))).toHaveLength(3);
    const page2 = await api<{ games: { id: string }[] }>(
      server.url,
      'GET',
      '/api/games?status=open&limit=2&offset=2',
    );
    expect(page2.body.games.map((x) => x.id)).toEqual(ids.slice(2, 4));

    // Nobody joins: the games go, a waiting socket is told and cut.
    const waiting = await connect(server.ws, theirs.id, theirs.token);
    const cut = await waiting.client.closed;
    expect(cut).toEqual({ code: 4003, reason: 'lobby/expired' });
    expect((await api(server.url, 'GET', `/api/games/${theirs.id}`)).status).toBe(404);
    const after = await api<{ games: unknown[] }>(server.url, 'GET', '/api/games?status=open');
    expect(after.body.games).toEqual([]);
    // ...and the address may create again.
    await createGame(server, human, 'Mallory', from('10.0.0.1'));
  }, 30_000);

  it('games of bots only: 2 at once per address', async () => {
    const bots = {
      seats: [
        { kind: 'bot', level: 'random' },
        { kind: 'bot', level: 'random' },
      ],
    };
    await createGame(server, { ...bots, expansions: ['tower'] }, undefined, from('10.0.0.3'));
    await createGame(server, { ...bots, expansions: ['tower'] }, undefined, from('10.0.0.3'));
    const third = await fetch(`${server.url}/api/games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...from('10.0.0.3') },
      body: JSON.stringify({ settings: bots }),
    });
    expect(third.status).toBe(429);
    expect(((await third.json()) as { code: string }).code).toBe('lobby/too-many-bot-games');
  });

  it("a rematch keeps the old players' seats: not listed, a stranger cannot take them, each old player gets theirs", async () => {
    const g = await createGame(
      server,
      { seats: [{ kind: 'human' }, { kind: 'human' }] },
      'Ann',
      from('10.0.0.4'),
    );
    const bob = await api<Created>(server.url, 'POST', `/api/games/${g.id}/join`, { name: 'Bob' });
    const ann = await connect(server.ws, g.id, g.token);
    ann.client.send({ type: 'resign', id: 'r' });
    await ann.client.next('ack', (m) => m.id === 'r');

    const asked = await api<Created>(server.url, 'POST', `/api/games/${g.id}/rematch`, { token: g.token });
    expect(asked.status).toBe(201);
    const open = await api<{ games: { id: string }[] }>(
      server.url,
      'GET',
      '/api/games?status=open&limit=200',
    );
    expect(open.body.games.map((x) => x.id)).not.toContain(asked.body.id);
    const stranger = await api(server.url, 'POST', `/api/games/${asked.body.id}/join`, { name: 'Eve' });
    expect(stranger.status).toBe(409);
    expect(stranger.body.code).toBe('lobby/seat-reserved');
    const bobs = await api<Created>(server.url, 'POST', `/api/games/${g.id}/rematch`, {
      token: bob.body.token,
    });
    expect(bobs.status).toBe(201);
    expect(bobs.body).toMatchObject({ id: asked.body.id, seat: 0 });
    expect(asked.body.seat).toBe(1);
    ann.client.close();
  });
});
