/**
 * Where bot decisions run: a pool of worker threads (piscina), so a search never blocks the event
 * loop, or the calling thread (`inlineBots`, for tests and tools that run the hub in-process).
 */
import type { Action } from '@carc/engine';
import { Piscina } from 'piscina';
import type { BotTask } from './decide.js';
import { Decider } from './decide.js';

export interface BotRunner {
  decide(task: BotTask): Promise<Action>;
  close(): Promise<void>;
}

/** `threads` worker threads; a decision that overruns its budget by far is cancelled (rejects). */
export function botPool(threads: number): BotRunner {
  const pool = new Piscina<BotTask, Action>({
    filename: new URL('./worker.js', import.meta.url).href,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
  return {
    decide: (task) => pool.run(task, { signal: AbortSignal.timeout(task.budgetMs * 3 + 5_000) }),
    close: () => pool.destroy(),
  };
}

/** Decisions on the calling thread. */
export function inlineBots(): BotRunner {
  const decider = new Decider();
  return {
    decide: async (task) => decider.decide(task),
    close: async () => {},
  };
}
