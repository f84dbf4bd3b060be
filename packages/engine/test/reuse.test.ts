/**
 * A new game in the state of one no longer needed (Game.create's `into`, what simulations do):
 * it must play exactly as a freshly allocated game, whatever the earlier game left behind (a
 * grown grid, meeples, towers, a dragon, hands).
 */
import { describe, expect, test } from 'vitest';
import type { Game, GameConfig } from '@carc/engine';
import { BUILTIN, createGame, unwrap } from '@carc/engine';
import { xorshift } from './playout.js';

const SUBSETS: NonNullable<GameConfig['expansions']>[] = [
  [],
  ['halflings'],
  ['tower'],
  ['princess-and-dragon'],
  ['halflings', 'tower', 'princess-and-dragon'],
];

/** Plays a game out with a seeded choice of moves; returns everything it did. */
function playOut(game: Game, seed: number): string {
  const buf = new Int32Array(game.maxMoves);
  const moves: number[] = [];
  const rng = xorshift(seed);
  while (!game.isOver) {
    const n = game.legalMoves(buf);
    const m = buf[rng() % n]!;
    moves.push(m);
    game.play(m);
  }
  return JSON.stringify({ moves, scores: game.scores, events: game.events, snap: game.toSnapshot() });
}

describe('a game started in the state of another', () => {
  for (const expansions of SUBSETS) {
    test(`plays as a fresh game: ${expansions.join(' + ') || 'base game'}`, () => {
      // The last game of each player count: the next one of that count starts in its state.
      const last = new Map<number, Game>();
      let reused = 0;
      for (let seed = 0; seed < 30; seed++) {
        const config: GameConfig = { players: 2 + (seed % 3), seed, expansions, recordEvents: true };
        const fresh = playOut(unwrap(createGame(config)), seed);
        const into = last.get(config.players);
        const before = into?.state;
        const game = unwrap(createGame(config, BUILTIN, into));
        if (game.state === before) reused++;
        expect(playOut(game, seed)).toEqual(fresh);
        last.set(config.players, game);
      }
      expect(reused).toBe(27);
    });
  }

  test('the state is reused when the shape matches, and copies of the earlier game are no longer of its lineage', () => {
    const config: GameConfig = { players: 2, seed: 1, expansions: ['tower'] };
    const first = unwrap(createGame(config));
    playOut(first, 1);
    const copy = first.clone();
    const state = first.state;
    const second = unwrap(createGame({ ...config, seed: 2 }, BUILTIN, first));
    expect(second.state).toBe(state);
    expect(second.sameLineage(copy)).toBe(false);
    expect(playOut(second, 2)).toEqual(playOut(unwrap(createGame({ ...config, seed: 2 })), 2));
    // Another shape (players, options, a set-up) gets a state of its own.
    const other = unwrap(createGame({ ...config, players: 3 }, BUILTIN, second));
    expect(other.state).not.toBe(state);
    const options = unwrap(createGame({ ...config, options: { tinyCityScoring: 2 } }, BUILTIN, second));
    expect(options.state).not.toBe(state);
  });
});
