import { describe, expect, test } from 'vitest';
import { familyClaims } from '../../src/stats/family.js';
import { upperQuantile, upperTail } from '../../src/stats/normal.js';

describe('the standard normal', () => {
  test('upper tails and quantiles as published tables give them (Abramowitz and Stegun, table 26.1)', () => {
    expect(upperTail(1)).toBeCloseTo(0.158655254, 7);
    expect(upperTail(1.959964)).toBeCloseTo(0.025, 7);
    expect(upperTail(3)).toBeCloseTo(0.001349898, 8);
    expect(upperTail(-2)).toBeCloseTo(0.977249868, 7);
    expect(upperQuantile(0.025)).toBeCloseTo(1.959964, 5);
    expect(upperQuantile(0.005)).toBeCloseTo(2.575829, 5);
    // 2.5% shared among 3 comparisons: z at 0.008333..., 2.393980 in the tables.
    expect(upperQuantile(0.025 / 3)).toBeCloseTo(2.39398, 4);
  });
});

describe('claims over a family of comparisons', () => {
  test("Holm's step-down, by hand: p-values 0.01, 0.02, 0.03, 0.2 at a familywise 5%", () => {
    // Sorted: 0.01 <= 0.05/4 = 0.0125 (rejected), 0.02 <= 0.05/3 = 0.0167? no: stop. Only the first holds,
    // where Bonferroni alone (0.0125 each) would also keep one, and unadjusted 5% tests three.
    const z = (p: number): number => upperQuantile(p / 2);
    const claims = familyClaims([
      { elo: 30, se: 30 / z(0.02) },
      { elo: -40, se: 40 / z(0.01) },
      { elo: 20, se: 20 / z(0.2) },
      { elo: 10, se: 10 / z(0.03) },
    ]);
    expect(claims.map((c) => Number(c.pValue.toFixed(6)))).toEqual([0.02, 0.01, 0.2, 0.03]);
    expect(claims.map((c) => c.claim)).toEqual([0, -1, 0, 0]);
  });

  test('Holm goes on while each p-value clears its step: 0.001, 0.015, 0.02 with 3 comparisons', () => {
    // 0.001 <= 0.05/3; 0.015 <= 0.05/2 = 0.025; 0.02 <= 0.05/1: all three claims hold.
    const z = (p: number): number => upperQuantile(p / 2);
    const claims = familyClaims([0.001, 0.015, 0.02].map((p) => ({ elo: 50, se: 50 / z(p) })));
    expect(claims.map((c) => c.claim)).toEqual([1, 1, 1]);
  });

  test('across tiers: m blocks all one way have p = 2 / 2^m under equal strength, and no interval', () => {
    const [five, one] = familyClaims([
      { oneWay: 5, sign: -1 },
      { oneWay: 1, sign: 1 },
    ]);
    expect(five!.pValue).toBe(2 / 32);
    expect(one!.pValue).toBe(1);
    expect(five!.interval).toBeNull();
    // 0.0625 > 0.05 / 2: no claim from five blocks in a family of two.
    expect(five!.claim).toBe(0);
    expect(familyClaims([{ oneWay: 10, sign: -1 }])[0]!.claim).toBe(-1);
  });

  test('Holm\'s threshold is reached at equality: p = 0.05 / 10 in a family of ten is claimed', () => {
    // The double z with 2 P(Z > z) exactly 0.005, found by scanning the doubles near 2.807034 (the
    // table's z at 0.0025 one-sided); the other nine comparisons have p = 1.
    const claims = familyClaims([{ elo: 2.8070337676771886, se: 1 }, ...Array.from({ length: 9 }, () => ({ elo: 0, se: 1 }))]);
    expect(claims[0]!.pValue).toBe(0.05 / 10);
    expect(claims[0]!.claim).toBe(1);
    // An estimate of 0 is p = 1 exactly, though the normal tail's approximation gives 0.500000015 at 0.
    expect(claims[1]!.pValue).toBe(1);
  });

  test('the simultaneous intervals widen with the family: z at 2.5% / m', () => {
    const [alone] = familyClaims([{ elo: 0, se: 10 }]);
    expect(alone!.interval![1]).toBeCloseTo(19.59964, 4);
    const three = familyClaims([0, 0, 0].map(() => ({ elo: 0, se: 10 })));
    expect(three[0]!.interval![1]).toBeCloseTo(23.9398, 3);
    // Centred on the estimate, z standard errors each side: 5 +- 2.39398 * 4.
    const [shifted] = familyClaims([{ elo: 5, se: 4 }, { elo: 0, se: 1 }, { elo: 0, se: 1 }]);
    expect(shifted!.interval![0]).toBeCloseTo(5 - 9.57592, 4);
    expect(shifted!.interval![1]).toBeCloseTo(5 + 9.57592, 4);
    expect(familyClaims([])).toEqual([]);
  });

  test('an estimate without spread: a difference is certain, no difference is no claim', () => {
    const [none, certain, weaker] = familyClaims([
      { elo: 0, se: 0 },
      { elo: 12, se: 0 },
      { elo: -3, se: 0 },
    ]);
    expect(none).toEqual({ pValue: 1, claim: 0, interval: [0, 0] });
    expect(certain).toEqual({ pValue: 0, claim: 1, interval: [12, 12] });
    expect(weaker!.claim).toBe(-1);
  });

  test('equal p-values are claimed together or not at all, whatever their order', () => {
    // Three at p = 0.01: 0.01 <= 0.05/3, 0.05/2, 0.05/1, all claimed. Three at p = 0.02: 0.02 > 0.0167, none.
    const z = (p: number): number => upperQuantile(p / 2);
    expect(familyClaims([1, -1, 1].map((sign) => ({ elo: 10 * sign, se: 10 / z(0.01) }))).map((c) => c.claim)).toEqual([1, -1, 1]);
    expect(familyClaims([1, -1, 1].map((sign) => ({ elo: 10 * sign, se: 10 / z(0.02) }))).map((c) => c.claim)).toEqual([0, 0, 0]);
  });
});
