/** The turn panel's words: tiles described without their ids, and the sentence of each kind of turn. */
import type { GameView } from '@carc/engine';
import { describe, expect, it } from 'vitest';
import { tileWords } from '../src/ui/describe.js';
import { turnSentence } from '../src/ui/turn.js';

const view = (over: Partial<GameView>): GameView => ({
  viewer: 0,
  players: 2,
  phase: 'place',
  toAct: 0,
  scores: [0, 0],
  supply: [7, 7],
  drawnTile: null,
  tiles: [],
  meeples: [],
  bag: { size: 0, counts: {} },
  legalActions: [],
  expansions: [],
  current: 0,
  ...over,
});

describe('the turn panel’s words', () => {
  it('describes every built-in tile in words, never by its id', () => {
    for (const id of ['BA/RCr', 'BA/L']) {
      const w = tileWords(id);
      expect(w).toBeDefined();
      expect(w).not.toContain(id);
    }
    expect(tileWords('no such tile')).toBeUndefined();
  });

  it('says what to do on each kind of turn', () => {
    const names = ['Ada', 'Bob'];
    expect(turnSentence({ view: view({ drawnTile: 'BA/L' }), names, myTurn: true })).toMatch(
      /^Place the tile: /,
    );
    expect(turnSentence({ view: view({ toAct: 1 }), names, myTurn: false })).toBe('Waiting for Bob…');
    const halflings = view({
      phase: 'turn',
      legalActions: [{ type: 'draw' }, { type: 'triangle', tile: 'H1-1', x: 0, y: 1, rotation: 0 }],
    });
    expect(turnSentence({ view: halflings, names, myTurn: true })).toBe(
      'Your turn with the Halflings: put one of your triangles on a dashed cell, or draw a tile instead.',
    );
    const meeple = view({
      phase: 'action',
      legalActions: [{ type: 'meeple', x: 0, y: 1, feature: 0 }, { type: 'pass' }],
    });
    expect(turnSentence({ view: meeple, names, myTurn: true })).toBe(
      'Put a meeple on the tile you just placed, or place no meeple.',
    );
  });
});
