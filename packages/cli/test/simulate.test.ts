/** `carcassonne simulate`: random games run to the end and account for every tile (B-5, B-9, B-10). */
import { describe, expect, it } from 'vitest';
import {
  checkSimulateOptions,
  formatSummary,
  playRandomGame,
  runSimulate,
  simulate,
} from '../src/commands/simulate.js';
import { CliError } from '../src/io.js';
import { run } from '../src/program.js';
import { BotRng as Rng } from '@carc/bots';
import { memoryIo } from './helpers.js';

describe('random games', () => {
  it('20 games finish with every one of the 71 tiles drawn, and placed or discarded', () => {
    for (let seed = 100; seed < 120; seed++) {
      const { game, discarded, moves } = playRandomGame(seed, 2, true);
      expect(game.isOver).toBe(true);
      expect(game.state.bagCount).toBe(0);
      const draws = game.events.filter((e) => e.type === 'draw').length;
      const discards = game.events.filter((e) => e.type === 'discard').length;
      expect(draws).toBe(71);
      expect(discards).toBe(discarded);
      expect(game.state.placedCount + discards).toBe(71);
      expect(game.state.placedCount).toBe(game.events.filter((e) => e.type === 'place').length);
      expect(moves).toBeGreaterThanOrEqual(2 * game.state.placedCount);
      for (const s of game.scores) expect(s).toBeGreaterThanOrEqual(0);
      // Final scoring returned every meeple (B-9).
      expect(Array.from(game.state.supply)).toEqual([7, 7]);
      const end = game.events[game.events.length - 1];
      expect(end?.type).toBe('end');
    }
  });

  it('are reproducible from the seed', () => {
    const a = playRandomGame(7, 3);
    const b = playRandomGame(7, 3);
    const c = playRandomGame(8, 3);
    expect(Array.from(a.game.scores)).toEqual(Array.from(b.game.scores));
    expect(a.moves).toBe(b.moves);
    expect(JSON.stringify([...a.game.scores, a.moves])).not.toBe(JSON.stringify([...c.game.scores, c.moves]));
  });

  it('work for 1 to 6 players', () => {
    for (let p = 1; p <= 6; p++) {
      const { game } = playRandomGame(p, p);
      expect(game.isOver).toBe(true);
      expect(game.scores).toHaveLength(p);
    }
  });
});

describe('simulate', () => {
  it('summarises mean scores, wins, tiles placed and discarded', () => {
    let calls = 0;
    const s = simulate({ games: 20, players: 2, seed: 1 }, () => calls++);
    expect(calls).toBe(20);
    expect(s.games).toBe(20);
    expect(s.meanScores).toHaveLength(2);
    for (const m of s.meanScores) expect(m).toBeGreaterThanOrEqual(0);
    // A shared win counts 1/k for each of its k winners, as in the tournament: the wins add up to the games.
    expect(s.wins.reduce((a, b) => a + b, 0)).toBeCloseTo(20, 9);
    expect(s.meanTilesPlaced + s.meanDiscarded).toBeCloseTo(71, 1);
    expect(s.gamesPerSecond).toBeGreaterThan(0);
    const again = simulate({ games: 20, players: 2, seed: 1 });
    expect(again.meanScores).toEqual(s.meanScores);
    expect(formatSummary(s)).toMatch(
      /games\/s\n\nseat {2}mean score {5}wins\n {3}0 +\d+\.\d\d +\d+(\.\d+)?\n/,
    );
  });

  it('counts a shared win as 1/k for each of its k winners, as tournament does', () => {
    // Seeds 1..20 with 3 players hold games whose top score is shared.
    const s = simulate({ games: 20, players: 3, seed: 1 });
    expect(s.wins.reduce((a, b) => a + b, 0)).toBeCloseTo(20, 9);
    expect(s.wins.some((w) => !Number.isInteger(w))).toBe(true);
    expect(formatSummary(s)).toMatch(/\n {3}0 +\d+\.\d\d +\d+\.5\n/);
  });

  it('prints JSON with --json and a table otherwise; a progress bar only on a terminal', async () => {
    const io = memoryIo();
    expect(await runSimulate({ games: 3, players: 4, seed: 9, json: true }, io)).toBe(0);
    const s = JSON.parse(io.stdout);
    expect(s).toMatchObject({ games: 3, players: 4, seed: 9 });
    expect(s.meanScores).toHaveLength(4);
    expect(io.stderr).toBe('');

    const tty = memoryIo({}, true);
    await runSimulate({ games: 3, players: 2, seed: 9 }, tty);
    expect(tty.stdout).toContain('mean tiles placed');
    expect(tty.progressCalls).toEqual([1, 2, 3, -3]);
  });

  it('validates its arguments', () => {
    const bad = (o: { games: number; players: number; seed: number | string }) => () =>
      checkSimulateOptions(o);
    expect(bad({ games: 0, players: 2, seed: 1 })).toThrow(CliError);
    expect(bad({ games: 1.5, players: 2, seed: 1 })).toThrow(/--games must be a positive integer/);
    expect(bad({ games: 1, players: 7, seed: 1 })).toThrow(/--players must be an integer from 1 to 6/);
    expect(bad({ games: 1, players: 0, seed: 1 })).toThrow(/--players/);
    expect(bad({ games: 1, players: 2, seed: -1 })).toThrow(/--seed/);
    expect(bad({ games: 2, players: 2, seed: 0xffffffff })).toThrow(/below 4294967296/);
    expect(bad({ games: 1, players: 2, seed: 0xffffffff })).not.toThrow();
    expect(bad({ games: 1, players: 2, seed: 'f'.repeat(31) + 'g' })).toThrow(
      /--seed f+g: "g" at character 32/,
    );
    // 128-bit seeds count on modulo 2^128: no range to overflow.
    expect(bad({ games: 9, players: 2, seed: 'f'.repeat(32) })).not.toThrow();
  });

  it.each([
    [['--games', '0'], '--games must be an integer >= 1'],
    [['--games', 'ten'], '--games must be an integer >= 1'],
    [['--players', '7'], '--players must be an integer from 1 to 6'],
    [['--players', '2.5'], '--players must be an integer from 1 to 6'],
    [['--seed', '-3'], '--seed "-3": a string seed has exactly 32 hex digits (128 bits), not 2'],
    [['--seed', '4294967296'], '--seed "4294967296": must be an integer from 0 to 4294967295'],
    [['--bogus'], "unknown option '--bogus'"],
  ])('refuses %j with a clear message and exit code 2', async (args, message) => {
    const io = memoryIo();
    expect(await run(['simulate', ...args], io)).toBe(2);
    expect(io.stderr).toContain(message);
    expect(io.stdout).toBe('');
  });

  it('runs through the program with defaults and the sim alias', async () => {
    const io = memoryIo();
    expect(await run(['sim', '--games', '2', '--seed', '3', '--json'], io)).toBe(0);
    expect(JSON.parse(io.stdout)).toMatchObject({ games: 2, players: 2, seed: 3 });
  });
});

describe('Rng', () => {
  it('is deterministic and stays in range', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 6000; i++) {
      const x = a.int(6);
      expect(x).toBe(b.int(6));
      counts[x] = (counts[x] ?? 0) + 1;
    }
    for (const c of counts) expect(c).toBeGreaterThan(850);
  });
});
