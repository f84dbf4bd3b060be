/**
 * Matches between bots: seat-rotated games and their statistics. Pure: no I/O; the clock and the
 * bots come from the caller.
 *
 * Schedule: the entries (bot names, in order; a name given twice is two entries, `greedy#1` and
 * `greedy#2`) are grouped into line-ups of `players` seats: every combination of `players` entries
 * when there are enough of them, else the entries repeated in order to fill the seats. A *round*
 * plays every line-up in every seat rotation (so with two players each pairing plays both seat
 * orders), all on the same deal: round r uses tile-bag seed `seed + r`. Games are played round after
 * round until at least `games` games are played, so the count is a whole number of rounds.
 *
 * Statistics per entry (over the seats it held): games, wins (a win shared by k seats counts 1/k),
 * win rate with its 95% Wilson score interval, mean final score, and mean time per decision (every
 * decision the bot was asked for, forced ones included). The runner checks every move a bot
 * returns against the legal moves and throws on an illegal one, naming the game and the move.
 *
 * A game depends only on the configuration and its number (its deal and its bots' seeds derive from
 * them), so `playRounds` can play any range of rounds, on any thread, and `summarizeTournament`
 * joins the results: the same figures (timings aside) as one `runTournament`.
 */
import type { ExpansionId, Options, Game, Seed } from '@carc/engine';
import { createGame, parseSeed, seedPlus, seedWords } from '@carc/engine';
import { mixSeed } from './rng.js';
import type { Bot } from './seat.js';
import { seatOf } from './seat.js';

export interface TournamentConfig {
  /** Bot names, one entry each (at least 1). */
  bots: readonly string[];
  /** Games to play at least (rounded up to whole rounds). */
  games: number;
  /** Players per game (1..6). */
  players: number;
  /**
   * Round r deals with seed `seed + r` (a uint32, or 32 hex digits counted modulo 2^128: seedPlus);
   * bot seeds derive from it too.
   */
  seed: Seed;
  expansions?: readonly ExpansionId[];
  options?: Partial<Options>;
  /** Extra tile definitions (H-0). */
  tiles?: readonly unknown[];
  /** Let `tiles` redefine built-in tile ids (H-0), as GameConfig.replaceTiles. */
  replaceTiles?: boolean;
  /** End each game after this many tiles (short games for tests). */
  endAfter?: number;
  /** Creates the bot called `name` with its own seed. */
  makeBot: (name: string, seed: number) => Bot;
}

export interface GameResult {
  /** 0-based game number. */
  index: number;
  round: number;
  /** Tile-bag seed of the game. */
  seed: Seed;
  /** Entry label per seat. */
  seats: string[];
  scores: number[];
  /** Seats with the best score. */
  winners: number[];
  /** Decisions per seat, and the time they took (ms). */
  decisions: number[];
  ms: number[];
}

export interface BotStats {
  /** Entry label: the bot name, with `#k` when a name is entered several times. */
  bot: string;
  games: number;
  /** Wins, a shared win counting 1/k. */
  wins: number;
  winRate: number;
  /** 95% Wilson score interval of the win rate. */
  ci95: [number, number];
  meanScore: number;
  decisions: number;
  meanMsPerDecision: number;
}

export interface TournamentSummary {
  players: number;
  seed: Seed;
  expansions: string[];
  rounds: number;
  games: number;
  /** Line-ups of one round, before seat rotation. */
  lineups: string[][];
  bots: BotStats[];
  seconds: number;
}

/** The entry labels: names as given, numbered `name#k` where a name repeats. */
export function entryLabels(bots: readonly string[]): string[] {
  return bots.map((b, i) => {
    const same = bots.filter((x) => x === b).length;
    return same > 1 ? `${b}#${bots.slice(0, i + 1).filter((x) => x === b).length}` : b;
  });
}

/** The seatings of one round: every line-up in every rotation, as entry indices per seat. */
export function roundSeatings(entries: number, players: number): number[][] {
  const lineups: number[][] = [];
  if (entries >= players) {
    const pick = (from: number, chosen: number[]) => {
      if (chosen.length === players) {
        lineups.push(chosen);
        return;
      }
      for (let i = from; i < entries; i++) pick(i + 1, [...chosen, i]);
    };
    pick(0, []);
  } else {
    lineups.push(Array.from({ length: players }, (_, s) => s % entries));
  }
  const out: number[][] = [];
  for (const l of lineups) for (let r = 0; r < players; r++) out.push(l.map((_, s) => l[(s + r) % players]!));
  return out;
}

/** 95% Wilson score interval for `wins` successes out of `n` (wins may be fractional). */
export function wilson(wins: number, n: number, z = 1.959964): [number, number] {
  if (n === 0) return [0, 1];
  const p = wins / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const half = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const d = 1 + z2 / n;
  return [Math.max(0, (centre - half) / d), Math.min(1, (centre + half) / d)];
}

/** Checks a configuration; returns a message for the first problem, or undefined. */
export function checkTournament(c: TournamentConfig): string | undefined {
  if (c.bots.length === 0) return 'at least one bot is needed';
  if (!Number.isInteger(c.games) || c.games < 1) return `games must be a positive integer, not ${c.games}`;
  if (!Number.isInteger(c.players) || c.players < 1 || c.players > 6)
    return `players must be an integer from 1 to 6, not ${c.players}`;
  const seed = parseSeed(c.seed);
  if (!seed.ok) return `seed ${String(c.seed)}: ${seed.error}`;
  const rounds = Math.ceil(c.games / roundSeatings(c.bots.length, c.players).length);
  if (typeof c.seed === 'number' && c.seed + rounds - 1 > 0xffffffff)
    return 'seed plus the number of rounds must stay below 4294967296';
  return undefined;
}

/**
 * Plays `game` to its end with `bots[p]` in seat p, checking every returned move against the legal
 * ones, and returns the decisions each bot took and their time (ms).
 */
export function playMatch(
  game: Game,
  bots: readonly Bot[],
  now: () => number = () => performance.now(),
): { decisions: number[]; ms: number[] } {
  const seats = bots.map((_, p) => seatOf(game, p));
  const decisions = new Array<number>(bots.length).fill(0);
  const ms = new Array<number>(bots.length).fill(0);
  const legal = new Int32Array(game.maxMoves);
  while (!game.isOver) {
    const p = game.toAct;
    const n = game.legalMoves(legal);
    if (n === 0) throw new Error(`invariant: player ${p} must act but has no legal move`);
    const bot = bots[p]!;
    const t = now();
    const move = bot.choose(seats[p]!);
    ms[p]! += now() - t;
    decisions[p]!++;
    let ok = false;
    for (let i = 0; i < n && !ok; i++) ok = legal[i] === move;
    if (!ok) {
      throw new Error(
        `bot ${bot.name} (player ${p}) returned an illegal move ${move} in phase ${game.phaseName}`,
      );
    }
    game.play(move);
  }
  return { decisions, ms };
}

/** The round count and seatings a configuration asks for. */
export function planTournament(config: TournamentConfig): {
  labels: string[];
  seatings: number[][];
  rounds: number;
  games: number;
} {
  const problem = checkTournament(config);
  if (problem !== undefined) throw new RangeError(problem);
  const labels = entryLabels(config.bots);
  const seatings = roundSeatings(labels.length, config.players);
  const rounds = Math.ceil(config.games / seatings.length);
  return { labels, seatings, rounds, games: rounds * seatings.length };
}

/**
 * Plays rounds `from` … `to − 1` of the tournament and returns their games. A game depends only on
 * the configuration and its number, so rounds may be split between threads and the results joined.
 */
export function playRounds(
  config: TournamentConfig,
  from: number,
  to: number,
  onGame?: (result: GameResult) => void,
  now: () => number = () => performance.now(),
): GameResult[] {
  const { labels, seatings } = planTournament(config);
  const out: GameResult[] = [];
  // Each game starts in the state of the one before (createGame's `into`): nothing keeps it.
  let previous: Game | undefined;
  for (let round = from; round < to; round++) {
    const seed = seedPlus(config.seed, round);
    for (const [k, seating] of seatings.entries()) {
      const index = round * seatings.length + k;
      const created = createGame(
        {
          players: config.players,
          seed,
          expansions: config.expansions,
          options: config.options,
          tiles: config.tiles,
          replaceTiles: config.replaceTiles,
          endAfter: config.endAfter,
        },
        undefined,
        previous,
      );
      if (!created.ok) throw new Error(created.error.message);
      const game = created.value;
      previous = game;
      const bots = seating.map((e, p) =>
        config.makeBot(config.bots[e]!, mixSeed(...seedWords(config.seed), index, p)),
      );
      const seats = seating.map((e) => labels[e]!);
      let played: { decisions: number[]; ms: number[] };
      try {
        played = playMatch(game, bots, now);
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        throw new Error(`game ${index} (round ${round}, seed ${seed}, seats ${seats.join(',')}): ${why}`, {
          cause: e,
        });
      }
      const scores = Array.from(game.scores);
      const top = Math.max(...scores);
      const winners = scores.flatMap((v, p) => (v === top ? [p] : []));
      const result: GameResult = { index, round, seed, seats, scores, winners, ...played };
      out.push(result);
      onGame?.(result);
    }
  }
  return out;
}

/** Statistics per entry over `results` (games of this configuration, in any order). */
export function summarizeTournament(
  config: TournamentConfig,
  results: readonly GameResult[],
  seconds: number,
): TournamentSummary {
  const { labels, seatings, rounds, games } = planTournament(config);
  const acc = labels.map(() => ({ games: 0, wins: 0, score: 0, decisions: 0, ms: 0 }));
  for (const r of results) {
    r.seats.forEach((label, p) => {
      const a = acc[labels.indexOf(label)]!;
      a.games++;
      a.score += r.scores[p]!;
      if (r.winners.includes(p)) a.wins += 1 / r.winners.length;
      a.decisions += r.decisions[p]!;
      a.ms += r.ms[p]!;
    });
  }
  const lineups = seatings.filter((_, i) => i % config.players === 0).map((s) => s.map((e) => labels[e]!));
  return {
    players: config.players,
    seed: config.seed,
    expansions: [...(config.expansions ?? [])],
    rounds,
    games,
    lineups,
    bots: labels.map((bot, e) => {
      const a = acc[e]!;
      return {
        bot,
        games: a.games,
        wins: a.wins,
        winRate: a.games === 0 ? 0 : a.wins / a.games,
        ci95: wilson(a.wins, a.games),
        meanScore: a.games === 0 ? 0 : a.score / a.games,
        decisions: a.decisions,
        meanMsPerDecision: a.decisions === 0 ? 0 : a.ms / a.decisions,
      };
    }),
    seconds,
  };
}

/** Plays the tournament on this thread; `onGame` hears about each finished game (progress, logs). */
export function runTournament(
  config: TournamentConfig,
  onGame?: (done: number, total: number, result: GameResult) => void,
  now: () => number = () => performance.now(),
): TournamentSummary {
  const { rounds, games } = planTournament(config);
  const t0 = now();
  let done = 0;
  const results = playRounds(config, 0, rounds, (r) => onGame?.(++done, games, r), now);
  return summarizeTournament(config, results, (now() - t0) / 1000);
}
