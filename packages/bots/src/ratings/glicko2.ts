/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012): a rating, its deviation (how
 * sure the rating is) and its volatility (how erratic the player is). Implemented from the paper's
 * steps; packages/server/test/ratings.test.ts checks it against the paper's worked example. Every
 * rated game is its own rating period, as on lichess: a player's rating moves after each game,
 * against the ratings the opponents had before it. It lives here, beside the bots, so that the
 * server (which rates games) and `carcassonne tournament --ratings` (which measures the bots'
 * fixed ratings) share one implementation; @carc/server re-exports it from its ratings/glicko2.ts.
 */

/** A player's rating on the Glicko scale (1500 the newcomer, deviation 350). */
export interface Rating {
  rating: number;
  deviation: number;
  volatility: number;
}

/** One result against one opponent: 1 a win, 0.5 a draw, 0 a loss. */
export interface Outcome {
  opponent: Rating;
  score: 0 | 0.5 | 1;
}

export const NEWCOMER: Rating = { rating: 1500, deviation: 350, volatility: 0.06 };

/** The system constant τ: how much volatility may change in one period (the paper suggests 0.3–1.2). */
export const TAU = 0.5;
/** A deviation above this marks a rating provisional (lichess's threshold, on the same scale). */
export const PROVISIONAL_DEVIATION = 110;
/** The scale between Glicko and Glicko-2 units. */
const SCALE = 173.7178;
const CONVERGENCE = 0.000001;

const g = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number): number => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** The rating after one period's `outcomes` (none: only the deviation grows). */
export function rate(player: Rating, outcomes: readonly Outcome[], tau = TAU): Rating {
  // Step 2: to the Glicko-2 scale.
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (outcomes.length === 0) {
    return { ...player, deviation: Math.sqrt(phi * phi + sigma * sigma) * SCALE };
  }
  // Steps 3 and 4: the estimated variance from the games, and the estimated improvement.
  let inverseV = 0;
  let sum = 0;
  for (const { opponent, score } of outcomes) {
    const muJ = (opponent.rating - 1500) / SCALE;
    const phiJ = opponent.deviation / SCALE;
    const e = expected(mu, muJ, phiJ);
    inverseV += g(phiJ) ** 2 * e * (1 - e);
    sum += g(phiJ) * (score - e);
  }
  const v = 1 / inverseV;
  const delta = v * sum;
  // Step 5: the new volatility, by the Illinois algorithm on f(x) = 0.
  const newSigma = volatility(delta, phi, v, sigma, tau);
  // Steps 6 to 8: the new deviation and rating, back on the Glicko scale.
  const phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * sum;
  return { rating: newMu * SCALE + 1500, deviation: newPhi * SCALE, volatility: newSigma };
}

function volatility(delta: number, phi: number, v: number, sigma: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > CONVERGENCE) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/**
 * A game of two or more players as pairwise results: against each other player, a win for the
 * higher final score, a draw for the same score, a loss for the lower; each player's rating moves
 * once, by all of its pairs together, against the ratings everyone had before the game. A player
 * who resigned or ran out of time loses to everyone who did not (whatever the scores).
 */
export function rateGame(
  players: readonly { rating: Rating; score: number; forfeited?: boolean }[],
  tau = TAU,
): Rating[] {
  return players.map((me, i) =>
    rate(
      me.rating,
      players.flatMap((them, j): Outcome[] => {
        if (j === i) return [];
        return [{ opponent: them.rating, score: pairScore(me, them) }];
      }),
      tau,
    ),
  );
}

function pairScore(
  me: { score: number; forfeited?: boolean },
  them: { score: number; forfeited?: boolean },
): 0 | 0.5 | 1 {
  const meOut = me.forfeited === true;
  const themOut = them.forfeited === true;
  if (meOut !== themOut) return meOut ? 0 : 1;
  return me.score > them.score ? 1 : me.score < them.score ? 0 : 0.5;
}

/** Whether a rating is still provisional (too few games to trust it; shown with a "?"). */
export const provisional = (r: Rating): boolean => r.deviation > PROVISIONAL_DEVIATION;
