/** `carcassonne tournament`: bots against each other, seat-rotated, with win rates and intervals. */
import { describe, expect, it } from 'vitest';
import { RandomBot, fitRatings, pairwiseResults, runTournament } from '@carc/bots';
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

describe('tournament --ratings', () => {
  it('prints the pairwise results with their 95% intervals and the fitted ratings, strongest first', async () => {
    const io = memoryIo();
    expect(await run(['tournament', '-b', 'random,greedy', '-n', '4', '-s', '3', '--ratings'], io)).toBe(0);
    expect(io.stdout).toContain(
      'pairwise results (each game as pairs of seats: the higher final score wins, the same score draws)',
    );
    expect(io.stdout).toMatch(/bot +opponent +games +wins +draws +losses +share +95% CI\n/);
    expect(io.stdout).toMatch(/random +greedy +4 +0 +0 +4 +0\.0% +\[0\.0%, 49\.0%\]\n/);
    expect(io.stdout).toMatch(/bot +rating +deviation\ngreedy +(\d+) +(\d+)\nrandom +(\d+) +(\d+)\n$/);
    const [, high, highDev, low, lowDev] = /greedy +(\d+) +(\d+)\nrandom +(\d+) +(\d+)\n$/.exec(io.stdout)!;
    // Two entries with a prior each centred on 1500: the fit is symmetric about it.
    expect(Number(high) + Number(low)).toBeCloseTo(3000, -1);
    expect(Number(highDev)).toBe(Number(lowDev));
    expect(Number(high)).toBeGreaterThan(1500);
  });

  it('orders the fitted ratings as the pairwise shares say, and gives them in the JSON', async () => {
    const io = memoryIo();
    const args = ['tournament', '-b', 'random,greedy,random', '-n', '24', '-s', '15', '--ratings', '--json'];
    expect(await run(args, io)).toBe(0);
    const s = JSON.parse(io.stdout) as {
      pairs: {
        a: string;
        b: string;
        games: number;
        wins: number;
        draws: number;
        losses: number;
        share: number;
        ci95: number[];
      }[];
      ratings: { bot: string; rating: number; deviation: number }[];
    };
    expect(s.pairs.map((p) => `${p.a}-${p.b}`)).toEqual([
      'random#1-greedy',
      'random#1-random#2',
      'greedy-random#2',
    ]);
    for (const p of s.pairs) {
      expect(p.games).toBe(8);
      expect(p.wins + p.draws + p.losses).toBe(p.games);
      expect(p.share).toBeCloseTo((p.wins + p.draws / 2) / p.games, 4);
      expect(p.ci95[0]).toBeLessThanOrEqual(p.share);
      expect(p.ci95[1]).toBeGreaterThanOrEqual(p.share);
    }
    const rating = new Map(s.ratings.map((r) => [r.bot, r.rating]));
    expect(rating.get('greedy')).toBeGreaterThan(Math.max(rating.get('random#1')!, rating.get('random#2')!));
    const randoms = s.pairs[1]!;
    expect(randoms.share).not.toBe(0.5);
    expect(rating.get('random#1')! > rating.get('random#2')!).toBe(randoms.share > 0.5);
    for (const r of s.ratings) expect(r.deviation).toBeGreaterThan(0);
  });

  it('places the scale at an anchor: the same gaps and deviations, the anchor at its rating', async () => {
    const args = ['tournament', '-b', 'random,greedy', '-n', '10', '-s', '5', '--ratings', '--json'];
    const free = memoryIo();
    const anchored = memoryIo();
    await run(args, free);
    await run([...args, '--anchor', 'greedy=1500'], anchored);
    type Out = { ratings: { bot: string; rating: number; deviation: number }[]; anchor?: unknown };
    const a = (JSON.parse(free.stdout) as Out).ratings;
    const b = JSON.parse(anchored.stdout) as Out;
    expect(a[0]!.rating + a[1]!.rating).toBeCloseTo(3000, 0);
    expect(b.anchor).toEqual({ bot: 'greedy', rating: 1500 });
    expect(b.ratings[1]).toEqual({ bot: 'greedy', rating: 1500, deviation: a[1]!.deviation });
    expect(b.ratings[0]!.rating - 1500).toBeCloseTo(a[0]!.rating - a[1]!.rating, 0);
  });

  it('adds the pairs of an earlier run of the same pool to the fit, and refuses those of another', async () => {
    const first = memoryIo();
    await run(['tournament', '-b', 'random,greedy', '-n', '6', '-s', '20', '--ratings', '--json'], first);
    const io = memoryIo({ 'earlier.json': first.stdout });
    const args = [
      'tournament',
      '-b',
      'greedy,random',
      '-n',
      '4',
      '-s',
      '40',
      '--ratings',
      '--add-pairs',
      'earlier.json',
    ];
    expect(await run([...args, '--json'], io)).toBe(0);
    const s = JSON.parse(io.stdout) as {
      pairs: { a: string; b: string; games: number; losses: number }[];
      addedPairs: unknown;
    };
    // The earlier pair (random against greedy) is turned to this run's order (greedy first).
    expect(s.pairs).toEqual([expect.objectContaining({ a: 'greedy', b: 'random', games: 10, losses: 0 })]);
    expect(s.addedPairs).toEqual([{ file: 'earlier.json', games: 6 }]);
    const text = memoryIo({ 'earlier.json': first.stdout });
    expect(await run(args, text)).toBe(0);
    expect(text.stdout).toContain('including 6 pair results from earlier.json');

    const refused = async (extra: string[], files: Record<string, string>, message: string) => {
      const r = memoryIo(files);
      expect(await run(['tournament', '-b', 'greedy,random', '-n', '2', ...extra], r)).toBe(2);
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe('');
    };
    await refused(
      ['--ratings', '--players', '3', '--add-pairs', 'e.json'],
      { 'e.json': first.stdout },
      '--add-pairs e.json: played with 2 players, base game, this tournament with 3 players, base game',
    );
    await refused(
      ['--ratings', '-x', 'tower', '--add-pairs', 'e.json'],
      { 'e.json': first.stdout },
      'this tournament with 2 players, tower',
    );
    await refused(['--add-pairs', 'e.json'], { 'e.json': first.stdout }, '--add-pairs needs --ratings');
    await refused(['--anchor', 'greedy=1500'], {}, '--anchor needs --ratings');
    await refused(['--ratings', '--anchor', 'greedy'], {}, '--anchor must be bot=rating');
    await refused(
      ['--ratings', '--anchor', 'mcts=1500'],
      {},
      '"mcts" is not one of the rated bots (greedy, random)',
    );
    await refused(['--ratings', '--add-pairs', 'e.json'], { 'e.json': '{"players":2' }, 'e.json: not JSON');
    const forged = JSON.stringify({
      players: 2,
      expansions: [],
      pairs: [{ a: 'greedy', b: 'random', games: 5, wins: 9, draws: 0, losses: 0 }],
    });
    await refused(
      ['--ratings', '--add-pairs', 'e.json'],
      { 'e.json': forged },
      'pair 0: games must be wins + draws + losses',
    );
    await refused(
      ['--ratings', '--add-pairs', '/nonexistent/e.json'],
      {},
      '--add-pairs /nonexistent/e.json: cannot read it (ENOENT)',
    );
  });
});

describe('fitRatings', () => {
  const pair = (a: string, b: string, wins: number, draws: number, losses: number) => ({
    a,
    b,
    games: wins + draws + losses,
    wins,
    draws,
    losses,
  });

  it('puts even results at 1500 and a 76% share about 200 points apart, as Glicko expects', () => {
    const even = fitRatings(['x', 'y'], [pair('x', 'y', 10, 4, 10)]);
    expect(even[0]!.rating).toBeCloseTo(1500, 6);
    expect(even[1]!.rating).toBeCloseTo(1500, 6);
    // 400 · log10(0.76 / 0.24) = 200.2 points; with 10,000 games the prior hardly counts.
    const [x, y] = fitRatings(['x', 'y'], [pair('x', 'y', 7600, 0, 2400)]);
    expect(x!.rating - y!.rating).toBeCloseTo(200.2, 0);
    expect(x!.deviation).toBeLessThan(5);
    // Draws count half: 3 wins, 2 draws, 1 loss is the share of 4 wins and 2 losses.
    expect(fitRatings(['x', 'y'], [pair('x', 'y', 3, 2, 1)])).toEqual(
      fitRatings(['x', 'y'], [pair('x', 'y', 4, 0, 2)]),
    );
  });

  it('keeps a clean sweep finite, and rates a chain a > b > c in order through b', () => {
    const [a, b] = fitRatings(['a', 'b'], [pair('a', 'b', 400, 0, 0)]);
    expect(Number.isFinite(a!.rating)).toBe(true);
    expect(a!.rating).toBeGreaterThan(b!.rating + 600);
    const chain = fitRatings(['a', 'b', 'c'], [pair('a', 'b', 30, 0, 10), pair('b', 'c', 30, 0, 10)]);
    expect(chain[0]!.rating).toBeGreaterThan(chain[1]!.rating);
    expect(chain[1]!.rating).toBeGreaterThan(chain[2]!.rating);
    // c never met a: its rating is less sure than b's, which played everyone.
    expect(chain[2]!.deviation).toBeGreaterThan(chain[1]!.deviation);
  });

  it('reads a three-player game as three pairs, equal scores a draw', () => {
    const game = {
      index: 0,
      round: 0,
      seed: 1,
      seats: ['a', 'b', 'c'],
      scores: [50, 50, 20],
      winners: [0, 1],
      decisions: [],
      ms: [],
    };
    expect(pairwiseResults(['a', 'b', 'c'], [game])).toEqual([
      pair('a', 'b', 0, 1, 0),
      pair('a', 'c', 1, 0, 0),
      pair('b', 'c', 1, 0, 0),
    ]);
  });
});
