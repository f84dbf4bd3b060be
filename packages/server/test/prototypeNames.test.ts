/**
 * Every name of `Object.prototype` (and `__proto__`), as a field, a key and a value, in every HTTP
 * body and query and every WebSocket frame the real server takes: refused with a precise coded
 * error, and nothing stored (no game created, no action applied, nothing in the record).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from './harness.js';
import { Client, FAST, api, connect, createGame, startServerProcess, tempDatabase } from './harness.js';

const NAMES = [...Object.getOwnPropertyNames(Object.prototype), '__proto__'];

/** `{ ...base, [name]: value }` with `name` as an own key, even `__proto__` (as JSON.parse makes it). */
function withKey(base: object, name: string, value: unknown): object {
  const rest = JSON.stringify(base).slice(1);
  return JSON.parse(
    `{${JSON.stringify(name)}:${JSON.stringify(value)}${rest === '}' ? '' : ','}${rest}`,
  ) as object;
}

const TWO = [{ kind: 'human' }, { kind: 'human' }];

async function post(server: ServerProcess, path: string, body: object) {
  const r = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as { code?: string; path?: string; message?: string } };
}

describe('Object.prototype names in what the server takes', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess(tempDatabase(), FAST);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('HTTP bodies and queries: as a field, a key or a value, refused with its path; no game created', async () => {
    const open = await createGame(server, { seats: TWO }, 'Ann');
    const refusals: { name: string; where: string; status: number; code?: string; path?: string }[] = [];
    const expectRefused = async (name: string, where: string, r: Awaited<ReturnType<typeof post>>) => {
      refusals.push({ name, where, status: r.status, code: r.body.code, path: r.body.path });
      expect(r.status, `${where} ${name}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.code, where).toMatch(/^(http\/invalid|lobby\/invalid-settings)$/);
      expect(r.body.message, where).toBeTruthy();
    };
    for (const name of NAMES) {
      const settings = { seats: TWO };
      await expectRefused(
        name,
        'body field',
        await post(server, '/api/games', withKey({ settings }, name, 1)),
      );
      await expectRefused(
        name,
        'settings field',
        await post(server, '/api/games', { settings: withKey(settings, name, 1) }),
      );
      await expectRefused(
        name,
        'option id',
        await post(server, '/api/games', { settings: { ...settings, options: withKey({}, name, 'x') } }),
      );
      await expectRefused(
        name,
        'option value',
        await post(server, '/api/games', {
          settings: { ...settings, options: { 'tiny-city-scoring': name } },
        }),
      );
      await expectRefused(
        name,
        'preset',
        await post(server, '/api/games', { settings: { ...settings, preset: name } }),
      );
      await expectRefused(
        name,
        'expansion',
        await post(server, '/api/games', { settings: { ...settings, expansions: [name] } }),
      );
      await expectRefused(
        name,
        'seat kind',
        await post(server, '/api/games', { settings: { seats: [{ kind: name }, { kind: 'human' }] } }),
      );
      await expectRefused(
        name,
        'bot level',
        await post(server, '/api/games', {
          settings: { seats: [{ kind: 'bot', level: name }, { kind: 'human' }] },
        }),
      );
      await expectRefused(
        name,
        'join field',
        await post(server, `/api/games/${open.id}/join`, withKey({ name: 'Bob' }, name, 1)),
      );
      await expectRefused(
        name,
        'leave field',
        await post(server, `/api/games/${open.id}/leave`, withKey({ token: open.token }, name, 1)),
      );
      const list = await api(server.url, 'GET', `/api/games?${encodeURIComponent(name)}=1`);
      expect(list.status, `query ${name}`).toBe(400);
      expect(list.body.code).toBe('http/invalid');
    }
    expect(refusals.length).toBe(NAMES.length * 10);
    // Only the one game made above exists; its seats are as they were.
    const games = await api<{ games: { id: string }[] }>(
      server.url,
      'GET',
      '/api/games?status=open&limit=200',
    );
    expect(games.body.games.map((g) => g.id)).toEqual([open.id]);
    const summary = await api<{ seats: { name: string; taken: boolean }[] }>(
      server.url,
      'GET',
      `/api/games/${open.id}`,
    );
    expect(summary.body.seats.map((s) => s.taken)).toEqual([true, false]);
  });

  it('WebSocket frames: as a field of a message or an action, or as an action type, refused with its code; nothing applied or recorded', async () => {
    const g = await createGame(server, { seats: TWO }, 'Ann');
    const bob = await api<{ token: string }>(server.url, 'POST', `/api/games/${g.id}/join`, { name: 'Bob' });
    const ann = await connect(server.ws, g.id, g.token);
    const legal = ann.welcome.view!.legalActions![0]!;
    let n = 0;
    for (const name of NAMES) {
      const answers: { code: string; rule?: { code: string } }[] = [];
      const refuse = async (frame: object) => {
        const id = `x${++n}`;
        const from = ann.client.messages.length;
        ann.client.send(withKey(frame, 'id', id));
        const answer = await Promise.race([
          ann.client.next('error', (m) => m.id === id, 10_000, from),
          ann.client
            .next('ack', (m) => m.id === id, 10_000, from)
            .then((m) => {
              throw new Error(`${name}: acknowledged ${JSON.stringify(frame)} as ${JSON.stringify(m)}`);
            }),
        ]);
        answers.push(answer);
      };
      await refuse(withKey({ type: 'act', version: 0, action: legal }, name, 1));
      await refuse({ type: 'act', version: 0, action: withKey(legal, name, '<img src=x onerror=alert(1)>') });
      await refuse({ type: 'act', version: 0, action: withKey(legal, name, { big: 'x'.repeat(15_000) }) });
      await refuse({ type: 'act', version: 0, action: { ...legal, type: name } });
      await refuse(withKey({ type: 'resign' }, name, 1));
      expect(answers[0]!.code).toBe('ws/invalid-message');
      for (const a of answers.slice(1, 4)) {
        expect(a.code, name).toBe('match/rule');
        expect(a.rule?.code, name).toBe('action/malformed');
      }
      expect(answers[4]!.code).toBe('ws/invalid-message');

      const hello = await Client.open(server.ws);
      hello.send(withKey({ type: 'hello', game: g.id, protocol: 2 }, name, 1));
      expect((await hello.next('error')).code).toBe('ws/invalid-message');
      hello.send({ type: name });
      expect((await hello.next('error')).code).toBe('ws/unknown-type');
      hello.close();
    }
    // Nothing was applied: the game is still at version 0 for everyone.
    const summary = await api<{ version: number }>(server.url, 'GET', `/api/games/${g.id}`);
    expect(summary.body.version).toBe(0);
    const watcher = await connect(server.ws, g.id);
    expect(watcher.welcome.version).toBe(0);
    // The legal action itself still goes through, and only its own fields are kept.
    ann.client.send({ type: 'act', id: 'ok', version: 0, action: legal });
    expect((await ann.client.next('ack', (m) => m.id === 'ok')).version).toBe(1);
    const update = await watcher.client.next('update', (m) => m.version === 1, 20_000, 0);
    expect(Object.keys(update.step.action).sort()).toEqual(Object.keys(legal).sort());
    void bob;
    ann.client.close();
    watcher.client.close();
  }, 120_000);
});
