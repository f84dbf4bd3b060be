/**
 * Every bot returns only legal moves, for every decision of every expansion combination (X-1..X-8),
 * decisions out of turn included (D-7: the dragon's steps are chosen by `toAct`, not `current`).
 */
import { describe, expect, test } from 'vitest';
import type { Bot } from '@carc/bots';
import { GreedyBot, MctsBot, RandomBot, seatOf } from '@carc/bots';
import type { Game } from '@carc/engine';
import { moveType } from '@carc/engine';
import { EXPANSION_SETS, OPTION_SETS, newGame } from './helpers.js';

interface Seen {
  phases: Set<string>;
  types: Set<number>;
  outOfTurn: number;
  decisions: number;
}

const seen = (): Seen => ({ phases: new Set(), types: new Set(), outOfTurn: 0, decisions: 0 });

/** Plays `game` to its end with bots[p] in seat p; fails on the first illegal move. */
function playChecked(game: Game, bots: readonly Bot[], s: Seen, label: string): void {
  const legal = new Int32Array(game.maxMoves);
  while (!game.isOver) {
    const p = game.toAct;
    const n = game.legalMoves(legal);
    const bot = bots[p]!;
    const move = bot.choose(seatOf(game, p));
    let ok = false;
    for (let i = 0; i < n && !ok; i++) ok = legal[i] === move;
    if (!ok) {
      expect.fail(
        `${label}: ${bot.name} (player ${p}) chose ${move} in phase ${game.phaseName}, not among ` +
          `${Array.from(legal.subarray(0, n)).join(',')}`,
      );
    }
    s.phases.add(game.phaseName);
    s.types.add(moveType(move));
    if (p !== game.current) s.outOfTurn++;
    s.decisions++;
    game.play(move);
  }
}

/** Games per expansion set and option set: the full counts under `npm run test:soak`. */
const SOAK = process.env.CARC_SOAK === '1';
const RANDOM_EACH = SOAK ? 50 : 20;
const GREEDY_EACH = SOAK ? 32 : 8;

describe('bots return only legal moves', () => {
  test(`random: ${32 * RANDOM_EACH} full games, every expansion set and option set, 1 to 4 players`, () => {
    const s = seen();
    let games = 0;
    for (const [e, expansions] of EXPANSION_SETS.entries()) {
      for (const [o, options] of OPTION_SETS.entries()) {
        for (let k = 0; k < RANDOM_EACH; k++) {
          const players = 1 + ((e + o + k) % 4);
          const seed = 1000 * e + 100 * o + k;
          const game = newGame({ players, seed, expansions, options });
          const bots = Array.from({ length: players }, (_, p) => new RandomBot(seed * 7 + p));
          playChecked(game, bots, s, `random, ${expansions.join('+') || 'base'}, seed ${seed}`);
          games++;
        }
      }
    }
    expect(games).toBe(EXPANSION_SETS.length * OPTION_SETS.length * RANDOM_EACH);
    // Every kind of decision came up, and every move type was chosen at least once.
    expect([...s.phases].sort()).toEqual(
      ['action', 'capture', 'crop-circle', 'draft', 'dragon', 'place', 'turn'].sort(),
    );
    expect([...s.types].sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect(s.outOfTurn).toBeGreaterThan(games * 0.6);
  });

  test(`greedy: ${32 * GREEDY_EACH} games (a quarter full, the rest 40 tiles), every expansion set and option set, against itself and random`, () => {
    const s = seen();
    let games = 0;
    for (const [e, expansions] of EXPANSION_SETS.entries()) {
      for (const [o, options] of OPTION_SETS.entries()) {
        for (let k = 0; k < GREEDY_EACH; k++) {
          const players = 1 + ((e + o + k) % 4);
          const seed = 5000 + 1000 * e + 100 * o + k;
          const full = k % 4 === 0;
          const game = newGame({ players, seed, expansions, options, endAfter: full ? undefined : 40 });
          const bots = Array.from({ length: players }, (_, p) =>
            p === 0 || k % 2 === 1 ? new GreedyBot(seed * 7 + p) : new RandomBot(seed * 7 + p),
          );
          playChecked(game, bots, s, `greedy, ${expansions.join('+') || 'base'}, seed ${seed}`);
          games++;
        }
      }
    }
    expect(games).toBe(EXPANSION_SETS.length * OPTION_SETS.length * GREEDY_EACH);
    expect([...s.phases].sort()).toEqual(
      ['action', 'capture', 'crop-circle', 'draft', 'dragon', 'place', 'turn'].sort(),
    );
    expect([...s.types].sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect(s.outOfTurn).toBeGreaterThan(games * 0.45);
  });

  test('mcts (20 iterations): 96 games of 24 tiles, every expansion set and option set, against greedy or random', () => {
    const s = seen();
    let games = 0;
    for (const [e, expansions] of EXPANSION_SETS.entries()) {
      for (const [o, options] of OPTION_SETS.entries()) {
        for (let k = 0; k < 3; k++) {
          const players = 2 + ((e + o + k) % 2);
          const seed = 9000 + 100 * e + 10 * o + k;
          const game = newGame({ players, seed, expansions, options, endAfter: 24 });
          const bots = Array.from({ length: players }, (_, p) =>
            p === 0 || p === 2
              ? new MctsBot(seed * 7 + p, { iterations: 20 })
              : (e + o) % 2 === 0
                ? new GreedyBot(seed * 7 + p)
                : new RandomBot(seed * 7 + p),
          );
          playChecked(game, bots, s, `mcts, ${expansions.join('+') || 'base'}, seed ${seed}`);
          games++;
        }
      }
    }
    expect(games).toBe(96);
    expect([...s.phases].sort()).toEqual(
      ['action', 'capture', 'crop-circle', 'draft', 'dragon', 'place', 'turn'].sort(),
    );
    expect(s.outOfTurn).toBeGreaterThan(20);
    expect(s.phases.has('place') && s.phases.has('action')).toBe(true);
    expect(s.decisions).toBeGreaterThan(4500);
  });
});
