/**
 * Scoring moves by looking ahead within the player's own turn: the greedy bot's whole search, and
 * the MCTS bot's priors.
 *
 * A move is played on a copy of a determinization and the position after it is evaluated
 * (evaluate.ts), after the best continuation of the same player's decisions in the same turn: a
 * placement is worth the best phase-2 action that can follow it (2-ply within the turn); drawing
 * instead of playing a triangle (H-4) is worth the best placement of the drawn tile; building a tower
 * is worth the best capture that follows (T-3). Other players' decisions are never searched: the
 * evaluation stands for them.
 *
 * Implementation notes: copies go into scratch games (`Game.cloneInto`, one per depth), which copies
 * only the used part of the board; a fresh `clone()` allocated the whole state (up to 1.2 MB with all
 * expansions) and made greedy decisions 7× slower. A copy still costs more than evaluating a
 * position, so the number of copies is what counts. Phase 2 is therefore scored without copies where the
 * move is simple: "pass" is the position itself, and a meeple (B-6, D-13 through a portal) is put on
 * the copy's board, evaluated and taken back (the same writes as the engine's deployment, undone
 * exactly). The evaluation is built to be read before the turn's scoring (it counts a completed
 * feature as scored), so these leaves agree with positions after scoring. Other phase-2 moves
 * (towers, fairy, princess, ransom) need a copy each; a first pass scores every placement by its
 * simple follow-ups only, and a second pass adds the other follow-ups for the `wide` best ones.
 */
import type { Game } from '@carc/engine';
import { M_MEEPLE, M_PASS, MEEPLES_PER_PLAYER, moveType, movePayload } from '@carc/engine';
import type { Weights } from './evaluate.js';
import { DEFAULT_WEIGHTS, evaluate, evaluateFairy, evaluateMeeples } from './evaluate.js';

export interface LookaheadOptions {
  /** Copies deep the search may go below a decision (default 2: a placement, then the best follow-up). */
  levels?: number;
  /** Placements (or other moves) whose non-simple follow-ups are searched in the second pass (default 4). */
  wide?: number;
  weights?: Readonly<Weights>;
}

export class Lookahead {
  readonly levels: number;
  readonly wide: number;
  readonly weights: Readonly<Weights>;
  /** A move buffer per depth of the recursion, grown on demand. */
  private readonly bufs: Int32Array[] = [];
  private readonly valueBufs: Float64Array[] = [];
  /**
   * Scratch copies (Game.cloneInto), made on first use: [0] for the moves scored at the top, [d + 1]
   * for the children of a position at recursion depth d (siblings are scored one at a time).
   */
  private readonly copies: (Game | undefined)[] = [];
  /** simpleScores' scratch: the simple moves' segments (-1: pass) and their indices. */
  private readonly one = new Int32Array(1);
  private readonly oneOut = new Float64Array(1);
  private segs = new Int32Array(0);
  private index = new Int32Array(0);
  private simple = new Float64Array(0);
  private order = new Int32Array(0);
  /** Set when a leaf left out a non-simple phase-2 move (first pass). */
  private skipped = false;

  constructor(options: LookaheadOptions = {}) {
    this.levels = options.levels ?? 2;
    this.wide = options.wide ?? 4;
    this.weights = options.weights ?? DEFAULT_WEIGHTS;
  }

  private values(depth: number, size: number): Float64Array {
    let b = this.valueBufs[depth];
    if (b === undefined || b.length < size) {
      b = new Float64Array(size);
      this.valueBufs[depth] = b;
    }
    return b;
  }

  /** `g` copied into scratch copy `slot`. */
  private copy(g: Game, slot: number): Game {
    const c = this.copies[slot];
    if (c !== undefined && g.sameLineage(c) && c.state.scripted === g.state.scripted) return g.cloneInto(c);
    const fresh = g.clone();
    this.copies[slot] = fresh;
    return fresh;
  }

  private buf(depth: number, size: number): Int32Array {
    let b = this.bufs[depth];
    if (b === undefined || b.length < size) {
      b = new Int32Array(size);
      this.bufs[depth] = b;
    }
    return b;
  }

  /**
   * Scores each of `moves[0..n)`, the legal moves of `me` in `g`, into `out[0..n)` (points, higher is
   * better). `g` is left as it was.
   */
  scoreMoves(g: Game, me: number, moves: Int32Array, n: number, out: Float64Array): void {
    const turn = g.turn;
    if (g.phaseName === 'action') {
      this.skipped = false;
      this.simpleScores(g, me, moves, n, out);
      for (let i = 0; i < n; i++) {
        if (!Number.isNaN(out[i]!)) continue;
        const c = this.copy(g, 0);
        c.play(moves[i]!);
        out[i] = this.value(c, me, turn, this.levels - 1, 0, true);
      }
      return;
    }
    this.skipped = false;
    for (let i = 0; i < n; i++) {
      const c = this.copy(g, 0);
      c.play(moves[i]!);
      out[i] = this.value(c, me, turn, this.levels - 1, 0, false);
    }
    if (!this.skipped || this.wide <= 0) return;
    // Second pass: the best few placements again, with every follow-up (one level deeper, for T-3).
    if (this.order.length < n) this.order = new Int32Array(Math.max(n, 2 * this.order.length));
    const order = this.order;
    for (let i = 0; i < n; i++) order[i] = i;
    const top = Math.min(this.wide, n);
    for (let k = 0; k < top; k++) {
      let best = k;
      for (let j = k + 1; j < n; j++) if (out[order[j]!]! > out[order[best]!]!) best = j;
      const t = order[k]!;
      order[k] = order[best]!;
      order[best] = t;
      const i = order[k]!;
      const c = this.copy(g, 0);
      c.play(moves[i]!);
      // Only moves that lead straight to phase 2 (placements): anything else would multiply copies.
      if (c.phaseName === 'action') out[i] = Math.max(out[i]!, this.value(c, me, turn, this.levels, 0, true));
    }
  }

  /**
   * Quick scores for the moves of `me` in `g` without copying it: simple phase-2 moves exactly as
   * `scoreMoves` does, every other move the value of the position as it stands. For MCTS priors.
   */
  quickScores(g: Game, me: number, moves: Int32Array, n: number, out: Float64Array): void {
    const here = evaluate(g, me, this.weights);
    if (g.phaseName === 'action' && g.toAct === me) this.simpleScores(g, me, moves, n, out);
    else out.fill(NaN, 0, n);
    for (let i = 0; i < n; i++) if (Number.isNaN(out[i]!)) out[i] = here;
  }

  /**
   * The value of `g` (owned: it may be changed) for `me`: the evaluation after the best
   * continuation of `me`'s decisions in turn `turn`, copying at most `levels` more times.
   */
  private value(g: Game, me: number, turn: number, levels: number, depth: number, full: boolean): number {
    if (g.isOver || g.toAct !== me || g.turn !== turn) return evaluate(g, me, this.weights);
    const action = g.phaseName === 'action';
    if (!action && levels <= 0) return evaluate(g, me, this.weights);
    const moves = this.buf(depth, g.maxMoves);
    const n = g.legalMoves(moves);
    const values = this.values(depth, moves.length);
    if (action) this.simpleScores(g, me, moves, n, values);
    let best = -Infinity;
    for (let i = 0; i < n; i++) {
      const m = moves[i]!;
      let v = action ? values[i]! : NaN;
      if (Number.isNaN(v)) {
        if (action && (!full || levels <= 0)) {
          this.skipped = true;
          continue;
        }
        const c = this.copy(g, depth + 1);
        c.play(m);
        v = this.value(c, me, turn, levels - 1, depth + 1, full);
      }
      if (v > best) best = v;
    }
    return best === -Infinity ? evaluate(g, me, this.weights) : best;
  }

  /**
   * `simpleScore` of each of `moves[0..n)` into `out[0..n)`, from one evaluation of the position
   * (evaluate.ts `evaluateMeeples`): what the playouts and the greedy bot's leaves spend their time on.
   * `relative`: only the order of the simple moves counts (see `evaluateMeeples`).
   */
  simpleScores(g: Game, me: number, moves: Int32Array, n: number, out: Float64Array, relative = false): void {
    if (this.segs.length < n) {
      this.segs = new Int32Array(n);
      this.index = new Int32Array(n);
      this.simple = new Float64Array(n);
    }
    let free = false;
    for (let i = me * MEEPLES_PER_PLAYER; i < (me + 1) * MEEPLES_PER_PLAYER; i++)
      free ||= g.state.meepleSeg[i] === -1;
    const nextFollower = g.options.fairyPlacement !== 'on-tile';
    const M_FAIRY = g.moveCode('fairy');
    let k = 0;
    for (let i = 0; i < n; i++) {
      const type = moveType(moves[i]!);
      if (type === M_PASS || (type === M_MEEPLE && free) || (type === M_FAIRY && nextFollower)) {
        this.segs[k] =
          type === M_PASS ? -1 : type === M_MEEPLE ? movePayload(moves[i]!) : -movePayload(moves[i]!) - 2;
        this.index[k++] = i;
      } else {
        out[i] = NaN;
      }
    }
    evaluateMeeples(g, me, this.segs, k, this.simple, this.weights, relative);
    for (let j = 0; j < k; j++) out[this.index[j]!] = this.simple[j]!;
  }

  /**
   * The value for `me` of a phase-2 move scored without a copy: pass (the position itself), a meeple
   * (evaluated as if on the board: the one-move form of `simpleScores`) or the fairy. NaN for any
   * other move, and for a meeple when none is in supply. The game is only read.
   */
  simpleScore(g: Game, me: number, move: number): number {
    const type = moveType(move);
    if (type === M_PASS) return evaluate(g, me, this.weights);
    if (type === g.moveCode('fairy')) return evaluateFairy(g, me, move, this.weights);
    if (type !== M_MEEPLE || g.state.supply[me] === 0) return NaN;
    this.one[0] = movePayload(move);
    evaluateMeeples(g, me, this.one, 1, this.oneOut, this.weights);
    return this.oneOut[0]!;
  }
}
