/**
 * The offline table (LocalTable) driven directly, without a Worker: it must answer exactly as the
 * server does (welcome, ack/update, refusals with the server's codes, repeated ids), play its bots,
 * and in hotseat show each message to the seat to act only.
 */
import { describe, expect, test } from 'vitest';
import type { Action, GameView } from '@carc/engine';
import { Match, readRecord, replayRecord } from '@carc/engine';
import type { ClientMessage, ServerMessage, ViewerMessage } from '@carc/protocol';
import { PROTOCOL_VERSION, Receiver } from '@carc/protocol';
import type { LocalProgress, LocalSettings, LocalSpeaker } from '../src/local/table.js';
import { LocalTable, localConfig } from '../src/local/table.js';
import { wireAction } from '../src/net/messages.js';

const ALL = ['princess-and-dragon', 'tower', 'halflings'];

/** A small seeded generator (mulberry32), so a failing game can be played again. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Viewed = Extract<ViewerMessage, { type: 'welcome' | 'update' }>;
const hasView = (m: ViewerMessage): m is Viewed & { view: GameView } =>
  (m.type === 'welcome' || m.type === 'update') && m.view !== undefined;

/** What a client reads of the table's frames (its `Receiver`), into `got`; `frames` as sent. */
function reader(got: ViewerMessage[], frames: ServerMessage[] = [], then?: (m: ViewerMessage) => void) {
  const receiver = new Receiver();
  return (frame: ServerMessage): void => {
    frames.push(frame);
    const { messages, resync } = receiver.receive(frame);
    if (resync !== undefined) throw new Error(`the copy of the view went wrong: ${resync}`);
    for (const m of messages) {
      got.push(m);
      then?.(m);
    }
  };
}

const hello = (extra: { game?: string; since?: number } = {}): ClientMessage => ({
  type: 'hello',
  game: 'local',
  protocol: PROTOCOL_VERSION,
  ...extra,
});

function open(settings: LocalSettings, options: { seed?: string; botDelayMs?: number } = {}) {
  const got: ViewerMessage[] = [];
  const frames: ServerMessage[] = [];
  const listeners: ((m: ViewerMessage) => void)[] = [];
  const created = LocalTable.create({
    settings,
    seed: options.seed ?? 'c0ffee00c0ffee00c0ffee00c0ffee00',
    botDelayMs: options.botDelayMs ?? 0,
    botBudgetMs: 20,
    random: rng(7),
    send: reader(got, frames, (m) => {
      for (const l of listeners) l(m);
    }),
  });
  if (!created.ok) throw new Error(created.error.message);
  const table = created.value;
  const last = () => got[got.length - 1];
  /** Sends `message` and returns what the table answered (synchronously). */
  const ask = (message: ClientMessage, from: LocalSpeaker = 'hotseat'): ViewerMessage[] => {
    const before = got.length;
    table.handle(message, from);
    return got.slice(before);
  };
  return { table, got, frames, last, ask, listeners };
}

/**
 * Plays every human decision with a random legal action from the messages (never from the engine),
 * until the game is over; bots move by themselves. Resolves with the last message.
 */
function playOut(
  t: ReturnType<typeof open>,
  from: LocalSpeaker,
  random: () => number,
): Promise<Extract<ViewerMessage, { type: 'update' }>> {
  let n = 0;
  return new Promise((resolve, reject) => {
    // A game that stops moving (nobody is given a decision) fails instead of waiting forever.
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => reject(new Error(`stalled at version ${t.table.version}`)), 10_000);
    };
    watch();
    const react = (m: ViewerMessage) => {
      watch();
      if (m.type === 'update' && m.result !== undefined) clearTimeout(watchdog);
      if (m.type === 'error') return reject(new Error(`refused: ${JSON.stringify(m)}`));
      if (m.type === 'update' && m.result !== undefined) return resolve(m);
      if (!hasView(m) || m.view.toAct < 0 || m.view.toAct !== m.view.viewer) return;
      const legal = m.view.legalActions;
      if (legal.length === 0) return;
      const action = legal[Math.floor(random() * legal.length)]!;
      const version = m.version;
      // Not from inside the table's own send: as a UI would, a moment later.
      setTimeout(() => {
        if (t.table.version === version) {
          t.table.handle({ type: 'act', id: `a${++n}`, version, action: wireAction(action) }, from);
        }
      }, 0);
    };
    t.listeners.push(react);
    t.table.handle(hello(), from);
  });
}

/** The record a table gives is valid and replays to the same scores. */
function checkRecord(table: LocalTable, scores: number[]): void {
  const rec = readRecord(table.recordFile());
  if (!rec.ok) throw new Error(rec.error.message);
  expect(rec.value.actions.length).toBe(table.version);
  const replay = replayRecord(rec.value);
  if (!replay.ok) throw new Error(replay.error.message);
  expect([...replay.value.game.scores]).toEqual(scores);
}

describe('LocalTable', () => {
  test('a hotseat game of two humans with all three expansions is played to the end', async () => {
    const settings: LocalSettings = { expansions: ALL, seats: [{ kind: 'human' }, { kind: 'human' }] };
    const t = open(settings);
    const end = await playOut(t, 'hotseat', rng(1));
    expect(end.status).toBe('finished');
    expect(end.result?.scores).toEqual(end.view.scores);
    expect(end.view.toAct).toBe(-1);
    const acks = t.got.filter((m) => m.type === 'ack');
    expect(acks.length).toBe(t.table.version);
    expect(t.got.filter((m) => m.type === 'update').length).toBe(t.table.version);
    checkRecord(t.table, end.result!.scores);
  });

  for (const level of ['random', 'greedy'] as const) {
    test(`a human against a ${level} bot, played to the end`, async () => {
      const settings: LocalSettings = {
        expansions: ['tower'],
        seats: [{ kind: 'bot', level }, { kind: 'human' }],
      };
      const t = open(settings);
      const end = await playOut(t, 1, rng(2));
      expect(end.status).toBe('finished');
      const steps = t.got.flatMap((m) => (m.type === 'update' ? [m.step] : []));
      expect(steps.map((s) => s.version)).toEqual(steps.map((_, i) => i + 1));
      expect(steps.some((s) => s.player === 0)).toBe(true);
      expect(steps.some((s) => s.player === 1)).toBe(true);
      // Only the human's actions are acknowledged; the bot's come as updates only.
      const acks = t.got.filter((m) => m.type === 'ack');
      expect(acks.length).toBe(steps.filter((s) => s.player === 1).length);
      // Every view was the human's.
      expect(t.got.filter(hasView).every((m) => m.view.viewer === 1)).toBe(true);
      checkRecord(t.table, end.result!.scores);
    });
  }

  test('a hotseat game of a human and an mcts bot with a small budget', async () => {
    const t = open({ seats: [{ kind: 'human' }, { kind: 'bot', level: 'mcts' }] });
    const end = await playOut(t, 'hotseat', rng(3));
    expect(end.status).toBe('finished');
    expect(t.got.filter(hasView).every((m) => m.view.viewer === 0)).toBe(true);
  });

  test('refusals: hello first, stale, out of turn, malformed, repeated ids, resignation', () => {
    const t = open({ seats: [{ kind: 'human' }, { kind: 'human' }] });
    const first = { type: 'act', id: 'a1', version: 0 } as const;
    expect(t.ask({ ...first, action: { type: 'pass' } })[0]).toMatchObject({
      type: 'error',
      id: 'a1',
      code: 'ws/hello-first',
    });
    // A client of protocol 1 (no version in its hello) is told to update itself.
    expect(t.ask({ type: 'hello', game: 'local' })[0]).toMatchObject({
      type: 'error',
      code: 'protocol/outdated',
    });
    const [welcome, presence] = t.ask(hello());
    expect(welcome).toMatchObject({ type: 'welcome', game: 'local', seat: 0, status: 'playing', version: 0 });
    expect(presence?.type).toBe('presence');
    expect(t.ask(hello({ game: 'elsewhere' }))[0]).toMatchObject({ code: 'lobby/no-game' });
    const view = (welcome as Viewed).view!;
    const place = view.legalActions[0]!;

    // Another seat than the one to act (a client speaking for seat 1 only).
    expect(t.ask({ type: 'act', id: 'x1', version: 0, action: wireAction(place) }, 1)[0]).toMatchObject({
      type: 'error',
      id: 'x1',
      code: 'match/not-your-turn',
      version: 0,
    });
    // A malformed action: the engine's checked door refuses it.
    const malformed = t.ask({ type: 'act', id: 'm1', version: 0, action: { type: 'place', x: 'one' } });
    expect(malformed).toEqual([
      expect.objectContaining({ type: 'error', id: 'm1', code: 'match/rule', version: 0 }),
    ]);
    expect((malformed[0] as Extract<ViewerMessage, { type: 'error' }>).rule?.code).toBe('action/malformed');
    const unknown = t.ask({ type: 'act', id: 'm2', version: 0, action: { type: 'fly' } });
    expect(unknown[0]).toMatchObject({ code: 'match/rule' });
    expect(t.table.version).toBe(0);

    // Accepted: one frame, the step with the ack folded in; read as the ack, then the update.
    const accepted = t.ask({ ...first, action: wireAction(place) });
    expect(t.frames.at(-1)).toMatchObject({ type: 'step', ack: 'a1', step: { version: 1 } });
    expect(accepted.map((m) => m.type)).toEqual(['ack', 'update']);
    expect(accepted[0]).toEqual({ type: 'ack', id: 'a1', version: 1 });
    // The same id again: the original answer, nothing applied twice.
    const again = t.ask({ ...first, action: wireAction(place) });
    expect(again).toEqual([{ type: 'ack', id: 'a1', version: 1 }]);
    expect(t.table.version).toBe(1);
    // Stale: based on version 0.
    const stale = t.ask({ type: 'act', id: 'a2', version: 0, action: wireAction(place) });
    expect(stale).toEqual([
      expect.objectContaining({ type: 'error', id: 'a2', code: 'match/stale', version: 1 }),
    ]);
    // A refused id stays refused, even with a good version now.
    const next = (accepted[1] as Viewed).view!.legalActions[0]!;
    expect(t.ask({ type: 'act', id: 'a2', version: 1, action: wireAction(next) })).toEqual(stale);
    expect(t.table.version).toBe(1);
    expect(t.ask({ type: 'ping' })).toEqual([{ type: 'pong' }]);

    // Resigning: ended for everyone, then the ack; afterwards the game is over.
    const resigned = t.ask({ type: 'resign', id: 'r1' });
    expect(resigned.map((m) => m.type)).toEqual(['ended', 'ack']);
    expect(resigned[0]).toMatchObject({ status: 'resigned', version: 1, result: { winners: [1] } });
    expect(t.ask({ type: 'resign', id: 'r1' })).toEqual([resigned[1]]);
    expect(t.ask({ type: 'act', id: 'a3', version: 1, action: wireAction(next) })[0]).toMatchObject({
      code: 'match/over',
    });
    // A hello after the end carries the result and the steps since.
    const late = t.ask(hello({ since: 0 }))[0] as Extract<ViewerMessage, { type: 'welcome' }>;
    expect(late).toMatchObject({ type: 'welcome', status: 'resigned', version: 1 });
    expect(late.steps?.map((s) => s.version)).toEqual([1]);
    expect(late.result?.status).toBe('resigned');
  });

  test('hotseat: acting while a bot is to act is out of turn; resigning stops the bot', async () => {
    const t = open({ seats: [{ kind: 'bot', level: 'random' }, { kind: 'human' }] }, { botDelayMs: 50 });
    const [welcome] = t.ask(hello());
    // No human has been to act yet: a spectator's view, no hand, no decision.
    expect(welcome).toMatchObject({ type: 'welcome', seat: null, view: { viewer: -1, toAct: 0 } });
    const refused = t.ask({ type: 'act', id: 'h1', version: 0, action: { type: 'pass' } });
    expect(refused[0]).toMatchObject({ type: 'error', code: 'match/not-your-turn', version: 0 });
    // Resigning while the bot thinks: the only human seat resigns.
    const resigned = t.ask({ type: 'resign', id: 'h2' });
    expect(resigned.map((m) => m.type)).toEqual(['ended', 'ack']);
    expect(resigned[0]).toMatchObject({ result: { winners: [0], outcome: { player: 1 } } });
    // A game over stops the bot.
    await new Promise((r) => setTimeout(r, 120));
    expect(t.table.version).toBe(0);
  });

  test('settings the engine refuses are refused as the lobby does', () => {
    const r = LocalTable.create({
      settings: { expansions: ['tower', 'tower'], seats: [{ kind: 'human' }, { kind: 'human' }] },
      send: () => {},
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'lobby/invalid-settings', path: 'expansions' });
    const o = LocalTable.create({
      settings: { options: { 'no-such-option': 1 }, seats: [{ kind: 'human' }, { kind: 'human' }] },
      send: () => {},
    });
    expect(o.ok).toBe(false);
  });

  test('hidden information: in hotseat with Halflings every message is for the seat to act', async () => {
    const seed = '0123456789abcdef0123456789abcdef';
    const settings: LocalSettings = {
      expansions: ['halflings'],
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }],
    };
    const t = open(settings, { seed });
    // The engine's own match on the same seed, to compare every view against.
    const config = localConfig(settings, seed);
    if (!config.ok) throw new Error(config.error.message);
    const created = Match.create(config.value, ['Player 1', 'Player 2', 'Player 3']);
    if (!created.ok) throw new Error(created.error.message);
    const mirror = created.value;
    let checked = 0;
    let sawHands = 0;
    let previous = -1;
    t.listeners.push((m) => {
      if (m.type === 'update') {
        const r = mirror.submit(m.step.player, m.step.action as Action, m.step.version - 1);
        if (!r.ok) throw new Error(r.error.message);
      }
      if (!hasView(m)) return;
      const view = m.view;
      const hands = (view as { hands?: (string[] | null)[] }).hands;
      expect(hands).toBeDefined();
      if (view.toAct >= 0) {
        expect(view.viewer).toBe(view.toAct);
      } else {
        // Over: the last player to act keeps the view.
        expect(view.viewer).toBe(previous);
      }
      previous = view.viewer;
      hands!.forEach((hand, seat) => {
        if (seat !== view.viewer) expect(hand).toBeNull();
        else if (hand !== null && hand.length > 0) sawHands++;
      });
      expect(view).toEqual(mirror.view(view.viewer));
      expect(m.hints).toEqual(mirror.hints(view.viewer));
      checked++;
    });
    const end = await playOut(t, 'hotseat', rng(4));
    expect(end.status).toBe('finished');
    expect(checked).toBeGreaterThan(t.table.version);
    expect(sawHands).toBeGreaterThan(0);
    // Every seat had the view at some time.
    const viewers = new Set(t.got.filter(hasView).map((m) => m.view.viewer));
    expect([...viewers].sort()).toEqual([0, 1, 2]);
  });
});

describe('LocalTable: saved and carried on', () => {
  test('a game saved at every action carries on from its record: same view, every step, bots play on', async () => {
    const settings: LocalSettings = {
      expansions: ALL,
      seats: [{ kind: 'human' }, { kind: 'bot', level: 'greedy' }, { kind: 'human' }],
    };
    const t = open(settings);
    const end = await playOut(t, 'hotseat', rng(9));
    expect(end.status).toBe('finished');

    // A table reports how it stands when asked (the worker saves that at once) and at each change.
    const reported: LocalProgress[] = [];
    const sent: ViewerMessage[] = [];
    const fresh = LocalTable.create({
      settings,
      send: reader(sent),
      onchange: (p) => reported.push(p),
    });
    if (!fresh.ok) throw new Error(fresh.error.message);
    expect(fresh.value.progress()).toMatchObject({ version: 0, tilesPlaced: 1, over: false, toAct: 0 });
    expect(fresh.value.progress().record.seed).toMatch(/^[0-9a-f]{32}$/);
    fresh.value.handle(hello(), 'hotseat');
    const welcomed = sent.find(hasView);
    const firstAction = welcomed?.view.legalActions[0];
    if (firstAction === undefined) throw new Error('no legal action in the welcome');
    fresh.value.handle({ type: 'act', id: 'a1', version: 0, action: wireAction(firstAction) }, 'hotseat');
    expect(reported.map((p) => p.version)).toEqual([1]);
    expect((reported[0]?.record.actions as unknown[]).length).toBe(1);
    fresh.value.close();

    // From the finished game's record, cut at a bot's turn: carried on, the bot moves by itself.
    const full = readRecord(t.table.recordFile());
    if (!full.ok) throw new Error(full.error.message);
    const cut = full.value.actions.findIndex((a, i) => i > 30 && a.player === 1);
    const partial = {
      ...t.table.recordFile(),
      actions: (t.table.recordFile().actions as unknown[]).slice(0, cut),
    };
    const got: ViewerMessage[] = [];
    const resumed = LocalTable.create({
      settings,
      record: partial,
      botDelayMs: 0,
      botBudgetMs: 20,
      send: reader(got),
    });
    if (!resumed.ok) throw new Error(resumed.error.message);
    expect(resumed.value.version).toBe(cut);
    resumed.value.handle(hello({ since: 0 }), 'hotseat');
    const welcome = got.find((m) => m.type === 'welcome');
    expect(welcome?.type === 'welcome' && welcome.steps?.length).toBe(cut);
    // The same position as the original game at that version.
    const config = localConfig(settings, 'c0ffee00c0ffee00c0ffee00c0ffee00');
    if (!config.ok) throw new Error(config.error.message);
    const again = Match.create(config.value, ['Player 1', 'Bot (greedy)', 'Player 3']);
    if (!again.ok) throw new Error(again.error.message);
    for (const a of full.value.actions.slice(0, cut))
      again.value.submit(a.player, a.action, again.value.version);
    expect(welcome?.type === 'welcome' && welcome.view).toEqual(again.value.view('spectator'));
    await expect.poll(() => resumed.value.version, { timeout: 5_000 }).toBeGreaterThan(cut);
    expect(got.some((m) => m.type === 'update' && m.step.player === 1 && m.step.version === cut + 1)).toBe(
      true,
    );
    resumed.value.close();

    // A resignation is carried too; a damaged record is refused with its own code.
    const resigned = {
      ...partial,
      outcome: { status: 'resigned', player: 0, at: '2026-01-01T00:00:00Z', reason: 'resigned' },
    };
    const over = LocalTable.create({ settings, record: resigned, send: () => {} });
    expect(over.ok && over.value.progress()).toMatchObject({
      over: true,
      status: 'resigned',
      winners: [1, 2],
    });
    const damaged = { ...partial, actions: [{ player: 2, type: 'place-tile', x: 99, y: 99, rotation: 0 }] };
    const refused = LocalTable.create({ settings, record: damaged, send: () => {} });
    expect(refused.ok ? 'accepted' : refused.error.code).toBe('local/bad-save');

    // Saving at every action must stay cheap: the progress of a finished game, timed.
    const started = performance.now();
    for (let i = 0; i < 20; i++) t.table.progress();
    const perCall = (performance.now() - started) / 20;
    console.log(`progress() of a finished game (${t.table.version} actions): ${perCall.toFixed(2)} ms`);
    expect(perCall).toBeLessThan(50);
  });
});
