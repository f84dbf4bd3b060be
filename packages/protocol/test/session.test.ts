/**
 * Protocol v2 (docs/protocol.md): whole games with all three expansions, replayed to every seat,
 * a spectator and a hotseat client through the wire (JSON text both ways); after every step the
 * view and hints each client rebuilt from the changes it was sent equal the server's for that
 * viewer, digests included at every step. Then what goes wrong: a copy that drifted, a missed
 * step, a hostile key in a change; repeated ids answered as first; refusals mapped.
 */
import { describe, expect, it } from 'vitest';
import type { Action, MatchStep, Viewer } from '@carc/engine';
import { EXPANSION_IDS, Match } from '@carc/engine';
import type { Audience, Json, JsonObject, ServerMessage, UpdateMessage, ViewerMessage } from '@carc/protocol';
import {
  Receiver,
  Session,
  applyObject,
  canonical,
  diffObject,
  digest,
  packStep,
  same,
} from '@carc/protocol';

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
import { prng } from '../../engine/test/playout.js';

const wire = (m: ServerMessage): ServerMessage => JSON.parse(JSON.stringify(m)) as ServerMessage;
const plain = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

function newMatch(players: number, seed: number): Match {
  const hex = (seed >>> 0).toString(16).padStart(8, '0').repeat(4);
  const m = Match.create(
    { players, expansions: [...EXPANSION_IDS], options: {}, seed: hex, recordEvents: true },
    Array.from({ length: players }, (_, i) => `P${i}`),
  );
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
}

const facts = { game: 'g', status: 'playing' as const, players: [] };

/** The human seat shown to a hotseat client: the one to act (every seat is human here). */
const hotseatViewer = (m: Match): Viewer => (m.isOver ? 0 : m.toAct);

describe('protocol v2: views rebuilt from changes equal the server views', () => {
  for (const [players, seed] of [
    [2, 1],
    [3, 2],
    [4, 3],
  ] as const) {
    it(`${players} players, all three expansions, seed ${seed}: every seat, a spectator and a hotseat client`, () => {
      const m = newMatch(players, seed);
      const session = new Session(m, { digestEvery: 1 });
      const audiences: [Audience, () => Viewer][] = [
        ...Array.from({ length: players }, (_, p): [Audience, () => Viewer] => [p, () => p]),
        ['spectator', () => 'spectator'],
        ['hotseat', () => hotseatViewer(m)],
      ];
      const clients = new Map<Audience, Receiver>();
      for (const [audience, viewer] of audiences) {
        const r = new Receiver();
        r.receive(wire(session.welcome(audience, viewer(), facts)));
        clients.set(audience, r);
      }
      const random = prng(seed);
      let steps = 0;
      let bytes = 0;
      let frames = 0;
      while (!m.isOver) {
        const player = m.toAct;
        const legal = m.view(player).legalActions;
        const action = legal[random() % legal.length] as Action;
        const id = `a${steps}`;
        const r = session.submit(player, id, m.version, action);
        if (!r.ok) throw new Error(r.error.message);
        steps++;
        for (const [audience, viewer] of audiences) {
          const v = viewer();
          let frame = session.frame(audience, v, r.step, { status: m.status });
          if (audience === player) frame = { ...frame, ack: id };
          const text = JSON.stringify(frame);
          bytes += text.length;
          frames++;
          const got = clients.get(audience)!.receive(JSON.parse(text) as ServerMessage);
          expect(got.resync, `${String(audience)} at ${m.version}`).toBeUndefined();
          const update = got.messages.find((x): x is UpdateMessage => x.type === 'update');
          expect(update, 'an update').toBeDefined();
          expect(update!.version).toBe(m.version);
          expect(update!.step).toEqual(plain(r.step));
          // The view exactly, its keys' order included (a bag's counts stay sorted).
          expect(JSON.stringify(update!.view)).toBe(JSON.stringify(m.view(v)));
          expect(update!.hints).toEqual(plain(m.hints(v)));
          const acks = got.messages.filter((x: ViewerMessage) => x.type === 'ack');
          expect(acks.length).toBe(audience === player ? 1 : 0);
        }
      }
      expect(steps).toBeGreaterThan(50);
      // The frames are small: the change, not the view (figures are in bench:server).
      expect(bytes / frames).toBeLessThan(2000);
    });
  }
});

describe('protocol v2: a copy that cannot be trusted is fetched again', () => {
  function started(): { m: Match; session: Session; client: Receiver; step: () => MatchStep } {
    const m = newMatch(2, 7);
    const session = new Session(m, { digestEvery: 1 });
    const client = new Receiver();
    client.receive(wire(session.welcome(0, 0, facts)));
    const step = (): MatchStep => {
      const p = m.toAct;
      const r = session.submit(p, undefined, m.version, m.view(p).legalActions[0]!);
      if (!r.ok) throw new Error(r.error.message);
      return r.step;
    };
    return { m, session, client, step };
  }

  it('a digest that differs asks for a resync, and steps are dropped until the welcome', () => {
    const { m, session, client, step } = started();
    const s = step();
    const frame = session.frame(0, 0, s, { status: m.status });
    const tampered = { ...frame, digest: '00000000' };
    expect(client.receive(wire(tampered)).resync).toMatch(/digest/);
    const next = session.frame(0, 0, step(), { status: m.status });
    expect(client.receive(wire(next)).messages).toEqual([]);
    client.receive(wire(session.welcome(0, 0, facts)));
    const after = client.receive(wire(session.frame(0, 0, step(), { status: m.status })));
    expect(after.resync).toBeUndefined();
    expect(after.messages[0]).toMatchObject({ type: 'update', version: m.version });
  });

  it('a missed step asks for a resync', () => {
    const { m, session, client, step } = started();
    session.frame(0, 0, step(), { status: m.status });
    const second = session.frame(0, 0, step(), { status: m.status });
    expect(client.receive(wire(second)).resync).toMatch(/step 2 after version 0/);
  });

  it('a change that does not fit the copy asks for a resync instead of throwing', () => {
    const { client, step } = started();
    const s = step();
    const bad: ServerMessage = {
      type: 'step',
      step: packStep(s),
      change: { a: { nothing: { k: 3, m: [], t: 0 } } },
    };
    expect(client.receive(wire(bad)).resync).toMatch(/nothing: a change to an array/);
  });
});

describe('changes of JSON values', () => {
  function randomJson(random: () => number, depth: number): Json {
    const pick = random() % (depth > 2 ? 4 : 6);
    if (pick === 0) return random() % 10;
    if (pick === 1) return ['a', 'b', '__proto__', 'constructor'][random() % 4]!;
    if (pick === 2) return random() % 2 === 0;
    if (pick === 3) return null;
    if (pick === 4) return Array.from({ length: random() % 5 }, () => randomJson(random, depth + 1));
    const out: Record<string, Json> = {};
    for (let i = random() % 5; i > 0; i--) {
      const key = ['x', 'y', '__proto__', 'toString', 'tiles'][random() % 5]!;
      Object.defineProperty(out, key, {
        value: randomJson(random, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }

  it('applying the change of a to b to a gives b, for 5,000 random pairs (hostile keys included)', () => {
    const random = prng(99);
    for (let i = 0; i < 5000; i++) {
      const a = { v: randomJson(random, 0) } as JsonObject;
      const b = { v: randomJson(random, 0) } as JsonObject;
      const change = diffObject(a, b);
      const rebuilt = change === undefined ? a : applyObject(a, plain(change));
      expect(same(rebuilt, b), JSON.stringify({ a, b, change })).toBe(true);
      expect(Object.getPrototypeOf(rebuilt)).toBe(Object.prototype);
      // The digest is FNV-1a of the canonical JSON text, as docs/protocol.md says.
      expect(digest(b)).toBe(fnv1a(canonical(b)));
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    }
  });
});

describe('session: answers and refusals', () => {
  it('remembers each seat’s last answers by id, a spectator’s not at all', () => {
    const session = new Session(newMatch(2, 5), { rememberedIds: 2 });
    const ack = (id: string): ServerMessage => ({ type: 'ack', id, version: 1 });
    session.remember(0, 'a', ack('a'));
    session.remember(1, 'a', ack('a1'));
    session.remember(0, 'b', ack('b'));
    session.remember(0, 'c', ack('c'));
    session.remember('spectator', 's', ack('s'));
    expect(session.answered(0, 'a')).toBeUndefined();
    expect(session.answered(0, 'c')).toEqual(ack('c'));
    expect(session.answered(1, 'a')).toEqual(ack('a1'));
    expect(session.answered('spectator', 's')).toBeUndefined();
  });

  it('refuses a stale version and a move out of turn with the match’s codes', () => {
    const m = newMatch(2, 6);
    const session = new Session(m);
    const first = m.view(0).legalActions[0]!;
    const stale = session.submit(0, 'x', 5, first);
    expect(stale).toMatchObject({
      ok: false,
      error: { type: 'error', id: 'x', code: 'match/stale', version: 0 },
    });
    const early = session.submit(1, 'y', 0, first);
    expect(early).toMatchObject({ ok: false, error: { id: 'y', code: 'match/not-your-turn' } });
  });
});
