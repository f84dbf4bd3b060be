/**
 * The `random` bot: a uniformly random legal move (a baseline, and the fastest opponent), drawn by
 * the engine's sampler (`Seat.randomMove`), which finds a random placement without listing them all.
 */
import { BotRng } from './rng.js';
import type { Bot, Seat } from './seat.js';

export class RandomBot implements Bot {
  readonly name = 'random';
  private readonly rng: BotRng;

  constructor(seed: number) {
    this.rng = new BotRng(seed);
  }

  choose(seat: Seat): number {
    return seat.randomMove(this.rng);
  }
}
