/**
 * No leaks: full games over WebSocket against the real server process (SQLite temp file), every
 * expansion combination, 2–4 seats, human seats played by test clients (random legal actions from
 * their view) and random bots, with a spectator connected throughout. Every frame each player and
 * the spectator receives is checked against the truth, rebuilt after the game by replaying the
 * record it made with the engine:
 *
 * (a) no frame contains the game's seed (nor a seat token);
 * (b) no frame reveals the order of future draws: a view's `bag` is exactly the engine's public bag
 *     (size and counts by kind, keys sorted), and no list or object in a frame holds the next two
 *     tiles to leave the pile as consecutive entries (the raw text never holds `"next","after"`);
 * (c) no frame sent to a seat or to the spectator names a triangle (Halflings, H-3) held in another
 *     player's hand at that version: a triangle becomes public only when played;
 * (d) the record endpoint refuses (403 record/not-public) until the end; then it holds the seed and
 *     the actions, replays to the final scores, and holds nothing else (no token, no hidden field).
 *
 * The lobby's game summary, fetched during play, is held to (a)–(c) like a spectator's frame.
 * `npm run test:soak` (CARC_SOAK set) plays 200 games; a normal run 24, each combination three times.
 */
import { botSeatNames } from '@carc/bots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecord, GameView } from '@carc/engine';
import { BUILTIN, createGame, readRecord, recordConfig, viewOf } from '@carc/engine';
import type { ServerMessage } from '@carc/protocol';
import type { Client, ServerProcess } from './harness.js';
import { FAST, api, connect, startServerProcess, tempDatabase } from './harness.js';
import { actRandom, isOver, latest, seeded } from './play.js';

const ALL = ['princess-and-dragon', 'tower', 'halflings'] as const;
const SOAK = (process.env.CARC_SOAK ?? '') !== '';
const GAMES = SOAK ? 200 : 24;
/** Games played at once. */
const PARALLEL = 4;
/** A human seat asks for the record (expecting a refusal) on every this many of its turns. */
const RECORD_EVERY = 12;

/** Keys a finished game's record may have (docs/record-format.md, as the server writes it). */
const RECORD_KEYS = new Set([
  'format',
  'version',
  'players',
  'expansions',
  'options',
  'seed',
  'catalog',
  'triangles',
  'actions',
  'outcome',
]);

interface Plan {
  index: number;
  expansions: string[];
  seats: ('human' | 'bot')[];
}

/** Game i: combination i mod 8; seat count and human count vary between rounds of 8. */
function plan(index: number): Plan {
  const subset = index % 8;
  const round = Math.floor(index / 8);
  const expansions = ALL.filter((_, b) => (subset & (1 << b)) !== 0);
  const n = 2 + ((subset + round) % 3);
  const humans = Math.min(n, 1 + ((subset + 2 * round) % 3));
  const random = seeded(1_000 + index);
  const seats: ('human' | 'bot')[] = Array.from({ length: n }, (_, i) => (i < humans ? 'human' : 'bot'));
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [seats[i], seats[j]] = [seats[j]!, seats[i]!];
  }
  return { index, expansions, seats };
}

/** What was true at each version, from replaying the record. */
interface Truth {
  /** The public bag (spectator view) at each version, as JSON. */
  bag: string[];
  /** Each player's triangles at each version (Halflings), by [version][player]. */
  hands: string[][][];
  /** The tiles that leave the pile (drawn, discarded, set aside), in order, with the step that took them. */
  exits: { version: number; tile: string }[];
  finalScores: number[];
}

function replayTruth(rec: GameRecord): Truth {
  const created = createGame({ ...recordConfig(rec), recordEvents: true }, BUILTIN);
  if (!created.ok) throw new Error(created.error.message);
  const game = created.value;
  const players = rec.players.length;
  const bag: string[] = [];
  const hands: string[][][] = [];
  const exits: Truth['exits'] = [];
  const snapshot = () => {
    bag.push(JSON.stringify(viewOf(game, -1).bag));
    hands.push(Array.from({ length: players }, (_, p) => viewOf(game, p).hands?.[p] ?? []));
  };
  snapshot();
  for (const [i, step] of rec.actions.entries()) {
    const before = game.events.length;
    const r = game.apply(step.action, step.player);
    if (!r.ok) throw new Error(`record action ${i} refused: ${r.error.message}`);
    for (const e of game.events.slice(before)) {
      if (e.type === 'draw' || e.type === 'discard' || e.type === 'set-aside') {
        exits.push({ version: i + 1, tile: e.tile });
      }
    }
    snapshot();
  }
  return { bag, hands, exits, finalScores: Array.from(game.state.scores) };
}

interface Received {
  /** 'spectator', or the seat. */
  viewer: number | 'spectator';
  client: Client;
}

/** Every leak in `text` (a frame or an HTTP answer) for `viewer` at `version`; empty when none. */
function leaksIn(
  text: string,
  parsed: unknown,
  viewer: number | 'spectator',
  version: number,
  truth: Truth,
  secrets: { seed: string; tokens: string[] },
): string[] {
  const found: string[] = [];
  // (a) the seed (as written, or in capitals), and the seat tokens.
  if (text.includes(secrets.seed) || text.includes(secrets.seed.toUpperCase())) found.push('(a) the seed');
  for (const t of secrets.tokens) if (text.includes(t)) found.push('(a) a seat token');

  // (b) the next two tiles to leave the pile, in order.
  const next = truth.exits.filter((e) => e.version > version).slice(0, 2);
  if (next.length === 2) {
    const [d1, d2] = [next[0]!.tile, next[1]!.tile];
    if (text.includes(`${JSON.stringify(d1)},${JSON.stringify(d2)}`)) {
      found.push(`(b) the next two draws "${d1}","${d2}" in sequence`);
    }
    const walk = (v: unknown, path: string): void => {
      if (Array.isArray(v)) {
        for (let i = 0; i + 1 < v.length; i++) {
          if (v[i] === d1 && v[i + 1] === d2) found.push(`(b) ${path} lists the next two draws in order`);
        }
        v.forEach((x, i) => walk(x, `${path}[${i}]`));
      } else if (typeof v === 'object' && v !== null) {
        // The bag's counts are checked exactly below (their keys are sorted, not drawn, order).
        if (path.endsWith('.bag')) return;
        const keys = Object.keys(v);
        for (let i = 0; i + 1 < keys.length; i++) {
          if (keys[i] === d1 && keys[i + 1] === d2)
            found.push(`(b) ${path} keys the next two draws in order`);
        }
        for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
      }
    };
    walk(parsed, '$');
  }
  // (b) a view's bag is the engine's public bag: size and counts by kind, nothing else, no order.
  const view =
    typeof parsed === 'object' && parsed !== null ? (parsed as { view?: GameView }).view : undefined;
  if (view !== undefined && JSON.stringify(view.bag) !== truth.bag[version]) {
    found.push(`(b) the view's bag ${JSON.stringify(view.bag).slice(0, 200)} is not the public bag`);
  }

  // (c) triangles in another player's hand at this version.
  const hands = truth.hands[version] ?? [];
  hands.forEach((hand, p) => {
    if (p === viewer) return;
    for (const tile of hand) {
      if (text.includes(tile)) found.push(`(c) triangle ${tile} in player ${p}'s hand`);
    }
  });
  return found;
}

/** The version each frame of a client was sent at: its own, or the last one the client was told. */
function frameVersions(messages: readonly ServerMessage[]): number[] {
  let current = 0;
  return messages.map((m) => {
    if (m.type === 'step') current = m.step.version;
    else if ('version' in m && typeof m.version === 'number') current = m.version;
    return current;
  });
}

async function expectRecordRefused(server: ServerProcess, id: string): Promise<void> {
  const r = await api(server.url, 'GET', `/api/games/${id}/record`);
  expect(r.status, JSON.stringify(r.body)).toBe(403);
  expect(r.body.code).toBe('record/not-public');
}

interface Outcome {
  versions: number;
  frames: number;
  refusals: number;
}

async function playOne(server: ServerProcess, p: Plan): Promise<Outcome> {
  const settings = {
    expansions: p.expansions,
    seats: p.seats.map((k) => (k === 'human' ? { kind: 'human' } : { kind: 'bot', level: 'random' })),
  };
  const created = await api<{ id: string }>(server.url, 'POST', '/api/games', { settings });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id;
  let refusals = 0;
  // Refused before anyone joins.
  await expectRecordRefused(server, id);
  refusals++;

  // The spectator first, so that it sees the game from its first step.
  const spectator = await connect(server.ws, id);
  const received: Received[] = [{ viewer: 'spectator', client: spectator.client }];
  const tokens: string[] = [];
  const humans: { seat: number; client: Client }[] = [];
  for (const [seat, kind] of p.seats.entries()) {
    if (kind !== 'human') continue;
    const joined = await api<{ seat: number; token: string }>(server.url, 'POST', `/api/games/${id}/join`, {
      name: `Human ${seat}`,
      seat,
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    tokens.push(joined.body.token);
    const c = await connect(server.ws, id, joined.body.token);
    expect(c.welcome.seat).toBe(seat);
    humans.push({ seat, client: c.client });
    received.push({ viewer: seat, client: c.client });
  }

  // The lobby's summaries fetched during play, checked later like a spectator's frames.
  const summaries: { version: number; text: string }[] = [];
  const random = seeded(7_000 + p.index);
  await Promise.all(
    humans.map(async ({ seat, client }) => {
      let turns = 0;
      for (;;) {
        if (isOver(client)) return;
        const s = latest(client);
        if ((s.view as GameView | undefined)?.toAct === seat && s.status === 'playing') {
          // It is this seat's turn: the game cannot end before it acts, so the record must be refused.
          if (turns++ % RECORD_EVERY === 0) {
            await expectRecordRefused(server, id);
            refusals++;
            const summary = await fetch(`${server.url}/api/games/${id}`);
            summaries.push({ version: s.version, text: await summary.text() });
          }
          const answer = await actRandom(client, seat, random);
          if (answer?.type === 'error') throw new Error(`refused: ${JSON.stringify(answer)}`);
          continue;
        }
        await Promise.race([
          client.next('update', (m) => m.version > s.version, 60_000, 0),
          client.next('ended', () => true, 60_000, 0),
        ]);
      }
    }),
  );
  const final = latest(humans[0]!.client);
  expect(final.status).toBe('finished');
  // The spectator saw every step, in order.
  await spectator.client.next('update', (m) => m.version === final.version, 10_000, 0);
  const seen = spectator.client.messages.flatMap((m) => (m.type === 'update' ? [m.version] : []));
  expect(seen).toEqual(Array.from({ length: final.version }, (_, i) => i + 1));

  // (d) after the end: the record, with the seed, and nothing it should not hold.
  const download = await fetch(`${server.url}/api/games/${id}/record`);
  expect(download.status).toBe(200);
  const text = await download.text();
  const raw = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(raw).filter((k) => !RECORD_KEYS.has(k))).toEqual([]);
  expect(text).not.toMatch(/token/i);
  for (const t of tokens) expect(text).not.toContain(t);
  expect(raw.seed).toMatch(/^[0-9a-f]{32}$/);
  const bots = botSeatNames(p.seats.map((k) => (k === 'human' ? undefined : 'random')));
  expect(raw.players).toEqual(p.seats.map((k, seat) => (k === 'human' ? `Human ${seat}` : bots[seat])));
  const read = readRecord(raw, BUILTIN);
  if (!read.ok) throw new Error(read.error.message);
  expect(read.value.actions.length).toBe(final.version);
  const truth = replayTruth(read.value);
  expect(truth.finalScores).toEqual(final.view?.scores);
  expect(truth.bag.length).toBe(final.version + 1);
  const secrets = { seed: raw.seed as string, tokens };

  // (a)–(c) on every frame every client received (as sent: changes to views), on every view the
  // client rebuilt from them, and on the summaries.
  let frames = 0;
  const leaks: string[] = [];
  for (const { viewer, client } of received) {
    expect(client.resyncs, `${viewer}: its copy of the view went wrong`).toEqual([]);
    const versions = frameVersions(client.wire);
    client.frames.forEach((frame, i) => {
      frames++;
      for (const leak of leaksIn(frame, client.wire[i], viewer, versions[i]!, truth, secrets)) {
        leaks.push(`game ${id} (${p.expansions.join('+') || 'base'}), ${viewer} frame ${i}: ${leak}`);
      }
    });
    for (const m of client.messages) {
      if (m.type !== 'welcome' && m.type !== 'update') continue;
      for (const leak of leaksIn(JSON.stringify(m), m, viewer, m.version, truth, secrets)) {
        leaks.push(`game ${id}, ${viewer}'s view at version ${m.version}: ${leak}`);
      }
    }
  }
  for (const s of summaries) {
    for (const leak of leaksIn(s.text, JSON.parse(s.text), 'spectator', s.version, truth, secrets)) {
      leaks.push(`game ${id}, summary at version ${s.version}: ${leak}`);
    }
  }
  expect(leaks.slice(0, 20)).toEqual([]);
  // The Halflings check had something to find: hands were dealt and seen only by their owners.
  if (p.expansions.includes('halflings')) expect(truth.hands[0]!.flat().length).toBeGreaterThan(0);
  for (const { client } of received) client.close();
  return { versions: final.version, frames, refusals };
}

describe('no leaks over WebSocket', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess(tempDatabase(), FAST);
  });
  afterAll(async () => {
    await server.stop();
  });

  it(`${GAMES} full games, every expansion combination, 2–4 seats: no frame shows the seed, the pile's order or another's triangles; the record only at the end`, async () => {
    const plans = Array.from({ length: GAMES }, (_, i) => plan(i));
    // Every combination at least twice, with 2, 3 and 4 seats and one or more humans among them.
    for (let s = 0; s < 8; s++)
      expect(plans.filter((q) => q.index % 8 === s).length).toBeGreaterThanOrEqual(2);
    expect(new Set(plans.map((q) => q.seats.length))).toEqual(new Set([2, 3, 4]));
    const outcomes: Outcome[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < plans.length) {
          const q = plans[next++]!;
          outcomes.push(await playOne(server, q));
        }
      }),
    );
    expect(outcomes.length).toBe(GAMES);
    const frames = outcomes.reduce((n, o) => n + o.frames, 0);
    const versions = outcomes.reduce((n, o) => n + o.versions, 0);
    expect(frames).toBeGreaterThan(versions);
    expect(outcomes.every((o) => o.refusals >= 2)).toBe(true);
  });
});
