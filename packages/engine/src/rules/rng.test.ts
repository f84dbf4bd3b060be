import { describe, expect, test } from 'vitest';
import { createGame } from '../expansions/index.js';
import { makeRecord, parseRecord, replayRecord } from '../notation/record.js';
import { viewOf } from './view.js';
import { nextU32, parseSeed, randomSeed, seedPlus, seedRng, seedWords } from './rng.js';

/** The tiles a game deals, in order, when every turn takes the first legal move. */
function deal(seed: number | string, turns = 20): string[] {
  const g = createGame({ players: 2, seed });
  if (!g.ok) throw new Error(g.error.message);
  const game = g.value;
  const buf = new Int32Array(game.maxMoves);
  const out: string[] = [];
  while (!game.isOver && out.length < turns) {
    if (game.phaseName === 'place') out.push(game.drawnTile ?? '');
    game.legalMoves(buf);
    game.play(buf[0]);
  }
  return out;
}

describe('seeds', () => {
  test('a 32-bit seed seeds the generator exactly as before 128-bit seeds existed', () => {
    const st = new Uint32Array(4);
    seedRng(st, 42);
    expect(Array.from({ length: 5 }, () => nextU32(st))).toEqual([
      1028872839, 2516511472, 400437680, 853279530, 1920286840,
    ]);
    expect(deal(42)).toEqual(deal(42));
  });

  test('seeds differing only in their high bits deal differently', () => {
    const low = '0000000000000000000000000000002a';
    const high = '8000000000000000000000000000002a';
    expect(deal(low)).not.toEqual(deal(high));
    expect(deal('00000001000000000000000000000000')).not.toEqual(deal('00000000000000000000000000000000'));
    expect(deal(high)).toEqual(deal(high.toUpperCase()));
  });

  test('randomSeed gives 32 hex digits, fresh each time', () => {
    const a = randomSeed();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomSeed()).not.toBe(a);
    expect(parseSeed(a).ok).toBe(true);
  });

  test('malformed seeds are refused precisely', () => {
    const msg = (seed: number | string) => {
      const r = createGame({ players: 2, seed });
      return r.ok ? 'accepted' : r.error.message;
    };
    expect(msg('abc')).toBe('seed: a string seed has exactly 32 hex digits (128 bits), not 3');
    expect(msg('0123456789abcdef0123456789abcdeg')).toBe(
      'seed: "g" at character 32 is not a hex digit (0-9, a-f)',
    );
    expect(msg(-1)).toBe('seed: must be an integer from 0 to 4294967295 or 32 hex digits, not -1');
    expect(msg(2 ** 32)).toMatch(/^seed: must be an integer from 0 to 4294967295/);
    expect(parseSeed(true)).toEqual({
      ok: false,
      error: 'must be an integer from 0 to 4294967295 or a string of 32 hex digits',
    });
    const rec = parseRecord(
      JSON.stringify({
        format: 'carcassonne-record',
        version: 1,
        players: ['A', 'B'],
        seed: 'x'.repeat(32),
        actions: [],
      }),
    );
    expect(rec.ok ? 'accepted' : rec.error.message).toBe(
      'seed: "x" at character 1 is not a hex digit (0-9, a-f)',
    );
  });

  test('a record keeps a hex seed and replays it', () => {
    const seed = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    const config = { players: 2, seed, expansions: ['tower'] };
    const g = createGame(config);
    if (!g.ok) throw new Error(g.error.message);
    const game = g.value;
    const actions = [];
    const buf = new Int32Array(game.maxMoves);
    for (let i = 0; i < 30 && !game.isOver; i++) {
      const n = game.legalMoves(buf);
      const m = buf[(i * 7) % n];
      actions.push({ player: game.toAct, action: game.toAction(m) });
      game.play(m);
    }
    const text = JSON.stringify(makeRecord(config, actions));
    expect(text).toContain(`"seed":"${seed}"`);
    const rec = parseRecord(text);
    if (!rec.ok) throw new Error(rec.error.message);
    expect(rec.value.seed).toBe(seed);
    const rep = replayRecord(rec.value);
    if (!rep.ok) throw new Error(rep.error.message);
    expect(viewOf(rep.value.game, -1)).toEqual(viewOf(game, -1));
  });
});

describe('seedPlus and seedWords (runs of games seeded S, S+1, …)', () => {
  test('a uint32 adds; 128 bits add with carries across words, modulo 2^128', () => {
    expect(seedPlus(5, 3)).toBe(8);
    expect(seedPlus('000000000000000000000000FFFFFFFF', 0)).toBe('000000000000000000000000FFFFFFFF');
    expect(seedPlus('000000000000000000000000ffffffff', 1)).toBe('00000000000000000000000100000000');
    expect(seedPlus('ffffffffffffffffffffffffffffffff', 2)).toBe('00000000000000000000000000000001');
    expect(seedPlus('0'.repeat(32), 2 ** 40 + 1)).toBe('00000000000000000000010000000001');
  });

  test('the words of a seed: one for a uint32, four (most significant first) for 128 bits', () => {
    expect(seedWords(9)).toEqual([9]);
    expect(seedWords('0123456789abcdef0123456789ABCDEF')).toEqual([
      0x01234567, 0x89abcdef, 0x01234567, 0x89abcdef,
    ]);
    expect(() => seedWords('xyz')).toThrow(/invalid seed xyz/);
  });
});
