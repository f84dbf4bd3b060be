/** A bot worker thread (piscina): one decision per task. */
import type { Action } from '@carc/engine';
import type { BotTask } from './decide.js';
import { Decider } from './decide.js';

/** What a thread is sent: the decision, and the flag the scheduler sets to hurry it. */
export interface WorkerTask {
  task: BotTask;
  /** A cell of a SharedArrayBuffer (shared, not copied): non-zero once the search should stop. */
  hurry: Int32Array;
}

const decider = new Decider();

export default function decide({ task, hurry }: WorkerTask): Action {
  return decider.decide(task, hurry);
}
