/** Figure targets placed in the artwork (B-6, D-10, D-14, T-2, T-3, H-13): one point per legal figure action, inside its tile. */
import { describe, expect, it } from 'vitest';
import { createGame, figureTargets, unwrap } from '@carc/engine';
import { targetPoints } from '../src/index.js';

describe('target points', () => {
  it('gives every legal figure action a point inside its tile, in random games with all three expansions', () => {
    let seen = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const expansions = ['halflings', 'tower', 'princess-and-dragon'];
      const g = unwrap(createGame({ players: 3, seed, expansions, options: { halflingsSymbols: 'on' } }));
      let k = seed;
      while (!g.isOver) {
        const points = targetPoints(g);
        expect(points.map((p) => p.action)).toEqual(figureTargets(g).map((t) => t.action));
        for (const p of points) {
          // Inside the cell; a triangle's points lie in its half (right angle at its corner).
          expect(p.at.x).toBeGreaterThan(0);
          expect(p.at.x).toBeLessThan(1);
          expect(p.at.y).toBeGreaterThan(0);
          expect(p.at.y).toBeLessThan(1);
          const inHalf: Record<string, boolean> = {
            nw: p.at.x + p.at.y < 1,
            ne: p.at.x > p.at.y,
            se: p.at.x + p.at.y > 1,
            sw: p.at.x < p.at.y,
          };
          if (p.corner !== undefined) expect(inHalf[p.corner], JSON.stringify(p)).toBe(true);
          seen++;
        }
        const legal = g.legalActions();
        k = (k * 1103515245 + 12345) >>> 0;
        unwrap(g.apply(legal[k % legal.length], g.toAct));
      }
    }
    expect(seen).toBeGreaterThan(1000);
  });
});
