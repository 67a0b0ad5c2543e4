import { describe, expect, test } from 'vitest';
import { meanInterval, tQuantile975, tTwoSidedProbability } from '../../src/stats/moments.js';
import { wilsonInterval, Z95 } from '../../src/stats/wilson.js';

describe('Student t against a printed table', () => {
  // The 0.975 quantiles (two-sided 95%) of the t table in NIST/SEMATECH e-Handbook of Statistical
  // Methods, section 1.3.6.7.2 (the same figures as Table A.2 of most textbooks), to 3 decimals.
  const TABLE = [
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
    2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
  ];

  test('tQuantile975(df) for df 1 to 30 rounds to the printed value', () => {
    TABLE.forEach((printed, i) => expect(Math.abs(tQuantile975(i + 1) - printed), `df ${i + 1}`).toBeLessThanOrEqual(0.0005));
  });

  test('the printed quantiles hold 95% between them, for odd and even degrees of freedom', () => {
    for (const df of [1, 2, 3, 4, 7, 10, 30]) expect(tTwoSidedProbability(TABLE[df - 1]!, df), `df ${df}`).toBeCloseTo(0.95, 4);
    // df 1 is the Cauchy distribution: P(|T| <= 1) = 2 atan(1) / pi = 1/2 exactly.
    expect(tTwoSidedProbability(1, 1)).toBeCloseTo(0.5, 12);
    // df 2: P(|T| <= t) = t / sqrt(2 + t^2), so t = sqrt(2) gives 1 / sqrt(2).
    expect(tTwoSidedProbability(Math.SQRT2, 2)).toBeCloseTo(Math.SQRT1_2, 12);
  });

  test('a t interval over 4 blocks uses 3 degrees of freedom', () => {
    // Block win rates 1/4, 1/2, 1/2, 3/4 as sums in quarters: count 4, sum 8, sum of squares 18.
    // Mean 1/2; variance (4*18 - 8^2) / (4*3) = 2/3 quarters^2; standard error sqrt(2/3 / 4) / 4 = sqrt(1/6) / 4;
    // half width t(0.975, 3) * se = 3.182 * 0.10206 = 0.3248 (t(0.975, 4) = 2.776 would give 0.2833).
    const [lo, hi] = meanInterval(4, 8, 18, 4)!;
    expect(lo).toBeCloseTo(0.5 - (3.182 * Math.sqrt(1 / 6)) / 4, 3);
    expect(hi).toBeCloseTo(0.5 + (3.182 * Math.sqrt(1 / 6)) / 4, 3);
    // Clipped to [lo, hi]: 2 blocks, rates 0 and 1, would reach far past both ends.
    expect(meanInterval(2, 1, 1, 1)).toEqual([0, 1]);
    expect(meanInterval(2, 1, 1, 1, -100, 100)![0]).toBeCloseTo(0.5 - 12.706 * 0.5, 2);
  });
});

describe('the Wilson interval against Newcombe (1998)', () => {
  // R. G. Newcombe, "Two-sided confidence intervals for the single proportion: comparison of seven
  // methods", Statistics in Medicine 17 (1998) 857-872, Table II, method 3 (Wilson score, no
  // continuity correction), to 4 decimals.
  test.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i: %f to %f', (successes, trials, lo, hi) => {
    const [l, h] = wilsonInterval(successes, trials);
    expect(Math.abs(l - lo)).toBeLessThanOrEqual(0.00005);
    expect(Math.abs(h - hi)).toBeLessThanOrEqual(0.00005);
  });

  test('all successes end at exactly 1, none at exactly 0; no trials say nothing', () => {
    expect(wilsonInterval(20, 20)[1]).toBe(1);
    // Mirror of 0 of 20.
    expect(wilsonInterval(20, 20)[0]).toBeCloseTo(1 - 0.1611, 4);
    expect(wilsonInterval(0, 20)[0]).toBe(0);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
    expect(Z95).toBeCloseTo(1.959964, 6);
  });
});
