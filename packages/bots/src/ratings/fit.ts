/**
 * Ratings fitted from a tournament's games, on the Glicko scale: how `carcassonne tournament
 * --ratings` measures the bots' fixed ratings (docs/ratings.md, "Bots' ratings").
 *
 * Every game is read as pairwise results, as the server rates a game (glicko2.ts, rateGame):
 * against each other seat, a higher final score wins the pair, the same score draws, a lower one
 * loses. The fit is the Bradley–Terry model on Glicko's logistic scale — entry a beats entry b with
 * probability 1 / (1 + 10^((R_b − R_a) / 400)), Glicko-2's expected score against an opponent
 * whose deviation is 0, a draw counting half — with each entry beforehand a Glicko newcomer, a
 * normal prior of mean 1500 and deviation 350. The ratings are the mode of the posterior (found by
 * Newton's method: the log-posterior is strictly concave, so the mode is unique), and each
 * deviation is the posterior's standard deviation by the curvature at the mode (the Laplace
 * approximation), with the entries' average held fixed. The prior keeps a rating finite when an
 * entry won or lost every game (greedy against random does), and it places the scale: the
 * entries' ratings average exactly 1500, unless an anchor puts one entry at a given rating. It is
 * the model Glicko-2 approximates game by game, fitted on all the games at once, so the order the
 * games were played in does not matter. The pairs of one multi-player game are not independent, so
 * there the deviations are somewhat too small.
 */
import { NEWCOMER } from './glicko2.js';
import type { GameResult } from '../tournament.js';
import { wilson } from '../tournament.js';

/** The results between two entries, from `a`'s side. */
export interface PairResult {
  a: string;
  b: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
}

/** An entry's fitted rating and its uncertainty (Glicko scale). */
export interface FittedRating {
  bot: string;
  rating: number;
  deviation: number;
}

/** Glicko-2's scale: 400 / ln 10, one Glicko-2 unit in rating points. */
const SCALE = 173.7178;
const PRIOR_PHI = NEWCOMER.deviation / SCALE;

/**
 * The pairwise results of `results`' games between the entries `labels` (in their order: `a` is the
 * entry given first). Two seats of the same entry (a line-up repeating a bot) are not a pair.
 */
export function pairwiseResults(labels: readonly string[], results: readonly GameResult[]): PairResult[] {
  const pairs = new Map<string, PairResult>();
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      pairs.set(`${i}/${j}`, { a: labels[i]!, b: labels[j]!, games: 0, wins: 0, draws: 0, losses: 0 });
    }
  }
  for (const r of results) {
    for (let p = 0; p < r.seats.length; p++) {
      for (let q = p + 1; q < r.seats.length; q++) {
        let i = labels.indexOf(r.seats[p]!);
        let j = labels.indexOf(r.seats[q]!);
        if (i === j || i < 0 || j < 0) continue;
        let diff = r.scores[p]! - r.scores[q]!;
        if (i > j) [i, j, diff] = [j, i, -diff];
        const pair = pairs.get(`${i}/${j}`)!;
        pair.games++;
        if (diff > 0) pair.wins++;
        else if (diff < 0) pair.losses++;
        else pair.draws++;
      }
    }
  }
  return [...pairs.values()].filter((p) => p.games > 0);
}

/** `a`'s share of the points (a draw counting half) and its 95% Wilson interval. */
export function pairShare(p: PairResult): { share: number; ci95: [number, number] } {
  const points = p.wins + p.draws / 2;
  return { share: p.games === 0 ? 0 : points / p.games, ci95: wilson(points, p.games) };
}

const logistic = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * The ratings of `labels` fitted from `pairs` (the model above), ordered as `labels`. Pairs naming
 * an entry outside `labels` are ignored. With `anchor`, every rating moves by the same amount so
 * that the anchor's entry has the anchor's rating (the deviations, relative ones, do not change).
 */
export function fitRatings(
  labels: readonly string[],
  pairs: readonly PairResult[],
  anchor?: { bot: string; rating: number },
): FittedRating[] {
  const n = labels.length;
  const edges = pairs.flatMap((p) => {
    const i = labels.indexOf(p.a);
    const j = labels.indexOf(p.b);
    return i < 0 || j < 0 || i === j || p.games === 0
      ? []
      : [{ i, j, games: p.games, points: p.wins + p.draws / 2 }];
  });
  // On the Glicko-2 scale (μ = (R − 1500) / SCALE) the log-posterior is
  //   Σ_pairs points·ln σ(μi − μj) + (games − points)·ln σ(μj − μi) − Σ_i μi² / (2 φ0²).
  const logPosterior = (mu: readonly number[]): number => {
    let sum = 0;
    for (const e of edges) {
      const d = mu[e.i]! - mu[e.j]!;
      sum += -e.points * Math.log1p(Math.exp(-d)) - (e.games - e.points) * Math.log1p(Math.exp(d));
    }
    for (const m of mu) sum -= (m * m) / (2 * PRIOR_PHI * PRIOR_PHI);
    return sum;
  };
  /** The gradient and the negative Hessian (positive definite) at `mu`. */
  const derivatives = (mu: readonly number[]): { gradient: number[]; curvature: number[][] } => {
    const gradient = mu.map((m) => -m / (PRIOR_PHI * PRIOR_PHI));
    const curvature = mu.map((_, r) => mu.map((__, c) => (r === c ? 1 / (PRIOR_PHI * PRIOR_PHI) : 0)));
    for (const e of edges) {
      const p = logistic(mu[e.i]! - mu[e.j]!);
      const g = e.points - e.games * p;
      const w = e.games * p * (1 - p);
      gradient[e.i]! += g;
      gradient[e.j]! -= g;
      curvature[e.i]![e.i]! += w;
      curvature[e.j]![e.j]! += w;
      curvature[e.i]![e.j]! -= w;
      curvature[e.j]![e.i]! -= w;
    }
    return { gradient, curvature };
  };
  let mu = new Array<number>(n).fill(0);
  for (let iteration = 0; iteration < 200; iteration++) {
    const { gradient, curvature } = derivatives(mu);
    const step = solve(curvature, gradient);
    // Damped Newton: halve a step that would lower the posterior (far from the mode, with lopsided
    // results, a full step can overshoot).
    let t = 1;
    const before = logPosterior(mu);
    let next = mu.map((m, k) => m + step[k]!);
    while (logPosterior(next) < before && t > 1e-6) {
      t /= 2;
      next = mu.map((m, k) => m + t * step[k]!);
    }
    const moved = Math.max(0, ...next.map((m, k) => Math.abs(m - mu[k]!)));
    mu = next;
    if (moved < 1e-10) break;
  }
  // The games tell only differences: the entries' average stays at the prior's 1500 (at the mode the
  // likelihood's gradient sums to 0), and its uncertainty is the prior's, not a measurement. So each
  // deviation is the posterior's with that average held fixed (the Gaussian of the Laplace
  // approximation conditioned on Σμ = 0): how sure a rating is relative to the others.
  const { curvature } = derivatives(mu);
  const covariance = labels.map((_, k) => {
    const unit = new Array<number>(n).fill(0);
    unit[k] = 1;
    return solve(curvature, unit);
  });
  const rowSums = covariance.map((row) => row.reduce((a, b) => a + b, 0));
  const total = rowSums.reduce((a, b) => a + b, 0);
  const anchored = anchor === undefined ? -1 : labels.indexOf(anchor.bot);
  const shift = anchored < 0 ? 1500 : anchor!.rating - SCALE * mu[anchored]!;
  return labels.map((bot, k) => {
    const variance = Math.max(0, covariance[k]![k]! - (rowSums[k]! * rowSums[k]!) / total);
    return { bot, rating: shift + SCALE * mu[k]!, deviation: SCALE * Math.sqrt(variance) };
  });
}

/** Solves `m x = v` for a small positive definite `m` (Gaussian elimination with pivoting). */
function solve(m: readonly (readonly number[])[], v: readonly number[]): number[] {
  const n = v.length;
  const a = m.map((row, r) => [...row, v[r]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k <= n; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = a[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= a[r]![k]! * x[k]!;
    x[r] = s / a[r]![r]!;
  }
  return x;
}
