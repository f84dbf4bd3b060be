/**
 * Benchmark: uniformly random full base games on one core (`npm run bench`).
 * Prints games/s, decisions/s and memory; never asserts anything (STYLE §2.9).
 *
 * Usage: node packages/engine/bench/dist/playouts.js [games=5000] [players=2]
 * Runs the base game, then the base game with each expansion.
 */
import type { GameConfig } from '@carc/engine';
import { Game } from '@carc/engine';

const games = Number(process.argv[2] ?? 5000);
const players = Number(process.argv[3] ?? 2);
const configs: { label: string; expansions: GameConfig['expansions'] }[] = [
  { label: 'base game', expansions: [] },
  { label: 'base + The Princess & the Dragon', expansions: ['princess-and-dragon'] },
  { label: 'base + The Tower', expansions: ['tower'] },
  { label: 'base + The Tower + The Princess & the Dragon', expansions: ['tower', 'princess-and-dragon'] },
  { label: 'base + Halflings', expansions: ['halflings'] },
  { label: 'base + all three expansions', expansions: ['halflings', 'tower', 'princess-and-dragon'] },
];

function run(
  n: number,
  seed0: number,
  expansions: GameConfig['expansions'],
): { decisions: number; tiles: number; ms: number } {
  let decisions = 0;
  let tiles = 0;
  let rng = 0x9e3779b9 ^ seed0;
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const created = Game.create({ players, seed: seed0 + i, expansions });
    if (!created.ok) throw new Error(created.error.message);
    const game = created.value;
    const buf = new Int32Array(game.maxMoves);
    while (!game.isOver) {
      const count = game.legalMoves(buf);
      rng ^= rng << 13;
      rng ^= rng >>> 17;
      rng ^= rng << 5;
      game.play(buf[(rng >>> 0) % count]!);
      decisions++;
    }
    tiles += game.placedCount;
  }
  return { decisions, tiles, ms: performance.now() - start };
}

const line = (label: string, value: string) => console.log(`  ${label.padEnd(26)}${value}`);
console.log(`random games, ${players} players, one core (Node ${process.version}), ${games} games each`);
for (const { label, expansions } of configs) {
  run(Math.min(500, games), 1_000_000, expansions); // warm-up: let the JIT settle before measuring
  const heapBefore = process.memoryUsage().heapUsed;
  const { decisions, tiles, ms } = run(games, 0, expansions);
  const seconds = ms / 1000;
  console.log(label);
  line('games/s', (games / seconds).toFixed(0));
  line('decisions/s', (decisions / seconds).toFixed(0));
  line('µs per decision', ((ms * 1000) / decisions).toFixed(2));
  line('ms per game', (ms / games).toFixed(3));
  line('mean tiles placed', (tiles / games).toFixed(2));
  line('heap growth (MB)', ((process.memoryUsage().heapUsed - heapBefore) / 1e6).toFixed(1));
}
