import { describe, expect, it } from 'vitest';
import { Moments } from '../../src/analysis/estimate.js';

describe('an estimate over games', () => {
  it('is the mean with its Student t interval, worked out by hand', () => {
    const moments = new Moments();
    for (const x of [1, 2, 3, 4]) moments.add(x);
    // sd = sqrt(5/3) = 1.2909944; t(0.975, 3) = 3.1824463; half width = 3.1824463 * 1.2909944 / 2 = 2.0542603.
    const { games, mean, sd, ci95 } = moments.estimate();
    expect(games).toBe(4);
    expect(mean).toBe(2.5);
    expect(sd).toBeCloseTo(1.2909944, 6);
    expect(ci95![0]).toBeCloseTo(0.4457397, 5);
    expect(ci95![1]).toBeCloseTo(4.5542603, 5);
  });

  it('has no interval from one game, and keeps its precision far from zero', () => {
    const one = new Moments();
    one.add(245.87);
    expect(one.estimate()).toEqual({ games: 1, mean: 245.87, sd: 0, ci95: null });
    const far = new Moments();
    for (const x of [1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4]) far.add(x);
    expect(far.estimate().sd).toBeCloseTo(1.2909944, 6);
  });
});
