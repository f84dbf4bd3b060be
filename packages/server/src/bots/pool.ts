/**
 * Where bot decisions run: a pool of worker threads (piscina) behind a scheduler (`BotScheduler`:
 * priority first — a human waiting before games nobody watches —, then first come), so a search
 * never blocks the event loop; or the calling thread (`inlineBots`, for tests and tools that run
 * the hub in-process).
 */
import type { Action } from '@carc/engine';
import { Piscina } from 'piscina';
import type { BotTask } from './decide.js';
import { Decider } from './decide.js';
import type { BotPriority } from './scheduler.js';
import { BOT_PRIORITIES, BotScheduler } from './scheduler.js';
import type { WorkerTask } from './worker.js';

export type { BotPriority } from './scheduler.js';

export interface BotRunner {
  /**
   * The bot's action for `task`. `priority`: 0 a game a human plays in, 1 an all-bot game somebody
   * watches, 2 an all-bot game nobody watches; lower numbers are taken first.
   */
  decide(task: BotTask, priority: BotPriority): Promise<Action>;
  /** Decisions waiting for a thread, by priority (index = priority). */
  readonly waiting: readonly number[];
  close(): Promise<void>;
}

/** A decision's hard limit, counted from when a thread takes it: far past its thinking budget. */
export const hardLimitMs = (task: BotTask): number => task.budgetMs * 3 + 5_000;

/**
 * `threads` worker threads, at most one decision on each; a decision that overruns its budget by
 * far (`hardLimitMs` after its start) is cancelled (rejects).
 */
export function botPool(threads: number): BotRunner {
  const pool = new Piscina<WorkerTask, Action>({
    filename: new URL('./worker.js', import.meta.url).href,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
  const scheduler = new BotScheduler<BotTask, Action>(
    (task, { signal, hurry }) => pool.run({ task, hurry }, { signal }),
    { threads, limitMs: hardLimitMs },
  );
  return {
    decide: (task, priority) => scheduler.decide(task, priority),
    get waiting() {
      return scheduler.waiting;
    },
    close: async () => {
      scheduler.close();
      await pool.destroy();
    },
  };
}

/** Decisions on the calling thread, at once (nothing ever waits). */
export function inlineBots(): BotRunner {
  const decider = new Decider();
  const none: readonly number[] = Array.from({ length: BOT_PRIORITIES }, () => 0);
  return {
    decide: async (task) => decider.decide(task),
    waiting: none,
    close: async () => {},
  };
}
