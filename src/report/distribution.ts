export const PERCENTILES = [1, 5, 25, 50, 75, 95, 99] as const;

/** Mean, standard deviation and percentiles of a distribution of whole numbers. */
export interface DistributionStats {
  readonly mean: number;
  readonly sd: number;
  /** percentiles[i] for PERCENTILES[i]: the least s with P(score <= s) >= p%. */
  readonly percentiles: readonly number[];
}

/**
 * From [value, weight] pairs sorted by value (counts or probabilities). The SD is the population
 * one for probabilities and the sample one for counts (`sample`), as the summary's sdScore is.
 */
export function distributionStats(pairs: readonly (readonly [number, number])[], sample: boolean): DistributionStats {
  let total = 0;
  let sum = 0;
  for (const [v, w] of pairs) {
    total += w;
    sum += v * w;
  }
  const mean = total > 0 ? sum / total : 0;
  let squares = 0;
  for (const [v, w] of pairs) squares += w * (v - mean) * (v - mean);
  const denominator = sample ? total - 1 : total;
  const percentiles: number[] = [];
  let cumulative = 0;
  let next = 0;
  for (const [v, w] of pairs) {
    cumulative += w;
    // A relative tolerance: probabilities that should sum to p% may fall short by rounding.
    while (next < PERCENTILES.length && cumulative >= (PERCENTILES[next]! / 100) * total * (1 - 1e-12)) {
      percentiles.push(v);
      next++;
    }
  }
  return { mean, sd: denominator > 0 ? Math.sqrt(squares / denominator) : 0, percentiles };
}

/** A probability vector indexed by score as [score, probability] pairs, zeros left out. */
export function probabilityPairs(probabilities: readonly number[]): [number, number][] {
  const pairs: [number, number][] = [];
  probabilities.forEach((p, s) => {
    if (p > 0) pairs.push([s, p]);
  });
  return pairs;
}
