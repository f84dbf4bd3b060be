/**
 * `carcassonne tournament`: bots against each other in seat-rotated games, so no bot gains from its
 * seat; with `--ratings`, the pairwise results and the Glicko-scale ratings fitted from them
 * (@carc/bots ratings/fit.ts), which the server's bots carry (docs/ratings.md).
 */
import type {
  BotName,
  FittedRating,
  GameResult,
  MctsOptions,
  PairResult,
  TournamentConfig,
  TournamentSummary,
} from '@carc/bots';
import {
  BOT_NAMES,
  checkTournament,
  createBot,
  entryLabels,
  fitRatings,
  isBotName,
  pairShare,
  pairwiseResults,
  planTournament,
  playRounds,
  summarizeTournament,
} from '@carc/bots';
import type { ExpansionId, Options, Seed } from '@carc/engine';
import { seedPlus } from '@carc/engine';
import type { Io } from '../io.js';
import { CliError } from '../io.js';
import { formatJson } from '../json.js';
import { checkMctsFlags, mctsBudget } from './mcts.js';

export { mctsBudget };

export interface TournamentOptions {
  /** Bot names, one entry each (a name may repeat). */
  bots: string[];
  /** Games to play at least (rounded up to whole rounds of seatings). */
  games: number;
  players: number;
  /** Round r deals with seed + r (a uint32, or 32 hex digits counted modulo 2^128: seedPlus). */
  seed: Seed;
  /** MCTS budget per decision (default: DEFAULT_MCTS_BUDGET). */
  mctsIterations?: number;
  mctsMs?: number;
  json?: boolean;
  expansions?: ExpansionId[];
  options?: Partial<Options>;
  tiles?: unknown[];
  /** Let `tiles` replace built-in tiles of the same id (`--replace-tiles`). */
  replaceTiles?: boolean;
  /** Print the pairwise results and the fitted ratings (`--ratings`). */
  ratings?: boolean;
  /** Earlier `--ratings --json` outputs whose pairs join this run's in the fit (`--add-pairs`). */
  addPairs?: string[];
  /** `bot=rating`: place the fitted scale so that this bot has this rating (`--anchor`). */
  anchor?: string;
}

/** Checks the options (CliError on the first problem) and returns the bot names. */
export function checkTournamentOptions(o: TournamentOptions): BotName[] {
  const names: BotName[] = [];
  for (const b of o.bots) {
    if (!isBotName(b)) throw new CliError(`--bots: unknown bot "${b}" (${BOT_NAMES.join(', ')})`);
    names.push(b);
  }
  checkMctsFlags(o);
  const problem = checkTournament({ ...o, makeBot: () => createBot('random', 0) });
  if (problem !== undefined) throw new CliError(problem.replace(/^(games|players|seed)\b/, '--$1'));
  return names;
}

const pct = (v: number) => `${(100 * v).toFixed(1)}%`;

/** Rows as columns: the first left-aligned, the others right-aligned. */
function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) =>
    r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '),
  );
}

/** The summary as a small table. */
export function formatTournament(s: TournamentSummary, budget?: MctsOptions): string {
  const names = s.bots.map((b) => b.bot);
  const perRound = s.games / s.rounds;
  const lines = [
    `tournament: ${names.join(' vs ')}, ${s.players} player${s.players === 1 ? '' : 's'}, ${
      s.expansions.length === 0 ? 'base game' : `base + ${s.expansions.join(' + ')}`
    }`,
    `${s.games} games: ${s.rounds} round${s.rounds === 1 ? '' : 's'} of ${perRound} (every line-up in every seat rotation), deal seeds ${s.seed}..${seedPlus(s.seed, s.rounds - 1)}`,
  ];
  if (budget !== undefined) {
    const parts = [
      budget.iterations === undefined ? undefined : `${budget.iterations} iterations`,
      budget.ms === undefined ? undefined : `${budget.ms} ms`,
    ].filter((x) => x !== undefined);
    const first = parts.length > 1 ? ', whichever ends first' : '';
    lines.push(`mcts budget per decision: ${parts.join(' or ')}${first}`);
  }
  lines.push(`${s.seconds.toFixed(1)} s`, '');
  const rows = [
    ['bot', 'games', 'wins', 'win rate', '95% CI', 'mean score', 'ms/decision'],
    ...s.bots.map((b) => [
      b.bot,
      String(b.games),
      b.wins.toFixed(1),
      pct(b.winRate),
      `[${pct(b.ci95[0])}, ${pct(b.ci95[1])}]`,
      b.meanScore.toFixed(2),
      b.meanMsPerDecision.toFixed(2),
    ]),
  ];
  lines.push(...table(rows));
  return lines.join('\n') + '\n';
}

/** The pairs and ratings of `--ratings`, and the earlier runs whose pairs joined this one's. */
export interface TournamentRatings {
  pairs: PairResult[];
  /** The bot placed at a given rating, if any (else the bots average 1500). */
  anchor?: { bot: string; rating: number };
  ratings: FittedRating[];
  added: { file: string; games: number }[];
}

/** The pairwise results (a's share with its 95% interval) and the fitted ratings, strongest first. */
export function formatRatings(r: TournamentRatings): string {
  const lines = [
    'pairwise results (each game as pairs of seats: the higher final score wins, the same score draws)',
  ];
  for (const a of r.added) lines.push(`including ${a.games} pair results from ${a.file}`);
  lines.push(
    '',
    ...table([
      ['bot', 'opponent', 'games', 'wins', 'draws', 'losses', 'share', '95% CI'],
      ...r.pairs.map((p) => {
        const { share, ci95 } = pairShare(p);
        return [
          p.a,
          p.b,
          String(p.games),
          String(p.wins),
          String(p.draws),
          String(p.losses),
          pct(share),
          `[${pct(ci95[0])}, ${pct(ci95[1])}]`,
        ];
      }),
    ]),
    '',
    'ratings on the Glicko scale, fitted from every pair (Bradley-Terry, each bot a 1500/350 newcomer',
    'beforehand: the posterior mode and its standard deviation; docs/ratings.md)',
    r.anchor === undefined
      ? 'the scale: the bots average 1500'
      : `the scale: ${r.anchor.bot} placed at ${r.anchor.rating}`,
    '',
    ...table([
      ['bot', 'rating', 'deviation'],
      ...[...r.ratings]
        .sort((x, y) => y.rating - x.rating)
        .map((x) => [x.bot, x.rating.toFixed(0), x.deviation.toFixed(0)]),
    ]),
  );
  return lines.join('\n') + '\n';
}

const MAX_ADDED_PAIRS = 1000;
const count = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const own = (o: object, key: string): unknown =>
  Object.prototype.hasOwnProperty.call(o, key) ? (o as Record<string, unknown>)[key] : undefined;

/**
 * The pairs of an earlier `tournament --ratings --json` output, checked: it must have been played
 * with as many players and the same expansions (the same rating pool), and each pair's counts must
 * add up. Throws CliError naming the file and the problem.
 */
export function readAddedPairs(
  file: string,
  text: string,
  summary: Pick<TournamentSummary, 'players' | 'expansions'>,
): PairResult[] {
  const fail = (why: string): never => {
    throw new CliError(`--add-pairs ${file}: ${why}`);
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    fail('not JSON (an output of tournament --ratings --json is expected)');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return fail('not a tournament output');
  const players = own(data, 'players');
  const expansions = own(data, 'expansions');
  const pairs = own(data, 'pairs');
  if (!Array.isArray(pairs)) return fail('no "pairs" (run the tournament with --ratings --json)');
  if (pairs.length > MAX_ADDED_PAIRS) return fail(`more than ${MAX_ADDED_PAIRS} pairs`);
  if (!Array.isArray(expansions) || !expansions.every((x) => typeof x === 'string'))
    return fail('no "expansions" list');
  const theirs = [...(expansions as string[])].sort().join(',');
  const ours = [...summary.expansions].sort().join(',');
  if (players !== summary.players || theirs !== ours) {
    const pool = (n: unknown, x: string) => `${String(n)} players, ${x === '' ? 'base game' : x}`;
    fail(`played with ${pool(players, theirs)}, this tournament with ${pool(summary.players, ours)}`);
  }
  return pairs.map((p: unknown, k): PairResult => {
    if (typeof p !== 'object' || p === null) return fail(`pair ${k} is not an object`);
    const [a, b, games, wins, draws, losses] = ['a', 'b', 'games', 'wins', 'draws', 'losses'].map((key) =>
      own(p, key),
    );
    if (typeof a !== 'string' || typeof b !== 'string' || a === b || a.length > 64 || b.length > 64)
      return fail(`pair ${k}: "a" and "b" must be two different bot names`);
    if (!count(games) || !count(wins) || !count(draws) || !count(losses) || wins + draws + losses !== games)
      return fail(`pair ${k}: games must be wins + draws + losses, all whole numbers from 0`);
    return { a, b, games, wins, draws, losses };
  });
}

/** `--anchor bot=rating`, checked (the bot's name is checked once the rated bots are known). */
export function parseAnchor(value: string, ratings: boolean): { bot: string; rating: number } {
  if (!ratings) throw new CliError('--anchor needs --ratings');
  const m = /^([^=]{1,64})=(\d{1,5})$/.exec(value);
  if (m === null) throw new CliError(`--anchor must be bot=rating (e.g. greedy=1500), not "${value}"`);
  return { bot: m[1]!, rating: Number(m[2]) };
}

/** `ours` with `added` counted in (a pair given the other way round is turned), labels in order. */
function mergePairs(ours: readonly PairResult[], added: readonly PairResult[]): PairResult[] {
  const out = ours.map((p) => ({ ...p }));
  for (const p of added) {
    const same = out.find((q) => q.a === p.a && q.b === p.b);
    const turned = out.find((q) => q.a === p.b && q.b === p.a);
    if (same) {
      same.games += p.games;
      same.wins += p.wins;
      same.draws += p.draws;
      same.losses += p.losses;
    } else if (turned) {
      turned.games += p.games;
      turned.wins += p.losses;
      turned.draws += p.draws;
      turned.losses += p.wins;
    } else {
      out.push({ ...p });
    }
  }
  return out;
}

/** The `--ratings` figures of a run's games, with the pairs of earlier runs (already checked) added. */
export function tournamentRatings(
  labels: readonly string[],
  results: readonly GameResult[],
  added: readonly { file: string; pairs: readonly PairResult[] }[] = [],
  anchor?: { bot: string; rating: number },
): TournamentRatings {
  const pairs = added.reduce<PairResult[]>(
    (all, a) => mergePairs(all, a.pairs),
    pairwiseResults(labels, results),
  );
  const names = [...labels];
  for (const p of pairs) for (const x of [p.a, p.b]) if (!names.includes(x)) names.push(x);
  if (anchor !== undefined && !names.includes(anchor.bot))
    throw new CliError(`--anchor: "${anchor.bot}" is not one of the rated bots (${names.join(', ')})`);
  return {
    pairs,
    anchor,
    ratings: fitRatings(names, pairs, anchor),
    added: added.map((a) => ({ file: a.file, games: a.pairs.reduce((n, p) => n + p.games, 0) })),
  };
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The runner's configuration for the options (already checked). */
export function tournamentConfig(opts: TournamentOptions): TournamentConfig {
  const names = checkTournamentOptions(opts);
  const budget = names.includes('mcts') ? mctsBudget(opts) : undefined;
  return {
    bots: names,
    games: opts.games,
    players: opts.players,
    seed: opts.seed,
    expansions: opts.expansions,
    options: opts.options,
    tiles: opts.tiles,
    replaceTiles: opts.replaceTiles,
    makeBot: (name, seed) => createBot(name as BotName, seed, { mcts: budget }),
  };
}

/**
 * Plays the tournament on `workers` worker threads, each a contiguous range of rounds: the games
 * are the same as on one thread (with an iteration budget, move for move).
 */
export async function tournamentParallel(
  opts: TournamentOptions,
  workers: number,
  onProgress?: (done: number) => void,
  now: () => number = () => performance.now(),
): Promise<{ summary: TournamentSummary; results: GameResult[] }> {
  const config = tournamentConfig(opts);
  const { rounds } = planTournament(config);
  const { Worker } = await import('node:worker_threads');
  const t0 = now();
  const n = Math.min(workers, rounds);
  let done = 0;
  const parts = await Promise.all(
    Array.from({ length: n }, (_, w) => {
      const from = Math.floor((rounds * w) / n);
      const to = Math.floor((rounds * (w + 1)) / n);
      return new Promise<GameResult[]>((resolve, reject) => {
        const worker = new Worker(new URL('./tournamentWorker.js', import.meta.url), {
          workerData: { opts, from, to },
        });
        worker.on('message', (m: { done?: true; results?: GameResult[] }) => {
          if (m.results) resolve(m.results);
          else onProgress?.(++done);
        });
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (code !== 0) reject(new Error(`a tournament worker stopped with exit code ${code}`));
        });
      });
    }),
  );
  const results = parts.flat();
  return { summary: summarizeTournament(config, results, (now() - t0) / 1000), results };
}

/** Runs the command; returns the exit code. Throws CliError on bad options. */
export async function runTournamentCommand(
  opts: TournamentOptions & { workers?: number },
  io: Io,
): Promise<number> {
  const config = tournamentConfig(opts);
  const budget = config.bots.includes('mcts') ? mctsBudget(opts) : undefined;
  const pool = { players: opts.players, expansions: [...(opts.expansions ?? [])] };
  // Earlier runs are read and checked before this one is played, not after.
  const added = (opts.addPairs ?? []).map((file) => {
    let text: string;
    try {
      text = io.readFile(file);
    } catch (e) {
      throw new CliError(`--add-pairs ${file}: cannot read it (${(e as { code?: string }).code ?? 'error'})`);
    }
    return { file, pairs: readAddedPairs(file, text, pool) };
  });
  if (added.length > 0 && !opts.ratings) throw new CliError('--add-pairs needs --ratings');
  const anchor = opts.anchor === undefined ? undefined : parseAnchor(opts.anchor, opts.ratings === true);
  // Checked before the games, which may take hours.
  if (anchor !== undefined) tournamentRatings(entryLabels(config.bots), [], added, anchor);
  const { games } = planTournament(config);
  const bar = io.progress(games, 'tournament');
  let summary: TournamentSummary;
  let results: GameResult[];
  try {
    if ((opts.workers ?? 1) > 1) {
      ({ summary, results } = await tournamentParallel(
        opts,
        opts.workers ?? 1,
        (done) => bar?.update(done),
        io.now,
      ));
    } else {
      const t0 = io.now();
      let done = 0;
      results = playRounds(config, 0, planTournament(config).rounds, () => bar?.update(++done), io.now);
      summary = summarizeTournament(config, results, (io.now() - t0) / 1000);
    }
  } finally {
    bar?.stop();
  }
  const rated = opts.ratings
    ? tournamentRatings(entryLabels(config.bots), results, added, anchor)
    : undefined;
  if (opts.json) {
    const bots = summary.bots.map((b) => ({
      ...b,
      winRate: round(b.winRate, 4),
      ci95: b.ci95.map((v) => round(v, 4)),
      meanScore: round(b.meanScore, 2),
      meanMsPerDecision: round(b.meanMsPerDecision, 3),
    }));
    const ratings =
      rated === undefined
        ? {}
        : {
            pairs: rated.pairs.map((p) => {
              const { share, ci95 } = pairShare(p);
              return { ...p, share: round(share, 4), ci95: ci95.map((v) => round(v, 4)) };
            }),
            ratings: rated.ratings.map((r) => ({
              bot: r.bot,
              rating: round(r.rating, 1),
              deviation: round(r.deviation, 1),
            })),
            addedPairs: rated.added.length === 0 ? undefined : rated.added,
            anchor: rated.anchor,
          };
    io.out(
      formatJson({ ...summary, seconds: round(summary.seconds, 3), mctsBudget: budget, bots, ...ratings }),
    );
  } else {
    io.out(formatTournament(summary, budget) + (rated === undefined ? '' : '\n' + formatRatings(rated)));
  }
  return 0;
}
