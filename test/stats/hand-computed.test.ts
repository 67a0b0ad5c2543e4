import { describe, expect, test } from 'vitest';
import { addBlockSums, blockScoreSpread, setKey, type BlockSums } from '../../src/stats/block-variance.js';
import { beyondBound, ELO_PER_NAT, fitBradleyTerry, fitLadder, ratingDifference, robustVariance, separationBound } from '../../src/stats/bradley-terry.js';
import { leastGap } from '../../src/stats/separation-bound.js';
import { eloToScore, gsprtLlr, ratioEstimate, scoreToElo, sprtBounds } from '../../src/stats/sprt.js';
import { Z95 } from '../../src/stats/wilson.js';
import { invert, isConnected, multiply, pseudoInverseOfLaplacian, sandwichOf } from '../../src/stats/linear.js';

describe('SPRT, worked by hand with alpha != beta', () => {
  test('Wald\'s bounds: ln(beta / (1 - alpha)) and ln((1 - beta) / alpha)', () => {
    // alpha 0.05, beta 0.1: ln(0.1 / 0.95) = ln 2 - ln 19 = 0.693147 - 2.944439 = -2.251292;
    // ln(0.9 / 0.05) = ln 18 = ln 2 + 2 ln 3 = 0.693147 + 2.197225 = 2.890372.
    const { lower, upper } = sprtBounds(0.05, 0.1);
    expect(lower).toBeCloseTo(-2.251292, 6);
    expect(upper).toBeCloseTo(2.890372, 6);
    // Swapped: ln(0.05 / 0.9) = -2.890372 and ln(0.95 / 0.1) = 2.251292.
    expect(sprtBounds(0.1, 0.05)).toEqual({ lower: expect.closeTo(-2.890372, 6), upper: expect.closeTo(2.251292, 6) });
  });

  test('Elo and expected score: 1 / (1 + 10^(-elo/400))', () => {
    // 400 Elo: 1 / (1 + 1/10) = 10/11; -200 Elo: 1 / (1 + sqrt 10) = 0.240253.
    expect(eloToScore(400)).toBeCloseTo(10 / 11, 12);
    expect(eloToScore(-200)).toBeCloseTo(0.240253, 6);
    expect(scoreToElo(10 / 11)).toBeCloseTo(400, 9);
    expect(scoreToElo(0.75)).toBeCloseTo(400 * Math.log10(3), 9);
  });

  test('on scores 0 and 1 alone the GSPRT is the Bernoulli SPRT', () => {
    // On a two-point support the distribution of mean s is (1 - s, s) whatever the data, so
    // LLR = n [p1 ln(s1/s0) + p0 ln((1-s1)/(1-s0))]. 40 losses, 60 wins, s0 = 0.5, s1 = 0.6:
    // 100 [0.6 ln 1.2 + 0.4 ln 0.8] = 100 [0.6 * 0.1823216 - 0.4 * 0.2231436] = 2.013551.
    expect(gsprtLlr({ values: [0, 1], counts: [40, 60] }, 0.5, 0.6)).toBeCloseTo(2.013551, 5);
    // The same data against s1 below s0 is evidence the other way: 100 [0.6 ln 0.8 + 0.4 ln 1.2] = -0.609579.
    expect(gsprtLlr({ values: [1, 0], counts: [60, 40] }, 0.5, 0.4)).toBeCloseTo(100 * (0.6 * Math.log(0.8) + 0.4 * Math.log(1.2)), 5);
  });

  test('an extreme never seen gets fishtest\'s mass of 1/1000', () => {
    // 10 wins, no loss: the support {0, 1} with masses 0.001 and 10, so p0 = 0.001 / 10.001.
    // LLR = 10 [(10 / 10.001) ln 1.2 + (0.001 / 10.001) ln 0.8] = 1.822810.
    expect(gsprtLlr({ values: [1], counts: [10] }, 0.5, 0.6)).toBeCloseTo(1.82281, 5);
    // Once only: the extreme seen is not given the mass again (10.002 in all would move the 8th digit).
    expect(gsprtLlr({ values: [1], counts: [10] }, 0.5, 0.6)).toBeCloseTo(10 * ((10 / 10.001) * Math.log(1.2) + (0.001 / 10.001) * Math.log(0.8)), 10);
  });

  test('blocks that count no game leave the ratio as it was, and the order of the blocks does not matter', () => {
    // Winner-only blocks: a block's weight is the share of its games that count. Weights 0.5 and 1 in
    // either order: the extremes go at the least positive weight, 0.5, in both.
    const samples = { values: [0.5, 0, 1], weights: [0.5, 1, 1], counts: [3, 2, 4] };
    const llr = gsprtLlr(samples, 0.5, 0.6);
    expect(gsprtLlr({ values: [1, 0, 0.5], weights: [1, 1, 0.5], counts: [4, 2, 3] }, 0.5, 0.6)).toBeCloseTo(llr, 12);
    // Five blocks that count nothing (A = M = 0): z = 0 there, so they leave the multiplier alone and
    // only scale the ratio, n / total mass, from 9 / 9.001 to 14 / 14.001 (the unseen extreme's 0.001).
    expect(gsprtLlr({ values: [...samples.values, 0], weights: [...samples.weights, 0], counts: [...samples.counts, 5] }, 0.5, 0.6)).toBeCloseTo((llr * (14 / 14.001)) / (9 / 9.001), 12);
  });

  test('three block scores: the multiplier from its quadratic', () => {
    // Scores 0, 1/2, 1 seen 1, 2 and 1 times: p = (1/4, 1/2, 1/4), n = 4, mean 1/2. Under s0 = 1/2
    // the data's own distribution already has that mean: lambda0 = 0. Under s1 = 0.6, lambda solves
    //   -0.15 / (1 - 0.6 l) - 0.05 / (1 - 0.1 l) + 0.1 / (1 + 0.4 l) = 0,
    // which multiplied out is 0.024 l^2 - 0.105 l - 0.1 = 0; the root keeping every weight positive
    // (-2.5 < l < 1.667) is l = (0.105 - sqrt(0.020625)) / 0.048 = -0.804460. Then
    //   LLR = -4 [0.25 ln(1 - 0.6 l) + 0.5 ln(1 - 0.1 l) + 0.25 ln(1 + 0.4 l)] = -0.160307.
    expect(gsprtLlr({ values: [0, 0.5, 1], counts: [1, 2, 1] }, 0.5, 0.6)).toBeCloseTo(-0.160307, 5);
    // Mirrored scores against the mirrored hypotheses give the same ratio.
    expect(gsprtLlr({ values: [1, 0.5, 0], counts: [1, 2, 1] }, 0.5, 0.4)).toBeCloseTo(-0.160307, 5);
  });
});

describe('the block-robust variance, worked by hand', () => {
  // Two entrants, three duplicate blocks of two games each: a wins both games of blocks 1 and 2, b
  // both of block 3. Pairwise points w (2 per win): block 1 (4, 0), block 2 (4, 0), block 3 (0, 4).
  const blocks = [
    { w: [4, 0], games: 2 },
    { w: [4, 0], games: 2 },
    { w: [0, 4], games: 2 },
  ];
  const ahead = [0, 4, 2, 0];
  const tied = [0, 0, 0, 0];
  // The block sums, by hand: points [a*2 + b, a <= b] = sum w[a] w[b]: (0,0) 16+16 = 32, (0,1) 0,
  // (1,1) 16; pointMeets [(a*2 + b)*2 + c] = sum w[a] g over blocks holding b < c: a = 0: 8 + 8 = 16,
  // a = 1: 8; meets [{0,1} = 1*3 + 2] = sum g^2 = 12.
  const sums: BlockSums = { blocks: 3, points: [[0, 32], [1, 0], [3, 16]], pointMeets: [[1, 16], [5, 8]], meets: [[5, 12]] };

  test('the tally\'s block sums are those', () => {
    const maps = { points: new Map<number, number>(), pointMeets: new Map<number, number>(), meets: new Map<number, number>() };
    for (const block of blocks) addBlockSums(2, [0, 1], block.w, block.games, maps);
    const sorted = (m: Map<number, number>) => [...m.entries()].sort((x, y) => x[0] - y[0]);
    expect({ blocks: 3, points: sorted(maps.points), pointMeets: sorted(maps.pointMeets), meets: sorted(maps.meets) }).toEqual(sums);
    expect(setKey([0, 1], 2)).toBe(5);
    expect(setKey([1, 2, 3], 4)).toBe((2 * 5 + 3) * 5 + 4);
  });

  // With two entrants and one virtual draw the fit is exact: p_a / p_b = (4 + 1/2) / (2 + 1/2) = 9/5,
  // so sigma_a = P(a ahead of b) = 9/14. Each block's score for a is u = w_a / 2 - g sigma_a =
  // w_a / 2 - 9/7: 5/7, 5/7, -9/7, and b's is -u. J = sum u u^T = (25 + 25 + 81) / 49 = 131/49 times
  // [[1, -1], [-1, 1]].
  test('J = sum over blocks of u u^T', () => {
    const j = blockScoreSpread(2, sums, [9, 5]);
    const k = 131 / 49;
    expect(Array.from(j)).toEqual([expect.closeTo(k, 12), expect.closeTo(-k, 12), expect.closeTo(-k, 12), expect.closeTo(k, 12)]);
  });

  // The model's information: 6 games + 1 virtual draw, each worth sigma (1 - sigma) = 45/196:
  // H = 45/28 [[1, -1], [-1, 1]], whose pseudo-inverse is 7/45 [[1, -1], [-1, 1]] (for
  // c [[1, -1], [-1, 1]] it is 1/(4c) times the same). The sandwich H+ J H+ G/(G-1) is
  // (7/45)^2 (131/49) * 4 * 3/2 [[1, -1], [-1, 1]] = 786/2025 [[1, -1], [-1, 1]]; without the
  // small-sample factor 3/2 it would be 524/2025, and the model's own 7/45 = 315/2025.
  test('the sandwich, with its G/(G-1) factor (two entrants), against the model\'s covariance', () => {
    const fit = fitLadder(2, ahead, tied, sums)!;
    expect(fit.strength[0]! - fit.strength[1]!).toBeCloseTo(Math.log(9 / 5), 9);
    expect(Array.from(fit.fisher)).toEqual([7 / 45, -7 / 45, -7 / 45, 7 / 45].map((x) => expect.closeTo(x, 9)));
    expect(Array.from(fit.sandwich!)).toEqual([786 / 2025, -786 / 2025, -786 / 2025, 786 / 2025].map((x) => expect.closeTo(x, 9)));
    expect(Array.from(fit.info)).toEqual([45 / 28, -45 / 28, -45 / 28, 45 / 28].map((x) => expect.closeTo(x, 9)));
  });

  test('the reported intervals: the pairwise difference and each rating against the origin', () => {
    // a - b = 400 log10(9/5) = 102.109 Elo; Var = 4 * 786/2025, half width Z95 sqrt(3144/2025) 400/ln 10 = 424.249.
    const diff = ratingDifference(fitLadder(2, ahead, tied, sums)!, 0, 1)!;
    expect(diff.elo).toBeCloseTo(102.109, 3);
    expect(diff.ci95[1] - diff.elo).toBeCloseTo(424.249, 3);
    expect(diff.elo - diff.ci95[0]).toBeCloseTo(424.249, 3);
    // The origin is the information-weighted mean of the anchor tier {a, b}: equal weights, so
    // r_a - origin = (r_a - r_b) / 2, Elo +51.055, Var = 786/2025, half width 212.125; the model's
    // would be 7/45 (half width 134.287 = 268.575 / 2).
    const [a, b] = fitBradleyTerry(2, ahead, tied, sums)!;
    expect(a!.elo).toBeCloseTo(51.0545, 3);
    expect(b!.elo).toBeCloseTo(-51.0545, 3);
    expect(a!.ci95[1] - a!.elo).toBeCloseTo(212.125, 3);
    expect(b!.elo - b!.ci95[0]).toBeCloseTo(212.125, 3);
    expect(a!.tier).toBe(1);
    expect(a!.separated).toBeNull();
    // Without block sums, the model's: Z95 sqrt(7/45) 400/ln 10.
    const [plain] = fitBradleyTerry(2, ahead, tied)!;
    expect(plain!.ci95[1] - plain!.elo).toBeCloseTo((Z95 * Math.sqrt(7 / 45) * ELO_PER_NAT), 6);
    expect(ELO_PER_NAT).toBeCloseTo(173.7178, 4);
  });

  // Three entrants: two free strengths, so the factor is G / (G - 2). With the identity as bread the
  // sandwich is the meat times it: 4 blocks give 4/2 = 2, 12 blocks 12/10 = 1.2; 2 blocks leave no
  // spread beyond the two strengths fitted to them, and there is no sandwich.
  test('the small-sample factor takes one block per free strength', () => {
    const identity = Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    const meat = Float64Array.from([2, -1, -1, -1, 2, -1, -1, -1, 2]);
    expect(Array.from(sandwichOf(3, identity, meat, 4)!)).toEqual([4, -2, -2, -2, 4, -2, -2, -2, 4]);
    expect(Array.from(sandwichOf(3, identity, meat, 12)!)).toEqual([2.4, -1.2, -1.2, -1.2, 2.4, -1.2, -1.2, -1.2, 2.4].map((x) => expect.closeTo(x, 12)));
    expect(sandwichOf(3, identity, meat, 2)).toBeNull();
    // Two entrants, one free strength: G / (G - 1), 3 blocks 3/2.
    expect(Array.from(sandwichOf(2, Float64Array.from([1, 0, 0, 1]), Float64Array.from([1, -1, -1, 1]), 3)!)).toEqual([1.5, -1.5, -1.5, 1.5]);
  });

  test('one block is no spread: the model\'s covariance', () => {
    const one: BlockSums = { blocks: 1, points: [[0, 64], [1, 0], [3, 0]], pointMeets: [[1, 16]], meets: [[5, 4]] };
    expect(fitLadder(2, [0, 4, 0, 0], tied, one)!.sandwich).toBeNull();
  });

  test('the separation bound: sigmoid(g)^m = 0.025', () => {
    // m = 10: sigmoid(g) = 0.025^(1/10) = exp(-3.688879 / 10) = 0.691503, g = ln(0.691503 / 0.308497) = 0.807155.
    expect(leastGap(10, 0.025)).toBeCloseTo(Math.log(0.025 ** 0.1 / (1 - 0.025 ** 0.1)), 9);
    expect(leastGap(10, 0.025)).toBeCloseTo(0.807155, 5);
  });
});

describe("the SPRT's ratio estimate, worked by hand", () => {
  // As JSON: an Elo of 0 is 0 whichever its sign (used only where no end can be infinite).
  const plain = (x: unknown): unknown => JSON.parse(JSON.stringify(x));
  const elo = (p: number): number => 400 * Math.log10(p / (1 - p));

  test('three blocks won and one lost: p 3/4, se 1/4, LOS Phi(1)', () => {
    // Sum of (A - p M)^2 = 3 (1/4)^2 + (3/4)^2 = 3/4; var = (3/4) / 4^2 * 4/3 = 1/16.
    const r = ratioEstimate({ values: [1, 0], counts: [3, 1] });
    expect(r.score).toBe(0.75);
    expect(r.elo).toBeCloseTo(elo(0.75), 9);
    expect(r.los).toBeCloseTo(0.8413447, 6);
    // 3/4 - 1.96 / 4 = 0.260009: -181.695 Elo; 3/4 + 1.96 / 4 passes 1: no upper end.
    expect(r.eloCI95![0]).toBeCloseTo(-181.695219, 5);
    expect(r.eloCI95![1]).toBeNull();
  });

  test('blocks of different weights: p = sum A / sum M', () => {
    // A = (2, 0, 1), M = (2, 2, 1), counts (1, 1, 2): p = 4 / 6; sum (A - p M)^2 = 4/9 + 16/9 + 2/9 = 22/9;
    // var = (22/9) / 36 * 4/3, se = 0.300890; LOS = Phi(0.553912) = 0.710180.
    const r = ratioEstimate({ values: [2, 0, 1], weights: [2, 2, 1], counts: [1, 1, 2] });
    expect(r.score).toBeCloseTo(2 / 3, 12);
    expect(r.elo).toBeCloseTo(120.411998, 5);
    expect(r.los).toBeCloseTo(0.710180, 5);
    expect(r.eloCI95![0]).toBeCloseTo(-431.649462, 4);
    expect(r.eloCI95![1]).toBeNull();
  });

  test('one side took every block: no finite Elo, a certain LOS; equal blocks: LOS 1/2', () => {
    expect(ratioEstimate({ values: [1], counts: [5] })).toEqual({ score: 1, elo: null, eloCI95: [null, null], los: 1 });
    expect(ratioEstimate({ values: [0], counts: [3] })).toEqual({ score: 0, elo: null, eloCI95: [null, null], los: 0 });
    expect(plain(ratioEstimate({ values: [0.5], counts: [4] }))).toEqual({ score: 0.5, elo: 0, eloCI95: [0, 0], los: 0.5 });
  });

  test('two blocks split: p 1/2, se 1/2, an interval past both ends; one block or none counted: no spread', () => {
    // Sum (A - p M)^2 = 1/4 + 1/4; var = (1/2) / 4 * 2 = 1/4.
    const split = ratioEstimate({ values: [1, 0], counts: [1, 1] });
    expect(plain({ ...split, los: null })).toEqual({ score: 0.5, elo: 0, eloCI95: [null, null], los: null });
    // Not as JSON, which writes an infinite or NaN Elo as null too.
    expect(split.eloCI95).toEqual([null, null]);
    expect(split.los).toBeCloseTo(0.5, 7);
    expect(plain(ratioEstimate({ values: [1], counts: [1] }))).toEqual({ score: 1, elo: null, eloCI95: null, los: null });
    expect(plain(ratioEstimate({ values: [0], weights: [0], counts: [3] }))).toEqual({ score: 0.5, elo: 0, eloCI95: null, los: null });
  });
});

describe("a separated entrant's bound and interval, worked by hand", () => {
  // The least gap of m one-way blocks at tail t: ln(u / (1 - u)), u = t^(1/m).
  const gap = (m: number, t: number): number => Math.log(t ** (1 / m) / (1 - t ** (1 / m)));

  test('the tightest bound over the anchor entrants met, each at the tail shared among them', () => {
    // Entrant 2 against anchor entrants 0 (4 blocks) and 1 (8 blocks), strengths 0.3 and -0.2.
    const decisive = [0, 5, 4, 5, 0, 8, 4, 8, 0];
    const strength = [0.3, -0.2, 2];
    expect(separationBound(3, decisive, strength, [0, 1], 2, 'above', 0.025)).toBeCloseTo(Math.max(0.3 + gap(4, 0.0125), -0.2 + gap(8, 0.0125)), 12);
    expect(separationBound(3, decisive, strength, [0, 1], 2, 'below', 0.025)).toBeCloseTo(Math.min(0.3 - gap(4, 0.0125), -0.2 - gap(8, 0.0125)), 12);
    // Anchor entrant 0 never met it: one bound, at the whole tail.
    const onlyOne = [0, 5, 0, 5, 0, 8, 0, 8, 0];
    expect(separationBound(3, onlyOne, strength, [0, 1], 2, 'above', 0.025)).toBeCloseTo(-0.2 + gap(8, 0.025), 12);
    expect(separationBound(3, [0, 5, 0, 5, 0, 0, 0, 0, 0], strength, [0, 1], 2, 'above', 0.025)).toBeNull();
  });

  test('the interval stays beyond the bound, never narrower than the prior\'s', () => {
    // Below a bound of 8, from 10 +- 5: the top end at the bound, the bottom 2 * 5 under it.
    expect(beyondBound(10, 5, 8, 'below')).toEqual([-2, 8]);
    // A bound beyond the prior's interval leaves it as it is.
    expect(beyondBound(10, 5, 20, 'below')).toEqual([5, 15]);
    expect(beyondBound(10, 5, 12, 'above')).toEqual([12, 22]);
    expect(beyondBound(10, 5, 3, 'above')).toEqual([5, 15]);
  });

  test('the block-robust variance, or the model\'s where the blocks\' spread vanishes (never below 0)', () => {
    expect(robustVariance(0.5, 1)).toBe(0.5);
    expect(robustVariance(2e-6, 1)).toBe(2e-6);
    // At most a millionth of the model's: the spread of blocks that all scored alike.
    expect(robustVariance(1e-6, 1)).toBe(1);
    expect(robustVariance(0, 2)).toBe(2);
    expect(robustVariance(0, -1e-12)).toBe(0);
  });
});

describe('the linear algebra of the fits, by hand', () => {
  const m = (...x: number[]): Float64Array => Float64Array.from(x);

  test('a product, an inverse and the pseudo-inverse of a Laplacian', () => {
    expect(Array.from(multiply(2, m(1, 2, 3, 4), m(5, 6, 7, 8)))).toEqual([19, 22, 43, 50]);
    // (2 1; 1 3)^-1 = (3 -1; -1 2) / 5.
    expect(Array.from(invert(2, m(2, 1, 1, 3)))).toEqual([0.6, -0.2, -0.2, 0.4].map((x) => expect.closeTo(x, 15)));
    // The path 0 - 1 - 2 with unit weights: L = (1 -1 0; -1 2 -1; 0 -1 1), pinv(L) = (5 -1 -4; -1 2 -1; -4 -1 5) / 9.
    const pinv = pseudoInverseOfLaplacian(3, m(1, -1, 0, -1, 2, -1, 0, -1, 1));
    expect(Array.from(pinv)).toEqual([5, -1, -4, -1, 2, -1, -4, -1, 5].map((x) => expect.closeTo(x / 9, 14)));
  });

  test('the sandwich: bread, meat, bread, times G / (G - (n - 1)); none without more clusters than free strengths', () => {
    // Bread (1 0; 0 2), meat (1 1; 1 1): B M B = (1 2; 2 4); 3 clusters at n = 2: times 3/2.
    expect(Array.from(sandwichOf(2, m(1, 0, 0, 2), m(1, 1, 1, 1), 3)!)).toEqual([1.5, 3, 3, 6]);
    expect(sandwichOf(2, m(1, 0, 0, 2), m(1, 1, 1, 1), 1)).toBeNull();
  });

  test('connected: every vertex reached from the first along non-zero entries', () => {
    expect(isConnected(3, [0, 1, 0, 1, 0, 1, 0, 1, 0])).toBe(true);
    expect(isConnected(3, [0, 1, 0, 1, 0, 0, 0, 0, 0])).toBe(false);
    // Reached only through the last vertex.
    expect(isConnected(3, [0, 0, 1, 0, 0, 1, 1, 1, 0])).toBe(true);
  });
});

describe('the pairwise fit, worked by hand', () => {
  test('two entrants, 3 games to 1: the prior draw makes it 3.5 of 5, d = ln(7/3), Var(d) = 1 / (5 * 0.7 * 0.3)', () => {
    const fit = fitLadder(2, [0, 3, 1, 0], [0, 0, 0, 0])!;
    const d = ratingDifference(fit, 0, 1)!;
    expect(d.elo).toBeCloseTo(Math.log(7 / 3) * ELO_PER_NAT, 9);
    expect(d.se).toBeCloseTo(Math.sqrt(1 / 1.05) * ELO_PER_NAT, 9);
    expect(d.ci95).toEqual([expect.closeTo(d.elo - Z95 * d.se, 9), expect.closeTo(d.elo + Z95 * d.se, 9)]);
  });

  test('at the fit, each entrant\'s points equal its expected points (the likelihood equations)', () => {
    // Four entrants, uneven meetings and ties: W_a = sum_b [ahead_ab + (tied_ab + 1) / 2] over those it met,
    // expected sum_b g_ab p_a / (p_a + p_b), g_ab = ahead_ab + ahead_ba + tied_ab + 1 (the prior draw).
    const ahead = [0, 5, 9, 3, 2, 0, 7, 1, 0, 1, 0, 4, 3, 3, 2, 0];
    const tied = [0, 1, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 2, 0, 0];
    const fit = fitLadder(4, ahead, tied)!;
    const p = fit.strength.map(Math.exp);
    for (const a of [0, 1, 2, 3]) {
      let points = 0;
      let expected = 0;
      for (const b of [0, 1, 2, 3]) {
        const g = ahead[a * 4 + b]! + ahead[b * 4 + a]! + tied[a * 4 + b]!;
        if (b === a || g === 0) continue;
        points += ahead[a * 4 + b]! + (tied[a * 4 + b]! + 1) / 2;
        expected += ((g + 1) * p[a]!) / (p[a]! + p[b]!);
      }
      expect(expected, `entrant ${a}`).toBeCloseTo(points, 9);
    }
  });

  test("a separated entrant's interval is the prior's, with block sums or without", () => {
    // 0 and 1 split 10 games; 2 last in all of them; each game its own block. Points (2 a finish ahead):
    // 0 > 1 > 2 gives (4, 2, 0), 1 > 0 > 2 gives (2, 4, 0).
    const maps = { points: new Map<number, number>(), pointMeets: new Map<number, number>(), meets: new Map<number, number>() };
    for (let g = 0; g < 10; g++) addBlockSums(3, [0, 1, 2], g % 2 === 0 ? [4, 2, 0] : [2, 4, 0], 1, maps);
    const sorted = (m: Map<number, number>): [number, number][] => [...m].sort((x, y) => x[0] - y[0]);
    const blocks: BlockSums = { blocks: 10, points: sorted(maps.points), pointMeets: sorted(maps.pointMeets), meets: sorted(maps.meets) };
    const ahead = [0, 5, 10, 5, 0, 10, 0, 0, 0];
    const tied = new Array<number>(9).fill(0);
    const robust = fitBradleyTerry(3, ahead, tied, blocks)!;
    const model = fitBradleyTerry(3, ahead, tied)!;
    expect(robust[2]!.separated!.side).toBe('below');
    expect(robust[2]!.ci95).toEqual(model[2]!.ci95);
    // In the anchor tier the blocks' spread is used: a different interval.
    expect(robust[0]!.ci95[1]).not.toBeCloseTo(model[0]!.ci95[1], 3);
  });
});
