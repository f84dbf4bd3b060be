/**
 * Benchmark (`npm run bench`): on one core, uniformly random full games for the base game, the base
 * game with each expansion and with all three; legal-placement generation per second; MCTS
 * iterations per second (base game and all three); the size of a game state (what `clone()`
 * copies) and peak memory. Prints figures, never asserts (STYLE §2.9).
 *
 * Usage: node bench/dist/bench.js [games=5000] [players=2] [--json]
 */
import type { GameConfig, Game, UniformRandom } from '@carc/engine';
import { createGame, unwrap } from '@carc/engine';
import { DEFAULT_MCTS_BUDGET, MctsBot, seatOf } from '@carc/bots';

const args = process.argv.slice(2);
const json = args.includes('--json');
const numbers = args.filter((a) => /^\d+$/.test(a)).map(Number);
const games = numbers[0] ?? 5000;
const players = numbers[1] ?? 2;
const configs: { label: string; expansions: NonNullable<GameConfig['expansions']> }[] = [
  { label: 'base game', expansions: [] },
  { label: 'base + The Princess & the Dragon', expansions: ['princess-and-dragon'] },
  { label: 'base + The Tower', expansions: ['tower'] },
  { label: 'base + Halflings', expansions: ['halflings'] },
  { label: 'base + all three expansions', expansions: ['halflings', 'tower', 'princess-and-dragon'] },
];

let peakRss = 0;
const sampleMemory = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));

/**
 * Plays n random games; returns decisions, tiles placed and elapsed milliseconds. Each move is
 * picked from the listed legal moves, or with `sampled` drawn by `Game.randomMove` (what the
 * random bot and the MCTS playouts do: a placement without listing them all).
 */
function run(n: number, seed0: number, expansions: GameConfig['expansions'], sampled = false) {
  let decisions = 0;
  let tiles = 0;
  let rng = 0x9e3779b9 ^ seed0;
  const uniform: UniformRandom = {
    int(k: number): number {
      rng ^= rng << 13;
      rng ^= rng >>> 17;
      rng ^= rng << 5;
      return (rng >>> 0) % k;
    },
  };
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const created = createGame({ players, seed: seed0 + i, expansions });
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    const buf = new Int32Array(game.maxMoves);
    while (!game.isOver) {
      game.play(sampled ? game.randomMove(uniform) : buf[uniform.int(game.legalMoves(buf))]!);
      decisions++;
    }
    tiles += game.state.placedCount;
    if (i % 500 === 0) sampleMemory();
  }
  return { decisions, tiles, ms: performance.now() - start };
}

/** Legal-placement generations per second, over positions sampled from random base games. */
function placementRate(): { perSecond: number; meanPlacements: number } {
  const positions: Game[] = [];
  for (let s = 0; positions.length < 300; s++) {
    const g = unwrap(createGame({ players, seed: 50_000 + s }));
    const buf = new Int32Array(g.maxMoves);
    for (let k = 0; !g.isOver; k++) {
      if (g.phaseName === 'place' && k % 17 === 0) positions.push(g.clone());
      g.play(buf[(k * 7919) % g.legalMoves(buf)]!);
    }
  }
  const buf = new Int32Array(positions[0]!.maxMoves);
  let total = 0;
  let runs = 0;
  const start = performance.now();
  while (performance.now() - start < 1000) {
    for (const p of positions) {
      // The placement phase lists the placements computed at the draw; recompute them the way a draw does.
      total += p.state.collectPlacements(p.state.drawn, buf, 0, (c, q) => c * 4 + q);
      runs++;
    }
  }
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: runs / seconds, meanPlacements: total / runs };
}

/** Bytes of typed arrays one game state holds (what clone() copies), mid-game. */
function stateBytes(expansions: GameConfig['expansions']): number {
  const g = unwrap(createGame({ players, seed: 7, expansions }));
  const buf = new Int32Array(g.maxMoves);
  for (let k = 0; k < 60 && !g.isOver; k++) g.play(buf[k % g.legalMoves(buf)]!);
  const seen = new Set<object>();
  const size = (o: unknown, depth: number): number => {
    if (typeof o !== 'object' || o === null || seen.has(o) || depth > 3) return 0;
    seen.add(o);
    if (ArrayBuffer.isView(o)) return o.byteLength;
    if (o === g.catalog || o === g.state.grid) return 0; // shared, never copied
    return Object.values(o).reduce((s: number, v) => s + size(v, depth + 1), 0);
  };
  return size(g.clone(), 0);
}

const results = configs.map(({ label, expansions }) => {
  run(Math.min(500, games), 1_000_000, expansions); // warm-up: let the JIT settle before measuring
  const { decisions, tiles, ms } = run(games, 0, expansions);
  run(Math.min(500, games), 1_000_000, expansions, true);
  const sampled = run(games, 0, expansions, true);
  const seconds = ms / 1000;
  return {
    label,
    expansions,
    gamesPerSecond: Math.round(games / seconds),
    gamesPerSecondSampled: Math.round(games / (sampled.ms / 1000)),
    decisionsPerSecond: Math.round(decisions / seconds),
    microsecondsPerDecision: Number(((ms * 1000) / decisions).toFixed(2)),
    meanTilesPlaced: Number((tiles / games).toFixed(2)),
    stateBytes: stateBytes(expansions),
  };
});
/**
 * MCTS iterations per second: the bot's decisions (default settings, an iteration budget) at
 * positions sampled from seeded random games (every 9th decision, so all phases of a game count).
 */
function mctsRate(expansions: GameConfig['expansions']) {
  const positions: Game[] = [];
  for (let s = 0; positions.length < 12; s++) {
    const g = unwrap(createGame({ players, seed: 70_000 + s, expansions }));
    const buf = new Int32Array(g.maxMoves);
    for (let k = 0; !g.isOver && positions.length < 12; k++) {
      const n = g.legalMoves(buf);
      if (k % 9 === 4 && n > 1) positions.push(g.clone());
      g.play(buf[(k * 7919) % n]!);
    }
  }
  const bot = new MctsBot(1, { iterations: 1000 });
  bot.choose(seatOf(positions[0]!, positions[0]!.toAct)); // warm-up
  let iterations = 0;
  const start = performance.now();
  for (const p of positions) {
    bot.choose(seatOf(p, p.toAct));
    iterations += bot.lastIterations;
  }
  const ms = performance.now() - start;
  const perSecond = (iterations / ms) * 1000;
  sampleMemory();
  return {
    label: expansions!.length === 0 ? 'base game' : 'all three expansions',
    iterationsPerSecond: Math.round(perSecond),
    // The default budget: DEFAULT_MCTS_BUDGET.iterations, cut short after DEFAULT_MCTS_BUDGET.ms.
    msPerDecisionAtDefaultBudget: Math.round(
      Math.min(DEFAULT_MCTS_BUDGET.ms, (DEFAULT_MCTS_BUDGET.iterations / perSecond) * 1000),
    ),
  };
}

const placements = placementRate();
const mcts = [mctsRate([]), mctsRate(['halflings', 'tower', 'princess-and-dragon'])];
sampleMemory();
const report = {
  node: process.version,
  players,
  games,
  results,
  placementGenerationsPerSecond: Math.round(placements.perSecond),
  meanLegalPlacements: Number(placements.meanPlacements.toFixed(1)),
  mcts,
  peakRssMB: Number((peakRss / 1e6).toFixed(1)),
};

if (json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const line = (label: string, value: string | number) => console.log(`  ${label.padEnd(26)}${value}`);
  console.log(`random games, ${players} players, one core (Node ${process.version}), ${games} games each`);
  for (const r of results) {
    console.log(r.label);
    line('games/s', r.gamesPerSecond);
    line('games/s (randomMove)', r.gamesPerSecondSampled);
    line('decisions/s', r.decisionsPerSecond);
    line('µs per decision', r.microsecondsPerDecision);
    line('mean tiles placed', r.meanTilesPlaced);
    line('bytes per game state', r.stateBytes);
  }
  console.log('placement generation (base game)');
  line('generations/s', report.placementGenerationsPerSecond);
  line('mean legal placements', report.meanLegalPlacements);
  for (const m of mcts) {
    console.log(`mcts (${m.label}, 1,000-iteration decisions)`);
    line('iterations/s', m.iterationsPerSecond);
    line('ms/decision (default)', m.msPerDecisionAtDefaultBudget);
  }
  console.log('memory');
  line('peak RSS (MB)', report.peakRssMB);
}
