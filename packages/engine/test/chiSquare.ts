/**
 * Pearson's chi-square goodness-of-fit test against a uniform distribution, with its p-value from
 * the regularized upper incomplete gamma function Q(k/2, x/2) (series for small x, Lentz's
 * continued fraction otherwise, as in Numerical Recipes §6.2): no dependency for forty lines.
 */

/** ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms: about 15 significant digits). */
function lnGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const z = x - 1;
  let a = c[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma function, for a > 0, x ≥ 0. */
export function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const lnPrefix = a * Math.log(x) - x - lnGamma(a);
  if (x < a + 1) {
    // Series for P(a, x); Q = 1 − P.
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000 && Math.abs(term) > Math.abs(sum) * 1e-15; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return Math.max(0, 1 - sum * Math.exp(lnPrefix));
  }
  // Continued fraction for Q(a, x) (modified Lentz).
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.exp(lnPrefix) * h;
}

export interface ChiSquare {
  /** Pearson's statistic Σ (observed − expected)² / expected. */
  readonly statistic: number;
  /** Degrees of freedom: categories − 1. */
  readonly df: number;
  /** P(χ²_df ≥ statistic): the chance of a fit this bad or worse if the counts were uniform. */
  readonly p: number;
}

/** Goodness of fit of `counts` (one per category, every category possible) to the uniform distribution. */
export function chiSquareUniform(counts: readonly number[]): ChiSquare {
  const n = counts.reduce((s, c) => s + c, 0);
  return chiSquare(
    counts,
    counts.map(() => n / counts.length),
  );
}

/** Goodness of fit of `counts` to the expected counts `expected` (same categories, same total). */
export function chiSquare(counts: readonly number[], expected: readonly number[]): ChiSquare {
  let statistic = 0;
  counts.forEach((c, i) => (statistic += (c - expected[i]!) ** 2 / expected[i]!));
  const df = counts.length - 1;
  return { statistic, df, p: df === 0 ? 1 : gammaQ(df / 2, statistic / 2) };
}
