/**
 * The `mcts` bot: determinized Monte-Carlo tree search (single-observer ISMCTS, Cowling et al. 2012,
 * restricted to the searching player's own turn).
 *
 * Each iteration samples a determinization (`seat.determinize(seed)`: future draws and the other
 * players' hands resampled), walks down the tree with UCT, then plays out and scores the result:
 *
 * - **Tree**: nodes are keyed by encoded moves and cover the decisions of the player to act until
 *   their turn ends (placement → phase-2 action → capture or dragon step…). Within one turn the
 *   legal moves depend only on what the player sees (board, drawn tile, own hand), so every
 *   determinization offers the same children; after a chance event (a draw, H-4) or another player's
 *   decision they would not (a placement code means a different tile in each sample), so those are
 *   left to the playouts. A node whose legal moves differ from its children in some sample ends the
 *   walk there.
 * - **Selection**: UCB1 with a heuristic prior: `(W + m·p) / (N + m) + c·√(ln N_parent / (N + 1))`,
 *   where `p` is the prior of the move (the greedy bot's score at the root, quick scores below it,
 *   both squashed like rewards) worth `m` visits. Unvisited children are tried best prior first.
 * - **Playout**: to the end of the game (default), or for `playoutTurns` turns after the player's
 *   own, with a light policy — uniform placements and other choices, and a phase-2 action that is
 *   the best of pass, the meeple moves and the fairy's by the evaluation (put on the board and taken
 *   back, no copy) plus a little noise, or now and then (1 in 4) another expansion action (princess,
 *   tower…) — then `evaluate()`. Scoring the fairy like a meeple matters: played at random, nobody
 *   in a playout took her back, so stealing her looked like points every turn to the end, and the
 *   bot moved her nearly every turn (0 wins in 4 games against greedy with P&D). Measured against the greedy bot (1,000
 *   iterations, the same 40 two-player base games each, c = 0.25): cut off after 1 turn 48% wins,
 *   after 8 turns 79%, to the end 91%; to the end with c = 0.5 (the default) 95%, with c = 1 90%.
 *   Cut-off playouts run 5–6× more iterations per second with all three expansions, but spending
 *   that on more iterations in the same time did not pay: cut off after 16 turns at 5,000
 *   iterations, 15 of 20 all-three games against greedy (8 turns at 6,000: 15 of 20; to the end at
 *   1,500: 15 of the same 20 deals) and 31 of 40 base games (to the end: 94.5 of 100).
 *   Placements: the best of 3 uniform draws by the tiles their cell touches (`placementDraws` 3),
 *   meant to close features as players do, won 17 of 20 all-three games against greedy (1,500
 *   iterations) where uniform placements won 15 of the same deals, then 27 of 40 on fresh deals
 *   (67.5% [52.0, 79.9], against 76.1% [68.4, 82.4] over 140 games for uniform placements) and
 *   95.5 of 100 base games (94.5 uniform), with 13% fewer iterations per second in the base game:
 *   no better, so placements stay uniform by default.
 * - **Reward**: `1 / (1 + e^(−v / scale))` of the evaluation `v` (points, own minus best other; a
 *   finished game: its margin). Alone in a game, `v` is one's total, so the scale is centred on the
 *   searched position's evaluation instead. (Centring it in every game, to keep rewards spread out
 *   when one player is far ahead, measured no better: 75.6% against 80.6% wins over greedy, 80 base
 *   games each at 500 iterations.)
 * - **Choice**: the most visited root move (ties: the higher mean), unless its mean reward beats
 *   the greedy move's (the best prior) by less than `confidence` standard errors (default 1): then
 *   the greedy move. Where playouts are noisy the search otherwise follows noise: with The
 *   Princess & the Dragon at 300 iterations it won 1 of 8 games against greedy, 6.5 of 8 with this
 *   rule (same deals); in the base game at 1,000 iterations 16 and 15 of 16. (A fixed bound,
 *   assuming the largest variance, cost the base game 5 of 16.)
 *
 * Budget: `iterations` and/or `ms` per decision (whichever ends first; default 1,500 iterations
 * within 1 s: about 0.15 s in the base game and 0.9 s with all three expansions on our machine, so
 * with all three a slower or busy machine may end a decision early). With all three expansions
 * 1,500 iterations won 16 of 20 games against greedy where 1,000 won 22.5 of 40 (same deals for the
 * first 20), 89.5 of 120 (74.6%) on deals not used for tuning, then 149 of 200 (74.5%, deals
 * 31000–31099); 3,000 iterations (about 2 s) won 16 of the first 20 of those deals, where 1,500 won
 * 15, by a mean margin of 32 points instead of 13: more search widens the margin more than it turns
 * games. Forced moves are played at once. With an iteration budget the bot is deterministic for its
 * seed; with a time budget the number of iterations depends on the machine.
 *
 * - **Tree reuse**: the subtree under the chosen move is kept when it goes on to more of the same
 *   player's decisions in the turn (a placement's phase 2, a tower's capture); the next decision
 *   starts from it when the player sees exactly what they would after that move and its legal moves
 *   are the subtree's (otherwise it searches afresh). Its budget is spent on top of those visits.
 *
 * Implementation notes: a playout's phase 2 ranks its moves by their change to the evaluation
 * (`simpleScores(…, relative)`: with two players, without summing up the whole board each time; 30%
 * more iterations per second with all three expansions, the same choices); each iteration
 * determinizes into the previous iteration's copy (the engine then copies only the used part of the
 * board and no array is allocated; a fresh copy costs about 0.07 ms in the base game and 0.13 ms
 * with all expansions); playout moves go through reused buffers and allocate nothing; tree nodes
 * are allocated once each, on expansion.
 */
import type { Game, UniformRandom } from '@carc/engine';
import { M_PASS, M_PLACE, MEEPLES_PER_PLAYER, movePayload, moveType, placeCell, viewOf } from '@carc/engine';
import { dragonUnit, evaluate } from './evaluate.js';
import type { LookaheadOptions } from './lookahead.js';
import { Lookahead } from './lookahead.js';
import { BotRng } from './rng.js';
import type { Bot, Seat } from './seat.js';

export interface MctsBudget {
  /** Iterations per decision. */
  iterations?: number;
  /** Milliseconds per decision (the root's scoring included). */
  ms?: number;
}

export interface MctsOptions extends MctsBudget {
  /** UCB exploration constant `c` (rewards lie in [0, 1]). */
  exploration?: number;
  /** Weight `m` of the heuristic prior, in visits. */
  priorVisits?: number;
  /** Turns played out after the player's turn before evaluating (default Infinity: to the end of the game). */
  playoutTurns?: number;
  /**
   * Uniformly random placements drawn for each placement of a playout; the one whose cell touches
   * the most placed tiles is played (default 1: uniform placements; 3 measured no better).
   */
  placementDraws?: number;
  /**
   * Standard errors (of the difference of the two mean rewards, from their sample variances) by
   * which the search's choice must beat the greedy move (the best prior) to be played instead of
   * it; default 1, 0: always the most visited move.
   */
  confidence?: number;
  /** Points of evaluation that move the reward from 0.5 to about 0.73. */
  scale?: number;
  /** The greedy scoring used for the root's priors. */
  lookahead?: LookaheadOptions;
  /** Clock for the time budget (default `performance.now`). */
  now?: () => number;
}

/** Used when neither `iterations` nor `ms` is given. */
export const DEFAULT_MCTS_BUDGET: Readonly<Required<MctsBudget>> = { iterations: 1500, ms: 1000 };

/**
 * Chance that a playout's phase 2 is an expansion's action (fairy, princess, tower…) when one is
 * possible. Without it nobody in a playout ever takes the fairy back or builds a tower, so whatever
 * the search does with them looks permanent: with it left out, the bot moved the fairy in nearly
 * every turn of a game with all expansions.
 */
const OTHER_ACTION = 0.25;

/**
 * A playout's placement (B-4, H-1): of `draws` uniformly random legal moves (`Game.randomMove`), the
 * placement whose cell touches the most placed tiles (ties: the first drawn; a free action drawn
 * among them, T-6, is played as drawn). Meant to close features as players do, where uniform
 * placements spread a playout's tiles out; it measured no better (module header), so the bot
 * draws once by default: `draws` 1 is uniform.
 */
export function drawPlacement(game: Game, rng: UniformRandom, draws: number): number {
  const board = game.state.board;
  let best = -1;
  let bestSides = -1;
  for (let k = 0; k < draws; k++) {
    const m = game.randomMove(rng);
    if (moveType(m) !== M_PLACE) return m;
    const sides = board.touching(placeCell(m));
    if (sides > bestSides) {
      bestSides = sides;
      best = m;
    }
  }
  return best;
}

class Node {
  visits = 0;
  total = 0;
  /** Sum of squared rewards (the reward's variance, for `confidence`). */
  squares = 0;
  children: Node[] | null = null;
  constructor(
    readonly move: number,
    /** The move's heuristic value, squashed; set again when the node becomes a reused root's child. */
    public prior: number,
  ) {}
}

export class MctsBot implements Bot {
  readonly name = 'mcts';
  private readonly rng: BotRng;
  private readonly lookahead: Lookahead;
  private readonly iterations: number;
  private readonly ms: number;
  private readonly c: number;
  private readonly m: number;
  private readonly playoutTurns: number;
  private readonly draws: number;
  private readonly z: number;
  private readonly scale: number;
  private readonly now: () => number;
  private moves = new Int32Array(0);
  private scores = new Float64Array(0);
  private playBuf = new Int32Array(0);
  private policyScores = new Float64Array(0);
  private drawCode = -1;
  private dragonCode = -1;
  private readonly path: Node[] = [];
  /** Centre of the reward scale: 0 (a margin), or alone the evaluation of the position searched. */
  private centre = 0;
  /**
   * The subtree under the move just chosen, kept for the same player's next decision in the same
   * turn (a placement's phase 2, a tower's capture…): see `reusable`.
   */
  private kept: { node: Node; view: string } | undefined;
  /** The last decision's determinization, overwritten by the next one's. */
  private copy: Game | undefined;
  /** Iterations run by the last decision (for tests and tuning). */
  lastIterations = 0;
  /** Visits the last decision's root had from the decision before it (tree reuse). */
  lastReused = 0;
  /** The root's children after the last search (for tuning): visits, mean reward and prior. */
  lastRoot: { move: number; visits: number; mean: number; prior: number }[] = [];

  constructor(seed: number, options: MctsOptions = {}) {
    this.rng = new BotRng(seed);
    this.lookahead = new Lookahead(options.lookahead);
    const none = options.iterations === undefined && options.ms === undefined;
    this.iterations = options.iterations ?? (none ? DEFAULT_MCTS_BUDGET.iterations : Infinity);
    this.ms = options.ms ?? (none ? DEFAULT_MCTS_BUDGET.ms : Infinity);
    if (!(this.iterations >= 1) || !(this.ms > 0)) throw new RangeError('mcts: the budget must be positive');
    this.c = options.exploration ?? 0.5;
    this.m = options.priorVisits ?? 8;
    this.playoutTurns = options.playoutTurns ?? Infinity;
    this.draws = options.placementDraws ?? 1;
    this.z = options.confidence ?? 1;
    this.scale = options.scale ?? 10;
    this.now = options.now ?? (() => performance.now());
    if (!(this.c >= 0 && this.m >= 0 && this.playoutTurns >= 0 && this.scale > 0)) {
      throw new RangeError('mcts: exploration, priorVisits and playoutTurns must be ≥ 0, scale > 0');
    }
    if (!(Number.isInteger(this.draws) && this.draws >= 1)) {
      throw new RangeError('mcts: placementDraws must be a whole number ≥ 1');
    }
  }

  choose(seat: Seat): number {
    const size = seat.maxMoves;
    if (this.moves.length < size) {
      this.moves = new Int32Array(size);
      this.scores = new Float64Array(size);
      this.playBuf = new Int32Array(size);
      this.policyScores = new Float64Array(size);
    }
    const moves = this.moves;
    const n = seat.legalMoves(moves);
    if (n === 0) throw new Error(`mcts: player ${seat.player} has no decision to take`);
    this.lastIterations = 0;
    this.lastReused = 0;
    const kept = this.kept;
    this.kept = undefined;
    if (n === 1) return moves[0]!;
    const t0 = this.now();
    const me = seat.player;
    let game = seat.determinize(this.rng.u32(), this.copy);
    this.copy = game;
    // The move codes of this game's registry, read once: the loops below compare every move.
    this.drawCode = game.moveCode('draw');
    this.dragonCode = game.moveCode('dragon');
    const turn0 = game.turn;
    const lastTurn = turn0 + this.playoutTurns;

    this.centre = game.players === 1 ? evaluate(game, me, this.lookahead.weights) : 0;
    this.lookahead.scoreMoves(game, me, moves, n, this.scores);
    let root: Node;
    if (kept !== undefined && this.reusable(kept, seat, moves, n)) {
      // The search below the move chosen last stands: same player, same turn, nothing drawn since.
      root = kept.node;
      this.lastReused = root.visits;
      root.children!.forEach((x, i) => (x.prior = this.squash(this.scores[i]!)));
    } else {
      root = new Node(-1, 0);
      root.children = this.childrenOf(moves, n);
    }
    const rootChildren = root.children!;

    let it = 0;
    while (it < this.iterations && (it === 0 || this.now() - t0 < this.ms)) {
      if (it > 0) game = seat.determinize(this.rng.u32(), game);
      const path = this.path;
      path.length = 0;
      let node = root;
      for (;;) {
        const child = this.select(node);
        game.play(child.move);
        path.push(child);
        if (moveType(child.move) === this.drawCode) break; // a chance event follows (H-4)
        if (game.isOver || game.toAct !== me || game.turn !== turn0) break;
        const k = game.legalMoves(this.playBuf);
        if (child.children === null) {
          this.lookahead.quickScores(game, me, this.playBuf, k, this.scores);
          child.children = this.childrenOf(this.playBuf, k);
        } else if (child.children.length !== k) {
          break;
        }
        node = child;
      }
      const reward = this.playout(game, me, lastTurn);
      root.visits++;
      for (const x of path) {
        x.visits++;
        x.total += reward;
        x.squares += reward * reward;
      }
      it++;
    }
    this.lastIterations = it;
    this.lastRoot = rootChildren.map((x) => ({
      move: x.move,
      visits: x.visits,
      mean: x.visits === 0 ? NaN : x.total / x.visits,
      prior: x.prior,
    }));

    let best = rootChildren[0]!;
    for (const x of rootChildren) {
      if (
        x.visits > best.visits ||
        (x.visits === best.visits && x.total * best.visits > best.total * x.visits)
      ) {
        best = x;
      }
    }
    // Keep the greedy move (the best prior) unless the search found better by more than its noise.
    if (this.z > 0) {
      let greedy = rootChildren[0]!;
      for (const x of rootChildren) if (x.prior > greedy.prior) greedy = x;
      if (greedy !== best && greedy.visits > 1) {
        const mean = (x: Node) => x.total / x.visits;
        const variance = (x: Node) => Math.max(0, x.squares / x.visits - mean(x) ** 2) / x.visits;
        const gap = mean(best) - mean(greedy);
        if (gap < this.z * Math.sqrt(variance(best) + variance(greedy))) best = greedy;
      }
    }
    // The move leads on to more of the same player's decisions in this turn: keep its subtree, with
    // what the player will see once it is played (on a copy) to recognise the next decision by.
    if (best.children !== null && game.players > 1) {
      game = seat.determinize(this.rng.u32(), game);
      game.play(best.move);
      this.kept = { node: best, view: JSON.stringify(viewOf(game, me)) };
    }
    return best.move;
  }

  /**
   * Whether `kept` (the subtree under the move chosen last) is the search of the decision in front
   * of the player now: the player sees exactly what they would after that move (so it was played,
   * in this game, and nothing was drawn since), and the subtree's moves are the legal moves, in
   * order. Within one turn a player's legal moves and the samples below them depend only on what
   * they see; the tree never goes past a draw (H-4) or another player's decision.
   */
  private reusable(kept: { node: Node; view: string }, seat: Seat, moves: Int32Array, n: number): boolean {
    const children = kept.node.children!;
    if (children.length !== n) return false;
    for (let i = 0; i < n; i++) if (children[i]!.move !== moves[i]) return false;
    return JSON.stringify(seat.view()) === kept.view;
  }

  /** Children for moves[0..n) with priors from `this.scores`. */
  private childrenOf(moves: Int32Array, n: number): Node[] {
    const out: Node[] = [];
    for (let i = 0; i < n; i++) out.push(new Node(moves[i]!, this.squash(this.scores[i]!)));
    return out;
  }

  private squash(v: number): number {
    return 1 / (1 + Math.exp((this.centre - v) / this.scale));
  }

  private select(node: Node): Node {
    const children = node.children!;
    const logN = Math.log(node.visits + 1);
    const m = this.m;
    let best = children[0]!;
    let bestU = -Infinity;
    for (const x of children) {
      // Without a prior (m = 0), untried moves come first, in order.
      if (x.visits + m === 0) return x;
      const u = (x.total + m * x.prior) / (x.visits + m) + this.c * Math.sqrt(logN / (x.visits + 1));
      if (u > bestU) {
        bestU = u;
        best = x;
      }
    }
    return best;
  }

  /**
   * A playout's dragon step (D-7): onto the unit with the most other players' meeples less the
   * mover's own, ties at random. Players steer the dragon; a dragon walking at random in the
   * playouts ate a meeple wherever it stood, and the search learned to keep its meeples home
   * (it passed in phase 2 where the greedy bot placed one, and lost most games with the dragon).
   */
  private dragonStep(game: Game, buf: Int32Array, n: number): number {
    const from = dragonUnit(game);
    const mover = game.toAct;
    const seg = game.state.meepleSeg;
    const dragon = game.moveCode('dragon');
    let best = buf[0]!;
    let bestV = -Infinity;
    for (let i = 0; i < n; i++) {
      // A free action (T-6 ransom, open when the mover is the current player) is no step.
      if (moveType(buf[i]!) !== dragon) continue;
      const u = game.state.units.step(from, movePayload(buf[i]!));
      let v = this.rng.float();
      for (let m = 0; m < seg.length; m++) {
        if (seg[m]! < 0 || !game.state.units.contains(u, game.state.graph.slot[seg[m]!]!)) continue;
        v += Math.floor(m / MEEPLES_PER_PLAYER) === mover ? -1 : 1;
      }
      if (v > bestV) {
        bestV = v;
        best = buf[i]!;
      }
    }
    return best;
  }

  /** Plays the light policy until turn `lastTurn` is over (or the game), and returns the reward. */
  private playout(game: Game, me: number, lastTurn: number): number {
    const buf = this.playBuf;
    while (!game.isOver && game.turn <= lastTurn) {
      // Placing (B-4) and the choice before the draw (H-4) are uniform in the policy: drawn by the
      // engine's sampler, without listing every placement (most of a playout's decisions).
      const phase = game.phaseName;
      if (phase === 'place') {
        game.play(drawPlacement(game, this.rng, this.draws));
        continue;
      }
      if (phase === 'turn') {
        game.play(game.randomMove(this.rng));
        continue;
      }
      const n = game.legalMoves(buf);
      game.play(n === 1 ? buf[0]! : this.policy(game, buf, n));
    }
    return this.squash(evaluate(game, me, this.lookahead.weights));
  }

  /**
   * Light playout policy: phase 2 by the evaluation without copies (pass, a meeple or the fairy:
   * `Lookahead.simpleScores`) plus a little noise, except that with chance `OTHER_ACTION` one of
   * the other phase-2 moves (princess, tower, ransom…) is played instead, uniformly; everything
   * else uniform.
   */
  private policy(game: Game, buf: Int32Array, n: number): number {
    if (moveType(buf[0]!) === this.dragonCode) return this.dragonStep(game, buf, n);
    if (moveType(buf[0]!) !== M_PASS || game.phaseName !== 'action') return buf[this.rng.int(n)]!;
    const scores = this.policyScores;
    this.lookahead.simpleScores(game, game.toAct, buf, n, scores, true);
    let others = 0;
    for (let i = 0; i < n; i++) if (Number.isNaN(scores[i]!)) others++;
    if (others > 0 && this.rng.float() < OTHER_ACTION) {
      let k = this.rng.int(others);
      for (let i = 0; i < n; i++) if (Number.isNaN(scores[i]!) && k-- === 0) return buf[i]!;
    }
    let best = buf[0]!;
    let bestV = -Infinity;
    for (let i = 0; i < n; i++) {
      if (Number.isNaN(scores[i]!)) continue;
      const v = scores[i]! + 0.5 * this.rng.float();
      if (v > bestV) {
        bestV = v;
        best = buf[i]!;
      }
    }
    return best;
  }
}
