/**
 * The bot scheduler with a fake runner: priority then first come, at most `threads` at once, the
 * hard limit counted from a decision's start (never while it waits), hurrying lower priorities;
 * and the decider stopping its search when hurried.
 */
import { describe, expect, it } from 'vitest';
import type { BotPriority, Running } from '../src/bots/scheduler.js';
import { BotScheduler, BotTimeoutError, BotsClosedError } from '../src/bots/scheduler.js';
import { Decider } from '../src/bots/decide.js';
import type { BotTask } from '../src/bots/decide.js';
import { inlineBots } from '../src/bots/pool.js';
import { gameConfig } from '@carc/protocol';

interface Task {
  name: string;
  /** How long the fake decision takes (ms), unless released by hand. */
  ms?: number;
}

/** A runner that records starts and finishes; a task without `ms` runs until `release(name)`. */
function fakeRunner() {
  const started: string[] = [];
  const active = new Map<string, Running>();
  const releases = new Map<string, () => void>();
  let concurrent = 0;
  let maxConcurrent = 0;
  const run = (task: Task, running: Running): Promise<string> => {
    started.push(task.name);
    active.set(task.name, running);
    concurrent++;
    maxConcurrent = Math.max(maxConcurrent, concurrent);
    return new Promise<string>((resolve, reject) => {
      const done = () => {
        concurrent--;
        active.delete(task.name);
        resolve(`${task.name} done`);
      };
      if (task.ms !== undefined) {
        const timer = setTimeout(done, task.ms);
        running.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          concurrent--;
          active.delete(task.name);
          reject(running.signal.reason);
        });
      } else {
        releases.set(task.name, done);
      }
    });
  };
  return {
    run,
    started,
    active,
    release: (name: string) => releases.get(name)!(),
    get maxConcurrent() {
      return maxConcurrent;
    },
  };
}

const hurried = (r: Running | undefined) => r !== undefined && Atomics.load(r.hurry, 0) !== 0;

describe('bot scheduler', () => {
  it('takes waiting decisions by priority, then first come, and counts the waiting ones by priority', async () => {
    const f = fakeRunner();
    const s = new BotScheduler<Task, string>(f.run, { threads: 1, limitMs: () => 10_000, hurry: false });
    const blocker = s.decide({ name: 'blocker' }, 2);
    const order: [string, BotPriority][] = [
      ['u1', 2],
      ['w1', 1],
      ['h1', 0],
      ['u2', 2],
      ['h2', 0],
      ['w2', 1],
      ['h3', 0],
    ];
    const results = order.map(([name, p]) => s.decide({ name, ms: 1 }, p));
    expect(s.waiting).toEqual([3, 2, 2]);
    expect(s.running).toBe(1);
    f.release('blocker');
    await expect(blocker).resolves.toBe('blocker done');
    expect(await Promise.all(results)).toEqual(order.map(([n]) => `${n} done`));
    expect(f.started).toEqual(['blocker', 'h1', 'h2', 'h3', 'w1', 'w2', 'u1', 'u2']);
    expect(s.waiting).toEqual([0, 0, 0]);
    expect(s.running).toBe(0);
  });

  it('runs at most `threads` decisions at once, and every one of them', async () => {
    const f = fakeRunner();
    const s = new BotScheduler<Task, string>(f.run, { threads: 3, limitMs: () => 10_000 });
    const results = Array.from({ length: 12 }, (_, i) =>
      s.decide({ name: `t${i}`, ms: 5 + (i % 4) * 3 }, (i % 3) as BotPriority),
    );
    expect(s.running).toBe(3);
    expect(s.waiting.reduce((a, b) => a + b, 0)).toBe(9);
    await Promise.all(results);
    expect(f.maxConcurrent).toBe(3);
    expect(f.started).toHaveLength(12);
  });

  it('counts the hard limit from when a decision starts: one that waited longer than its limit still runs and succeeds', async () => {
    const f = fakeRunner();
    const s = new BotScheduler<Task, string>(f.run, { threads: 1, limitMs: () => 100, hurry: false });
    const t0 = performance.now();
    const names = ['a', 'b', 'c', 'd', 'e'];
    const results = names.map((name) => s.decide({ name, ms: 50 }, 0));
    const settled = await Promise.all(results.map((p) => p.then(() => performance.now() - t0)));
    expect(await Promise.all(results)).toEqual(names.map((n) => `${n} done`));
    // The last waited about 200 ms, twice its limit, before it started.
    expect(settled.at(-1)!).toBeGreaterThan(200);
    expect(s.timedOut).toBe(0);
  });

  it('a decision running past its hard limit is aborted and rejects; the next then runs', async () => {
    const f = fakeRunner();
    const s = new BotScheduler<Task, string>(f.run, {
      threads: 1,
      limitMs: (t) => (t.name === 'slow' ? 30 : 1_000),
      hurry: false,
    });
    const slow = s.decide({ name: 'slow', ms: 5_000 }, 0);
    const next = s.decide({ name: 'next', ms: 1 }, 0);
    await expect(slow).rejects.toBeInstanceOf(BotTimeoutError);
    await expect(next).resolves.toBe('next done');
    expect(s.timedOut).toBe(1);
  });

  it('hurries the least urgent running decision when a more urgent one waits, never one of the same priority', async () => {
    const f = fakeRunner();
    const s = new BotScheduler<Task, string>(f.run, { threads: 2, limitMs: () => 10_000 });
    const all = [s.decide({ name: 'watched' }, 1), s.decide({ name: 'unwatched' }, 2)];
    // Same priority as a running one: nobody is hurried.
    all.push(s.decide({ name: 'u2', ms: 1 }, 2));
    expect(hurried(f.active.get('watched'))).toBe(false);
    expect(hurried(f.active.get('unwatched'))).toBe(false);
    // A human's decision: the unwatched game's search is hurried (not the watched one's).
    all.push(s.decide({ name: 'human', ms: 1 }, 0));
    expect(hurried(f.active.get('unwatched'))).toBe(true);
    expect(hurried(f.active.get('watched'))).toBe(false);
    // A second human decision: the watched game is hurried too.
    all.push(s.decide({ name: 'human2', ms: 1 }, 0));
    expect(hurried(f.active.get('watched'))).toBe(true);
    expect(s.hurried).toBe(2);
    f.release('unwatched');
    f.release('watched');
    await Promise.all(all);
    expect(f.started).toEqual(['watched', 'unwatched', 'human', 'human2', 'u2']);
  });

  it('on close, refuses new decisions and rejects those waiting', async () => {
    const f = fakeRunner();
    const s = new BotScheduler<Task, string>(f.run, { threads: 1, limitMs: () => 10_000 });
    const running = s.decide({ name: 'a', ms: 20 }, 0);
    const waiting = s.decide({ name: 'b', ms: 1 }, 2);
    s.close();
    await expect(waiting).rejects.toBeInstanceOf(BotsClosedError);
    await expect(s.decide({ name: 'c', ms: 1 }, 0)).rejects.toBeInstanceOf(BotsClosedError);
    await expect(running).resolves.toBe('a done');
  });
});

describe('bot decider', () => {
  const config = gameConfig(
    {
      expansions: ['princess-and-dragon', 'tower', 'halflings'],
      options: {},
      seats: [
        { kind: 'bot', level: 'mcts' },
        { kind: 'bot', level: 'mcts' },
      ],
    },
    '0123456789abcdef0123456789abcdef',
  );
  if (!config.ok) throw new Error(config.error.message);
  const task = (level: BotTask['level'], budgetMs: number): BotTask => ({
    game: `g-${level}-${budgetMs}`,
    config: config.value,
    log: [],
    player: 0,
    level,
    budgetMs,
    seed: 1,
  });

  it('a hurried MCTS search stops at once and still plays a legal action', async () => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(flag, 0, 1);
    const t0 = performance.now();
    const action = new Decider().decide(task('mcts', 30_000), flag);
    // Unhurried, this search runs its 1,500 iterations (about 1.6 s here); hurried, one (a few ms).
    expect(performance.now() - t0).toBeLessThan(500);
    expect(action).toBeDefined();
  });

  it('inlineBots decides on the calling thread and never has anything waiting', async () => {
    const bots = inlineBots();
    await expect(bots.decide(task('random', 10), 2)).resolves.toBeDefined();
    expect(bots.waiting).toEqual([0, 0, 0]);
    await bots.close();
  });
});
