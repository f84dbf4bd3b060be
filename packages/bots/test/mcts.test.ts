/** The MCTS bot's search across the decisions of one turn (mcts.ts): tree reuse. */
import { describe, expect, test } from 'vitest';
import { MctsBot, seatOf } from '@carc/bots';
import { newGame } from './helpers.js';

const ALL_THREE = ['halflings', 'tower', 'princess-and-dragon'] as const;

describe('mcts', () => {
  test('keeps the search below its move for its next decision in the same turn, and only then (B-6, T-3, H-4)', () => {
    let reused = 0;
    let fresh = 0;
    for (const seed of [41, 42]) {
      const game = newGame({ players: 2, seed, expansions: ALL_THREE, endAfter: 30 });
      const bots = [new MctsBot(seed, { iterations: 60 }), new MctsBot(seed + 1, { iterations: 60 })];
      const buf = new Int32Array(game.maxMoves);
      let previous = { player: -1, turn: -1, chose: -1 };
      while (!game.isOver) {
        const p = game.toAct;
        const n = game.legalMoves(buf);
        const move = bots[p]!.choose(seatOf(game, p));
        expect(Array.from(buf.subarray(0, n))).toContain(move);
        const again = previous.player === p && previous.turn === game.turn;
        if (bots[p]!.lastReused > 0) {
          // Only the same player, in the same turn, straight after its own decision.
          expect(again).toBe(true);
          expect(bots[p]!.lastReused).toBeLessThanOrEqual(60);
          reused++;
        } else if (again && n > 1) {
          fresh++;
        }
        game.play(move);
        previous = { player: p, turn: game.turn, chose: move };
      }
    }
    // Most follow-up decisions (phase 2 after a placement) reuse the search; some were not searched
    // in the tree (a move no iteration went below, or another's decision came between).
    expect(reused).toBeGreaterThan(20);
    expect(reused).toBeGreaterThan(fresh);
  });

  test('a follow-up decision after a move other than its choice searches afresh', () => {
    const game = newGame({ players: 2, seed: 43, expansions: ALL_THREE });
    const bot = new MctsBot(7, { iterations: 80 });
    const buf = new Int32Array(game.maxMoves);
    let checked = 0;
    for (let k = 0; k < 200 && !game.isOver && checked < 5; k++) {
      const n = game.legalMoves(buf);
      if (game.phaseName !== 'place' || n < 2) {
        game.play(buf[k % n]!);
        continue;
      }
      const p = game.toAct;
      const chosen = bot.choose(seatOf(game, p));
      // Someone else decides for the player (a hint not taken): another placement.
      const other = Array.from(buf.subarray(0, n)).find((m) => m !== chosen)!;
      game.play(other);
      if (game.toAct === p && game.legalMoves(buf) > 1) {
        bot.choose(seatOf(game, p));
        expect(bot.lastReused).toBe(0);
        checked++;
      }
    }
    expect(checked).toBe(5);
  });
});
