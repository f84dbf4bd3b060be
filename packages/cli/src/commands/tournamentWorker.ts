/** A worker thread of `carcassonne tournament --workers N`: plays its range of rounds and reports the games. */
import { parentPort, workerData } from 'node:worker_threads';
import { playRounds } from '@carc/bots';
import type { TournamentOptions } from './tournament.js';
import { tournamentConfig } from './tournament.js';

const { opts, from, to } = workerData as { opts: TournamentOptions; from: number; to: number };
const results = playRounds(tournamentConfig(opts), from, to, () => parentPort?.postMessage({ done: true }));
parentPort?.postMessage({ results });
