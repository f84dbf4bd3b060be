/**
 * The queue in front of the bot threads. At most `threads` decisions run at once; the others wait,
 * and are taken by priority, then in the order they came (FIFO):
 *
 *   0  a game a human still plays in (some seat is a human's),
 *   1  an all-bot game somebody watches,
 *   2  an all-bot game nobody watches.
 *
 * So a human never waits behind games nobody looks at. A lower priority still runs whenever nothing
 * of a higher one waits. Waiting cancels nothing: a decision's hard limit (`limitMs`) is counted
 * from when a thread takes it, and its thinking budget inside the thread from its start.
 *
 * When a decision waits and every thread is busy with decisions of a lower priority, one of those
 * is hurried: its flag (`hurry`, shared with the thread) is set and a search that reads it stops
 * after the iteration it is in, playing the best move found so far. The human's opponent then waits
 * for about one iteration of an all-bot game's search instead of the whole of it.
 */

/** 0: a human plays; 1: all bots, watched; 2: all bots, nobody watching. */
export type BotPriority = 0 | 1 | 2;
export const BOT_PRIORITIES = 3;

/** What a running decision is given: its hard limit, and a flag asking it to finish at once. */
export interface Running {
  /** Aborted when the decision overran its hard limit (counted from its start). */
  readonly signal: AbortSignal;
  /** One 32-bit cell over a SharedArrayBuffer; 1 (set with Atomics) once the decision should finish now. */
  readonly hurry: Int32Array;
}

export type RunDecision<T, R> = (task: T, running: Running) => Promise<R>;

export interface SchedulerOptions<T> {
  /** Decisions running at once (≥ 1). */
  threads: number;
  /** A decision's hard limit (ms), counted from its start: then it is aborted and rejects. */
  limitMs: (task: T) => number;
  /** Hurry lower-priority decisions when a more urgent one waits (default true). */
  hurry?: boolean;
}

/** Rejection of a decision that ran past its hard limit. */
export class BotTimeoutError extends Error {
  constructor(readonly limitMs: number) {
    super(`bot: no decision within ${limitMs} ms of its start`);
    this.name = 'BotTimeoutError';
  }
}

/** Rejection of the decisions still waiting when the scheduler closes. */
export class BotsClosedError extends Error {
  constructor() {
    super('bot: the bot threads were closed');
    this.name = 'BotsClosedError';
  }
}

interface Waiting<T, R> {
  task: T;
  priority: BotPriority;
  resolve: (value: R) => void;
  reject: (reason: unknown) => void;
}

interface Started {
  priority: BotPriority;
  hurry: Int32Array;
  hurried: boolean;
}

export class BotScheduler<T, R> {
  private readonly queues: Waiting<T, R>[][] = Array.from({ length: BOT_PRIORITIES }, () => []);
  /** Decisions running, oldest first. */
  private readonly started: Started[] = [];
  private readonly threads: number;
  private readonly limitMs: (task: T) => number;
  private readonly hurrying: boolean;
  private closed = false;
  private hurriedCount = 0;
  private timedOutCount = 0;

  constructor(
    private readonly run: RunDecision<T, R>,
    options: SchedulerOptions<T>,
  ) {
    if (!(Number.isInteger(options.threads) && options.threads >= 1)) {
      throw new RangeError('bot scheduler: threads must be a whole number ≥ 1');
    }
    this.threads = options.threads;
    this.limitMs = options.limitMs;
    this.hurrying = options.hurry ?? true;
  }

  /** Queues `task` at `priority`; resolves with its result once a thread has decided. */
  decide(task: T, priority: BotPriority): Promise<R> {
    if (this.closed) return Promise.reject(new BotsClosedError());
    const p: BotPriority = priority === 1 || priority === 2 ? priority : 0;
    return new Promise<R>((resolve, reject) => {
      this.queues[p]!.push({ task, priority: p, resolve, reject });
      this.pump();
    });
  }

  /** Decisions waiting for a thread, by priority (index 0: games with a human). */
  get waiting(): readonly number[] {
    return this.queues.map((q) => q.length);
  }

  /** Decisions on a thread now. */
  get running(): number {
    return this.started.length;
  }

  /** Decisions hurried so far (a more urgent one waited). */
  get hurried(): number {
    return this.hurriedCount;
  }

  /** Decisions that ran past their hard limit so far. */
  get timedOut(): number {
    return this.timedOutCount;
  }

  /** Refuses new decisions and rejects the waiting ones; those running finish or are stopped by their runner. */
  close(): void {
    this.closed = true;
    for (const q of this.queues) for (const w of q.splice(0)) w.reject(new BotsClosedError());
  }

  private next(): Waiting<T, R> | undefined {
    for (const q of this.queues) if (q.length > 0) return q.shift();
    return undefined;
  }

  private pump(): void {
    while (this.started.length < this.threads) {
      const w = this.next();
      if (w === undefined) return;
      this.start(w);
    }
    if (this.hurrying) this.hurryForWaiting();
  }

  /**
   * Every thread is busy: for each waiting decision, most urgent first, one running decision of a
   * lower priority is hurried (the least urgent, latest started), unless a hurried one will already
   * make room for it.
   */
  private hurryForWaiting(): void {
    let room = this.started.reduce((n, s) => n + (s.hurried ? 1 : 0), 0);
    for (let p = 0; p < BOT_PRIORITIES; p++) {
      for (let k = this.queues[p]!.length; k > 0; k--) {
        if (room > 0) {
          room--;
          continue;
        }
        let victim: Started | undefined;
        for (const s of this.started) {
          if (!s.hurried && s.priority > p && (victim === undefined || s.priority >= victim.priority)) {
            victim = s;
          }
        }
        if (victim === undefined) return;
        victim.hurried = true;
        this.hurriedCount++;
        Atomics.store(victim.hurry, 0, 1);
      }
    }
  }

  private start(w: Waiting<T, R>): void {
    const s: Started = {
      priority: w.priority,
      hurry: new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)),
      hurried: false,
    };
    this.started.push(s);
    const limit = this.limitMs(w.task);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      this.timedOutCount++;
      controller.abort(new BotTimeoutError(limit));
    }, limit);
    timer.unref();
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    // The caller hears of a timeout at once, even from a runner that does not stop.
    controller.signal.addEventListener('abort', () => settle(() => w.reject(controller.signal.reason)), {
      once: true,
    });
    let result: Promise<R>;
    try {
      result = this.run(w.task, { signal: controller.signal, hurry: s.hurry });
    } catch (e) {
      result = Promise.reject(e);
    }
    // The thread is free only once the runner is done with it (a stopped one settles too).
    result
      .then(
        (value) => settle(() => w.resolve(value)),
        (e: unknown) => settle(() => w.reject(e)),
      )
      .finally(() => {
        clearTimeout(timer);
        this.started.splice(this.started.indexOf(s), 1);
        this.pump();
      })
      .catch(() => {});
  }
}
