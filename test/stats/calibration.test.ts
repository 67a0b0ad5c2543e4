import { describe, expect, test } from 'vitest';
import { CELLS, calibrateCell } from '../../bench/calibration/suite.js';
import { checkSprt } from '../../bench/calibration/sprt-errors.js';

const LONG = process.env['PARLOR_LONG'] !== undefined;
const rate = (t: { hits: number; trials: number }): number => t.hits / t.trials;

describe('calibration', () => {
  test('4 identical-bot seats of 6 entrants, random seating, 100 seeded runs: the block-robust pairwise intervals cover, the model\'s do not', () => {
    const result = calibrateCell({ field: 'identical', seats: 4, seating: 'random' }, 100);
    expect(rate(result.pairSandwich)).toBeGreaterThanOrEqual(0.92);
    expect(rate(result.pairSandwich)).toBeLessThanOrEqual(0.98);
    expect(rate(result.pairModel)).toBeLessThan(0.92);
  });

  // The bars of issue 21: every cell, 1000 runs each (about 3 minutes on one core).
  test.runIf(LONG)('every cell: 95% pairwise intervals cover 0.92-0.98; the recommended win-rate interval too with identical bots', () => {
    for (const cell of CELLS) {
      const result = calibrateCell(cell, 1000);
      const name = `${cell.field}, ${cell.seats} seats, ${cell.seating}`;
      expect(rate(result.pairSandwich), name).toBeGreaterThanOrEqual(0.92);
      expect(rate(result.pairSandwich), name).toBeLessThanOrEqual(0.98);
      expect(rate(result.origin), name).toBeGreaterThanOrEqual(0.92);
      expect(rate(result.origin), name).toBeLessThanOrEqual(0.98);
      if (result.winDeals !== null) {
        expect(rate(result.winDeals), name).toBeGreaterThanOrEqual(0.92);
        expect(rate(result.winDeals), name).toBeLessThanOrEqual(0.98);
      }
    }
  }, 1_200_000);

  test.runIf(LONG)('GSPRT: each error rate at most its nominal value plus 2 standard errors, 2000 tests each', () => {
    const check = checkSprt({ elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, tests: 2000, maxBlocks: 100_000 });
    const limit = 0.05 + 2 * Math.sqrt((0.05 * 0.95) / 2000);
    expect(check.rows[0]!.h1 / 2000).toBeLessThanOrEqual(limit);
    expect(check.rows[1]!.h0 / 2000).toBeLessThanOrEqual(limit);
  }, 600_000);
});
