import type { Outcome } from '../core/outcome.js';
import type { Seat } from '../core/seat.js';
import { bisect } from './bisect.js';
import { upperTail } from './normal.js';
import { Z95 } from './wilson.js';

/**
 * `parlor sprt`'s statistics, on the ladder's Elo scale. A game compares test with base: ahead,
 * tied or behind. Per block (deal) b, A_b is test's points against base (1 a game ahead, 1/2 a
 * tie) and M_b the games that count: every game of a full ranking; in a game that names only its
 * winner, only those where exactly one of the two won (two non-winners tie whatever their
 * strengths, and counting that as half a win would compress the difference as the pairwise fit
 * does). The difference is the Elo of p = E[A] / E[M]: the chance test finishes ahead of base,
 * a tie half, and in winner-only games the chance test won given that exactly one of them did,
 * which is what the ladder's difference means (Bradley-Terry's, and Plackett-Luce's on the winner).
 *
 * The test is fishtest's generalized SPRT (Michel Van den Bergh, "A practical introduction to the
 * GSPRT") on that estimating equation: each block one observation, and under a hypothesis p the
 * blocks' distribution is the maximum-likelihood one on the observed support with
 * E[A - p M] = 0 (the empirical likelihood; with M = 1 a block it is fishtest's, mean score p).
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

export interface SprtHypotheses {
  /** H0: test is at most elo0 stronger; H1: at least elo1 (Elo, the ladder's scale). */
  readonly elo0: number;
  readonly elo1: number;
  /** The chance of accepting H1 when H0 holds, and of accepting H0 when H1 holds. */
  readonly alpha: number;
  readonly beta: number;
}

/** How one game went for test against base; `uncounted`: tied on the winner scale (neither won, or both did). */
export type PairResult = 'ahead' | 'tied' | 'behind' | 'uncounted';

/**
 * `winnerOnly`: the game's outcomes name only its winners and tie everyone else (RunSpec's
 * `winnerOnly`, from the game's `ranks`), so equal ranks say nothing on who is stronger. A seat
 * that forfeited ranks below the others even then, and is behind them.
 */
export function pairResult(outcome: Outcome, test: Seat, base: Seat, winnerOnly: boolean): PairResult {
  const t = outcome.rank[test]!;
  const b = outcome.rank[base]!;
  if (t < b) return 'ahead';
  if (t > b) return 'behind';
  return winnerOnly ? 'uncounted' : 'tied';
}

/** fishtest's regularisation: a support point never seen still gets this much mass, so the MLE exists. */
const UNSEEN = 1e-3;

/**
 * Blocks by their distinct values: `values[i]` is A / N (test's points over the block's N games)
 * and `weights[i]` M / N (the share of them that count; 1 for every point when absent), seen
 * `counts[i]` times.
 */
export interface ScoreCounts {
  readonly values: readonly number[];
  readonly weights?: readonly number[];
  readonly counts: readonly number[];
}

/**
 * The log-likelihood ratio of H1 (p = s1) against H0 (p = s0). The support always includes the
 * two one-sided blocks, test taking every counted game and base taking every one, with fishtest's
 * small mass when unseen: A - p M then takes both signs for every p, so the MLE exists, and a run
 * where one side takes every block still moves the ratio. They are taken at the smallest scale
 * the blocks show (the least positive weight): all N games for full rankings, fishtest's extremes;
 * usually one game in winner-only games, where a block counts one or two games and a mass at the
 * N-game extreme, far out, met either hypothesis' constraint cheaply: it bounded the multiplier
 * and made the test err a tenth as often as asked or less, at 2.5 times the games (bench/calibration/sprt-errors.ts).
 */
export function gsprtLlr(samples: ScoreCounts, s0: number, s1: number): number {
  const values = [...samples.values];
  const weights = values.map((_, i) => samples.weights?.[i] ?? 1);
  const counts = [...samples.counts];
  let scale = 1;
  for (const w of weights) if (w > 0) scale = Math.min(scale, w);
  for (const extreme of [0, scale]) {
    if (!values.some((v, i) => v === extreme && weights[i] === scale)) {
      values.push(extreme);
      weights.push(scale);
      counts.push(0);
    }
  }
  let n = 0;
  for (const c of counts) n += c;
  if (n === 0) return 0;
  const mass = counts.map((c) => Math.max(c, UNSEEN));
  const total = mass.reduce((a, b) => a + b, 0);
  const p = mass.map((m) => m / total);
  const z0 = values.map((v, i) => v - s0 * weights[i]!);
  const z1 = values.map((v, i) => v - s1 * weights[i]!);
  const l0 = lagrange(z0, p);
  const l1 = lagrange(z1, p);
  let llr = 0;
  for (let i = 0; i < values.length; i++) llr += p[i]! * (Math.log1p(l0 * z0[i]!) - Math.log1p(l1 * z1[i]!));
  return n * llr;
}

/**
 * The multiplier λ of the MLE distribution p_i / (1 + λ z_i) with E[z] = 0: the root of
 * Σ p_i z_i / (1 + λ z_i), which decreases in λ on the interval where every weight stays positive
 * (z takes both signs: the extremes). Bisection: robust, and 200 halvings reach double precision.
 */
function lagrange(z: readonly number[], p: readonly number[]): number {
  let min = Infinity;
  let max = -Infinity;
  for (const v of z) {
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  const f = (l: number): number => {
    let sum = 0;
    for (let i = 0; i < z.length; i++) sum += (p[i]! * z[i]!) / (1 + l * z[i]!);
    return sum;
  };
  return bisect(-1 / max, -1 / min, f);
}

/** The standard normal distribution function. */
export function normalCdf(x: number): number {
  return 1 - upperTail(x);
}

export interface RatioEstimate {
  /** p = ΣA / ΣM, 1/2 when no game counted. */
  readonly score: number;
  /** Its Elo; null at 0 or 1 (one side took every game that counts: no finite difference). */
  readonly elo: number | null;
  /** The 95% interval of p mapped to Elo, an end null where it reaches 0 or 1; null with fewer than two blocks. */
  readonly eloCI95: [number | null, number | null] | null;
  /** The chance test is the stronger: Φ((p - 1/2) / se); null with fewer than two blocks. */
  readonly los: number | null;
}

/**
 * The ratio estimate and its block-clustered spread: the delta method's variance of ΣA / ΣM,
 * Σ_b (A_b - p M_b)² / (ΣM)² · G / (G - 1) over the G blocks (the same small-sample factor as the
 * ladder's sandwich). The blocks' scale (A / N, M / N) cancels.
 */
export function ratioEstimate(samples: ScoreCounts): RatioEstimate {
  let blocks = 0;
  let points = 0;
  let counted = 0;
  samples.counts.forEach((c, i) => {
    blocks += c;
    points += c * samples.values[i]!;
    counted += c * (samples.weights?.[i] ?? 1);
  });
  const score = counted > 0 ? points / counted : 0.5;
  const elo = score > 0 && score < 1 ? scoreToElo(score) : null;
  if (blocks < 2 || counted === 0) return { score, elo, eloCI95: null, los: null };
  let squares = 0;
  samples.counts.forEach((c, i) => (squares += c * (samples.values[i]! - score * (samples.weights?.[i] ?? 1)) ** 2));
  const se = Math.sqrt(((squares / counted ** 2) * blocks) / (blocks - 1));
  const eloAt = (p: number): number | null => (p > 0 && p < 1 ? scoreToElo(p) : null);
  const los = se > 0 ? normalCdf((score - 0.5) / se) : score > 0.5 ? 1 : score < 0.5 ? 0 : 0.5;
  return { score, elo, eloCI95: [eloAt(score - Z95 * se), eloAt(score + Z95 * se)], los };
}
