import { upperQuantile, upperTail } from './normal.js';

/**
 * Claims over many comparisons at once. A ladder of E entrants makes C(E, 2) pairwise comparisons;
 * read one by one at 95%, ten equal entrants show a false "stronger" in most runs. Here the claims
 * hold together: Holm's step-down procedure on the pairs' p-values at a familywise 5% (each claim
 * "a is stronger than b" is false with probability at most 5% in all, whatever the others), and
 * Bonferroni's simultaneous intervals (every interval of the family holds at once, at 95%).
 */

/**
 * One comparison of a's rating with b's. Within a tier: the estimate and its standard error (Elo).
 * Across tiers: `oneWay`, the blocks in which one of them finished ahead of the other, every one
 * the same way, and `sign` which way (+1: a ahead); then there is no estimate.
 */
export type Comparison = { readonly elo: number; readonly se: number } | { readonly oneWay: number; readonly sign: 1 | -1 };

export interface FamilyClaim {
  /** The p-value of equal strength (two-sided). */
  readonly pValue: number;
  /** +1: a is stronger, -1: b is, 0: no claim, at the family's 5%. */
  readonly claim: 1 | -1 | 0;
  /** The simultaneous 95% interval of a - b (Elo); null across tiers. */
  readonly interval: readonly [number, number] | null;
}

const FAMILY_LEVEL = 0.05;

/**
 * The p-value of equal strength: within a tier, the Wald test of the estimate; across tiers, the
 * exact chance that m independent blocks (the first decision of each) all go one way when each is a
 * fair coin, twice for two sides.
 */
function pValueOf(c: Comparison): number {
  if ('oneWay' in c) return Math.min(1, 2 * 0.5 ** c.oneWay);
  if (!(c.se > 0)) return c.elo === 0 ? 1 : 0;
  return Math.min(1, 2 * upperTail(Math.abs(c.elo) / c.se));
}

/** The claim's direction; a comparison that makes a claim never has an estimate of 0 (its p-value is 1). */
function signOf(c: Comparison): 1 | -1 {
  if ('oneWay' in c) return c.sign;
  return Math.sign(c.elo) as 1 | -1;
}

/** The claims of a family of comparisons, in their order. */
export function familyClaims(comparisons: readonly Comparison[]): FamilyClaim[] {
  const m = comparisons.length;
  const p = comparisons.map(pValueOf);
  // Ties in p need no order: Holm's thresholds grow, so equal p-values are all claimed or none.
  const order = p.map((_, i) => i).sort((i, j) => p[i]! - p[j]!);
  const rejected = new Set<number>();
  for (const [rank, i] of order.entries()) {
    if (p[i]! > FAMILY_LEVEL / (m - rank)) break;
    rejected.add(i);
  }
  const z = upperQuantile(FAMILY_LEVEL / 2 / Math.max(m, 1));
  return comparisons.map((c, i) => ({
    pValue: p[i]!,
    claim: rejected.has(i) ? signOf(c) : 0,
    interval: 'oneWay' in c ? null : [c.elo - z * c.se, c.elo + z * c.se],
  }));
}
