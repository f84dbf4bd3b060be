import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@carc/engine';
import { describeAction, describeEvent, describeStep, pointsBreakdown } from '../src/ui/describe.js';
import { randomGame } from '../src/ui/dev/randomGame.js';

const BAD = /undefined|\[object Object\]|NaN/;

describe('ui/describe over full random games with all three expansions', () => {
  const games = [
    { players: 2, seed: 11 },
    { players: 3, seed: 12, options: { halflingsDeal: 'draft' as const, halflingsSymbols: 'on' as const } },
    { players: 4, seed: 13, options: { fairyBonus: '5' as const, towerRange: 'diagonal' as const } },
    { players: 6, seed: 14 },
  ].map((o) => randomGame(o));

  it('describes every step, event and action in plain words', () => {
    const seen = new Set<string>();
    let lines = 0;
    for (const g of games) {
      expect(g.match.isOver).toBe(true);
      for (const step of g.steps) {
        const d = describeStep(step, g.names);
        expect(d.action).not.toMatch(BAD);
        expect(describeAction(step.action, g.names)).not.toMatch(BAD);
        for (const [i, e] of step.events.entries()) {
          seen.add(e.type);
          const text = d.events[i]?.text ?? '';
          lines++;
          expect(text, JSON.stringify(e)).not.toMatch(BAD);
          expect(text.length).toBeGreaterThan(5);
          if (e.type === 'score') {
            expect(text, JSON.stringify(e)).toContain(String(e.points));
            expect(text).toContain(e.rule);
            expect(text).toContain(e.kind);
            for (const b of e.bonuses) expect(text).toContain(`+${b.points}`);
            for (const p of e.players) expect(text).toContain(g.names[p] ?? '?');
          }
          if ('rule' in e && typeof e.rule === 'string') expect(text).toContain(e.rule);
          if ('points' in e && typeof e.points === 'number') expect(text).toContain(String(e.points));
        }
      }
    }
    expect(lines).toBeGreaterThan(500);
    for (const t of ['draw', 'place', 'meeple', 'score', 'return', 'end', 'dragon', 'tower'])
      expect(seen).toContain(t);
  });

  it('breaks the final scores down by source, adding up to the scores', () => {
    for (const g of games) {
      const events: GameEvent[] = g.steps.flatMap((s) => s.events);
      const b = pointsBreakdown(events, g.names.length);
      expect(b.totals).toEqual(g.match.result.scores);
      expect(b.sources.length).toBeGreaterThan(0);
    }
  });

  it('shows unknown events with their data', () => {
    const odd = { type: 'odd', n: 1 } as unknown as GameEvent;
    expect(describeEvent(odd, [])).toBe('odd: {"type":"odd","n":1}');
  });
});
