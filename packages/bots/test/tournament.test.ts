/** The match runner (tournament.ts): schedule, statistics, legality checks, determinism. */
import { describe, expect, test } from 'vitest';
import type { Bot } from '@carc/bots';
import {
  RandomBot,
  checkTournament,
  createBot,
  entryLabels,
  playRounds,
  roundSeatings,
  runTournament,
  wilson,
} from '@carc/bots';

describe('schedule', () => {
  test('every line-up plays every seat rotation', () => {
    expect(roundSeatings(2, 2)).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(roundSeatings(3, 2)).toEqual([
      [0, 1],
      [1, 0],
      [0, 2],
      [2, 0],
      [1, 2],
      [2, 1],
    ]);
    // Fewer entries than seats: the entries repeat to fill them.
    expect(roundSeatings(2, 3)).toEqual([
      [0, 1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ]);
    expect(roundSeatings(1, 1)).toEqual([[0]]);
    // Each entry sits in each seat equally often.
    const seats = roundSeatings(4, 3);
    expect(seats).toHaveLength(4 * 3);
    for (let seat = 0; seat < 3; seat++) {
      const counts = [0, 0, 0, 0];
      for (const s of seats) counts[s[seat]!]!++;
      expect(counts).toEqual([3, 3, 3, 3]);
    }
  });

  test('a name given twice is two entries', () => {
    expect(entryLabels(['greedy', 'random', 'greedy'])).toEqual(['greedy#1', 'random', 'greedy#2']);
    expect(entryLabels(['mcts'])).toEqual(['mcts']);
  });
});

describe('Wilson interval', () => {
  test.each([
    [0, 10, 0, 0.2775],
    [10, 10, 0.7225, 1],
    [5, 10, 0.2366, 0.7634],
    [180, 200, 0.8506, 0.9343],
  ])('%f wins of %i: [%f, %f]', (w, n, lo, hi) => {
    const [a, b] = wilson(w, n);
    expect(a).toBeCloseTo(lo, 4);
    expect(b).toBeCloseTo(hi, 4);
  });

  test('no games: anything is possible', () => {
    expect(wilson(0, 0)).toEqual([0, 1]);
  });
});

describe('runTournament', () => {
  const random = (_: string, seed: number): Bot => new RandomBot(seed);

  test('plays whole rounds, shares wins, repeats from the seed', () => {
    let calls = 0;
    const config = { bots: ['random', 'random'], games: 5, players: 3, seed: 77, makeBot: random };
    const s = runTournament(config, (done, total) => {
      calls++;
      expect(done).toBe(calls);
      expect(total).toBe(6);
    });
    expect(calls).toBe(6);
    expect(s.games).toBe(6);
    expect(s.rounds).toBe(2);
    expect(s.lineups).toEqual([['random#1', 'random#2', 'random#1']]);
    expect(s.bots.map((b) => b.games)).toEqual([12, 6]);
    expect(s.bots[0]!.wins + s.bots[1]!.wins).toBeCloseTo(6, 9);
    for (const b of s.bots) {
      expect(b.ci95[0]).toBeLessThanOrEqual(b.winRate);
      expect(b.ci95[1]).toBeGreaterThanOrEqual(b.winRate);
      expect(b.decisions).toBeGreaterThan(0);
    }
    const again = runTournament(config);
    expect(again.bots.map((b) => [b.wins, b.meanScore])).toEqual(s.bots.map((b) => [b.wins, b.meanScore]));
  });

  test('deals round r from seed + r with a 128-bit seed too, carrying across words', () => {
    const seed = '0000000000000000fffffffffffffffe';
    const config = { bots: ['random'], games: 3, players: 1, seed, makeBot: random };
    const games = playRounds(config, 0, 3);
    expect(games.map((g) => g.seed)).toEqual([
      seed,
      '0000000000000000ffffffffffffffff',
      '00000000000000010000000000000000',
    ]);
    expect(runTournament(config).seed).toBe(seed);
    const again = playRounds(config, 0, 3);
    expect(again.map((g) => g.scores)).toEqual(games.map((g) => g.scores));
  });

  test('names the game and the bot when a bot returns an illegal move', () => {
    const cheat: Bot = { name: 'cheat', choose: () => 0x7ffffff1 };
    expect(() =>
      runTournament({
        bots: ['random', 'cheat'],
        games: 2,
        players: 2,
        seed: 5,
        makeBot: (name, seed) => (name === 'cheat' ? cheat : new RandomBot(seed)),
      }),
    ).toThrow(/game \d \(round 0, seed 5, seats .*\): bot cheat \(player \d\) returned an illegal move/);
  });

  test('checks its configuration', () => {
    const base = { bots: ['random'], games: 1, players: 2, seed: 1, makeBot: random };
    expect(checkTournament(base)).toBeUndefined();
    expect(checkTournament({ ...base, bots: [] })).toMatch(/at least one bot/);
    expect(checkTournament({ ...base, games: 0 })).toMatch(/games must be a positive integer/);
    expect(checkTournament({ ...base, players: 7 })).toMatch(/players must be an integer from 1 to 6/);
    expect(checkTournament({ ...base, seed: -1 })).toMatch(
      /seed -1: must be an integer from 0 to 4294967295/,
    );
    expect(checkTournament({ ...base, seed: 0xffffffff, games: 3 })).toMatch(/below 4294967296/);
    // 128-bit seeds (32 hex digits, as records take them) count on modulo 2^128.
    expect(checkTournament({ ...base, seed: 'f'.repeat(32), games: 3 })).toBeUndefined();
    expect(checkTournament({ ...base, seed: 'abc' })).toMatch(
      /seed abc: a string seed has exactly 32 hex digits/,
    );
    expect(() => runTournament({ ...base, games: 0 })).toThrow(RangeError);
  });

  test('runs the real bots with expansions (short games)', () => {
    const s = runTournament({
      bots: ['greedy', 'mcts', 'random'],
      games: 6,
      players: 2,
      seed: 11,
      expansions: ['tower', 'princess-and-dragon'],
      endAfter: 12,
      makeBot: (name, seed) =>
        createBot(name as 'greedy' | 'mcts' | 'random', seed, { mcts: { iterations: 30 } }),
    });
    expect(s.games).toBe(6);
    expect(s.expansions).toEqual(['tower', 'princess-and-dragon']);
    expect(s.bots.map((b) => b.games)).toEqual([4, 4, 4]);
  });
});
