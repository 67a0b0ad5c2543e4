import { describe, expect, test } from 'vitest';
import { fitBradleyTerry, fitLadder, ladderOrigin } from '../../src/stats/bradley-terry.js';

describe('the origin of the ladder, worked by hand', () => {
  // Three entrants of equal strength (every pair split its games evenly), but of unequal
  // experience: 0 and 1 met 8 times, 0 and 2 four times, 1 and 2 twice. With one virtual draw a
  // pair, each meeting is worth sigma (1 - sigma) = 1/4 of information: pairs 9/4, 5/4 and 3/4.
  // An entrant's weight in the origin is its share of that information: (9 + 5), (9 + 3) and (5 + 3)
  // quarters out of 34, so 7/17, 6/17 and 4/17.
  const ahead = [0, 4, 2, 4, 0, 1, 2, 1, 0];
  const tied = new Array<number>(9).fill(0);

  test('the weights are each entrant\'s share of the anchor tier\'s information', () => {
    const fit = fitLadder(3, ahead, tied)!;
    const { anchor, weight } = ladderOrigin(fit);
    expect(anchor).toBe(0);
    expect(Array.from(weight)).toEqual([7 / 17, 6 / 17, 4 / 17].map((w) => expect.closeTo(w, 9)));
    expect(Array.from(fit.info.slice(0, 3))).toEqual([14 / 4, -9 / 4, -5 / 4].map((x) => expect.closeTo(x, 9)));
  });

  test('equal strengths: every rating is the origin, the least experienced the least certain', () => {
    const ratings = fitBradleyTerry(3, ahead, tied)!;
    for (const r of ratings) expect(r.elo).toBeCloseTo(0, 6);
    const half = ratings.map((r) => r.ci95[1] - r.elo);
    expect(half[0]).toBeLessThan(half[1]!);
    expect(half[1]).toBeLessThan(half[2]!);
    expect(ratings.map((r) => r.tier)).toEqual([1, 1, 1]);
  });
});
