/** Playing strength: the greedy bot beats the random one (seat-rotated, two players, base game). */
import { describe, expect, test } from 'vitest';
import { createBot, runTournament } from '@carc/bots';

describe('strength', () => {
  test('greedy wins at least 90% of 40 seat-rotated two-player base games against random', () => {
    const s = runTournament({
      bots: ['greedy', 'random'],
      games: 40,
      players: 2,
      seed: 2024,
      makeBot: (name, seed) => createBot(name === 'greedy' ? 'greedy' : 'random', seed),
    });
    expect(s.games).toBe(40);
    const [greedy, random] = s.bots;
    expect(greedy!.games).toBe(40);
    expect(greedy!.wins + random!.wins).toBeCloseTo(40, 9);
    expect(greedy!.winRate).toBeGreaterThanOrEqual(0.9);
    expect(greedy!.meanScore).toBeGreaterThan(random!.meanScore + 20);
  });
});
