/**
 * Benchmark (`npm run bench`): on one core, uniformly random full games for the base game, the base
 * game with each expansion and with all three; legal-placement generation per second; MCTS
 * iterations per second at the default budget (base game and all three); the size of a game state
 * (what `clone()` copies) and peak memory. Each set's games/s is also given as a ratio to a
 * placement-only baseline (baseline.ts) run interleaved in the same process: raw rates move with
 * the machine and its load, the ratio much less. With `--live N`, N all-three games held at
 * mid-game at once, and the memory they take. Prints figures, never asserts: timings move with the
 * machine and its load.
 *
 * Usage: node --expose-gc bench/dist/bench.js [games=5000] [players=2] [--live N] [--json]
 */
import type { GameConfig, Game, UniformRandom } from '@carc/engine';
import { BUILTIN, createGame, unwrap } from '@carc/engine';
import { DEFAULT_MCTS_BUDGET, MctsBot, seatOf } from '@carc/bots';
import { PlacementOnly, baseGameTiles } from './baseline.js';
import { recordResults } from './record.js';

const args = process.argv.slice(2);
const json = args.includes('--json');
recordResults('engine', 'bench', 'Engine');
const liveAt = args.indexOf('--live');
const live = liveAt >= 0 ? Number(args[liveAt + 1]) : 0;
if (liveAt >= 0 && !(Number.isInteger(live) && live > 0))
  throw new Error('--live takes a count of games, e.g. --live 10000');
// Positional numbers only: the count after --live is not the number of games.
const numbers = args.filter((a, i) => /^\d+$/.test(a) && (liveAt < 0 || i !== liveAt + 1)).map(Number);
const games = numbers[0] ?? 5000;
const players = numbers[1] ?? 2;
const ALL_THREE: NonNullable<GameConfig['expansions']> = ['halflings', 'tower', 'princess-and-dragon'];
/** `ratioAim`: the aim for engine games/s ÷ baseline games/s (none for single expansions). */
const configs: {
  label: string;
  expansions: NonNullable<GameConfig['expansions']>;
  ratioAim: number | null;
}[] = [
  { label: 'base game', expansions: [], ratioAim: 0.5 },
  { label: 'base + The Princess & the Dragon', expansions: ['princess-and-dragon'], ratioAim: null },
  { label: 'base + The Tower', expansions: ['tower'], ratioAim: null },
  { label: 'base + Halflings', expansions: ['halflings'], ratioAim: null },
  { label: 'base + all three expansions', expansions: ALL_THREE, ratioAim: 0.15 },
];
/** Aim for the process's RSS with 10,000 all-three mid-game states held at once. */
const LIVE_AIM_BYTES = 2e9;
const LIVE_AIM_COUNT = 10_000;

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
  let last: Game | undefined;
  for (let i = 0; i < n; i++) {
    // Each game in the state of the one before, as the CLI's simulate plays them (Game.create's `into`).
    const created = createGame({ players, seed: seed0 + i, expansions }, BUILTIN, last);
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    last = game;
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

const baselineTiles = baseGameTiles();
const baseline = new PlacementOnly(baselineTiles, 0x2545f491);
/**
 * Plays placement-only base games for at least `ms` milliseconds (and at least one game); returns
 * the games played and the time taken. Timed rather than counted, so each baseline slice spans a
 * comparable stretch of the machine's load as the engine slice beside it.
 */
function runBaseline(ms: number): { games: number; ms: number } {
  const start = performance.now();
  let n = 0;
  do {
    baseline.play();
    n++;
  } while (performance.now() - start < ms);
  return { games: n, ms: performance.now() - start };
}
runBaseline(300); // warm-up, once: the baseline's code is the same for every set

/**
 * Rounds each set's games are split into, each beside a baseline slice of half its time (at least
 * BASELINE_MIN_MS): a burst of load from another process then slows both sides of the ratio, not
 * one, and the baseline adds half the engine's time to the run, not more.
 */
const ROUNDS = 5;
const BASELINE_MIN_MS = 50;
const results = configs.map(({ label, expansions, ratioAim }) => {
  run(Math.min(500, games), 1_000_000, expansions); // warm-up: let the JIT settle before measuring
  run(Math.min(500, games), 1_000_000, expansions, true);
  let decisions = 0;
  let tiles = 0;
  let ms = 0;
  let baselineMs = 0;
  let baselineGames = 0;
  let sampledMs = 0;
  for (let r = 0, done = 0; r < ROUNDS; r++) {
    const n = Math.round((games * (r + 1)) / ROUNDS) - done;
    const e = run(n, done, expansions);
    sampledMs += run(n, done, expansions, true).ms;
    const b = runBaseline(Math.max(BASELINE_MIN_MS, e.ms / 2));
    baselineMs += b.ms;
    baselineGames += b.games;
    decisions += e.decisions;
    tiles += e.tiles;
    ms += e.ms;
    done += n;
  }
  const seconds = ms / 1000;
  const gamesPerSecond = games / seconds;
  const baselineGamesPerSecond = baselineGames / (baselineMs / 1000);
  return {
    label,
    expansions,
    gamesPerSecond: Math.round(gamesPerSecond),
    gamesPerSecondSampled: Math.round(games / (sampledMs / 1000)),
    ratioToBaselineSampled: Number((games / (sampledMs / 1000) / baselineGamesPerSecond).toFixed(3)),
    decisionsPerSecond: Math.round(decisions / seconds),
    microsecondsPerDecision: Number(((ms * 1000) / decisions).toFixed(2)),
    meanTilesPlaced: Number((tiles / games).toFixed(2)),
    stateBytes: stateBytes(expansions),
    baselineGamesPerSecond: Math.round(baselineGamesPerSecond),
    ratioToBaseline: Number((gamesPerSecond / baselineGamesPerSecond).toFixed(3)),
    ratioAim,
  };
});
// Every baseline game draws the whole pile; the start tile is placed, not drawn.
const baselineGames = baseline.draws / baselineTiles.pile.length;
const baselineReport = {
  tiles: baselineTiles.pile.length + 1,
  meanLegalPlacements: Number((baseline.placements / baseline.draws).toFixed(1)),
  discardedPerGame: Number(
    ((baseline.draws - (baseline.tilesPlaced - baselineGames)) / baselineGames).toFixed(3),
  ),
};
/**
 * MCTS iterations per second: the bot's decisions at the default budget (DEFAULT_MCTS_BUDGET:
 * iterations, cut short after its ms) at positions sampled from seeded random games (every 9th
 * decision, so all phases of a game count). The bot's seed is fixed, but where the time limit cuts
 * a search depends on the machine: the figure is a rate, not a repeatable count.
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
  const bot = new MctsBot(1); // no budget given: the default one, as players get
  bot.choose(seatOf(positions[0]!, positions[0]!.toAct)); // warm-up
  let iterations = 0;
  const start = performance.now();
  for (const p of positions) {
    bot.choose(seatOf(p, p.toAct));
    iterations += bot.lastIterations;
  }
  const ms = performance.now() - start;
  sampleMemory();
  return {
    label: expansions!.length === 0 ? 'base game' : 'all three expansions',
    iterationsPerSecond: Math.round((iterations / ms) * 1000),
    meanIterationsPerDecision: Math.round(iterations / positions.length),
    msPerDecisionAtDefaultBudget: Math.round(ms / positions.length),
  };
}

/**
 * Memory of `count` all-three games held at once at mid-game (half the pile placed, seeded random
 * actions): what a server with many games open, or a search keeping many states, pays. Measured
 * as the growth of RSS and of the JS heap plus off-heap buffers over the process before the games,
 * after a full collection when node runs with --expose-gc (without it, garbage inflates figures).
 */
function liveStates(count: number) {
  const collect = () => globalThis.gc?.();
  collect();
  const before = process.memoryUsage();
  const pile = unwrap(createGame({ players, seed: 0, expansions: ALL_THREE })).view(-1).bag.size;
  const held: Game[] = [];
  let rng = 0x6d2b79f5;
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const g = unwrap(createGame({ players, seed: 90_000 + i, expansions: ALL_THREE }));
    const buf = new Int32Array(g.maxMoves);
    while (!g.isOver && g.state.placedCount < pile / 2) {
      rng ^= rng << 13;
      rng ^= rng >>> 17;
      rng ^= rng << 5;
      g.play(buf[(rng >>> 0) % g.legalMoves(buf)]!);
    }
    held.push(g);
  }
  const seconds = (performance.now() - start) / 1000;
  collect();
  const after = process.memoryUsage();
  const grown = after.heapUsed + after.external - (before.heapUsed + before.external);
  const report = {
    states: held.length,
    gcExposed: globalThis.gc !== undefined,
    meanTilesPlaced: Number((held.reduce((s, g) => s + g.state.placedCount, 0) / held.length).toFixed(1)),
    seconds: Number(seconds.toFixed(1)),
    rssMB: Number((after.rss / 1e6).toFixed(1)),
    heapUsedMB: Number((after.heapUsed / 1e6).toFixed(1)),
    externalMB: Number((after.external / 1e6).toFixed(1)),
    bytesPerStateRss: Math.round((after.rss - before.rss) / held.length),
    bytesPerStateHeapAndExternal: Math.round(grown / held.length),
    /** The RSS the growth per state gives for the aim's 10,000 states, on top of the process before. */
    rssMBAt10000: Number(
      ((before.rss + ((after.rss - before.rss) / held.length) * LIVE_AIM_COUNT) / 1e6).toFixed(1),
    ),
    aimMB: LIVE_AIM_BYTES / 1e6,
  };
  held.length = 0; // let them go before anything else runs
  return report;
}

const placements = placementRate();
const mcts = [mctsRate([]), mctsRate(ALL_THREE)];
sampleMemory();
// Before the live states, which would otherwise be all this figure shows.
const peakRssMB = Number((peakRss / 1e6).toFixed(1));
const report = {
  node: process.version,
  players,
  games,
  results,
  baseline: baselineReport,
  placementGenerationsPerSecond: Math.round(placements.perSecond),
  meanLegalPlacements: Number(placements.meanPlacements.toFixed(1)),
  mcts,
  peakRssMB,
  liveStates: live > 0 ? liveStates(live) : null,
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
    line('baseline games/s', r.baselineGamesPerSecond);
    const aim = r.ratioAim === null ? '' : `  (aim ≥ ${r.ratioAim}×)`;
    line(
      'ratio to baseline',
      `${r.ratioToBaseline}× (listed moves), ${r.ratioToBaselineSampled}× (randomMove)${aim}`,
    );
  }
  const b = report.baseline;
  console.log(
    `  (baseline: placement-only base games, ${b.tiles} tiles, ${b.meanLegalPlacements} legal placements`,
  );
  console.log(
    `   per draw, ${b.discardedPerGame} discarded per game; ratio = engine games/s ÷ baseline games/s)`,
  );
  console.log('placement generation (base game)');
  line('generations/s', report.placementGenerationsPerSecond);
  line('mean legal placements', report.meanLegalPlacements);
  for (const m of mcts) {
    const budget = `${DEFAULT_MCTS_BUDGET.iterations.toLocaleString('en')} iterations within ${DEFAULT_MCTS_BUDGET.ms} ms`;
    console.log(`mcts (${m.label}, default budget: ${budget})`);
    line('iterations/s', m.iterationsPerSecond);
    line('iterations per decision', m.meanIterationsPerDecision);
    line('ms/decision', m.msPerDecisionAtDefaultBudget);
  }
  console.log('memory');
  line('peak RSS (MB)', report.peakRssMB);
  const l = report.liveStates;
  if (l === null) {
    console.log(
      `  (--live ${LIVE_AIM_COUNT}: hold ${LIVE_AIM_COUNT.toLocaleString('en')} all-three mid-game states at once)`,
    );
  } else {
    console.log(
      `${l.states.toLocaleString('en')} live all-three states at mid-game (${l.meanTilesPlaced} tiles placed)`,
    );
    if (!l.gcExposed) console.log('  (no --expose-gc: figures include uncollected garbage)');
    line('RSS (MB)', `${l.rssMB}  (aim ≤ ${l.aimMB} for ${LIVE_AIM_COUNT.toLocaleString('en')})`);
    if (l.states !== LIVE_AIM_COUNT)
      line(`RSS at ${LIVE_AIM_COUNT.toLocaleString('en')} (MB)`, `${l.rssMBAt10000}  (scaled)`);
    line('heap used (MB)', l.heapUsedMB);
    line('off-heap buffers (MB)', l.externalMB);
    line('bytes per state (RSS)', l.bytesPerStateRss);
    line('bytes/state (heap+ext.)', l.bytesPerStateHeapAndExternal);
    line('seconds to create', l.seconds);
  }
}
