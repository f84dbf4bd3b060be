/** `carcassonne tournament`: bots against each other, seat-rotated, with win rates and intervals. */
import { describe, expect, it } from 'vitest';
import { RandomBot, runTournament } from '@carc/bots';
import { checkTournamentOptions, formatTournament, mctsBudget } from '../src/commands/tournament.js';
import { CliError } from '../src/io.js';
import { run } from '../src/program.js';
import { memoryIo } from './helpers.js';

describe('tournament', () => {
  it('prints the table: games, wins, win rate with its 95% interval, mean score, time per decision', async () => {
    const io = memoryIo();
    expect(await run(['tournament', '--bots', 'greedy,random', '--games', '4', '--seed', '3'], io)).toBe(0);
    expect(io.stdout).toContain('tournament: greedy vs random, 2 players, base game');
    expect(io.stdout).toContain(
      '4 games: 2 rounds of 2 (every line-up in every seat rotation), deal seeds 3..4',
    );
    expect(io.stdout).toMatch(/bot +games +wins +win rate +95% CI +mean score +ms\/decision\n/);
    expect(io.stdout).toMatch(/greedy +4 +4\.0 +100\.0% +\[51\.0%, 100\.0%\] +\d+\.\d\d +\d+\.\d\d\n/);
    expect(io.stdout).toMatch(/random +4 +0\.0 +0\.0% +\[0\.0%, 49\.0%\]/);
    expect(io.stdout).not.toContain('mcts budget');
    expect(io.stderr).toBe('');
  });

  it('prints JSON with --json, with the mcts budget when mcts plays; a progress bar only on a terminal', async () => {
    const io = memoryIo({}, true);
    const args = [
      'tournament',
      '-b',
      'mcts,random',
      '-n',
      '2',
      '-s',
      '9',
      '--mcts-iterations',
      '20',
      '--json',
    ];
    expect(await run([...args, '-x', 'tower', '-o', 'tower-range=diagonal'], io)).toBe(0);
    const s = JSON.parse(io.stdout);
    expect(s).toMatchObject({ players: 2, seed: 9, games: 2, rounds: 1, expansions: ['tower'] });
    expect(s.mctsBudget).toEqual({ iterations: 20 });
    expect(s.bots.map((b: { bot: string }) => b.bot)).toEqual(['mcts', 'random']);
    expect(s.bots[0].wins + s.bots[1].wins).toBe(2);
    expect(s.bots[0].ci95).toHaveLength(2);
    expect(io.progressCalls).toEqual([1, 2, -2]);
  });

  it('repeats exactly from the seed with an iteration budget', async () => {
    const a = memoryIo();
    const b = memoryIo();
    const args = ['tournament', '-b', 'mcts,greedy', '-n', '2', '--mcts-iterations', '15', '--json'];
    await run(args, a);
    await run(args, b);
    const strip = (out: string) =>
      (JSON.parse(out) as { bots: { wins: number; meanScore: number }[] }).bots.map((x) => [
        x.wins,
        x.meanScore,
      ]);
    expect(strip(a.stdout)).toEqual(strip(b.stdout));
  });

  it('shows the mcts budget, the default one included', () => {
    expect(mctsBudget({})).toEqual({ iterations: 1500, ms: 1000 });
    expect(mctsBudget({ mctsMs: 50 })).toEqual({ iterations: undefined, ms: 50 });
    const s = runTournament({
      bots: ['random', 'random'],
      games: 2,
      players: 2,
      seed: 1,
      makeBot: (_, seed) => new RandomBot(seed),
    });
    expect(formatTournament(s, { iterations: 100, ms: 200 })).toContain(
      'mcts budget per decision: 100 iterations or 200 ms, whichever ends first',
    );
  });

  it('validates its arguments', () => {
    const base = { bots: ['greedy'], games: 1, players: 2, seed: 1 };
    expect(checkTournamentOptions(base)).toEqual(['greedy']);
    expect(() => checkTournamentOptions({ ...base, bots: ['alphago'] })).toThrow(/unknown bot "alphago"/);
    expect(() => checkTournamentOptions({ ...base, mctsMs: 0 })).toThrow(
      /--mcts-ms must be a positive integer/,
    );
    expect(() => checkTournamentOptions({ ...base, games: 0 })).toThrow(CliError);
    expect(() => checkTournamentOptions({ ...base, seed: 0xffffffff, games: 4 })).toThrow(/below 4294967296/);
  });

  it.each([
    [['--bots', 'greedy,deep-blue'], 'unknown bot "deep-blue" (random, greedy, mcts)'],
    [['--bots', ','], 'name at least one bot'],
    [[], "required option '-b, --bots <names>' not specified"],
    [['--bots', 'random', '--games', '0'], '--games must be an integer >= 1'],
    [['--bots', 'random', '--players', '7'], '--players must be an integer from 1 to 6'],
    [['--bots', 'random', '--mcts-iterations', 'many'], '--mcts-iterations must be an integer >= 1'],
    [['--bots', 'random', '-x', 'inns'], 'unknown expansion "inns"'],
  ])('refuses %j with a clear message and exit code 2', async (args, message) => {
    const io = memoryIo();
    expect(await run(['tournament', ...args], io)).toBe(2);
    expect(io.stderr).toContain(message);
    expect(io.stdout).toBe('');
  });
});
