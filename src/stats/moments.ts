import { bisect } from './bisect.js';
import { Z95 } from './wilson.js';

/**
 * The sample variance from integer count, sum and sum of squares, computed exactly in BigInt so the
 * result does not depend on the order the sums were merged in (n*sumSq - sum^2 overflows doubles).
 */
export function varianceFromSums(count: number, sum: number, sumSq: number): number {
  if (count < 2) return 0;
  const n = BigInt(count);
  const numerator = n * BigInt(sumSq) - BigInt(sum) * BigInt(sum);
  return Number(numerator) / (count * (count - 1));
}

/**
 * P(|T| <= t) for Student's t with a whole number `df` of degrees of freedom, in closed form
 * (Abramowitz and Stegun 26.7.3 and 26.7.4): a finite sum of df/2 terms in cos(atan(t/sqrt(df))).
 */
export function tTwoSidedProbability(t: number, df: number): number {
  const theta = Math.atan(t / Math.sqrt(df));
  const c2 = Math.cos(theta) ** 2;
  let term = 1;
  let sum = 1;
  if (df % 2 === 0) {
    for (let k = 2; k < df; k += 2) sum += (term *= (c2 * (k - 1)) / k);
    return Math.sin(theta) * sum;
  }
  if (df === 1) return (2 / Math.PI) * theta;
  for (let k = 3; k < df; k += 2) sum += (term *= (c2 * (k - 1)) / k);
  return (2 / Math.PI) * (theta + Math.sin(theta) * Math.cos(theta) * sum);
}

/** Past this many degrees of freedom the Cornish-Fisher expansion is within 1e-12 of the quantile. */
const EXACT_DF = 1000;

/**
 * The 97.5% quantile of Student's t with `df` degrees of freedom: exact (the root of the closed-form
 * distribution, by bisection to double precision) up to 1000 degrees of freedom, the Cornish-Fisher
 * expansion beyond (within 1e-12 there).
 */
export function tQuantile975(df: number): number {
  if (df > EXACT_DF) return cornishFisher975(df);
  return bisect(Z95, 13, (t) => 0.95 - tTwoSidedProbability(t, df));
}

function cornishFisher975(df: number): number {
  const z = Z95;
  const z3 = z * z * z;
  const z5 = z3 * z * z;
  const z7 = z5 * z * z;
  return (
    z +
    (z3 + z) / (4 * df) +
    (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df) +
    (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df * df * df)
  );
}

/**
 * A 95% interval for a mean from independent samples given as integer sums in `unit`ths: Student's
 * t on the sample mean, clipped to [lo, hi]. null with fewer than two samples.
 */
export function meanInterval(count: number, sum: number, sumSq: number, unit: number, lo = 0, hi = 1): [number, number] | null {
  if (count < 2) return null;
  const mean = sum / count / unit;
  const se = Math.sqrt(varianceFromSums(count, sum, sumSq) / count) / unit;
  const half = tQuantile975(count - 1) * se;
  return [Math.max(lo, mean - half), Math.min(hi, mean + half)];
}
