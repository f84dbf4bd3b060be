import { describe, expect, test } from 'vitest';
import { unwrap } from '../util/result.js';
import { createGame } from '../expansions/index.js';
import type { Game } from './game.js';
import { viewOf } from './view.js';

const play = (g: Game, moves: number, seed: number) => {
  const buf = new Int32Array(g.maxMoves);
  let r = seed;
  for (let i = 0; i < moves && !g.isOver; i++) {
    r = (Math.imul(r, 1103515245) + 12345) >>> 0;
    g.play(buf[r % g.legalMoves(buf)]);
  }
};

describe('determinize: what a player may not see is resampled, what they see is kept (H-3)', () => {
  test('the viewer sees the same game; future draws and other hands are resampled', () => {
    const g = unwrap(
      createGame({ players: 3, seed: 4, expansions: ['halflings', 'tower', 'princess-and-dragon'] }),
    );
    play(g, 8, 9);
    const viewer = g.toAct;
    const a = g.determinize(viewer, 1);
    const b = g.determinize(viewer, 2);
    for (const d of [a, b]) expect(viewOf(d, viewer)).toEqual(viewOf(g, viewer));
    // Hidden parts differ between samples: the next draws, and (usually) the other players' hands.
    const drawsOf = (d: Game) => {
      const out: string[] = [];
      const buf = new Int32Array(d.maxMoves);
      while (!d.isOver && out.length < 10) {
        if (d.drawnTile && d.phaseName === 'place') out.push(d.drawnTile);
        d.play(buf[0 % d.legalMoves(buf)]);
      }
      return out.join(' ');
    };
    expect(drawsOf(a.clone())).not.toBe(drawsOf(b.clone()));
    const hands = (d: Game, p: number) => JSON.stringify(viewOf(d, p).hands?.[p]);
    const others = [0, 1, 2].filter((p) => p !== viewer);
    expect(others.some((p) => hands(a, p) !== hands(g, p) || hands(b, p) !== hands(g, p))).toBe(true);
    // …and the real game is untouched.
    expect(viewOf(g, -1)).toEqual(viewOf(g.clone(), -1));
  });

  test('determinizing or cloning into a used copy (no allocation) gives the same game as a fresh copy', () => {
    // The copy reuses the arrays of a game played on past the source, so stale entries are there
    // to be found: every cell array must match whole, and the two games must play on identically.
    const firstDiff = (a: ArrayLike<number>, b: ArrayLike<number>, n = a.length) => {
      for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
      return -1;
    };
    const sets = [
      [],
      ['halflings'],
      ['tower', 'princess-and-dragon'],
      ['halflings', 'tower', 'princess-and-dragon'],
    ];
    let compared = 0;
    for (const [e, expansions] of sets.entries()) {
      const g = unwrap(createGame({ players: 2 + e, seed: 60 + e, expansions: expansions as never }));
      const pool = g.determinize(0, 99);
      const clonePool = g.clone();
      for (let round = 0; !g.isOver; round++) {
        const viewer = g.toAct;
        // Dirty the pools: play them on, often to the end.
        play(pool, 1000, round);
        play(clonePool, 1000, round + 3);
        const pairs = [
          [g.determinize(viewer, round), g.determinize(viewer, round, pool), pool],
          [g.clone(), g.cloneInto(clonePool), clonePool],
        ] as const;
        for (const [fresh, reused, into] of pairs) {
          expect(reused).toBe(into);
          const [a, b] = [fresh.state.board, reused.state.board];
          for (const k of ['cellTiles', 'inFrontier', 'sideSlot', 'sideType', 'facing'] as const) {
            expect(firstDiff(a[k], b[k]), k).toBe(-1);
          }
          expect(firstDiff(a.slotCell, b.slotCell, a.slotCount)).toBe(-1);
          expect(firstDiff(fresh.state.graph.meeples, reused.state.graph.meeples)).toBe(-1);
          expect(firstDiff(fresh.state.graph.parent, reused.state.graph.parent)).toBe(-1);
          expect(viewOf(reused, viewer)).toEqual(viewOf(fresh, viewer));
          play(fresh, 1000, round + 7);
          play(reused, 1000, round + 7);
          expect(Array.from(reused.scores)).toEqual(Array.from(fresh.scores));
          expect(viewOf(reused, -1)).toEqual(viewOf(fresh, -1));
        }
        compared++;
        play(g, 9, round * 31 + 5);
      }
    }
    expect(compared).toBeGreaterThan(40);
    const other = unwrap(createGame({ players: 2, seed: 1 }));
    expect(() => other.determinize(0, 1, unwrap(createGame({ players: 2, seed: 1 })))).toThrow(RangeError);
    expect(() => other.cloneInto(unwrap(createGame({ players: 2, seed: 1 })))).toThrow(RangeError);
    expect(() => other.cloneInto(other)).toThrow(RangeError);
  });

  test('a scripted pile becomes a shuffled one: its order is hidden', () => {
    const draws = ['BA/RFr', 'BA/C', 'BA/L', 'BA/Rr', 'BA/CRr', 'BA/RRR'];
    const g = unwrap(createGame({ players: 2, draws }));
    const seen = new Set<string>();
    for (let s = 0; s < 20; s++) {
      const d = g.determinize(0, s);
      d.apply({ type: 'place', x: 1, y: 0, rotation: 0 });
      d.apply({ type: 'pass' });
      seen.add(d.drawnTile ?? '');
    }
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe('H-3 the deal', () => {
  test('hands are shuffled by the seed, and set-up triangles leave the set', () => {
    const handsOf = (seed: number) => {
      const g = unwrap(createGame({ players: 2, seed, expansions: ['halflings'] }));
      return JSON.stringify([0, 1].map((p) => viewOf(g, p).hands?.[p]));
    };
    expect(new Set([1, 2, 3, 4, 5].map(handsOf)).size).toBeGreaterThan(3);
    const setup = { tiles: [{ tile: 'H1-07', x: 0, y: 1, rotation: 0 as const }] };
    for (let seed = 0; seed < 30; seed++) {
      const g = unwrap(
        createGame({ players: 6, seed, expansions: ['halflings'], setup, options: { halflingsHand: 4 } }),
      );
      for (let p = 0; p < 6; p++) expect(viewOf(g, p).hands?.[p]).not.toContain('H1-07');
    }
  });
});
