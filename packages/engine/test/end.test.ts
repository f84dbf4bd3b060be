/**
 * B-9 with B-5 and H-4: when no tile left in the pile fits anywhere the game ends with the turn that
 * placed the last tile, unless the next player holds a triangle that fits (H-4: they may play it
 * instead of drawing, which can open the board to square tiles again).
 *
 * The position comes from a seeded game (3 players, Halflings, seed 268) played by a fixed
 * sequence of choices: after seven triangles around the start tile, every cell next to the board
 * is half covered, so no square tile fits; the next player holds a triangle that does.
 */
import { describe, expect, it } from 'vitest';
import { createGame } from '@carc/engine';

describe('B-9 H-4: the end when no tile of the pile fits', () => {
  it('a next player with a triangle that fits still has their turn', () => {
    const created = createGame({ players: 3, seed: 268, expansions: ['halflings'] });
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    const buf = new Int32Array(game.maxMoves);
    let r = Math.imul(268, 2654435761) >>> 0;
    let blocked = 0;
    while (!game.isOver && game.state.placedCount === 0) {
      const s = game.state;
      if (game.phaseName === 'turn' && s.placedCount === 0) {
        let fits = false;
        for (let i = 0; i < s.bagCount; i++) fits ||= s.board.fitsAnywhere(s.bag[i]);
        if (!fits) blocked++;
      }
      const n = game.legalMoves(buf);
      r = (Math.imul(r, 1664525) + 1013904223) >>> 0;
      game.play(buf[r % n]);
    }
    // The turn began although no square fitted: a triangle was offered, and played.
    expect(blocked).toBeGreaterThan(0);
    expect(game.isOver).toBe(false);
    expect(game.state.discardCount).toBe(0);
  });
});
