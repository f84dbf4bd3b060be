/** The MCTS bot (mcts.ts): its search across the decisions of one turn (tree reuse), its playout placements. */
import { describe, expect, test } from 'vitest';
import { placeCell } from '@carc/engine';
import { BotRng, MctsBot, drawPlacement, seatOf } from '@carc/bots';
import { chiSquare } from '../../engine/test/chiSquare.js';
import { newGame, playRandomly, playUntil } from './helpers.js';

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

describe('playout placements (drawPlacement)', () => {
  /**
   * The chance of each legal placement when the best of `draws` uniform draws is played: with F(v)
   * the share of placements touching at most v tiles, a placement touching v tiles comes up with
   * (F(v)^draws − F(v − 1)^draws) / (placements touching v).
   */
  function expected(touching: number[], draws: number): number[] {
    const count = [0, 0, 0, 0, 0];
    for (const v of touching) count[v]!++;
    const atMost = (v: number) => count.slice(0, v + 1).reduce((a, b) => a + b, 0) / touching.length;
    return touching.map((v) => (atMost(v) ** draws - (v === 0 ? 0 : atMost(v - 1)) ** draws) / count[v]!);
  }

  test('plays the best of its draws by tiles touched, each placement as often as that predicts (B-4, H-1)', () => {
    // Beside the start tile alone, every placement touches one tile.
    const start = newGame({ players: 2, seed: 1 });
    const first = new Int32Array(start.maxMoves);
    const k = start.legalMoves(first);
    expect(k).toBeGreaterThan(4);
    for (let i = 0; i < k; i++) expect(start.state.board.touching(placeCell(first[i]!))).toBe(1);
    for (const [seed, expansions] of [
      [10, []],
      [10, ['halflings']],
    ] as const) {
      const game = newGame({ players: 2, seed, expansions });
      playRandomly(game, 40, seed);
      expect(playUntil(game, 'place', seed)).toBe(true);
      const buf = new Int32Array(game.maxMoves);
      const n = game.legalMoves(buf);
      const moves = [...buf.subarray(0, n)];
      const touching = moves.map((m) => game.state.board.touching(placeCell(m)));
      expect(new Set(touching).size).toBeGreaterThan(1); // the position can tell the policies apart
      const rng = new BotRng(seed);
      const samples = 200 * n;
      for (const draws of [1, 3]) {
        const counts = moves.map(() => 0);
        for (let i = 0; i < samples; i++) {
          const k = moves.indexOf(drawPlacement(game, rng, draws));
          expect(k).toBeGreaterThanOrEqual(0);
          counts[k]!++;
        }
        const fit = (p: number[]) =>
          chiSquare(
            counts,
            p.map((x) => x * samples),
          );
        expect(fit(expected(touching, draws)).p).toBeGreaterThan(1e-4);
        // …and not the other policy's distribution: the test tells them apart.
        expect(fit(expected(touching, 4 - draws)).p).toBeLessThan(1e-6);
      }
    }
  });
});
