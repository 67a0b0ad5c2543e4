import { blockScoreSpread, type BlockSums } from './block-variance.js';
import { isConnected, pseudoInverseOfLaplacian, sandwichOf } from './linear.js';
import { fitWinnerModel, type WinnerLineup } from './plackett-luce.js';
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
 * `fisher` the model's covariance of them (its comparisons independent), `sandwich` the
 * block-robust one (null without block sums, or with fewer than two blocks). `model`: `pairwise`,
 * Bradley-Terry on every pair of seats (games that rank everyone), or `winner`, Plackett-Luce on
 * the winner (games that rank only the winners; src/stats/plackett-luce.ts). Both on one Elo scale.
 */
export interface LadderFit {
  readonly model: 'pairwise' | 'winner';
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
 * H^-1 J H^-1 * G / (G - (n - 1)) over the G blocks (linear.ts): the comparisons within a game and
 * within a duplicate block are dependent, and J measures their spread between blocks, where the
 * model's H^-1 assumes independent pairs. Null when no pair met, or when the entrants fall into groups that never met
 * each other (then no common scale exists).
 */
export function fitLadder(n: number, ahead: readonly number[], tied: readonly number[], blocks?: BlockSums): LadderFit | null {
  const games = new Float64Array(n * n);
  const wins = new Float64Array(n);
  // Each entrant's opponents in order, with the games they met in (the prior's included).
  const opponents = Array.from({ length: n }, (): [number, number][] => []);
  for (const [a, list] of opponents.entries()) {
    for (const b of opponents.keys()) {
      // The diagonal holds no games: an entrant is skipped as a pair that never met.
      const met = ahead[a * n + b]! + ahead[b * n + a]! + tied[a * n + b]!;
      if (met === 0) continue;
      games[a * n + b] = met + PRIOR_DRAWS;
      list.push([b, met + PRIOR_DRAWS]);
      wins[a] = wins[a]! + ahead[a * n + b]! + (tied[a * n + b]! + PRIOR_DRAWS) / 2;
    }
  }
  if (n < 2 || !isConnected(n, games)) return null;

  // Hunter's MM algorithm: monotone and convergent for a connected comparison graph with the prior.
  const p = new Float64Array(n).fill(1);
  // Stryker disable next-line EqualityOperator,UpdateOperator: the iterations end at convergence, hundreds of times before the cap, which only guards a field the fit cannot converge on
  for (let iteration = 0; iteration < 100_000; iteration++) {
    let change = 0;
    for (const [a, list] of opponents.entries()) {
      let denominator = 0;
      for (const [b, g] of list) denominator += g / (p[a]! + p[b]!);
      const next = wins[a]! / denominator;
      // Stryker disable next-line ArithmeticOperator: the measure only decides when to stop, and stopping at the cap instead gives the same strengths
      change = Math.max(change, Math.abs(Math.log(next / p[a]!)));
      p[a] = next;
    }
    let logMean = 0;
    for (const v of p) logMean += Math.log(v) / n;
    for (const [a, v] of p.entries()) p[a] = Math.exp(Math.log(v) - logMean);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: stopping here or at the cap gives the same strengths to the last digits; the cap only costs time
    if (change < 1e-13) break;
  }
  const strength = Array.from(p, Math.log);

  // Fisher information of the log-strengths: a weighted graph Laplacian, singular along the all-ones
  // direction; its pseudo-inverse is the covariance of the mean-centred log-strengths.
  const info = new Float64Array(n * n);
  for (const [a, list] of opponents.entries()) {
    for (const [b, g] of list) {
      const pa = p[a]! / (p[a]! + p[b]!);
      const w = g * pa * (1 - pa);
      info[a * n + b] = -w;
      info[a * n + a] = info[a * n + a]! + w;
    }
  }
  const fisher = pseudoInverseOfLaplacian(n, info);
  const sandwich = blocks === undefined ? null : sandwichOf(n, fisher, blockScoreSpread(n, blocks, p), blocks.blocks);
  return { model: 'pairwise', n, strength, fisher, sandwich, info, tiers: comparisonTiers(n, ahead, tied, strength) };
}

/**
 * The ladder of games that rank only their winners: Plackett-Luce on the winner, with its sandwich
 * over the blocks, and tiers made of "won a game the other played in" (an entrant that never won
 * is a tier of its own below everyone it met: the games bound its rating from above only).
 */
export function fitWinnerLadder(n: number, lineups: readonly WinnerLineup[], unit: number): LadderFit | null {
  const fit = fitWinnerModel(n, lineups, unit);
  if (fit === null) return null;
  const sandwich = sandwichOf(n, fit.fisher, fit.meat, fit.blocks);
  return { model: 'winner', n, strength: fit.strength, fisher: fit.fisher, sandwich, info: fit.info, tiers: comparisonTiers(n, fit.wonWith, new Uint8Array(fit.wonWith.length), fit.strength) };
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
export function fitBradleyTerry(n: number, ahead: readonly number[], tied: readonly number[], blocks?: BlockSums, decisive: readonly number[] = decisiveGames(n, ahead)): Rating[] | null {
  const fit = fitLadder(n, ahead, tied, blocks);
  return fit === null ? null : ladderRatings(fit, decisive);
}

/** The games in which one of a pair finished ahead of the other: the decisive blocks when every game is a block of its own (random seating). */
export function decisiveGames(n: number, ahead: readonly number[]): number[] {
  return Array.from({ length: n * n }, (_, i) => ahead[i]! + ahead[(i % n) * n + Math.floor(i / n)]!);
}

/**
 * The variance of a contrast from the block-robust covariance, or from the model's where the blocks'
 * spread vanishes: every block scoring alike tells nothing of the spread (identical copies tying,
 * an entrant that never wins), and an interval of width 0 would claim a certainty no game gives.
 */
export function robustVariance(robust: number, model: number): number {
  return robust > model * 1e-6 ? robust : Math.max(0, model);
}

/**
 * The ratings of a fit. `decisive[a * n + b]`: the blocks in which one of a and b finished ahead of
 * the other, the independent trials of a separation's bound. The bounds of the k separated
 * entrants hold together at 95% (each at a one-sided 2.5% / k).
 */
export function ladderRatings(fit: LadderFit, decisive: readonly number[]): Rating[] {
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
  const sideOf = (tier: number): Separation['side'] | null =>
    tier === anchor ? null : tiers.reaches(anchor, tier) ? 'below' : tiers.reaches(tier, anchor) ? 'above' : 'apart';
  const bounded = Array.from({ length: n }, (_, a) => sideOf(tiers.tierOf[a]!)).filter((side) => side === 'below' || side === 'above').length;
  const tail = SEPARATION_TAIL / Math.max(1, bounded);
  return Array.from({ length: n }, (_, a): Rating => {
    const elo = (strength[a]! - origin) * ELO_PER_NAT;
    const tier = tiers.tierOf[a]!;
    const side = sideOf(tier);
    const half = Z95 * Math.sqrt(side === null ? robustVariance(anchored[a]!, prior[a]!) : Math.max(0, prior[a]!)) * ELO_PER_NAT;
    if (side === null) return { elo, ci95: [elo - half, elo + half], tier: tier + 1, separated: null };
    if (side === 'apart') return { elo, ci95: [elo - half, elo + half], tier: tier + 1, separated: { side, bound: null } };
    const strengthBound = separationBound(n, decisive, strength, tiers.members[anchor]!, a, side, tail);
    const bound = strengthBound === null ? null : (strengthBound - origin) * ELO_PER_NAT;
    return { elo, ci95: bound === null ? [elo - half, elo + half] : beyondBound(elo, half, bound, side), tier: tier + 1, separated: { side, bound } };
  });
}

/**
 * A separated entrant's interval: the games put its rating beyond the bound (at 95%), so the
 * prior's interval is moved to lie on that side of it where it crosses it, keeping its width,
 * whatever the prior's point (an interval of width 0 at the bound would claim the games fix the
 * rating, where they only bound it).
 */
export function beyondBound(elo: number, half: number, bound: number, side: 'below' | 'above'): [number, number] {
  if (side === 'below') {
    const hi = Math.min(elo + half, bound);
    return [hi - 2 * half, hi];
  }
  const lo = Math.max(elo - half, bound);
  return [lo, lo + 2 * half];
}

/**
 * r_a - r_b on the Elo scale with its 95% interval, from the block-robust covariance (the model's
 * without block sums); null when a and b are in different tiers, where the games bound the gap on
 * one side only and the prior alone fixes its size.
 */
export function ratingDifference(fit: LadderFit, a: number, b: number): { elo: number; ci95: [number, number]; se: number } | null {
  if (fit.tiers.tierOf[a] !== fit.tiers.tierOf[b]) return null;
  const n = fit.n;
  const contrast = (v: Float64Array): number => v[a * n + a]! + v[b * n + b]! - 2 * v[a * n + b]!;
  const model = contrast(fit.fisher);
  const variance = fit.sandwich === null ? Math.max(0, model) : robustVariance(contrast(fit.sandwich), model);
  const elo = (fit.strength[a]! - fit.strength[b]!) * ELO_PER_NAT;
  const se = Math.sqrt(variance) * ELO_PER_NAT;
  return { elo, ci95: [elo - Z95 * se, elo + Z95 * se], se };
}

/** Var(r_a - sum_b w_b r_b) for each a, from the covariance P of the log-strengths: P_aa - 2 (Pw)_a + w^T P w. */
function againstOrigin(n: number, covariance: Float64Array, weight: Float64Array): Float64Array {
  const pw = new Float64Array(n);
  for (const a of pw.keys()) for (const [b, w] of weight.entries()) pw[a] = pw[a]! + covariance[a * n + b]! * w;
  let wpw = 0;
  for (const [a, w] of weight.entries()) wpw += w * pw[a]!;
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
  // A total of 0: a tier of one, its whole weight.
  for (const a of members) weight[a] = total > 0 ? weight[a]! / total : 1;
  return weight;
}

/**
 * The games' own bound on a separated entrant, from its meetings with the anchor entrants: with
 * each one it met, the trials are the blocks in which one of the two finished ahead of the other
 * (every one the same way, across tiers): a block's games share a deal and are not independent,
 * blocks are. Under either model the chance that the entrant is the one ahead, given that one of
 * them is, is sigmoid of their gap (Plackett-Luce on the winner: the chance it won given that one
 * of them won). Each anchor entrant met gives a bound; the tightest is kept, each at `tail` shared
 * among them (a union bound), since the pairings share blocks and cannot be pooled.
 */
export function separationBound(n: number, decisive: readonly number[], strength: readonly number[], anchorMembers: readonly number[], entrant: number, side: 'below' | 'above', tail: number): number | null {
  const met = anchorMembers.filter((a) => decisive[a * n + entrant]! > 0);
  if (met.length === 0) return null;
  const bounds = met.map((a) => {
    const gap = leastGap(decisive[a * n + entrant]!, tail / met.length);
    return side === 'below' ? strength[a]! - gap : strength[a]! + gap;
  });
  return side === 'below' ? Math.min(...bounds) : Math.max(...bounds);
}
