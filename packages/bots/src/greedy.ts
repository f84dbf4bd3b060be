/**
 * The `greedy` bot: plays the move whose position, after its own best follow-up in the same turn,
 * evaluates best (lookahead.ts, evaluate.ts).
 *
 * Per decision it takes one determinization (a copy with the hidden information resampled from its
 * own generator, the only look ahead a seat allows), scores every legal move on copies of it, and
 * picks the best, breaking ties (within 1e-9 points) uniformly with its generator. Forced moves are
 * played without looking.
 */
import type { Game } from '@carc/engine';
import type { LookaheadOptions } from './lookahead.js';
import { Lookahead } from './lookahead.js';
import { BotRng } from './rng.js';
import type { Bot, Seat } from './seat.js';

export type GreedyOptions = LookaheadOptions;

export class GreedyBot implements Bot {
  readonly name = 'greedy';
  private readonly rng: BotRng;
  private readonly lookahead: Lookahead;
  private buf = new Int32Array(0);
  private scores = new Float64Array(0);
  /** The previous decision's determinization, overwritten by the next. */
  private copy: Game | undefined;

  constructor(seed: number, options: GreedyOptions = {}) {
    this.rng = new BotRng(seed);
    this.lookahead = new Lookahead(options);
  }

  choose(seat: Seat): number {
    if (this.buf.length < seat.maxMoves) {
      this.buf = new Int32Array(seat.maxMoves);
      this.scores = new Float64Array(seat.maxMoves);
    }
    const moves = this.buf;
    const n = seat.legalMoves(moves);
    if (n === 0) throw new Error(`greedy: player ${seat.player} has no decision to take`);
    if (n === 1) return moves[0]!;
    const game = seat.determinize(this.rng.u32(), this.copy);
    this.copy = game;
    this.lookahead.scoreMoves(game, seat.player, moves, n, this.scores);
    return pickBest(moves, this.scores, n, this.rng);
  }
}

/** The move with the highest score; ties (within 1e-9) broken uniformly at random. */
export function pickBest(moves: Int32Array, scores: Float64Array, n: number, rng: BotRng): number {
  let best = -Infinity;
  for (let i = 0; i < n; i++) if (scores[i]! > best) best = scores[i]!;
  let ties = 0;
  for (let i = 0; i < n; i++) if (scores[i]! >= best - 1e-9) ties++;
  let k = ties > 1 ? rng.int(ties) : 0;
  for (let i = 0; i < n; i++) {
    if (scores[i]! < best - 1e-9) continue;
    if (k-- === 0) return moves[i]!;
  }
  return moves[0]!;
}
