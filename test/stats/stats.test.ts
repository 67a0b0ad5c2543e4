import { describe, expect, test } from 'vitest';
import { Sfc32 } from '../../src/core/rng.js';
import { fitBradleyTerry } from '../../src/stats/bradley-terry.js';
import { meanInterval, tQuantile975, varianceFromSums } from '../../src/stats/moments.js';
import { eloToScore, gsprtLlr, scoreToElo, sprtBounds } from '../../src/stats/sprt.js';
import { wilsonInterval } from '../../src/stats/wilson.js';

describe('Wilson interval', () => {
  test('matches published values', () => {
    // 81 of 263 (Wilson 1927 / Newcombe 1998 example): 0.2553 .. 0.3662
    const [lo, hi] = wilsonInterval(81, 263);
    expect(lo).toBeCloseTo(0.2553, 4);
    expect(hi).toBeCloseTo(0.3662, 4);
    expect(wilsonInterval(0, 10)[0]).toBe(0);
    expect(wilsonInterval(0, 10)[1]).toBeCloseTo(0.2775, 4);
    expect(wilsonInterval(10, 10)[1]).toBe(1);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });
});

describe('moments', () => {
  test('exact variance from integer sums, where n * sumSq is past double precision', () => {
    expect(varianceFromSums(4, 2 + 4 + 4 + 6, 4 + 16 + 16 + 36)).toBeCloseTo(8 / 3, 12);
    // A million 1000s and a million 1002s: n * sumSq ~ 4e18, far past 2^53, yet the variance is exact.
    const n = 2_000_000;
    const sum = 1_000_000 * 1000 + 1_000_000 * 1002;
    const sumSq = 1_000_000 * 1000 * 1000 + 1_000_000 * 1002 * 1002;
    expect(Number.isSafeInteger(sumSq)).toBe(true);
    expect(n * sumSq).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    expect(varianceFromSums(n, sum, sumSq)).toBe(n / (n - 1));
  });

  test('t quantiles: exact to 1e-13, then within 1e-12, against published values (R qt / scipy t.ppf at 0.975)', () => {
    const published: [number, number][] = [
      [1, 12.706204736174694],
      [2, 4.302652729749462],
      [3, 3.1824463052837078],
      [4, 2.7764451051977934],
      [5, 2.5705818356363146],
      [10, 2.228138851986274],
      [30, 2.0422724563012378],
      [200, 1.9718962236339088],
      [1000, 1.9623390808264083],
      [1001, 1.9623367052808798],
      [3000, 1.960755055322458],
    ];
    // The root of the closed form up to 1000 degrees of freedom (1000 included: 3e-14 there), the
    // Cornish-Fisher expansion beyond, within 1e-12 (8e-13 at 1001, 1.6e-12 at 1000).
    for (const [df, t] of published) expect(Math.abs(tQuantile975(df) - t) / t, `df ${df}`).toBeLessThan(df <= 1000 ? 1e-13 : 1e-12);
    expect(tQuantile975(1e6)).toBeCloseTo(1.96, 3);
    expect(meanInterval(1, 1, 1, 1)).toBeNull();
  });
});

describe('Bradley-Terry ladder', () => {
  /** Games between 4 players of known Elo: the fit must find the differences. */
  function simulate(elos: number[], gamesPerPair: number) {
    const n = elos.length;
    const ahead = new Array<number>(n * n).fill(0);
    const tied = new Array<number>(n * n).fill(0);
    const rng = new Sfc32(1, 2, 3, 4);
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        for (let g = 0; g < gamesPerPair; g++) {
          if (rng.next() < eloToScore(elos[a]! - elos[b]!)) ahead[a * n + b]!++;
          else ahead[b * n + a]!++;
        }
      }
    }
    return { ahead, tied };
  }

  test('recovers known rating differences, the gaps within the intervals', () => {
    const elos = [150, 50, 0, -200];
    const { ahead, tied } = simulate(elos, 4000);
    const ratings = fitBradleyTerry(4, ahead, tied)!;
    // The origin is the information-weighted mean: compare each rating with the true one shifted
    // by the fitted origin (the offset that best aligns them).
    const offset = ratings.reduce((sum, r, i) => sum + (r.elo - elos[i]!), 0) / 4;
    ratings.forEach((r, i) => {
      expect(Math.abs(r.elo - (elos[i]! + offset))).toBeLessThan(20);
      expect(r.ci95[0]).toBeLessThan(elos[i]! + offset);
      expect(r.ci95[1]).toBeGreaterThan(elos[i]! + offset);
    });
  });

  test('an entrant that never finishes ahead does not widen the others\' intervals', () => {
    // a beats b 70% of 1000 games; c loses every game to both.
    const n = 3;
    const ahead = new Array<number>(9).fill(0);
    ahead[0 * n + 1] = 700;
    ahead[1 * n + 0] = 300;
    ahead[0 * n + 2] = 1000;
    ahead[1 * n + 2] = 1000;
    const ratings = fitBradleyTerry(n, ahead, new Array<number>(9).fill(0))!;
    const [a, b, c] = ratings as [(typeof ratings)[0], (typeof ratings)[0], (typeof ratings)[0]];
    // Head to head alone, 1000 games at 70% give a gap of 147 Elo known to about +-23.
    expect(a.elo - b.elo).toBeGreaterThan(120);
    expect(a.elo - b.elo).toBeLessThan(175);
    expect(a.ci95[0]).toBeGreaterThan(b.ci95[1]);
    expect(b.ci95[0]).toBeGreaterThan(c.ci95[1]);
  });

  test('a tie counts half a win; equal records give equal ratings', () => {
    const ratings = fitBradleyTerry(2, [0, 30, 30, 0], [0, 40, 40, 0])!;
    expect(ratings[0]!.elo).toBeCloseTo(0, 9);
    expect(ratings[1]!.elo).toBeCloseTo(0, 9);
  });

  test('an unbeaten entrant still gets a finite rating; no games or disconnected groups give none', () => {
    const ratings = fitBradleyTerry(2, [0, 50, 0, 0], [0, 0, 0, 0])!;
    expect(Number.isFinite(ratings[0]!.elo)).toBe(true);
    expect(Number.isFinite(ratings[1]!.elo)).toBe(true);
    // The scale's origin is the unbeaten entrant (the top tier), the prior alone fixes the gap.
    expect(ratings[0]!.elo - ratings[1]!.elo).toBeGreaterThan(600);
    expect(fitBradleyTerry(2, [0, 0, 0, 0], [0, 0, 0, 0])).toBeNull();
    expect(fitBradleyTerry(1, [0], [0])).toBeNull();
    // 0-1 met and 2-3 met, but never across.
    const n = 4;
    const ahead = new Array<number>(16).fill(0);
    ahead[0 * n + 1] = 5;
    ahead[2 * n + 3] = 5;
    expect(fitBradleyTerry(4, ahead, new Array<number>(16).fill(0))).toBeNull();
  });
});

describe('GSPRT', () => {
  test('Wald bounds', () => {
    const { lower, upper } = sprtBounds(0.05, 0.05);
    expect(lower).toBeCloseTo(-2.944, 3);
    expect(upper).toBeCloseTo(2.944, 3);
  });

  test('Elo and score convert both ways', () => {
    expect(eloToScore(0)).toBe(0.5);
    expect(scoreToElo(eloToScore(37))).toBeCloseTo(37, 9);
  });

  test('the LLR agrees with its normal approximation on a large sample', () => {
    // Pentanomial-like pair scores with mean 0.52.
    const values = [0, 0.25, 0.5, 0.75, 1];
    const counts = [300, 2000, 4000, 2400, 300];
    const n = counts.reduce((a, b) => a + b, 0);
    const mean = values.reduce((a, v, i) => a + v * counts[i]!, 0) / n;
    const variance = values.reduce((a, v, i) => a + (v - mean) ** 2 * counts[i]!, 0) / n;
    const s0 = eloToScore(0);
    const s1 = eloToScore(10);
    const approx = (n * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * variance);
    expect(gsprtLlr({ values, counts }, s0, s1)).toBeCloseTo(approx, 0);
  });

  test('evidence for B raises the LLR, evidence against lowers it, one-sided data still moves it', () => {
    const s0 = eloToScore(0);
    const s1 = eloToScore(20);
    expect(gsprtLlr({ values: [0, 1], counts: [40, 60] }, s0, s1)).toBeGreaterThan(0);
    expect(gsprtLlr({ values: [0, 1], counts: [60, 40] }, s0, s1)).toBeLessThan(0);
    expect(gsprtLlr({ values: [1], counts: [200] }, s0, s1)).toBeGreaterThan(2.95);
    expect(gsprtLlr({ values: [], counts: [] }, s0, s1)).toBe(0);
  });
});
