/** The `random` bot: a uniformly random legal move (a baseline, and the fastest opponent). */
import { BotRng } from './rng.js';
import type { Bot, Seat } from './seat.js';

export class RandomBot implements Bot {
  readonly name = 'random';
  private readonly rng: BotRng;
  private buf = new Int32Array(0);

  constructor(seed: number) {
    this.rng = new BotRng(seed);
  }

  choose(seat: Seat): number {
    if (this.buf.length < seat.maxMoves) this.buf = new Int32Array(seat.maxMoves);
    const n = seat.legalMoves(this.buf);
    if (n === 0) throw new Error(`random: player ${seat.player} has no decision to take`);
    return this.buf[this.rng.int(n)]!;
  }
}
