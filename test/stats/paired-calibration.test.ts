import { describe, expect, test } from 'vitest';
import { judged, PAIRED_CELLS, pairedCell, pairedCellName, SEAT_EFFECT, trueSeatShift } from '../../bench/calibration/paired-diff.js';
import { rateOf, withinBand } from '../../bench/calibration/suite.js';

const LONG = process.env['PARLOR_LONG'] !== undefined;

describe("parlor diff's paired intervals on runs of known truth", () => {
  test('the truth worked by hand: seat 0 twice as strong among equals', () => {
    // x = ln 2, so e^x = 2. Three seats: seat 0 wins 2 / (2 + 2) = 1/2 against 1/3, a shift of 1/6;
    // seats 1 and 2 win 1/4 against 1/3, -1/12 each. Four seats: 2/5 - 1/4 = 0.15, and 1/5 - 1/4 = -0.05.
    expect(Math.exp(SEAT_EFFECT)).toBeCloseTo(2, 12);
    expect(trueSeatShift(3, SEAT_EFFECT, 0)).toBeCloseTo(1 / 6, 12);
    expect(trueSeatShift(3, SEAT_EFFECT, 2)).toBeCloseTo(-1 / 12, 12);
    expect(trueSeatShift(4, SEAT_EFFECT, 0)).toBeCloseTo(0.15, 12);
    expect(trueSeatShift(4, SEAT_EFFECT, 1)).toBeCloseTo(-0.05, 12);
  });

  test('3 seats, random seating, 100 pairs of runs of 300 games: the game shifts seat 0 as worked out, and the intervals roughly cover', () => {
    const result = pairedCell({ seats: 3, seating: 'random', pairs: 300 }, 100);
    // 100 estimates of a shift whose per-run SE is about sqrt(0.5 / 300) = 0.041: their mean is within
    // 4 of its standard errors (0.0041) of 1/6 unless the game does not do what the truth assumes.
    expect(Math.abs(result.seat0Mean - 1 / 6)).toBeLessThan(4 * 0.0041);
    // A loose bar on 100 runs (pooled over seats and entrants: 300 intervals each); the long tier holds the real one.
    for (const pooled of [result.seats, result.entrants]) {
      expect(rateOf(pooled)).toBeGreaterThanOrEqual(0.9);
      expect(rateOf(pooled)).toBeLessThanOrEqual(0.99);
    }
  });

  test.runIf(LONG)('1000 pairs of runs a cell: every judged coverage within 0.95 ± z standard errors', () => {
    const results = PAIRED_CELLS.map((cell) => pairedCell(cell, 1000));
    const family = results.reduce((n, r) => n + judged(r).length, 0);
    for (const r of results) for (const pooled of judged(r)) expect(withinBand(pooled, family), `${pairedCellName(r.cell)}: ${rateOf(pooled).toFixed(3)}`).toBe(true);
  }, 1_800_000);
});
