/** `carcassonne simulate`: random games, for speed and sanity. */
import type { ExpansionId, Options, Game, Seed } from '@carc/engine';
import { BUILTIN, createGame, parseSeed, seedPlus, seedWords } from '@carc/engine';
import type { Io } from '../io.js';
import { CliError } from '../io.js';
import { formatJson } from '../json.js';
import { BotRng as Rng, mixSeed } from '@carc/bots';

export interface SimulateOptions {
  games: number;
  players: number;
  /** Game i is seeded seed + i (a uint32, or 32 hex digits counted modulo 2^128: seedPlus). */
  seed: Seed;
  /** Print the summary as JSON. */
  json?: boolean;
  /** Expansions in play. */
  expansions?: ExpansionId[];
  /** Options (after a preset), as the engine takes them. */
  options?: Partial<Options>;
  /** Extra tile definitions (H-0), already read from `--tiles`. */
  tiles?: unknown[];
  /** Let `tiles` replace built-in tiles of the same id (`--replace-tiles`). */
  replaceTiles?: boolean;
}

export interface GameResult {
  game: Game;
  /** Tiles drawn that fit nowhere (B-5). */
  discarded: number;
  /** Decisions taken (placements, meeples and passes). */
  moves: number;
}

export interface SimulateSummary {
  games: number;
  players: number;
  seed: Seed;
  seconds: number;
  gamesPerSecond: number;
  /** Mean final score per seat. */
  meanScores: number[];
  /** Games won per seat; a win shared by k players counts 1/k for each, as in `tournament` (B-9). */
  wins: number[];
  meanTilesPlaced: number;
  meanDiscarded: number;
  meanMoves: number;
}

/**
 * Seed of the move chooser of the game seeded `seed`: its own stream, derived from the game seed
 * (from all 128 bits of a hex seed; a uint32 seed keeps the stream it always had).
 */
const chooserSeed = (seed: Seed) =>
  typeof seed === 'number'
    ? (Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) ^ 0x165667b1) >>> 0
    : mixSeed(...seedWords(seed));

/**
 * Plays one game choosing uniformly at random among the legal moves; in the state of `reuse`, a
 * game no longer needed (see Game.create), when given.
 */
export function playRandomGame(
  seed: Seed,
  players: number,
  recordEvents = false,
  setup: Pick<SimulateOptions, 'expansions' | 'options' | 'tiles' | 'replaceTiles'> = {},
  reuse?: Game,
): GameResult {
  const created = createGame({ players, seed, recordEvents, ...setup }, BUILTIN, reuse);
  if (!created.ok) throw new CliError(created.error.message);
  const game = created.value;
  const rng = new Rng(chooserSeed(seed));
  const buf = new Int32Array(game.maxMoves);
  let moves = 0;
  while (!game.isOver) {
    const n = game.legalMoves(buf);
    if (n === 0) throw new Error(`invariant: no legal move in game ${seed} although it is not over`);
    game.play(buf[rng.int(n)] ?? 0);
    moves++;
  }
  return { game, discarded: game.state.discardCount, moves };
}

export function checkSimulateOptions(o: SimulateOptions): void {
  const bad = (msg: string) => {
    throw new CliError(msg);
  };
  if (!Number.isInteger(o.games) || o.games < 1) bad(`--games must be a positive integer, not ${o.games}`);
  if (!Number.isInteger(o.players) || o.players < 1 || o.players > 6)
    bad(`--players must be an integer from 1 to 6, not ${o.players}`);
  const seed = parseSeed(o.seed);
  if (!seed.ok) bad(`--seed ${String(o.seed)}: ${seed.error}`);
  if (typeof o.seed === 'number' && o.seed + o.games - 1 > 0xffffffff)
    bad(`--seed plus --games must stay below 4294967296 (game i is seeded seed + i)`);
}

const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * Sixtieths of a win: a win shared by k ≤ 6 players is 60/k of them each, an integer, so that
 * sums stay exact whatever the order (split runs add up to the same).
 */
const WIN_UNITS = 60;

/** What a run of games adds up to; sums of integers, so split runs add up exactly. */
export interface Totals {
  scoreSum: number[];
  /** Wins per seat in sixtieths (WIN_UNITS). */
  wins: number[];
  placed: number;
  discarded: number;
  moves: number;
}

/**
 * Plays games seeded `from` … `from + count − 1` and adds them up. Each game starts in the state of
 * the one before (Game.create's `into`): `onGame` must not keep the result's game.
 */
export function playGames(
  opts: SimulateOptions,
  from: Seed,
  count: number,
  onGame?: (done: number, result: GameResult) => void,
): Totals {
  const t: Totals = {
    scoreSum: new Array<number>(opts.players).fill(0),
    wins: new Array<number>(opts.players).fill(0),
    placed: 0,
    discarded: 0,
    moves: 0,
  };
  let last: Game | undefined;
  for (let i = 0; i < count; i++) {
    const setup = {
      expansions: opts.expansions,
      options: opts.options,
      tiles: opts.tiles,
      replaceTiles: opts.replaceTiles,
    };
    const r = playRandomGame(seedPlus(from, i), opts.players, false, setup, last);
    last = r.game;
    const scores = Array.from(r.game.scores);
    const best = Math.max(...scores);
    const share = WIN_UNITS / scores.filter((s) => s === best).length;
    scores.forEach((s, p) => {
      t.scoreSum[p] = (t.scoreSum[p] ?? 0) + s;
      if (s === best) t.wins[p] = (t.wins[p] ?? 0) + share;
    });
    t.placed += r.game.state.placedCount;
    t.discarded += r.discarded;
    t.moves += r.moves;
    onGame?.(i + 1, r);
  }
  return t;
}

/** Adds runs together (the order does not matter). */
export function addTotals(parts: readonly Totals[], players: number): Totals {
  const t: Totals = {
    scoreSum: new Array<number>(players).fill(0),
    wins: new Array<number>(players).fill(0),
    placed: 0,
    discarded: 0,
    moves: 0,
  };
  for (const part of parts) {
    part.scoreSum.forEach((v, p) => (t.scoreSum[p] = (t.scoreSum[p] ?? 0) + v));
    part.wins.forEach((v, p) => (t.wins[p] = (t.wins[p] ?? 0) + v));
    t.placed += part.placed;
    t.discarded += part.discarded;
    t.moves += part.moves;
  }
  return t;
}

/** The summary of `totals` over `seconds`. */
export function summarise(opts: SimulateOptions, totals: Totals, seconds: number): SimulateSummary {
  const { games, players, seed } = opts;
  const s = Math.max(seconds, 1e-9);
  return {
    games,
    players,
    seed,
    seconds: round(s, 3),
    gamesPerSecond: round(games / s, 1),
    meanScores: totals.scoreSum.map((v) => round(v / games)),
    wins: totals.wins.map((v) => round(v / WIN_UNITS)),
    meanTilesPlaced: round(totals.placed / games),
    meanDiscarded: round(totals.discarded / games),
    meanMoves: round(totals.moves / games),
  };
}

/** Plays the games on this thread and summarises them. `onGame` is told after each game (for a progress bar). */
export function simulate(
  opts: SimulateOptions,
  onGame?: (done: number, result: GameResult) => void,
  now: () => number = () => performance.now(),
): SimulateSummary {
  checkSimulateOptions(opts);
  const t0 = now();
  const totals = playGames(opts, opts.seed, opts.games, onGame);
  return summarise(opts, totals, (now() - t0) / 1000);
}

/**
 * Plays the games on `workers` worker threads, each a contiguous range of seeds: the totals are
 * the same as on one thread, only faster.
 */
export async function simulateParallel(
  opts: SimulateOptions,
  workers: number,
  onProgress?: (done: number) => void,
  now: () => number = () => performance.now(),
): Promise<SimulateSummary> {
  checkSimulateOptions(opts);
  const { Worker } = await import('node:worker_threads');
  const t0 = now();
  const n = Math.min(workers, opts.games);
  let done = 0;
  const parts = await Promise.all(
    Array.from({ length: n }, (_, w) => {
      const first = Math.floor((opts.games * w) / n);
      const end = Math.floor((opts.games * (w + 1)) / n);
      const from = seedPlus(opts.seed, first);
      return new Promise<Totals>((resolve, reject) => {
        const worker = new Worker(new URL('./simulateWorker.js', import.meta.url), {
          workerData: { opts, from, count: end - first },
        });
        worker.on('message', (m: { done?: true; totals?: Totals }) => {
          if (m.totals) resolve(m.totals);
          else onProgress?.(++done);
        });
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (code !== 0) reject(new Error(`a simulation worker stopped with exit code ${code}`));
        });
      });
    }),
  );
  return summarise(opts, addTotals(parts, opts.players), (now() - t0) / 1000);
}

/** The summary as a small table. */
export function formatSummary(s: SimulateSummary): string {
  const lines = [
    `${s.games} random game${s.games === 1 ? '' : 's'}, ${s.players} player${s.players === 1 ? '' : 's'}, seeds ${s.seed}..${seedPlus(s.seed, s.games - 1)}`,
    `${s.seconds.toFixed(3)} s, ${s.gamesPerSecond.toFixed(1)} games/s`,
    '',
    'seat  mean score     wins',
    ...s.meanScores.map(
      (m, p) =>
        `${String(p).padStart(4)}  ${m.toFixed(2).padStart(10)}  ${String(s.wins[p] ?? 0).padStart(7)}`,
    ),
    '',
    `mean tiles placed  ${s.meanTilesPlaced.toFixed(2)}`,
    `mean discarded     ${s.meanDiscarded.toFixed(2)}`,
    `mean moves         ${s.meanMoves.toFixed(2)}`,
  ];
  return lines.join('\n') + '\n';
}

/** Runs the command; returns the exit code. Throws CliError on bad options. */
export async function runSimulate(opts: SimulateOptions & { workers?: number }, io: Io): Promise<number> {
  checkSimulateOptions(opts);
  const bar = io.progress(opts.games, 'simulating');
  let summary: SimulateSummary;
  try {
    summary =
      (opts.workers ?? 1) > 1
        ? await simulateParallel(opts, opts.workers ?? 1, (done) => bar?.update(done), io.now)
        : simulate(opts, (done) => bar?.update(done), io.now);
  } finally {
    bar?.stop();
  }
  io.out(opts.json ? formatJson(summary) : formatSummary(summary));
  return 0;
}
