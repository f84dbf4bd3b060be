/** A worker thread of `carcassonne simulate --workers N`: plays its range of seeds and reports totals. */
import { parentPort, workerData } from 'node:worker_threads';
import type { Seed } from '@carc/engine';
import type { SimulateOptions } from './simulate.js';
import { playGames } from './simulate.js';

const { opts, from, count } = workerData as { opts: SimulateOptions; from: Seed; count: number };
const totals = playGames(opts, from, count, () => parentPort?.postMessage({ done: true }));
parentPort?.postMessage({ totals });
