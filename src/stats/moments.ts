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

/** The 97.5% quantile of Student's t with `df` degrees of freedom (Cornish-Fisher expansion, within 0.2% from df = 3; the first two from tables). */
export function tQuantile975(df: number): number {
  if (df === 1) return 12.706204736174698;
  if (df === 2) return 4.302652729749464;
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
