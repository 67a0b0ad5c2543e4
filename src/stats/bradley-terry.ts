import { blockScoreSpread, type BlockSums } from './block-variance.js';
import { leastGap } from './separation-bound.js';
import { comparisonTiers, type Tiers } from './tiers.js';
import { Z95 } from './wilson.js';

/** Elo points per natural-log unit of Bradley-Terry strength: 400 / ln 10. */
export const ELO_PER_NAT = 400 / Math.LN10;

/**
 * A virtual drawn game added between every pair that met, so an entrant that never lost (or never
 * won) still gets a finite rating; with thousands of games its pull is negligible.
 */
export const PRIOR_DRAWS = 1;

/** The one-sided level of a separation's bound: the same tail as each end of a 95% interval. */
const SEPARATION_TAIL = (1 - 0.95) / 2;

/**
 * Where an entrant's tier lies from the anchor tier when no game went against the order: `below`
 * (every meeting with the anchor tier lost), `above` (every one won), or `apart` (no path of games
 * orders the two). `bound` is the games' own limit at 95%: the highest rating the entrant can have
 * below, the lowest above; null when the entrant never met the anchor tier directly.
 */
export interface Separation {
  readonly side: 'below' | 'above' | 'apart';
  readonly bound: number | null;
}

export interface Rating {
  readonly elo: number;
  readonly ci95: readonly [number, number];
  /** 1 for the top tier; see `comparisonTiers`. */
  readonly tier: number;
  /** null for the anchor tier, whose ratings the games identify. */
  readonly separated: Separation | null;
}

/**
 * The fitted strengths and what they rest on: `strength[a]` the log-strengths (mean zero),
 * `fisher` the model's covariance of them (pairs of seats as independent comparisons), `sandwich`
 * the block-robust one (null without block sums, or with fewer than two blocks).
 */
export interface LadderFit {
  readonly n: number;
  readonly strength: readonly number[];
  readonly fisher: Float64Array;
  readonly sandwich: Float64Array | null;
  /** The Fisher information of the log-strengths: a weighted graph Laplacian. */
  readonly info: Float64Array;
  readonly tiers: Tiers;
}

/**
 * Fits Bradley-Terry strengths to pairwise results: `ahead[a * n + b]` counts the games where a
 * finished ahead of b, `tied[a * n + b]` (symmetric) those where they tied, a tie counting half a
 * win each. With `blocks` (src/stats/block-variance.ts) it also gives the sandwich covariance
 * H^-1 J H^-1 * G / (G - 1) over the G blocks: the comparisons within a game and within a duplicate
 * block are dependent, and J measures their spread between blocks, where the model's H^-1 assumes
 * independent pairs. Null when no pair met, or when the entrants fall into groups that never met
 * each other (then no common scale exists).
 */
export function fitLadder(n: number, ahead: readonly number[], tied: readonly number[], blocks?: BlockSums): LadderFit | null {
  const games = new Float64Array(n * n);
  const wins = new Float64Array(n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      if (a === b) continue;
      const met = ahead[a * n + b]! + ahead[b * n + a]! + tied[a * n + b]!;
      if (met === 0) continue;
      games[a * n + b] = met + PRIOR_DRAWS;
      wins[a] = wins[a]! + ahead[a * n + b]! + (tied[a * n + b]! + PRIOR_DRAWS) / 2;
    }
  }
  if (n < 2 || !connected(n, games)) return null;

  // Hunter's MM algorithm: monotone and convergent for a connected comparison graph with the prior.
  const p = new Float64Array(n).fill(1);
  for (let iteration = 0; iteration < 100_000; iteration++) {
    let change = 0;
    for (let a = 0; a < n; a++) {
      let denominator = 0;
      // Stryker disable next-line LogicalOperator: games[a * n + a] is 0, so b === a adds nothing either way
      for (let b = 0; b < n; b++) if (b !== a && games[a * n + b]! > 0) denominator += games[a * n + b]! / (p[a]! + p[b]!);
      const next = wins[a]! / denominator;
      change = Math.max(change, Math.abs(Math.log(next / p[a]!)));
      p[a] = next;
    }
    let logMean = 0;
    for (let a = 0; a < n; a++) logMean += Math.log(p[a]!) / n;
    for (let a = 0; a < n; a++) p[a] = Math.exp(Math.log(p[a]!) - logMean);
    if (change < 1e-13) break;
  }
  const strength = Array.from(p, Math.log);

  // Fisher information of the log-strengths: a weighted graph Laplacian, singular along the all-ones
  // direction; its pseudo-inverse is the covariance of the mean-centred log-strengths.
  const info = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      if (a === b || games[a * n + b] === 0) continue;
      const pa = p[a]! / (p[a]! + p[b]!);
      const w = games[a * n + b]! * pa * (1 - pa);
      info[a * n + b] = -w;
      info[a * n + a] = info[a * n + a]! + w;
    }
  }
  const fisher = pseudoInverseOfLaplacian(n, info);
  const sandwich = blocks === undefined || blocks.blocks < 2 ? null : sandwichOf(n, fisher, blockScoreSpread(n, blocks, p), blocks.blocks);
  return { n, strength, fisher, sandwich, info, tiers: comparisonTiers(n, ahead, tied, strength) };
}

/** H^-1 J H^-1 scaled by G / (G - 1), the usual small-sample factor of a cluster-robust variance. */
function sandwichOf(n: number, bread: Float64Array, meat: Float64Array, clusters: number): Float64Array {
  const left = multiply(n, bread, meat);
  const out = multiply(n, left, bread);
  const scale = clusters / (clusters - 1);
  for (let i = 0; i < n * n; i++) out[i] = out[i]! * scale;
  return out;
}

function multiply(n: number, x: Float64Array, y: Float64Array): Float64Array {
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < n; k++) {
      const xik = x[i * n + k]!;
      // Stryker disable next-line ConditionalExpression: a zero term adds nothing; skipping it only saves the work
      if (xik === 0) continue;
      for (let j = 0; j < n; j++) out[i * n + j] = out[i * n + j]! + xik * y[k * n + j]!;
    }
  }
  return out;
}

/**
 * The rating ladder (src/stats/README.md): ratings on the Elo scale with 95% intervals from the
 * block-robust covariance when `blocks` are given (else the model's). The origin is the
 * information-weighted mean of the anchor tier: the top tier of two or more entrants (else the top
 * tier). Within a tier every rating difference is identified by the games; between tiers only the
 * prior fixes the gap, so an entrant outside the anchor tier is marked `separated` and its interval
 * never crosses the games' own bound on the side of the anchor. A function of the counts alone:
 * merged shards give the same ladder.
 */
export function fitBradleyTerry(n: number, ahead: readonly number[], tied: readonly number[], blocks?: BlockSums): Rating[] | null {
  const fit = fitLadder(n, ahead, tied, blocks);
  return fit === null ? null : ladderRatings(fit, ahead);
}

/** The ratings of `fitBradleyTerry` from a fit of the same `ahead` counts. */
export function ladderRatings(fit: LadderFit, ahead: readonly number[]): Rating[] {
  const { n, strength, tiers } = fit;
  const { anchor, weight } = ladderOrigin(fit);
  // The scale's origin is a choice, and it decides what every interval carries. Centred on the whole
  // field, the gap to a separated tier, which only the prior fixes, enters every entrant's interval.
  // Centred on the anchor tier's information-weighted mean (weights from its games within the
  // tier), an anchor entrant's interval is that of its identified contrasts with its tier, and only
  // the other tiers carry the unidentified gap: r' = (I - 1w^T) r, so Cov' = (I - 1w^T) P (I - w1^T).
  let origin = 0;
  for (let a = 0; a < n; a++) origin += weight[a]! * strength[a]!;
  // Within the anchor tier, the block-robust covariance. Outside it every game against the anchor
  // went one way, so the blocks' scores barely vary and their spread would claim a precision only
  // the prior gives: there the model's covariance, the prior's own uncertainty.
  const anchored = againstOrigin(n, fit.sandwich ?? fit.fisher, weight);
  const prior = againstOrigin(n, fit.fisher, weight);
  return Array.from({ length: n }, (_, a): Rating => {
    const elo = (strength[a]! - origin) * ELO_PER_NAT;
    const tier = tiers.tierOf[a]!;
    const half = Z95 * Math.sqrt(Math.max(0, (tier === anchor ? anchored : prior)[a]!)) * ELO_PER_NAT;
    if (tier === anchor) return { elo, ci95: [elo - half, elo + half], tier: tier + 1, separated: null };
    if (!tiers.reaches(anchor, tier) && !tiers.reaches(tier, anchor)) return { elo, ci95: [elo - half, elo + half], tier: tier + 1, separated: { side: 'apart', bound: null } };
    const side = tiers.reaches(anchor, tier) ? 'below' : 'above';
    const strengthBound = separationBound(n, ahead, strength, tiers.members[anchor]!, a, side);
    const bound = strengthBound === null ? null : (strengthBound - origin) * ELO_PER_NAT;
    // The games put the rating beyond the bound (at 95%): the interval stays on that side of it,
    // its far end the prior's.
    const ci95 = bound === null ? ([elo - half, elo + half] as const) : side === 'below' ? ([Math.min(elo - half, bound), Math.min(elo + half, bound)] as const) : ([Math.max(elo - half, bound), Math.max(elo + half, bound)] as const);
    return { elo, ci95, tier: tier + 1, separated: { side, bound } };
  });
}

/**
 * r_a - r_b on the Elo scale with its 95% interval, from the block-robust covariance (the model's
 * without block sums); null when a and b are in different tiers, where the games bound the gap on
 * one side only and the prior alone fixes its size.
 */
export function ratingDifference(fit: LadderFit, a: number, b: number): { elo: number; ci95: [number, number] } | null {
  if (fit.tiers.tierOf[a] !== fit.tiers.tierOf[b]) return null;
  const n = fit.n;
  const v = fit.sandwich ?? fit.fisher;
  const elo = (fit.strength[a]! - fit.strength[b]!) * ELO_PER_NAT;
  const half = Z95 * Math.sqrt(Math.max(0, v[a * n + a]! + v[b * n + b]! - 2 * v[a * n + b]!)) * ELO_PER_NAT;
  return { elo, ci95: [elo - half, elo + half] };
}

/** Var(r_a - sum_b w_b r_b) for each a, from the covariance P of the log-strengths: P_aa - 2 (Pw)_a + w^T P w. */
function againstOrigin(n: number, covariance: Float64Array, weight: Float64Array): Float64Array {
  const pw = new Float64Array(n);
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) pw[a] = pw[a]! + covariance[a * n + b]! * weight[b]!;
  let wpw = 0;
  for (let a = 0; a < n; a++) wpw += weight[a]! * pw[a]!;
  return Float64Array.from({ length: n }, (_, a) => covariance[a * n + a]! - 2 * pw[a]! + wpw);
}

/**
 * Where the ladder's zero lies: `anchor`, the index of the anchor tier (the top tier of two or more
 * entrants, else the top tier), and `weight`, each entrant's weight in the origin (0 outside it).
 */
export function ladderOrigin(fit: LadderFit): { anchor: number; weight: Float64Array } {
  const anchor = Math.max(0, fit.tiers.members.findIndex((members) => members.length >= 2));
  return { anchor, weight: anchorWeights(fit.n, fit.info, fit.tiers.members[anchor]!) };
}

/** The anchor tier's information-weighted mean: weights from the information of its games within the tier. */
function anchorWeights(n: number, info: Float64Array, members: readonly number[]): Float64Array {
  const weight = new Float64Array(n);
  let total = 0;
  for (const a of members) {
    for (const b of members) if (b !== a) weight[a] = weight[a]! - info[a * n + b]!;
    total += weight[a]!;
  }
  for (const a of members) weight[a] = total > 0 ? weight[a]! / total : 1 / members.length;
  return weight;
}

/**
 * The games' own bound on a separated entrant, from its meetings with one anchor entrant: the
 * closest one it met (the lowest-rated for a tier below, the highest-rated above), which is also the
 * most informative. One pairing, so its games are independent of each other; pooling the meetings
 * with several anchor entrants would count the same game more than once.
 */
function separationBound(n: number, ahead: readonly number[], strength: readonly number[], anchorMembers: readonly number[], entrant: number, side: 'below' | 'above'): number | null {
  let closest = -1;
  for (const a of anchorMembers) {
    const met = ahead[a * n + entrant]! + ahead[entrant * n + a]!;
    if (met === 0) continue;
    if (closest === -1) {
      closest = a;
      continue;
    }
    const nearer = side === 'below' ? strength[closest]! - strength[a]! : strength[a]! - strength[closest]!;
    const closestMet = ahead[closest * n + entrant]! + ahead[entrant * n + closest]!;
    if (nearer > 0 || (nearer === 0 && met > closestMet)) closest = a;
  }
  if (closest === -1) return null;
  // Across tiers no game was tied and every one went the same way.
  const gap = leastGap(ahead[closest * n + entrant]! + ahead[entrant * n + closest]!, SEPARATION_TAIL);
  return side === 'below' ? strength[closest]! - gap : strength[closest]! + gap;
}

function connected(n: number, games: Float64Array): boolean {
  const seen = new Uint8Array(n);
  const stack = [0];
  seen[0] = 1;
  while (stack.length > 0) {
    const a = stack.pop()!;
    for (let b = 0; b < n; b++) {
      if (seen[b] === 0 && games[a * n + b]! > 0) {
        seen[b] = 1;
        stack.push(b);
      }
    }
  }
  return seen.every((s) => s === 1);
}

/** pinv(L) = (L + J/n)^-1 - J/n for a connected graph's Laplacian L (J: all ones). */
function pseudoInverseOfLaplacian(n: number, laplacian: Float64Array): Float64Array {
  const m = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) m[i] = laplacian[i]! + 1 / n;
  const inverse = invert(n, m);
  for (let i = 0; i < n * n; i++) inverse[i] = inverse[i]! - 1 / n;
  return inverse;
}

/** Gauss-Jordan inversion with partial pivoting of a small well-conditioned matrix. */
function invert(n: number, matrix: Float64Array): Float64Array {
  const a = Float64Array.from(matrix);
  const inv = new Float64Array(n * n);
  for (let i = 0; i < n; i++) inv[i * n + i] = 1;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) if (Math.abs(a[row * n + col]!) > Math.abs(a[pivot * n + col]!)) pivot = row;
    // Stryker disable all: L + J/n of a connected graph is positive definite and its pivots stay on the diagonal, so no row is ever swapped (kept for safety)
    if (pivot !== col) {
      for (let k = 0; k < n; k++) {
        [a[col * n + k], a[pivot * n + k]] = [a[pivot * n + k]!, a[col * n + k]!];
        [inv[col * n + k], inv[pivot * n + k]] = [inv[pivot * n + k]!, inv[col * n + k]!];
      }
    }
    // Stryker restore all
    const d = a[col * n + col]!;
    for (let k = 0; k < n; k++) {
      a[col * n + k] = a[col * n + k]! / d;
      inv[col * n + k] = inv[col * n + k]! / d;
    }
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const f = a[row * n + col]!;
      if (f === 0) continue;
      for (let k = 0; k < n; k++) {
        a[row * n + k] = a[row * n + k]! - f * a[col * n + k]!;
        inv[row * n + k] = inv[row * n + k]! - f * inv[col * n + k]!;
      }
    }
  }
  return inv;
}
