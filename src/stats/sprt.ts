/**
 * The generalized sequential probability ratio test as fishtest runs it (Michel Van den Bergh, "A
 * practical introduction to the GSPRT"): the samples are scores in [0, 1] (here one per duplicate
 * deal: how B did against A in the same seats of the same deal); under each hypothesis the score
 * distribution is the maximum-likelihood distribution on the observed support whose mean is the
 * hypothesis' expected score, and the log-likelihood ratio is n * sum p_i ln(p1_i / p0_i).
 */

/** The expected score of a player `elo` points stronger (the logistic Elo model). */
export function eloToScore(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

export function scoreToElo(score: number): number {
  return -400 * Math.log10(1 / score - 1);
}

/** Wald's stopping bounds on the LLR: accept H0 at or below `lower`, H1 at or above `upper`. */
export function sprtBounds(alpha: number, beta: number): { lower: number; upper: number } {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/** fishtest's regularisation: a support point never seen still gets this much mass, so the MLE exists. */
const UNSEEN = 1e-3;

export interface ScoreCounts {
  /** Distinct score values in [0, 1]. */
  readonly values: readonly number[];
  readonly counts: readonly number[];
}

/**
 * The log-likelihood ratio of H1 (mean score s1) against H0 (mean score s0). The support always
 * includes the extremes 0 and 1 (with fishtest's small mass when unseen), so a run where B always
 * wins still moves the ratio.
 */
export function gsprtLlr(samples: ScoreCounts, s0: number, s1: number): number {
  const values = [...samples.values];
  const counts = [...samples.counts];
  for (const extreme of [0, 1]) {
    if (!values.includes(extreme)) {
      values.push(extreme);
      counts.push(0);
    }
  }
  let n = 0;
  for (const c of counts) n += c;
  if (n === 0) return 0;
  const mass = counts.map((c) => Math.max(c, UNSEEN));
  const total = mass.reduce((a, b) => a + b, 0);
  const p = mass.map((m) => m / total);
  const l0 = lagrange(values, p, s0);
  const l1 = lagrange(values, p, s1);
  let llr = 0;
  for (let i = 0; i < values.length; i++) {
    llr += p[i]! * (Math.log1p(l0 * (values[i]! - s0)) - Math.log1p(l1 * (values[i]! - s1)));
  }
  return n * llr;
}

/**
 * The multiplier λ of the MLE distribution p_i / (1 + λ (x_i - s)) with mean s: the root of
 * Σ p_i (x_i - s) / (1 + λ (x_i - s)), which decreases in λ on the interval where every weight stays
 * positive. Bisection: robust, and 200 halvings reach double precision.
 */
function lagrange(values: readonly number[], p: readonly number[], s: number): number {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  let lo = -1 / (max - s);
  let hi = 1 / (s - min);
  const f = (l: number): number => {
    let sum = 0;
    for (let i = 0; i < values.length; i++) sum += (p[i]! * (values[i]! - s)) / (1 + l * (values[i]! - s));
    return sum;
  };
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (mid === lo || mid === hi) break;
    if (f(mid) > 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
