import { describe, expect, test } from 'vitest';
import { addBlockSums } from '../../src/stats/block-variance.js';
import { ELO_PER_NAT, fitLadder, ladderOrigin, ladderRatings } from '../../src/stats/bradley-terry.js';
import { addRatioBlock, blockScore, emptyRatioSums, pairedMean, pairedRatio, PairedRatings, pairwiseBlockScore, winnerBlockScore, type LadderBlock } from '../../src/stats/paired.js';
import { Z95 } from '../../src/stats/wilson.js';

/** Every number below is worked out by hand (the arithmetic in the comments), never by the code's formula. */

describe('the mean of paired differences, worked by hand', () => {
  test("Student's t over the pairs, clipped to what a pair's difference can be", () => {
    // Four pairs whose win rates moved by 1/2, 0, 1 and 1/2, in halves: 1, 0, 2, 1 (sum 4, squares 6).
    // Mean 4 / 4 / 2 = 0.5; variance in halves² (4·6 - 16) / (4·3) = 2/3, in rates 1/6; se sqrt(1/6 / 4)
    // = 0.204124; t(3) = 3.182446, half width 0.649614: -0.149614 to 1.149614, clipped to 1.
    const { mean, ci95 } = pairedMean(4, 4, 6, 2, [-1, 1]);
    expect(mean).toBe(0.5);
    expect(ci95![0]).toBeCloseTo(-0.149614, 5);
    expect(ci95![1]).toBe(1);
    // Without a range nothing is clipped.
    expect(pairedMean(4, 4, 6, 2).ci95).toEqual([expect.closeTo(-0.149614, 5), expect.closeTo(1.149614, 5)]);
    // Two pairs, 0 and 1 (in units of 1): mean 1/2, sd sqrt(1/2), se 1/2; t(1) = 12.706205, half width 6.353102.
    expect(pairedMean(2, 1, 1, 1).ci95).toEqual([expect.closeTo(0.5 - 6.353102, 5), expect.closeTo(0.5 + 6.353102, 5)]);
  });

  test('every pair alike: the share that could differ unseen, as far as the range lets it', () => {
    // Ten pairs, none moved: Wilson's upper end for 0 of 10 is z² / (10 + z²) = 3.841459 / 13.841459
    // = 0.277533, and a pair can move by at most 1 either way.
    const none = pairedMean(10, 0, 0, 1, [-1, 1]);
    expect(none.mean).toBe(0);
    expect(none.ci95![0]).toBeCloseTo(-0.277533, 5);
    expect(none.ci95![1]).toBeCloseTo(0.277533, 5);
    // Every pair moved by 1/2: from 0.5 down by 0.277533 * 1.5 and up by 0.277533 * 0.5.
    const half = pairedMean(10, 10, 10, 2, [-1, 1]);
    expect(half.ci95![0]).toBeCloseTo(0.5 - 0.41630, 5);
    expect(half.ci95![1]).toBeCloseTo(0.5 + 0.138766, 5);
    // A length has no range: no interval where nothing varied; one pair is no interval at all.
    expect(pairedMean(10, 30, 90, 1).ci95).toBeNull();
    expect(pairedMean(1, 3, 9, 1)).toEqual({ mean: 3, ci95: null });
    expect(pairedMean(1, 1, 1, 2, [-1, 1])).toEqual({ mean: 0.5, ci95: null });
    expect(pairedMean(0, 0, 0, 1, [-1, 1])).toEqual({ mean: 0, ci95: null });
  });
});

describe('a paired difference of means over a varying number of values a block, worked by hand', () => {
  // Three blocks, (count, sum) per run: A (2, 4), (1, 3), (2, 2); B (2, 6), (2, 5), (1, 1).
  // Means: A 9 / 5 = 1.8, B 12 / 5 = 2.4, difference 0.6. Linearised deviations per block:
  //   A: (4 - 3.6) / 5 = 0.08, (3 - 1.8) / 5 = 0.24, (2 - 3.6) / 5 = -0.32
  //   B: (6 - 4.8) / 5 = 0.24, (5 - 4.8) / 5 = 0.04, (1 - 2.4) / 5 = -0.28
  //   B - A: 0.16, -0.20, 0.04; squares 0.0256 + 0.04 + 0.0016 = 0.0672.
  // Var = 3/2 · 0.0672 = 0.1008, se 0.317490; t(2) = 4.302653, half width 1.366050.
  test('the delta method with the block as the cluster', () => {
    const sums = emptyRatioSums();
    addRatioBlock(sums, 2, 4, 2, 6);
    addRatioBlock(sums, 1, 3, 2, 5);
    addRatioBlock(sums, 2, 2, 1, 1);
    const r = pairedRatio(sums);
    expect(r.a).toBeCloseTo(1.8, 12);
    expect(r.b).toBeCloseTo(2.4, 12);
    expect(r.diff).toBeCloseTo(0.6, 12);
    expect(r.ci95![0]).toBeCloseTo(0.6 - 1.36605, 5);
    expect(r.ci95![1]).toBeCloseTo(0.6 + 1.36605, 5);
  });

  test('no interval without a value in a run, with one block, or when the runs agree block by block', () => {
    const none = emptyRatioSums();
    addRatioBlock(none, 0, 0, 2, 4);
    addRatioBlock(none, 0, 0, 1, 1);
    expect(pairedRatio(none)).toEqual({ a: null, b: 5 / 3, diff: null, ci95: null });
    const noneInB = emptyRatioSums();
    addRatioBlock(noneInB, 2, 4, 0, 0);
    addRatioBlock(noneInB, 1, 1, 0, 0);
    expect(pairedRatio(noneInB)).toEqual({ a: 5 / 3, b: null, diff: null, ci95: null });
    const one = emptyRatioSums();
    addRatioBlock(one, 2, 4, 2, 6);
    expect(pairedRatio(one)).toEqual({ a: 2, b: 3, diff: 1, ci95: null });
    // Rounding leaves this block a spread of 4e-16 (5/3 is no double): still no interval.
    const rounded = emptyRatioSums();
    addRatioBlock(rounded, 1, 0, 3, 5);
    expect(pairedRatio(rounded)).toEqual({ a: 0, b: 5 / 3, diff: 5 / 3, ci95: null });
    const same = emptyRatioSums();
    addRatioBlock(same, 2, 4, 2, 4);
    addRatioBlock(same, 3, 9, 3, 9);
    expect(pairedRatio(same).ci95).toBeNull();
    // Every block at its run's mean (A 1 of 2 and 2 of 4, B 2 of 2 and 4 of 4): no spread at all.
    const flat = emptyRatioSums();
    addRatioBlock(flat, 2, 1, 2, 2);
    addRatioBlock(flat, 4, 2, 4, 4);
    expect(pairedRatio(flat)).toEqual({ a: 0.5, b: 1, diff: 0.5, ci95: null });
  });

  test('two blocks, and a spread small beside 1 but large beside rounding', () => {
    // A (1000, 500), (1000, 501); B (1000, 500) twice. Means A 1001 / 2000 = 0.5005, B 0.5, diff
    // -0.0005. Deviations A (500 - 500.5) / 2000 = -0.00025 and +0.00025, B 0 and 0; squares
    // 2 · 6.25e-8 = 1.25e-7, Var = 2/1 · 1.25e-7 = 2.5e-7, se 5e-4; t(1) = tan(0.475π) = 12.7062047,
    // half width 0.00635310.
    const sums = emptyRatioSums();
    addRatioBlock(sums, 1000, 500, 1000, 500);
    addRatioBlock(sums, 1000, 501, 1000, 500);
    const r = pairedRatio(sums);
    expect(r.diff).toBeCloseTo(-0.0005, 12);
    expect(r.ci95![0]).toBeCloseTo(-0.0005 - 0.0063531, 7);
    expect(r.ci95![1]).toBeCloseTo(-0.0005 + 0.0063531, 7);
  });
});

describe('paired Elo differences, worked by hand', () => {
  // Two entrants, three duplicate blocks of two games. Run A: a wins both games of blocks 1 and 2, b
  // both of block 3 (src/stats/README.md's example: p_a / p_b = 9/5, σ_a = 9/14, the model's
  // covariance 7/45 [[1, -1], [-1, 1]], u_a = w_a / 2 - 2 σ_a = 5/7, 5/7, -9/7). Run B, the same
  // deals: a wins both of block 1, one of block 2, none of block 3: p_a / p_b = 3.5 / 3.5 = 1, σ_a = 1/2,
  // 7 games' worth of information at 1/4 each, covariance 1/7 [[1, -1], [-1, 1]], u_a = 1, 0, -1.
  // The origin is the two entrants' mean, so a's influence is ELO_PER_NAT (P u)_a = ELO_PER_NAT · 2 u_a c
  // with c the covariance's scale: A 14/45 · (5/7, 5/7, -9/7) = (2/9, 2/9, -2/5), B 2/7 · (1, 0, -1).
  // B - A: (2/7 - 2/9, -2/9, -2/7 + 2/5) = (4/63, -2/9, 4/35); squares 16/3969 + 4/81 + 16/1225 =
  // 0.0664752, times G / (G - 1) = 3/2: 0.0997128, sd 0.315773 · 173.7178 = 54.8554 Elo, half width
  // 107.5147. Elo: A 400 log10(9/5) / 2 = 51.0545, B 0.
  const fitA = fitLadder(2, [0, 4, 2, 0], [0, 0, 0, 0])!;
  const fitB = fitLadder(2, [0, 3, 3, 0], [0, 0, 0, 0])!;
  const pointsA = [[4, 0], [4, 0], [0, 4]];
  const pointsB = [[4, 0], [2, 2], [0, 4]];

  test('each block\'s score is the sandwich\'s term', () => {
    expect(Array.from(pairwiseBlockScore(2, fitA.strength, [0, 1], pointsA[2]!, 2))).toEqual([expect.closeTo(-9 / 7, 12), expect.closeTo(9 / 7, 12)]);
    expect(Array.from(pairwiseBlockScore(2, fitB.strength, [0, 1], pointsB[1]!, 2))).toEqual([expect.closeTo(0, 12), expect.closeTo(0, 12)]);
  });

  test('the difference of the two ladders with the blocks paired', () => {
    const paired = new PairedRatings([fitA, fitB]);
    for (let b = 0; b < 3; b++) paired.addBlock(pairwiseBlockScore(2, fitA.strength, [0, 1], pointsA[b]!, 2), pairwiseBlockScore(2, fitB.strength, [0, 1], pointsB[b]!, 2));
    const eloA = ladderRatings(fitA, [0, 3, 3, 0])[0]!.elo;
    const eloB = ladderRatings(fitB, [0, 3, 3, 0])[0]!.elo;
    expect(eloA).toBeCloseTo(51.0545, 4);
    expect(eloB).toBeCloseTo(0, 9);
    const { diff, ci95 } = paired.difference(0, eloA, eloB);
    expect(diff).toBeCloseTo(-51.0545, 4);
    expect(ci95![1] - diff).toBeCloseTo(107.5147, 3);
    expect(diff - ci95![0]).toBeCloseTo(107.5147, 3);
    expect(ELO_PER_NAT * Math.sqrt(0.0997128) * Z95).toBeCloseTo(107.5147, 3);
  });

  test('a run against itself: nothing moved, no interval; a block in one ladder alone counts with its influence alone', () => {
    // Run A against a copy of itself: every influence cancels, no interval (nothing moved).
    const same = new PairedRatings([fitA, fitA]);
    for (const w of pointsA) same.addBlock(pairwiseBlockScore(2, fitA.strength, [0, 1], w, 2), pairwiseBlockScore(2, fitA.strength, [0, 1], w, 2));
    expect(same.difference(0, 10, 10)).toEqual({ diff: 0, ci95: null });
    // A block in run A's ladder only (an engine error in B's) counts with A's influence alone: the
    // ladder's own variance, 786/2025 in log-strength², for a run against an empty one.
    const alone = new PairedRatings([fitA, fitA]);
    for (const w of pointsA) alone.addBlock(pairwiseBlockScore(2, fitA.strength, [0, 1], w, 2), null);
    const { ci95 } = alone.difference(0, 0, 0);
    expect(ci95![1]).toBeCloseTo(Z95 * Math.sqrt(786 / 2025) * ELO_PER_NAT, 6);
    // The same blocks in run B's ladder only; a block in neither ladder is no block of the pairing.
    const inB = new PairedRatings([fitA, fitA]);
    for (const w of pointsA) inB.addBlock(null, pairwiseBlockScore(2, fitA.strength, [0, 1], w, 2));
    inB.addBlock(null, null);
    expect(inB.difference(0, 0, 0).ci95![1]).toBeCloseTo(Z95 * Math.sqrt(786 / 2025) * ELO_PER_NAT, 6);
    // One block: no more blocks than the one free strength, no spread to measure.
    const one = new PairedRatings([fitA, fitA]);
    one.addBlock(pairwiseBlockScore(2, fitA.strength, [0, 1], pointsA[0]!, 2), null);
    expect(one.difference(0, 0, 0)).toEqual({ diff: 0, ci95: null });
  });

  test('the winner model\'s block score: wins less the games won times the chance to win', () => {
    // Lineup {0, 2} of three, strengths e^0 = 1 and e^ln3 = 3: q = 1/4, 3/4. Two games won, entrant
    // 0 one and a half of them (units of 2): u = 1.5 - 2/4 = 1, and 0.5 - 6/4 = -1.
    const u = winnerBlockScore(3, [0, 5, Math.log(3)], [0, 2], [3, 1], 2, 2);
    expect(Array.from(u)).toEqual([expect.closeTo(1, 12), 0, expect.closeTo(-1, 12)]);
  });
});

describe('a block\'s score under the model its ladder was fitted with, worked by hand', () => {
  // Two games of entrants 0 and 1: 0 finished ahead in both (pairwise points 4 and 0) and won both
  // (win units of 2: 4 and 0). Under the pairwise fit of run A above (σ_0 = 9/14) the score is
  // u_0 = 4/2 - 2 · 9/14 = 5/7; under a winner model of strengths e^0 = 1 and e^ln3 = 3 (q_0 = 1/4) it
  // is u_0 = 4/2 - 2/4 = 3/2, u_1 = 0 - 2 · 3/4 = -3/2.
  const pairwise = fitLadder(2, [0, 4, 2, 0], [0, 0, 0, 0])!;
  const winner = { ...pairwise, model: 'winner', strength: [0, Math.log(3)] } as const;
  const won: LadderBlock = { counted: true, lineup: [0, 1], points: [4, 0], wins: [4, 0], games: 2, wonGames: 2 };

  test('pairwise points under the pairwise fit, wins under the winner model', () => {
    expect(pairwise.model).toBe('pairwise');
    expect(Array.from(blockScore(pairwise, won, 2)!)).toEqual([expect.closeTo(5 / 7, 12), expect.closeTo(-5 / 7, 12)]);
    expect(Array.from(blockScore(winner, won, 2)!)).toEqual([expect.closeTo(3 / 2, 12), expect.closeTo(-3 / 2, 12)]);
  });

  test('no score for a block outside the ladder: not counted, or no game won under the winner model', () => {
    // Two ties: 1 + 1 points each, nobody won. The pairwise fit scores them, u_0 = 2/2 - 2 · 9/14 = -2/7.
    const tied: LadderBlock = { counted: true, lineup: [0, 1], points: [2, 2], wins: [0, 0], games: 2, wonGames: 0 };
    expect(Array.from(blockScore(pairwise, tied, 2)!)).toEqual([expect.closeTo(-2 / 7, 12), expect.closeTo(2 / 7, 12)]);
    expect(blockScore(winner, tied, 2)).toBeNull();
    for (const fit of [pairwise, winner]) expect(blockScore(fit, { ...won, counted: false }, 2)).toBeNull();
  });
});

describe('the influence of a block against an origin that is no plain mean', () => {
  // Not a number worked by hand: the identity the class rests on, between two computations. Three
  // entrants in every block's one game, in the orders 0 1 2, 0 2 1, 1 0 2, 2 1 0 (each pair won both
  // ways: one tier). The strengths differ, so the origin's information weights are unequal and the
  // origin moves with every block. A run against one with no block: Σ_b IF_b² · G / (G - (E - 1)) is
  // the ladder's own sandwich variance against its origin, what its intervals are made of.
  const orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [2, 1, 0]];
  // Pairwise points: 2 for each entrant finished behind.
  const points = orders.map((order) => [0, 1, 2].map((a) => 2 * (2 - order.indexOf(a))));
  const ahead = [0, 2, 3, 2, 0, 2, 1, 2, 0];
  const maps = { points: new Map<number, number>(), pointMeets: new Map<number, number>(), meets: new Map<number, number>() };
  for (const w of points) addBlockSums(3, [0, 1, 2], w, 1, maps);
  const sorted = (m: Map<number, number>): [number, number][] => [...m.entries()].sort((x, y) => x[0] - y[0]);
  const fit = fitLadder(3, ahead, new Array<number>(9).fill(0), { blocks: 4, points: sorted(maps.points), pointMeets: sorted(maps.pointMeets), meets: sorted(maps.meets) })!;

  test('a run against an empty one has the ladder\'s own intervals', () => {
    expect(ladderOrigin(fit).weight[0]).not.toBeCloseTo(1 / 3, 3);
    const alone = new PairedRatings([fit, fit]);
    for (const w of points) alone.addBlock(pairwiseBlockScore(3, fit.strength, [0, 1, 2], w, 1), null);
    ladderRatings(fit, new Array<number>(9).fill(4)).forEach((rating, e) => {
      const half = (rating.ci95[1] - rating.ci95[0]) / 2;
      expect(alone.difference(e, 0, 0).ci95![1]).toBeCloseTo(half, 9);
    });
  });
});
