import { ELO_PER_NAT, ladderOrigin, type LadderFit } from './bradley-terry.js';
import { meanInterval, tQuantile975, varianceFromSums } from './moments.js';
import { wilsonInterval, Z95 } from './wilson.js';

/**
 * Differences between two runs of the same games (`parlor diff`): run B minus run A, paired by
 * game, or by block under duplicate seating, where a block's games share a deal and depend on each
 * other. Pairs are independent of each other (each block draws its deal and lineup from the seed
 * and its index alone), and within a pair the two runs share the deal, so the pair's difference
 * leaves the deal's luck out: that is what makes a paired interval narrower than two runs' own.
 */

type Interval = [number, number];

/**
 * The mean of per-pair differences and its 95% interval: Student's t on G - 1 degrees of freedom
 * over the G pairs' differences, given as integer sums in `unit`ths (`sum` of the differences,
 * `sumSq` of their squares), clipped to `range`, what one pair's difference can be ([-1, 1] for a
 * win rate). Where every pair differed by the same c, the spread says nothing: with a range, the
 * interval allows the share of pairs that could differ from c unseen (Wilson's upper end for 0 of
 * G, as the win rates' interval over deals does when every deal came out alike), each as far as
 * the range lets it; without one (a game length), there is none. Null with fewer than two pairs.
 */
export function pairedMean(pairs: number, sum: number, sumSq: number, unit: number, range?: readonly [number, number]): { mean: number; ci95: Interval | null } {
  const mean = pairs > 0 ? sum / pairs / unit : 0;
  if (pairs < 2) return { mean, ci95: null };
  const [lo, hi] = range ?? [-Infinity, Infinity];
  if (varianceFromSums(pairs, sum, sumSq) > 0) return { mean, ci95: meanInterval(pairs, sum, sumSq, unit, lo, hi) };
  if (range === undefined) return { mean, ci95: null };
  const unseen = wilsonInterval(0, pairs)[1];
  return { mean, ci95: [mean - unseen * (mean - lo), mean + unseen * (hi - mean)] };
}

/**
 * Per-block sums of a mean over a varying number of values a block (a game metric over the games
 * where it applied): per block b, run A's count n_A and sum s_A, run B's n_B and s_B; these are the
 * sums over blocks of the four and of their products, so that blocks merge by adding.
 */
export interface RatioSums {
  blocks: number;
  nA: number;
  sA: number;
  nB: number;
  sB: number;
  sAsA: number;
  sAnA: number;
  nAnA: number;
  sBsB: number;
  sBnB: number;
  nBnB: number;
  sAsB: number;
  sAnB: number;
  nAsB: number;
  nAnB: number;
}

export function emptyRatioSums(): RatioSums {
  return { blocks: 0, nA: 0, sA: 0, nB: 0, sB: 0, sAsA: 0, sAnA: 0, nAnA: 0, sBsB: 0, sBnB: 0, nBnB: 0, sAsB: 0, sAnB: 0, nAsB: 0, nAnB: 0 };
}

/** Adds one block: run A's n values summing to s, run B's. */
export function addRatioBlock(sums: RatioSums, nA: number, sA: number, nB: number, sB: number): void {
  sums.blocks++;
  sums.nA += nA;
  sums.sA += sA;
  sums.nB += nB;
  sums.sB += sB;
  sums.sAsA += sA * sA;
  sums.sAnA += sA * nA;
  sums.nAnA += nA * nA;
  sums.sBsB += sB * sB;
  sums.sBnB += sB * nB;
  sums.nBnB += nB * nB;
  sums.sAsB += sA * sB;
  sums.sAnB += sA * nB;
  sums.nAsB += nA * sB;
  sums.nAnB += nA * nB;
}

/**
 * The two runs' means (Σs / Σn) and B's minus A's with its 95% interval, the blocks as clusters:
 * the difference's delta-method (linearised) deviation in block b is
 *   z_b = (s_B - m_B n_B) / N_B - (s_A - m_A n_A) / N_A,
 * and Var = G / (G - 1) Σ z_b² over the G blocks (the small-sample factor of one estimate, as
 * `parlor sprt`'s ratio has), with Student's t on G - 1 degrees of freedom. Pairing enters through
 * the cross term: a block that raises both runs' values cancels. Null interval with fewer than two
 * blocks, a run with no value, or no spread at all (every block the same in both runs).
 */
export function pairedRatio(sums: RatioSums): { a: number | null; b: number | null; diff: number | null; ci95: Interval | null } {
  const a = sums.nA > 0 ? sums.sA / sums.nA : null;
  const b = sums.nB > 0 ? sums.sB / sums.nB : null;
  if (a === null || b === null) return { a, b, diff: null, ci95: null };
  const diff = b - a;
  const G = sums.blocks;
  if (G < 2) return { a, b, diff, ci95: null };
  const ssA = sums.sAsA - 2 * a * sums.sAnA + a * a * sums.nAnA;
  const ssB = sums.sBsB - 2 * b * sums.sBnB + b * b * sums.nBnB;
  const cross = sums.sAsB - a * sums.nAsB - b * sums.sAnB + a * b * sums.nAnB;
  const own = ssB / (sums.nB * sums.nB) + ssA / (sums.nA * sums.nA);
  const spread = own - (2 * cross) / (sums.nA * sums.nB);
  // A sum of squares, below 0 only by rounding: as good as none left when the cross term took all
  // of the runs' own spread, every block's values the same in both runs.
  if (!(spread > 1e-12 * own)) return { a, b, diff, ci95: null };
  const half = tQuantile975(G - 1) * Math.sqrt((spread * G) / (G - 1));
  return { a, b, diff, ci95: [diff - half, diff + half] };
}

/**
 * One block's score for each entrant under the pairwise fit at log-strengths θ: u[a] = w[a] / 2 -
 * g Σ_{c in L, c ≠ a} σ(θ_a - θ_c), with w[a] its pairwise points in the block (2 a finish ahead,
 * 1 a tie; `points[i]` for the lineup's i-th entrant) and g its games with an outcome: the terms
 * whose spread is the ladder's sandwich meat (block-variance.ts).
 */
export function pairwiseBlockScore(n: number, strength: readonly number[], lineup: readonly number[], points: readonly number[], games: number): Float64Array {
  const u = new Float64Array(n);
  lineup.forEach((a, i) => {
    let expected = 0;
    for (const c of lineup) if (c !== a) expected += 1 / (1 + Math.exp(strength[c]! - strength[a]!));
    u[a] = points[i]! / 2 - games * expected;
  });
  return u;
}

/**
 * One block's score under the winner model: u[a] = W[a] - g q_a, W[a] its wins in the block (whole
 * wins: `wins[i]` in win units of `unit` a win) and g the games won, q_a = e^θ_a / Σ_{c in L} e^θ_c
 * (plackett-luce.ts's meat is the sum of u uᵀ).
 */
export function winnerBlockScore(n: number, strength: readonly number[], lineup: readonly number[], wins: readonly number[], wonGames: number, unit: number): Float64Array {
  const u = new Float64Array(n);
  let total = 0;
  for (const c of lineup) total += Math.exp(strength[c]!);
  lineup.forEach((a, i) => {
    u[a] = wins[i]! / unit - (wonGames * Math.exp(strength[a]!)) / total;
  });
  return u;
}

/** A duplicate block as a ladder counts it (the tally's `lastBlock()`): points and wins by entrant. */
export interface LadderBlock {
  /** False for a block with an engine error or no game with an outcome: it is in no ladder. */
  readonly counted: boolean;
  readonly lineup: readonly number[];
  readonly points: readonly number[];
  readonly wins: readonly number[];
  readonly games: number;
  readonly wonGames: number;
}

/**
 * A block's score under `fit`'s model, the term its ladder's sandwich sums: pairwise points under
 * the pairwise fit, wins (in `unit`ths of a win) under the winner model; null for a block that is
 * not in that ladder (not counted, or, under the winner model, no game won).
 */
export function blockScore(fit: LadderFit, block: LadderBlock, unit: number): Float64Array | null {
  if (!block.counted) return null;
  const { lineup } = block;
  if (fit.model === 'pairwise') return pairwiseBlockScore(fit.n, fit.strength, lineup, lineup.map((e) => block.points[e]!), block.games);
  return block.wonGames === 0 ? null : winnerBlockScore(fit.n, fit.strength, lineup, lineup.map((e) => block.wins[e]!), block.wonGames, unit);
}

/**
 * How two ladders of the same blocks differ, entrant by entrant, with intervals that pair the
 * blocks. Each rating against its ladder's origin is an M-estimate; to first order a block moves it
 * by its influence, IF_b = ELO_PER_NAT (I - 1 wᵀ) H⁺ u_b (H⁺ the model's covariance, w the origin's
 * weights, u_b the block's score), and the ladder's own sandwich variance is Σ_b IF_b² times
 * G / (G - (E - 1)). The difference B - A moves by IF_b(B) - IF_b(A), so its variance is
 * Σ_b (IF_b(B) - IF_b(A))² times the same factor, read with the normal quantile as the ladder's
 * intervals are: a block that lifts an entrant in both runs cancels.
 */
export class PairedRatings {
  private readonly weights: readonly Float64Array[];
  private readonly squares: Float64Array;
  private blocks = 0;

  constructor(private readonly fits: readonly [LadderFit, LadderFit]) {
    this.weights = fits.map((fit) => ladderOrigin(fit).weight);
    this.squares = new Float64Array(fits[0].n);
  }

  /** A block's scores in each run (null where the block is not in that run's ladder). */
  addBlock(uA: Float64Array | null, uB: Float64Array | null): void {
    if (uA === null && uB === null) return;
    this.blocks++;
    const a = uA === null ? null : influence(this.fits[0], this.weights[0]!, uA);
    const b = uB === null ? null : influence(this.fits[1], this.weights[1]!, uB);
    for (const [e, square] of this.squares.entries()) {
      const d = (b?.[e] ?? 0) - (a?.[e] ?? 0);
      this.squares[e] = square + d * d;
    }
  }

  /**
   * Entrant e's Elo in each run (against each ladder's origin), B's minus A's and its 95% interval:
   * null where the variance is 0 (no block moved it differently), or with no more blocks than free
   * strengths (no spread left to measure).
   */
  difference(e: number, eloA: number, eloB: number): { diff: number; ci95: Interval | null } {
    const diff = eloB - eloA;
    const E = this.squares.length;
    const G = this.blocks;
    const variance = G > E - 1 ? (this.squares[e]! * G) / (G - (E - 1)) : 0;
    if (!(variance > 0)) return { diff, ci95: null };
    const half = Z95 * Math.sqrt(variance);
    return { diff, ci95: [diff - half, diff + half] };
  }
}

/** ELO_PER_NAT (I - 1 wᵀ) P u: how far block score u moves each rating against the origin. */
function influence(fit: LadderFit, weight: Float64Array, u: Float64Array): Float64Array {
  const n = fit.n;
  const moved = new Float64Array(n);
  for (const a of moved.keys()) {
    let x = 0;
    // Stryker disable next-line AssignmentOperator: -= turns every influence to its opposite, and the variance reads only their products
    for (const [b, ub] of u.entries()) x += fit.fisher[a * n + b]! * ub;
    moved[a] = x;
  }
  let origin = 0;
  for (const [a, w] of weight.entries()) origin += w * moved[a]!;
  return moved.map((x) => (x - origin) * ELO_PER_NAT);
}
