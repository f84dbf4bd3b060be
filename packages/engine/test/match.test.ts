/**
 * The match layer: versions, who may act, what each viewer is sent, undo as data, and match-level
 * outcomes recorded in the record (B-3, B-9, H-3, D-7).
 */
import { describe, expect, it } from 'vitest';
import type { Action, Match as MatchType } from '@carc/engine';
import { Match, replayRecord, unwrap } from '@carc/engine';
import { prng } from './playout.js';

const ALL = ['halflings', 'tower', 'princess-and-dragon'];
const AT = '2026-11-24T08:00:00.000Z';

/** Plays a random listed action of the player to act through the match; returns it. */
function playOne(m: MatchType, rand: () => number): Action {
  const actions = m.view(m.toAct).legalActions;
  const a = actions[rand() % actions.length];
  unwrap(m.submit(m.toAct, a, m.version));
  return a;
}

describe('match layer', () => {
  it('B-3: refuses a spectator, a missing seat, a player out of turn, a stale version and an illegal action, changing nothing', () => {
    const m = unwrap(Match.create({ players: 2, seed: 7 }, ['Ann', 'Bob']));
    const before = JSON.stringify(m.view('spectator'));
    const place = m.view(0).legalActions[0];
    const code = (r: ReturnType<MatchType['submit']>) => (r.ok ? 'accepted' : r.error.code);
    expect(code(m.submit('spectator', place, 0))).toBe('match/spectator');
    expect(code(m.submit(2, place, 0))).toBe('match/not-a-seat');
    expect(code(m.submit(1, place, 0))).toBe('match/not-your-turn');
    const stale = m.submit(0, place, 3);
    expect(stale.ok ? 'accepted' : [stale.error.code, stale.error.version]).toEqual(['match/stale', 0]);
    const illegal = m.submit(0, { type: 'place', x: 9, y: 9, rotation: 0 }, 0);
    expect(illegal.ok ? 'accepted' : [illegal.error.code, illegal.error.rule?.code]).toEqual([
      'match/rule',
      'tile/not-adjacent',
    ]);
    expect(m.version).toBe(0);
    expect(JSON.stringify(m.view('spectator'))).toBe(before);
    const step = unwrap(m.submit(0, place, 0));
    expect([step.version, step.player, m.version]).toEqual([1, 0, 1]);
    expect(step.events.map((e) => e.type)).toEqual(['place']);
  });

  it('H-3: whole games with all three expansions: every step public, views hide the others’ hands, reconnection replays the missed steps', () => {
    let steps = 0;
    let hidden = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const players = 2 + (seed % 3);
      const m = unwrap(Match.create({ players, seed, expansions: ALL, options: { halflingsSymbols: 'on' } }));
      const rand = prng(seed);
      const seen = new Map<number, number>(); // viewer → last version they were sent
      while (!m.isOver) {
        playOne(m, rand);
        steps++;
        // Another player's face-down triangles never appear in what a viewer is sent.
        for (let viewer = -1; viewer < players; viewer++) {
          const who = viewer < 0 ? 'spectator' : viewer;
          const last = seen.get(viewer) ?? 0;
          // Viewers catch up irregularly, as reconnecting clients would.
          if (rand() % 3 !== 0 && !m.isOver) continue;
          const update = m.since(who, last);
          expect(update).toBeDefined();
          if (update === undefined) continue;
          expect(update.steps.map((s) => s.version)).toEqual(
            Array.from({ length: m.version - last }, (_, i) => last + i + 1),
          );
          const sent = JSON.stringify(update);
          for (const [p, hand] of getHands(m).entries()) {
            if (p === viewer) continue;
            for (const tile of hand) {
              expect(sent.includes(`"${tile}"`), `${tile} of player ${p}`).toBe(false);
              hidden++;
            }
          }
          seen.set(viewer, m.version);
        }
      }
      expect(m.status).toBe('finished');
      const result = m.result;
      expect(result.winners.every((w) => result.scores[w] === Math.max(...result.scores))).toBe(true);
      // The full record (with the seed) replays to the same scores.
      const replay = unwrap(replayRecord(m.record()));
      expect([...replay.game.scores]).toEqual(result.scores);
      expect(m.since(0, m.version + 1)).toBeUndefined();
    }
    expect(steps).toBeGreaterThan(500);
    expect(hidden).toBeGreaterThan(400); // hidden triangles checked against what was sent
  });

  it('undo only the last action, only by its player, and never once it revealed something (the next draw)', () => {
    const m = unwrap(Match.create({ players: 2, seed: 11 }));
    const rand = prng(3);
    const view = JSON.stringify(m.view(0));
    playOne(m, rand); // player 0 places: nothing revealed yet
    expect([m.mayUndo(0), m.mayUndo(1), m.mayUndo('spectator')]).toEqual([true, false, false]);
    expect(unwrap(m.undo(0)).version).toBe(0);
    expect(JSON.stringify(m.view(0))).toBe(view);
    playOne(m, rand);
    playOne(m, rand); // phase 2 ends the turn: the next tile is drawn
    expect(m.mayUndo(0)).toBe(false);
    const refused = m.undo(0);
    expect(refused.ok ? 'undone' : refused.error.code).toBe('match/no-undo');
    expect(m.version).toBe(2);
  });

  it('B-9: resignation, timeout and abort end the match with who, when and why, kept in the record', () => {
    const m = unwrap(Match.create({ players: 3, seed: 5 }, ['Ann', 'Bob', 'Cy']));
    const rand = prng(9);
    for (let i = 0; i < 7; i++) playOne(m, rand);
    expect(m.recordIsPublic).toBe(false);
    const r = unwrap(m.resign(1, AT));
    expect([r.status, r.winners, r.outcome]).toEqual([
      'resigned',
      [0, 2],
      { status: 'resigned', player: 1, at: AT, reason: 'resigned' },
    ]);
    expect(m.recordIsPublic).toBe(true);
    const after = m.submit(0, { type: 'pass' }, m.version);
    expect(after.ok ? 'accepted' : after.error.code).toBe('match/over');
    const rec = m.record();
    expect(rec.outcome).toEqual({ status: 'resigned', player: 1, at: AT, reason: 'resigned' });
    expect(rec.actions).toHaveLength(7);
    expect(unwrap(replayRecord(rec)).game.scores).toEqual(r.scores);

    const t = unwrap(Match.create({ players: 2, seed: 5 }));
    expect(unwrap(t.timeout(0, AT)).winners).toEqual([1]);
    expect(t.status).toBe('timeout');
    const a = unwrap(Match.create({ players: 2, seed: 5 }));
    expect(unwrap(a.abort(AT, 'server shut down')).winners).toEqual([]);
    const again = a.abort(AT, 'twice');
    expect(again.ok ? 'aborted' : again.error.code).toBe('match/over');
  });
});

/** Each player's face-down triangles, as each sees them in their own view (H-3). */
function getHands(m: MatchType): string[][] {
  const sizes = m.view('spectator').handSizes ?? [];
  const out: string[][] = [];
  for (let p = 0; p < sizes.length; p++) out.push(m.view(p).hands?.[p] ?? []);
  return out;
}
