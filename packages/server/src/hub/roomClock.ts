/**
 * The timers of the running clocks, one per game: when the running seat's time is up, `expire` is
 * called with the game's id (and the room times the seat out in its queue, clock.ts decides).
 */
import type { GameRow } from '../store/store.js';
import { leftNow } from './clock.js';

export class ClockTimers {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly now: () => number,
    /** Whether the hub closed: no new timer is armed. */
    private readonly closed: () => boolean,
    private readonly expire: (game: string) => void,
  ) {}

  /** Times the running seat of `row` (a few ms after its time is up). */
  arm(row: GameRow): void {
    this.disarm(row.id);
    if (this.closed() || row.clocks === undefined) return;
    const wait = Math.max(0, leftNow(row.clocks, this.now()));
    const timer = setTimeout(
      () => {
        this.timers.delete(row.id);
        this.expire(row.id);
      },
      Math.min(wait + 5, 2 ** 31 - 1),
    );
    timer.unref();
    this.timers.set(row.id, timer);
  }

  disarm(id: string): void {
    const timer = this.timers.get(id);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(id);
  }

  /** Stops every timer (the hub closes). */
  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
