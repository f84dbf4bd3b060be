/** `carcassonne tournament`: bots against each other in seat-rotated games, so no bot gains from its seat. */
import type { BotName, GameResult, MctsOptions, TournamentConfig, TournamentSummary } from '@carc/bots';
import {
  BOT_NAMES,
  checkTournament,
  createBot,
  isBotName,
  planTournament,
  runTournament,
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
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows) {
    lines.push(
      r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '),
    );
  }
  return lines.join('\n') + '\n';
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
): Promise<TournamentSummary> {
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
  return summarizeTournament(config, parts.flat(), (now() - t0) / 1000);
}

/** Runs the command; returns the exit code. Throws CliError on bad options. */
export async function runTournamentCommand(
  opts: TournamentOptions & { workers?: number },
  io: Io,
): Promise<number> {
  const config = tournamentConfig(opts);
  const budget = config.bots.includes('mcts') ? mctsBudget(opts) : undefined;
  const bar = io.progress(planTournament(config).games, 'tournament');
  let summary: TournamentSummary;
  try {
    summary =
      (opts.workers ?? 1) > 1
        ? await tournamentParallel(opts, opts.workers ?? 1, (done) => bar?.update(done), io.now)
        : runTournament(config, (done) => bar?.update(done), io.now);
  } finally {
    bar?.stop();
  }
  if (opts.json) {
    const bots = summary.bots.map((b) => ({
      ...b,
      winRate: round(b.winRate, 4),
      ci95: b.ci95.map((v) => round(v, 4)),
      meanScore: round(b.meanScore, 2),
      meanMsPerDecision: round(b.meanMsPerDecision, 3),
    }));
    io.out(formatJson({ ...summary, seconds: round(summary.seconds, 3), mctsBudget: budget, bots }));
  } else {
    io.out(formatTournament(summary, budget));
  }
  return 0;
}
