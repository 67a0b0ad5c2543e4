import { describe, expect, test } from 'vitest';
import { addBlockSums, type BlockSums } from '../../src/stats/block-variance.js';
import { ELO_PER_NAT, fitBradleyTerry, fitLadder, ratingDifference } from '../../src/stats/bradley-terry.js';
import { varianceFromSums } from '../../src/stats/moments.js';
import { leastGap } from '../../src/stats/separation-bound.js';
import { comparisonTiers } from '../../src/stats/tiers.js';
import { wilsonInterval } from '../../src/stats/wilson.js';
import { counts } from './support/counts.js';

describe('the statistics at their edges', () => {
  test('Wilson with no success ends at exactly 0 (rounding alone leaves 5e-17 at 3 trials)', () => {
    expect(wilsonInterval(0, 3)[0]).toBe(0);
    expect(wilsonInterval(3, 3)[1]).toBe(1);
  });

  test('one sample has no variance: 0, not 0/0', () => {
    expect(varianceFromSums(1, 5, 25)).toBe(0);
    expect(varianceFromSums(0, 0, 0)).toBe(0);
  });

  test('two blocks are enough for a sandwich: (0.2)^2 * 2 * 4 * 2/1 = 0.64 by hand', () => {
    // a wins both games of block 1, b both of block 2: sigma = 1/2, u = w_a/2 - 1 = 1 and -1, so
    // J = 2 [[1, -1], [-1, 1]]; 4 games + 1 virtual draw give H = 5/4 [[1, -1], [-1, 1]], H+ = 1/5 of
    // the same; H+ J H+ G/(G-1) = (1/25) * 2 * 4 * 2 = 0.64 times it.
    const maps = { points: new Map<number, number>(), pointMeets: new Map<number, number>(), meets: new Map<number, number>() };
    addBlockSums(2, [0, 1], [4, 0], 2, maps);
    // b has no points in block 1: no cross term of b's at all.
    expect([...maps.pointMeets.entries()]).toEqual([[1, 8]]);
    addBlockSums(2, [0, 1], [0, 4], 2, maps);
    const sorted = (m: Map<number, number>) => [...m.entries()].sort((x, y) => x[0] - y[0]);
    const sums: BlockSums = { blocks: 2, points: sorted(maps.points), pointMeets: sorted(maps.pointMeets), meets: sorted(maps.meets) };
    // An entrant with no points in a block adds no cross term for it.
    expect(sums.pointMeets).toEqual([[1, 8], [5, 8]]);
    const fit = fitLadder(2, [0, 2, 2, 0], [0, 0, 0, 0], sums)!;
    expect(Array.from(fit.sandwich!)).toEqual([0.64, -0.64, -0.64, 0.64].map((x) => expect.closeTo(x, 9)));
  });

  test('a pair that met once is connected: with the prior\'s draw, b won 1.5 of 2 games, p_b / p_a = 3', () => {
    const fit = fitLadder(2, [0, 0, 1, 0], [0, 0, 0, 0])!;
    expect(fit.strength[1]! - fit.strength[0]!).toBeCloseTo(Math.log(3), 9);
  });

  test('the fitted log-strengths have mean zero; a difference is the same read either way round', () => {
    const { ahead, tied } = counts(3, [[0, 1, 6, 3, 1], [0, 2, 7, 2, 0], [1, 2, 5, 4, 1]]);
    const fit = fitLadder(3, ahead, tied)!;
    expect(fit.strength.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 12);
    const ab = ratingDifference(fit, 1, 2)!;
    const ba = ratingDifference(fit, 2, 1)!;
    expect(ba.elo).toBeCloseTo(-ab.elo, 9);
    expect(ba.ci95[1] - ba.elo).toBeCloseTo(ab.ci95[1] - ab.elo, 9);
    expect(Number.isFinite(ab.ci95[1])).toBe(true);
  });

  test('across tiers no difference is given; a top tier of two is the anchor over a larger one below', () => {
    // {0, 1} split their games; {2, 3, 4} split theirs; every game between the groups went to {0, 1}.
    const rows: [number, number, number, number, number][] = [[0, 1, 5, 5, 0], [2, 3, 4, 4, 0], [2, 4, 4, 4, 0], [3, 4, 4, 4, 0]];
    for (const top of [0, 1]) for (const low of [2, 3, 4]) rows.push([top, low, 10, 0, 0]);
    const { ahead, tied } = counts(5, rows);
    const fit = fitLadder(5, ahead, tied)!;
    expect(ratingDifference(fit, 0, 2)).toBeNull();
    const ratings = fitBradleyTerry(5, ahead, tied)!;
    expect(ratings.map((r) => r.separated?.side ?? null)).toEqual([null, null, 'below', 'below', 'below']);
  });

  test('a separated entrant is bounded by each anchor entrant it met, the tail shared among them', () => {
    // Anchor tier {0, 1}, 0 the stronger; entrant 2 lost all its games: 30 to 0, 10 to 1, each its
    // own block. One separated entrant, two anchor entrants met: each bound at 2.5% / 2 = 1.25%,
    // the gap g with sigmoid(g)^m = 0.0125: m = 10 gives 0.5979843 (103.88 Elo), m = 30 1.8497635
    // (321.34 Elo); the bound is the lower of elo(0) - 321.34 and elo(1) - 103.88.
    const { ahead, tied } = counts(3, [[0, 1, 60, 40, 0], [0, 2, 30, 0, 0], [1, 2, 10, 0, 0]]);
    const [zero, one, two] = fitBradleyTerry(3, ahead, tied)!;
    expect(leastGap(10, 0.0125)).toBeCloseTo(0.5979843, 6);
    expect(leastGap(30, 0.0125)).toBeCloseTo(1.8497635, 6);
    expect(two!.separated!.bound).toBeCloseTo(Math.min(zero!.elo - 321.3368, one!.elo - 103.8805), 3);
    expect(two!.ci95[1]).toBeLessThanOrEqual(two!.separated!.bound!);
  });

  test('tiers listed by who reaches whom, then by mean strength, then by first entrant', () => {
    // A chain 3 -> 0 -> {1, 2} (3 beat everyone, 0 beat 1 and 2, who split), given out of order.
    const chain = counts(4, [[3, 0, 2, 0, 0], [3, 1, 2, 0, 0], [3, 2, 2, 0, 0], [0, 1, 2, 0, 0], [0, 2, 2, 0, 0], [1, 2, 1, 1, 0]]);
    expect(comparisonTiers(4, chain.ahead, chain.tied, [0, 0, 0, 0]).members).toEqual([[3], [0], [1, 2]]);
    // Two pairs that never met: the stronger pair first, whatever the indices; equal means by first entrant.
    const apart = counts(4, [[0, 1, 1, 1, 0], [2, 3, 1, 1, 0]]);
    expect(comparisonTiers(4, apart.ahead, apart.tied, [-1, -2, 2, 1]).members).toEqual([[2, 3], [0, 1]]);
    expect(comparisonTiers(4, apart.ahead, apart.tied, [1, 2, -1, -2]).members).toEqual([[0, 1], [2, 3]]);
    expect(comparisonTiers(4, apart.ahead, apart.tied, [0, 0, 0, 0]).members).toEqual([[0, 1], [2, 3]]);
    expect(comparisonTiers(4, apart.ahead, apart.tied, [0, 0, 3, -3]).members).toEqual([[0, 1], [2, 3]]);
  });
});
