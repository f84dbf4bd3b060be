import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@carc/engine';
import {
  describeAction,
  describeStep,
  eventPhrase,
  linkRules,
  pointsBreakdown,
  tileWords,
} from '../src/ui/describe.js';
import { randomGame } from '../src/ui/dev/randomGame.js';

const BAD = /undefined|\[object Object\]|NaN/;

/** The words of a phrase as the log shows them, rule links as their ids. */
const text = (parts: readonly object[]): string =>
  parts
    .map((p) =>
      'text' in p
        ? String(p.text)
        : 'words' in p
          ? String(p.words)
          : 'name' in p
            ? String(p.name)
            : `[${String((p as { rule: string }).rule)}]`,
    )
    .join('');

describe('ui/describe over full random games with all three expansions', () => {
  const games = [
    { players: 2, seed: 11 },
    { players: 6, seed: 14 },
  ].map((o) => randomGame(o));

  it('describes every step, event and action, naming players as the log does', () => {
    let lines = 0;
    for (const g of games) {
      for (const step of g.steps) {
        const d = describeStep(step, g.names);
        // The names differ: each player by name alone (the chip is beside the line).
        expect(text(d.action)).toMatch(new RegExp(`^${g.names[step.player]}: `));
        expect(describeAction(step.action, g.names)).not.toMatch(BAD);
        for (const [i, e] of step.events.entries()) {
          const t = text(d.events[i]?.phrase ?? []);
          lines++;
          expect(t, JSON.stringify(e)).not.toMatch(BAD);
          if (e.type === 'score') {
            expect(t).toContain(`[${e.rule}]`);
            expect(d.events[i]?.score).toBe(e.points);
            for (const p of e.players) expect(t).toContain(`${g.names[p]}`);
          }
        }
      }
    }
    expect(lines).toBeGreaterThan(300);
  });

  it('breaks the final scores down by source, adding up to the scores', () => {
    for (const g of games) {
      const events: GameEvent[] = g.steps.flatMap((s) => s.events);
      const b = pointsBreakdown(events, g.names.length);
      expect(b.totals).toEqual(g.match.result.scores);
      expect(b.sources.map((s) => s.label)).toContain('cities');
    }
  });

  it('turns "(rule B-3)" in a refusal into a rule reference', () => {
    expect(linkRules('the tile does not fit there (rule B-3)')).toEqual([
      { text: 'the tile does not fit there' },
      { rule: 'B-3' },
    ]);
    expect(linkRules('no rule here')).toEqual([{ text: 'no rule here' }]);
  });

  it('names tiles in words and shows unknown events with their fields', () => {
    expect(tileWords('BA/CRr')).toBe('a city cap with a road');
    expect(tileWords('no such tile')).toBeUndefined();
    const odd = { type: 'odd', n: 1 } as unknown as GameEvent;
    expect(text(eventPhrase(odd, []))).toBe('Odd n 1');
  });
});
