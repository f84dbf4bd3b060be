import { describe, expect, test } from 'vitest';
import { unwrap } from '../util/result.js';
import { createGame } from '../expansions/index.js';
import type { Game } from './game.js';
import { viewOf } from './view.js';

const start = (draws: string[]) => unwrap(createGame({ players: 2, draws }));

describe('views hide the order of the tile bag', () => {
  test('two games whose piles differ only in the order of undrawn tiles look the same to everyone', () => {
    const a = start(['BA/RFr', 'BA/C', 'BA/L', 'BA/Rr']);
    const b = start(['BA/RFr', 'BA/Rr', 'BA/C', 'BA/L']);
    for (const viewer of [-1, 0, 1]) expect(viewOf(a, viewer)).toEqual(viewOf(b, viewer));
    // …and they are different games: the next draws differ.
    a.apply({ type: 'place', x: 1, y: 0, rotation: 0 });
    b.apply({ type: 'place', x: 1, y: 0, rotation: 0 });
    a.apply({ type: 'pass' });
    b.apply({ type: 'pass' });
    expect(a.drawnTile).toBe('BA/C');
    expect(b.drawnTile).toBe('BA/Rr');
  });

  test('seeded games: the view shows counts by kind, never the seed or the generator state', () => {
    const g = unwrap(createGame({ players: 3, seed: 12345 }));
    const view = viewOf(g, 1);
    expect(view.bag.size).toBe(70);
    expect(Object.values(view.bag.counts).reduce((s, n) => s + n, 0)).toBe(70);
    const text = JSON.stringify(view);
    for (const word of ['seed', 'rng', '12345']) expect(text).not.toContain(word);
    expect(view.legalActions).toEqual([]); // not player 1's turn
    expect(viewOf(g, 0).legalActions.length).toBeGreaterThan(0);
  });
});

describe('refused actions change nothing', () => {
  test('B-4 B-6 every kind of refusal leaves the game exactly as it was', () => {
    const g = unwrap(createGame({ players: 2, seed: 5 }));
    const attempts = [
      { type: 'place', x: 40, y: 0, rotation: 0 },
      { type: 'place', x: 0, y: 0, rotation: 0 },
      { type: 'place', x: 1, y: 1, rotation: 90 },
      { type: 'place', x: 0, y: -1, rotation: 33 },
      { type: 'meeple', x: 0, y: 0, feature: 0 },
      { type: 'pass' },
      { type: 'jump' },
    ];
    const before = JSON.stringify(viewOf(g, -1));
    const clone = g.clone();
    for (const a of attempts) {
      const r = g.apply(a as Parameters<Game['apply']>[0]);
      expect(r.ok, JSON.stringify(a)).toBe(false);
      if (!r.ok) expect(r.error.message.length).toBeGreaterThan(10);
    }
    expect(g.apply({ type: 'pass' }, 1).ok).toBe(false);
    expect(JSON.stringify(viewOf(g, -1))).toBe(before);
    expect(Array.from(g.rng)).toEqual(Array.from(clone.rng));
    expect(Array.from(g.graph.parent)).toEqual(Array.from(clone.graph.parent));
  });
});
