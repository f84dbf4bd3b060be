/**
 * Quick pairing: players who asked to "play now" wait in a queue with what they want (the variant,
 * the number of players, the clock) and the ratings they accept; as soon as enough of them want
 * the same game and accept each other, they are taken out together to start it. The accepted
 * rating range widens the longer a seek waits, so nobody waits forever for a perfect match. The
 * queue is transport-free and synchronous: a call to `match` takes each seek out at most once, so
 * two games can never start from one seek.
 */
import { BUILTIN } from '@carc/engine';
import type { Json } from '@carc/protocol';
import { canonical } from '@carc/protocol';

/** One player's wish to play. */
export interface Seek {
  /** Who seeks (one seek each: seeking again replaces the seek). */
  id: string;
  /** The game wanted, as a key that is equal for games that are the same (expansions, options). */
  variant: string;
  /** How many players at the table, 2 to 6. */
  players: number;
  /** The clock wanted (e.g. `10+5`), or `none`. */
  clock: string;
  /** The seeker's rating in the game's pool (1500 without one). */
  rating: number;
  /** How far from its rating an opponent may be, at first (Infinity: anyone). */
  range: number;
  /** When it joined the queue (ms). */
  since: number;
}

export interface QueueOptions {
  /** How much a seek's range widens per second waited. */
  widenPerSecond?: number;
  /** The widest a range becomes by waiting (a seek that asked for more keeps its own). */
  maxRange?: number;
  now?: () => number;
}

export class PairingQueue {
  private readonly waiting = new Map<string, Seek>();
  private readonly widenPerSecond: number;
  private readonly maxRange: number;
  private readonly now: () => number;

  constructor(options: QueueOptions = {}) {
    this.widenPerSecond = options.widenPerSecond ?? 10;
    this.maxRange = options.maxRange ?? 500;
    this.now = options.now ?? Date.now;
  }

  /** Puts a seek in the queue (in place of its seeker's earlier one). */
  join(seek: Omit<Seek, 'since'> & { since?: number }): Seek {
    const s: Seek = { ...seek, since: seek.since ?? this.now() };
    this.waiting.delete(s.id);
    this.waiting.set(s.id, s);
    return s;
  }

  /** Takes a seeker out of the queue (they left, or disconnected); false if they were not in it. */
  leave(id: string): boolean {
    return this.waiting.delete(id);
  }

  /** The open seeks, oldest first (for the list of seeks). */
  seeks(): Seek[] {
    return [...this.waiting.values()].sort((a, b) => a.since - b.since);
  }

  /** How far from its rating a seek accepts an opponent now. */
  rangeOf(s: Seek, now = this.now()): number {
    const widened = s.range + (this.widenPerSecond * Math.max(0, now - s.since)) / 1000;
    return Math.max(s.range, Math.min(widened, this.maxRange));
  }

  /**
   * The tables that can start now, each taken out of the queue: the oldest seek first, with the
   * compatible seeks closest to its rating that all accept one another.
   */
  match(): Seek[][] {
    const now = this.now();
    const tables: Seek[][] = [];
    for (const oldest of this.seeks()) {
      if (!this.waiting.has(oldest.id)) continue;
      const candidates = this.seeks()
        .filter((s) => s.id !== oldest.id && sameGame(s, oldest))
        .sort((a, b) => Math.abs(a.rating - oldest.rating) - Math.abs(b.rating - oldest.rating));
      const table = [oldest];
      for (const c of candidates) {
        if (table.length === oldest.players) break;
        if (table.every((t) => this.accept(t, c, now))) table.push(c);
      }
      if (table.length < oldest.players) continue;
      for (const t of table) this.waiting.delete(t.id);
      tables.push(table);
    }
    return tables;
  }

  /** Whether `a` and `b` accept each other's rating now. */
  private accept(a: Seek, b: Seek, now: number): boolean {
    const gap = Math.abs(a.rating - b.rating);
    return gap <= this.rangeOf(a, now) && gap <= this.rangeOf(b, now);
  }
}

const sameGame = (a: Seek, b: Seek): boolean =>
  a.variant === b.variant && a.players === b.players && a.clock === b.clock;

/**
 * The variant key of a game's settings: its expansions (in any order) and its options as the
 * engine reads them (a preset, or options equal to its values, make the same key), so that two
 * players asking for the same game in different words are paired. Undefined if the engine refuses
 * the options.
 */
export function variantKey(settings: {
  expansions: readonly string[];
  options: Record<string, string | number>;
  preset?: string;
}): string | undefined {
  const options = BUILTIN.parseOptions(settings.options, 'options', settings.preset);
  if (!options.ok) return undefined;
  const expansions = [...new Set(settings.expansions)].sort();
  return canonical({ expansions, options: options.value as unknown as Json });
}
