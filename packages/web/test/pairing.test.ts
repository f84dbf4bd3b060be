/**
 * The quick pairing client (net/pairing.ts) against a fake socket: what it sends (seek, unseek,
 * ping), what it makes of the server's messages (seeking, paired, error), the seat kept and the
 * game opened on `paired`, a dropped socket opened again with the seek sent again, and the open
 * seeks read over HTTP.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketLike } from '../src/net/online.js';
import type { PairingState, SeekRequest } from '../src/net/pairing.js';
import { listSeeks, pairing, widenedRange } from '../src/net/pairing.js';

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  sent: unknown[] = [];
  closed: { code?: number; reason?: string } | undefined;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string): void {
    if (this.readyState !== 1) throw new Error('sent on a socket not open');
    this.sent.push(JSON.parse(data));
  }
  close(code?: number, reason?: string): void {
    this.closed = { ...(code === undefined ? {} : { code }), ...(reason === undefined ? {} : { reason }) };
    this.readyState = 3;
  }
  // The server's side:
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  say(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({ code: 1006, reason: '' });
  }
}

const DUEL: SeekRequest = {
  settings: { expansions: [], options: {}, players: 2, rated: false },
  range: 200,
  name: 'Ann',
};

function setUp() {
  const held: { game: string; seat: number; token: string }[] = [];
  const opened: string[] = [];
  const states: PairingState[] = [];
  const p = pairing({
    url: 'ws://test/ws/pairing',
    WebSocket: FakeSocket,
    hold: (game, seat) => held.push({ game, ...seat }),
    open: (game) => opened.push(game),
    idleMs: 1_000,
    backoff: { initialMs: 100, maxMs: 400 },
  });
  p.onState((s) => states.push(s));
  return { p, held, opened, states };
}
const last = (): FakeSocket => {
  const s = FakeSocket.all.at(-1);
  if (s === undefined) throw new Error('no socket opened');
  return s;
};

describe('net/pairing: the "Play now" socket', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('seeks once the socket is open, and says it is in the queue when the server does', () => {
    const { p } = setUp();
    p.seek(DUEL);
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().url).toBe('ws://test/ws/pairing');
    expect(p.state.kind).toBe('connecting');
    last().open();
    expect(last().sent).toEqual([{ type: 'seek', ...DUEL }]);
    last().say({ type: 'seeking', since: 123, rating: 1512, range: 200 });
    expect(p.state).toMatchObject({ kind: 'seeking', rating: 1512, range: 200 });
  });

  it('on `paired` keeps the seat where a join keeps it, opens the game and closes the socket', () => {
    const { p, held, opened } = setUp();
    p.seek(DUEL);
    last().open();
    last().say({ type: 'seeking', since: 1, range: 200 });
    last().say({ type: 'paired', game: 'g-42', seat: 1, token: 'secret' });
    expect(held).toEqual([{ game: 'g-42', seat: 1, token: 'secret' }]);
    expect(opened).toEqual(['g-42']);
    expect(p.state).toEqual({ kind: 'paired', game: 'g-42', seat: 1 });
    expect(last().closed).toBeDefined();
    // The server closing its end afterwards opens nothing again.
    last().drop();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(1);
    // Leaving the screen after a pairing leaves it paired.
    p.cancel();
    expect(p.state.kind).toBe('paired');
  });

  it('cancel says unseek, closes the socket and is idle; nothing is opened again', () => {
    const { p } = setUp();
    p.seek(DUEL);
    last().open();
    last().say({ type: 'seeking', since: 1, range: 200 });
    p.cancel();
    expect(last().sent).toEqual([{ type: 'seek', ...DUEL }, { type: 'unseek' }]);
    expect(last().closed).toBeDefined();
    expect(p.state).toEqual({ kind: 'idle' });
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('an error from the server fails the seek with its code and words, and does not retry', () => {
    const { p } = setUp();
    p.seek({ ...DUEL, settings: { ...DUEL.settings, rated: true } });
    last().open();
    last().say({ type: 'error', code: 'pairing/rated-needs-account', message: 'sign in' });
    expect(p.state).toMatchObject({ kind: 'failed', code: 'pairing/rated-needs-account' });
    expect(p.state.kind === 'failed' && typeof p.state.words.key).toBe('string');
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('a socket dropped while seeking is opened again and the seek sent again, the wait going on', () => {
    const { p } = setUp();
    vi.setSystemTime(1_000_000);
    p.seek(DUEL);
    last().open();
    last().say({ type: 'seeking', since: 1, range: 200 });
    const since = p.state.kind === 'seeking' ? p.state.since : -1;
    vi.setSystemTime(1_030_000);
    last().drop();
    expect(p.state).toEqual({ kind: 'connecting', since });
    vi.advanceTimersByTime(99);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ type: 'seek', ...DUEL }]);
    last().say({ type: 'seeking', since: 2, range: 200 });
    expect(p.state).toMatchObject({ kind: 'seeking', since });
  });

  it('seeking again on the open socket replaces the seek there', () => {
    const { p } = setUp();
    p.seek(DUEL);
    last().open();
    const trio: SeekRequest = { ...DUEL, settings: { ...DUEL.settings, players: 3 }, range: null };
    p.seek(trio);
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().sent).toEqual([
      { type: 'seek', ...DUEL },
      { type: 'seek', ...trio },
    ]);
  });

  it('pings a quiet socket and drops one that stays silent (then opens a new one)', () => {
    const { p } = setUp();
    p.seek(DUEL);
    last().open();
    vi.advanceTimersByTime(1_000);
    expect(last().sent.at(-1)).toEqual({ type: 'ping' });
    last().say({ type: 'pong' });
    vi.advanceTimersByTime(1_000);
    expect(last().sent.at(-1)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all[0]!.closed?.code).toBe(4000);
    vi.advanceTimersByTime(100);
    expect(FakeSocket.all).toHaveLength(2);
    expect(p.state.kind).toBe('connecting');
  });

  it('ignores what is not a message (not JSON, no type)', () => {
    const { p, states } = setUp();
    p.seek(DUEL);
    last().open();
    last().onmessage?.({ data: 'not json' });
    last().say({ no: 'type' });
    expect(states.map((s) => s.kind)).toEqual(['connecting']);
  });
});

describe('net/pairing: the range widening while waiting, and the open seeks', () => {
  it('widens 10 a second up to ±500, keeps a wider range, and "anyone" stays anyone', () => {
    expect(widenedRange(100, 0)).toBe(100);
    expect(widenedRange(100, 30_000)).toBe(400);
    expect(widenedRange(100, 120_000)).toBe(500);
    expect(widenedRange(800, 60_000)).toBe(800);
    expect(widenedRange(null, 60_000)).toBeNull();
  });

  it('reads GET /api/seeks, and says why it cannot', async () => {
    const seek = {
      id: 's1',
      name: 'Bob',
      rating: 1600,
      provisional: true,
      settings: { expansions: ['tower'], players: 2, rated: true },
      range: 200,
      since: 5,
    };
    const calls: string[] = [];
    const ok = await listSeeks('http://h', async (url) => {
      calls.push(url);
      return new Response(JSON.stringify({ seeks: [seek] }), { status: 200 });
    });
    expect(calls).toEqual(['http://h/api/seeks']);
    expect(ok).toEqual({ ok: true, seeks: [seek] });
    const down = await listSeeks('', async () => {
      throw new Error('refused');
    });
    expect(down).toMatchObject({ ok: false, code: 'net/unreachable' });
    const refused = await listSeeks(
      '',
      async () =>
        new Response(JSON.stringify({ code: 'http/rate-limited', message: 'slow' }), { status: 429 }),
    );
    expect(refused).toMatchObject({
      ok: false,
      code: 'http/rate-limited',
      words: { key: 'app.problemRateLimited' },
    });
  });
});
