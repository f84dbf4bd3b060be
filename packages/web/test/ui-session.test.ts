import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '@carc/protocol';
import { randomGame } from '../src/ui/dev/randomGame.js';
import type { Session } from '../src/ui/session.js';
import { applyMessage, emptySession, mergeSteps, messageId, otherActions } from '../src/ui/session.js';
import { formatClock, remainingMs } from '../src/ui/clock.js';

describe('ui/session: what the game screen keeps of the server messages', () => {
  const g = randomGame({ players: 3, seed: 21 });
  const { match, steps, names } = g;
  const players = names.map((name, seat) => ({ seat, name, kind: 'human' as const, connected: seat !== 2 }));

  it('follows a whole game from welcome to the end', () => {
    let s = applyMessage(emptySession(), {
      type: 'welcome',
      game: 'g1',
      seat: 0,
      status: 'playing',
      version: 0,
      players,
      view: match.view(0),
      hints: match.hints(0),
    });
    expect(s.game).toBe('g1');
    expect(s.seat).toBe(0);
    for (const step of steps) {
      s = applyMessage(s, {
        type: 'update',
        version: step.version,
        step,
        view: match.view(0),
        hints: match.hints(0),
        status: 'playing',
      });
    }
    expect(s.steps).toEqual(steps);
    expect(s.version).toBe(steps.length);
    // A repeated update changes nothing.
    const last = steps[steps.length - 1]!;
    const again = applyMessage(s, {
      type: 'update',
      version: last.version,
      step: last,
      view: match.view(0),
      hints: match.hints(0),
      status: 'finished',
    });
    expect(again.steps).toHaveLength(steps.length);
    s = applyMessage(s, { type: 'ended', version: steps.length, status: 'finished', result: match.result });
    expect(s.result?.winners).toEqual(match.result.winners);
    s = applyMessage(s, { type: 'rematch', game: 'g2' });
    expect(s.rematch).toBe('g2');
    s = applyMessage(s, { type: 'presence', players: [] });
    expect(s.players).toEqual([]);
  });

  it('keeps the pending action until its ack or error, and shows errors with their rule', () => {
    let s: Session = { ...emptySession(), pending: 'a1' };
    s = applyMessage(s, { type: 'ack', id: 'other', version: 1 });
    expect(s.pending).toBe('a1');
    const refusal: ServerMessage = {
      type: 'error',
      id: 'a1',
      code: 'match/rule',
      message: 'the tile does not fit there',
      rule: { code: 'place/mismatch', rule: 'B-3' },
    };
    s = applyMessage(s, refusal);
    expect(s.pending).toBeNull();
    expect(s.error).toBe('the tile does not fit there (rule B-3)');
    s = applyMessage({ ...s, pending: 'a2' }, { type: 'ack', id: 'a2', version: 2 });
    expect(s.pending).toBeNull();
    expect(s.error).toBeNull();
  });

  it('merges steps after a reconnection and drops a log with a gap', () => {
    const first = steps.slice(0, 5);
    expect(mergeSteps(first, steps.slice(3, 9))).toEqual(steps.slice(0, 9));
    expect(mergeSteps(first, steps.slice(7, 9))).toEqual(steps.slice(7, 9));
  });

  it('offers as buttons only the legal actions the board does not show', () => {
    let found = 0;
    for (let v = 0; v < 60; v++) {
      const m = randomGame({ players: 3, seed: 21, maxSteps: v }).match;
      const p = m.toAct;
      const others = otherActions(m.view(p), m.hints(p));
      const legal = m.view(p).legalActions;
      for (const a of others) expect(legal).toContainEqual(a);
      if (others.some((a) => a.type === 'pass')) found++;
      expect(others.some((a) => a.type === 'place' || a.type === 'meeple')).toBe(false);
    }
    expect(found).toBeGreaterThan(5);
    expect(otherActions(null, null)).toEqual([]);
  });

  it('makes unique message ids and counts clocks down', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => messageId()));
    expect(ids.size).toBe(1000);
    const clocks = { remainingMs: [60_000, 30_000], running: 1, incrementMs: 0 };
    expect(remainingMs(clocks, 1, 10_000)).toBe(20_000);
    expect(remainingMs(clocks, 0, 10_000)).toBe(60_000);
    expect(remainingMs(clocks, 1, 99_000)).toBe(0);
    expect(formatClock(65_000)).toBe('1:05');
    expect(formatClock(3_725_000)).toBe('1:02:05');
    expect(formatClock(8_400)).toBe('0:08.4');
  });
});
