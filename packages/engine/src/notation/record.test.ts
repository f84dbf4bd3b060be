import { describe, expect, test } from 'vitest';
import { createGame } from '../expansions/index.js';
import type { Game } from '../rules/game.js';
import { viewOf } from '../rules/view.js';
import { makeRecord, parseRecord, readRecord, redactRecord, replayRecord } from './record.js';

const base = { format: 'carcassonne-record', version: 1, players: ['Ann', 'Ben'] };
const errorOf = (text: string) => {
  const r = parseRecord(text);
  if (r.ok) {
    const rep = replayRecord(r.value);
    if (rep.ok) throw new Error('expected an error');
    return rep.error.message;
  }
  return r.error.message;
};

describe('game records', () => {
  test('bad records get the line/column or path and the reason', () => {
    expect(errorOf('{\n  "format": "carcassonne-record",\n  "version": 1,\n  players: []\n}')).toMatch(
      /^line 4, column 3/,
    );
    expect(errorOf(JSON.stringify({ ...base, actions: [], colour: 'red' }))).toBe('colour: unknown field');
    expect(errorOf(JSON.stringify({ ...base, version: 2, actions: [] }))).toBe(
      'version: unsupported version (this program reads 1)',
    );
    expect(errorOf(JSON.stringify({ ...base, options: { 'tiny-city-scoring': 3 }, actions: [] }))).toBe(
      'options.tiny-city-scoring: 3 is not allowed (4, 2)',
    );
    expect(
      errorOf(
        JSON.stringify({
          ...base,
          seed: 1,
          actions: [{ player: 0, type: 'place', x: 1, y: 0, rotation: 45 }],
        }),
      ),
    ).toBe('actions[0].rotation: must be 0, 90, 180 or 270');
    expect(errorOf(JSON.stringify({ ...base, draws: ['BA/C', 'BA/Nope'], actions: [] }))).toBe(
      'draws[1]: unknown tile id "BA/Nope"',
    );
    expect(
      errorOf(
        JSON.stringify({
          ...base,
          draws: ['BA/C'],
          actions: [{ player: 0, type: 'place', x: 1, y: 0, rotation: 0 }],
        }),
      ),
    ).toBe(
      'actions[0]: tile/edge-mismatch (B-4): BA/C at (1,0) rotation 0: its west side does not match the neighbouring tile',
    );
    expect(
      errorOf(
        JSON.stringify({
          ...base,
          draws: ['BA/C'],
          actions: [{ player: 1, type: 'place', x: 0, y: -1, rotation: 180 }],
        }),
      ),
    ).toBe("actions[0]: turn/not-your-turn (B-3): it is player 0's turn to act, not player 1's");
    expect(
      errorOf(
        JSON.stringify({
          ...base,
          seed: 3,
          setup: { tiles: [{ tile: 'BA/C', x: 1, y: 0, rotation: 0 }] },
          actions: [],
        }),
      ),
    ).toBe('setup.tiles[0]: BA/C at (1,0) rotation 0: its west side does not match the neighbouring tile');
    expect(
      errorOf(
        JSON.stringify({
          ...base,
          tiles: [{ id: 'T/1', features: [{ kind: 'road', edges: 'X' }] }],
          actions: [],
        }),
      ),
    ).toBe('tiles: tile "T/1": features[0].edges: "X" is not a side of a square tile (N E S W)');
    // H-13: `meeple` names one of the owner's meeples on a shared spot by its number, 0..6.
    const capture = { player: 0, type: 'capture', owner: 1, x: 0, y: 0, feature: 1 };
    for (const meeple of [7, -1, 1.5, '1']) {
      expect(errorOf(JSON.stringify({ ...base, seed: 1, actions: [{ ...capture, meeple }] }))).toBe(
        'actions[0].meeple: must be a meeple number from 0 to 6',
      );
    }
    expect(errorOf(JSON.stringify({ ...base, seed: 1, actions: [{ ...capture, meeple: 6 }] }))).toMatch(
      /^actions\[0\]: action\/wrong-phase/,
    );
    expect(
      errorOf(
        JSON.stringify({
          ...base,
          seed: 1,
          actions: [{ player: 0, type: 'dragon', direction: 'n', meeple: 0 }],
        }),
      ),
    ).toBe('actions[0].meeple: unknown field for a dragon');
  });

  test('refuses what would otherwise be silently ignored or misread', () => {
    const act = { type: 'place', x: 0, y: -1, rotation: 180 };
    // A player given as a string.
    expect(errorOf(JSON.stringify({ ...base, actions: [{ player: '0', ...act }] }))).toBe(
      'actions[0].player: must be a number, not the string "0": write 0 without quotes',
    );
    expect(errorOf(JSON.stringify({ ...base, actions: [{ player: 'Ann', ...act }] }))).toBe(
      'actions[0].player: must be a player number (an index into "players", from 0), not "Ann"',
    );
    const meeple = { player: '1', x: 0, y: 0, feature: 0 };
    expect(errorOf(JSON.stringify({ ...base, setup: { meeples: [meeple] }, actions: [] }))).toBe(
      'setup.meeples[0].player: must be a number, not the string "1": write 1 without quotes',
    );
    // An expansion listed twice.
    expect(errorOf(JSON.stringify({ ...base, expansions: ['tower', 'tower'], actions: [] }))).toBe(
      'expansions[1]: "tower" is listed twice',
    );
    // An option of an expansion that is not in play.
    expect(errorOf(JSON.stringify({ ...base, options: { 'tower-pieces': 1 }, actions: [] }))).toBe(
      'options.tower-pieces: an option of the expansion "tower", which this record does not play (add it to "expansions")',
    );
    expect(
      errorOf(
        JSON.stringify({
          ...base,
          expansions: ['tower'],
          options: { 'dragon-move': 'after-scoring' },
          actions: [],
        }),
      ),
    ).toBe(
      'options.dragon-move: an option of the expansion "princess-and-dragon", which this record does not play (add it to "expansions")',
    );
    const fine = parseRecord(
      JSON.stringify({ ...base, expansions: ['tower'], options: { 'tower-pieces': 1 }, actions: [] }),
    );
    expect(fine.ok).toBe(true);
    // A configuration with an expansion twice (not only records).
    const twice = createGame({ players: 2, expansions: ['tower', 'tower'] });
    expect(twice.ok ? '' : twice.error.message).toBe('expansions[1]: "tower" is listed twice');
  });

  test('a record can start from a set-up position; set-up tiles leave the bag', () => {
    const r = readRecord({
      ...base,
      seed: 7,
      setup: {
        tiles: [{ tile: 'BA/CFc.1', x: 0, y: -1, rotation: 90 }],
        meeples: [{ player: 1, x: 0, y: -1, feature: 0 }],
        scores: [5, 2],
      },
      actions: [],
    });
    if (!r.ok) throw new Error(r.error.message);
    const rep = replayRecord(r.value);
    if (!rep.ok) throw new Error(rep.error.message);
    const view = viewOf(rep.value.game, 0);
    expect(view.tiles).toHaveLength(2);
    expect(view.meeples).toEqual([{ player: 1, x: 0, y: -1, feature: 0, kind: 'city', meeple: 0 }]);
    expect(view.supply).toEqual([7, 6]);
    expect(view.scores).toEqual([5, 2]);
    expect(view.bag.size).toBe(72 - 2 - 1); // start, set-up tile, and the tile just drawn
    expect(view.bag.counts['BA/CFc.1']).toBeUndefined(); // its only copy is on the board
  });

  test('a record made from a played game replays to the same state', () => {
    const config = { players: 3, seed: 99, options: { tinyCityScoring: 2 as const } };
    const g = createGame(config);
    if (!g.ok) throw new Error(g.error.message);
    const game = g.value;
    const actions = [];
    let i = 0;
    while (!game.isOver) {
      const legal = game.legalActions();
      const action = legal[(i++ * 7919) % legal.length];
      actions.push({ player: game.toAct, action });
      game.play(unwrapEncode(game, action));
    }
    const text = JSON.stringify(makeRecord(config, actions));
    const parsed = parseRecord(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.options.tinyCityScoring).toBe(2);
    const rep = replayRecord(parsed.value);
    if (!rep.ok) throw new Error(rep.error.message);
    expect(viewOf(rep.value.game, -1)).toEqual(viewOf(game, -1));
  });
});

function unwrapEncode(game: Game, action: Parameters<Game['encode']>[0]): number {
  const m = game.encode(action);
  if (!m.ok) throw new Error(m.error.message);
  return m.value;
}

describe('H-3 a record shown to a player', () => {
  test("keeps the public game and the viewer's hand, never the seed, the pile or other hands", () => {
    const config = { players: 3, seed: 21, expansions: ['halflings' as const] };
    const g = createGame(config);
    if (!g.ok) throw new Error(g.error.message);
    const game = g.value;
    const buf = new Int32Array(game.maxMoves);
    const actions = [];
    for (let i = 0; i < 12; i++) {
      const m = buf[(i * 5) % game.legalMoves(buf)];
      actions.push({ player: game.toAct, action: game.toAction(m) });
      game.play(m);
    }
    const rec = readRecord(makeRecord(config, actions));
    if (!rec.ok) throw new Error(rec.error.message);
    const shown = redactRecord(rec.value, 1);
    if (!shown.ok) throw new Error(shown.error.message);
    const text = JSON.stringify(shown.value);
    expect(shown.value.seed).toBeUndefined();
    expect(shown.value.draws).toBeUndefined();
    const hands = [0, 1, 2].map((p) => viewOf(game, p).hands?.[p] ?? []);
    expect(shown.value.hand).toEqual(hands[1]);
    // Another player's triangles appear only once played (in the actions), never from their hand.
    for (const id of [...hands[0], ...hands[2]]) expect(text).not.toContain(`"${id}"`);
    expect((shown.value.actions as unknown[]).length).toBe(12);
  });
});
