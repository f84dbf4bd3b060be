/** The heuristic (evaluate.ts) and the copy-free phase-2 scoring it is built for (lookahead.ts). */
import { describe, expect, test } from 'vitest';
import { Lookahead, evaluate, tilesLeft } from '@carc/bots';
import { M_MEEPLE, moveType } from '@carc/engine';
import { EXPANSION_SETS, newGame, playRandomly } from './helpers.js';

describe('evaluate', () => {
  test('at the end of the game it is the exact margin, in every expansion set', () => {
    for (const [e, expansions] of EXPANSION_SETS.entries()) {
      for (const players of [1, 2, 3]) {
        const g = newGame({ players, seed: 300 + 10 * e + players, expansions });
        playRandomly(g, 10_000, e * 7 + players);
        expect(g.isOver).toBe(true);
        expect(tilesLeft(g)).toBe(0);
        for (let p = 0; p < players; p++) {
          const others = Array.from(g.scores).filter((_, q) => q !== p);
          const margin = g.scores[p]! - (others.length === 0 ? 0 : Math.max(...others));
          expect(evaluate(g, p)).toBe(margin);
        }
      }
    }
  });

  test('with two players it is zero-sum, and it never changes the game', () => {
    for (const [e, expansions] of EXPANSION_SETS.entries()) {
      const g = newGame({ players: 2, seed: 400 + e, expansions });
      for (let step = 0; step < 12 && !g.isOver; step++) {
        playRandomly(g, 9, step * 13 + e);
        const before = JSON.stringify([
          Array.from(g.state.meepleSeg),
          Array.from(g.state.graph.meeples),
          g.state.bagCount,
        ]);
        expect(evaluate(g, 0)).toBeCloseTo(-evaluate(g, 1), 9);
        expect(
          JSON.stringify([
            Array.from(g.state.meepleSeg),
            Array.from(g.state.graph.meeples),
            g.state.bagCount,
          ]),
        ).toBe(before);
      }
    }
  });

  test('a meeple scored without a copy (put on and taken back) agrees with playing the move (B-6, B-7)', () => {
    // Base game: the evaluation of a phase-2 position counts completed features as scored, so the
    // copy-free leaf must equal the evaluation after the move, the turn's scoring and the next draw.
    const look = new Lookahead();
    let checked = 0;
    let meeples = 0;
    for (let seed = 0; seed < 40; seed++) {
      const g = newGame({ players: 2 + (seed % 3), seed: 500 + seed });
      const buf = new Int32Array(g.maxMoves);
      for (let step = 0; !g.isOver; step++) {
        const n = g.legalMoves(buf);
        if (g.phaseName === 'action' && step % 3 === 0) {
          const me = g.toAct;
          for (let i = 0; i < n; i++) {
            const move = buf[i]!;
            const fast = look.simpleScore(g, me, move);
            const copy = g.clone();
            copy.play(move);
            if (copy.state.discardCount !== g.state.discardCount) continue; // B-5 changes the tiles left
            expect(fast).toBeCloseTo(evaluate(copy, me), 9);
            checked++;
            if (moveType(move) === M_MEEPLE) meeples++;
          }
        }
        g.play(buf[(step * 7919 + seed) % n]!);
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(meeples).toBeGreaterThan(500);
  });

  test('simpleScores (one evaluation plus the meeple or fairy move) equals simpleScore move by move, and relative to the position with two players, in every expansion set', () => {
    const look = new Lookahead();
    let meeples = 0;
    let fairies = 0;
    for (const [e, expansions] of EXPANSION_SETS.entries()) {
      for (let seed = 0; seed < 6; seed++) {
        const g = newGame({ players: 2 + (seed % 4), seed: 900 + 10 * e + seed, expansions });
        const buf = new Int32Array(g.maxMoves);
        const batch = new Float64Array(g.maxMoves);
        const relative = new Float64Array(g.maxMoves);
        for (let step = 0; !g.isOver; step++) {
          const n = g.legalMoves(buf);
          if (g.phaseName === 'action') {
            const me = g.toAct;
            look.simpleScores(g, me, buf, n, batch);
            // Relative (the playouts' form): with two players the change from the position's value.
            look.simpleScores(g, me, buf, n, relative, true);
            const here = g.players === 2 ? evaluate(g, me) : 0;
            for (let i = 0; i < n; i++) {
              const one = look.simpleScore(g, me, buf[i]!);
              if (Number.isNaN(one)) expect(batch[i]).toBeNaN();
              else expect(batch[i]).toBeCloseTo(one, 9);
              if (Number.isNaN(one)) expect(relative[i]).toBeNaN();
              else expect(relative[i]! + here).toBeCloseTo(one, 9);
              if (moveType(buf[i]!) === M_MEEPLE) meeples++;
              if (moveType(buf[i]!) === g.moveCode('fairy')) fairies++;
            }
          }
          g.play(buf[(step * 7919 + seed) % n]!);
        }
      }
    }
    expect(meeples).toBeGreaterThan(2000);
    expect(fairies).toBeGreaterThan(500); // D-14: her moves are scored the same way
  });

  test('tilesLeft counts the drawn tile and respects endAfter', () => {
    const g = newGame({ players: 2, seed: 1 });
    expect(tilesLeft(g)).toBe(71); // 72 base tiles less the start tile; the first one is drawn
    const short = newGame({ players: 2, seed: 1, endAfter: 5 });
    expect(tilesLeft(short)).toBe(5);
    playRandomly(short, 2, 3);
    expect(tilesLeft(short)).toBe(4);
  });
});
