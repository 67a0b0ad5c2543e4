import { bisect } from './bisect.js';

/**
 * The standard normal distribution: its upper tail and quantiles, for p-values and for intervals
 * that hold together over many comparisons.
 */

/**
 * P(Z > z), from the complementary error function by W. J. Cody's rational approximations as
 * given in Numerical Recipes (erfcc): relative error below 1.2e-7 everywhere, enough for tests at
 * levels down to 1e-12.
 */
export function upperTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/** The z with P(Z > z) = p, 0 < p < 1: bisection on `upperTail`, which decreases in z. */
export function upperQuantile(p: number): number {
  return bisect(-40, 40, (z) => upperTail(z) - p);
}
