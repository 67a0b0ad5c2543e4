import { describe, expect, test } from 'vitest';
import { fieldRun, winnerOnlyRun } from './support/luce-runs.js';

/*
 * Seeded calibrations of the winner model: hundreds of simulated tournaments a test. They judge
 * coverage, not exact numbers, and take seconds a mutant under Stryker's instrumentation, so the
 * mutation groups leave them out (tools/mutation/groups.ts); winner-ladder.test.ts and
 * plackett-luce.test.ts pin the same code to numbers worked out by hand.
 */

const LONG = process.env['PARLOR_LONG'] !== undefined;

/** The gap between the last and the first entrant (true: 300 Elo) and whether its interval holds it, over `runs` runs. */
function topGap(runs: number, model: 'winner' | 'pairwise'): { covered: number; meanGap: number } {
  let covered = 0;
  let total = 0;
  for (let run = 0; run < runs; run++) {
    const { summary } = winnerOnlyRun(6, 300, `winner-only ${run}`, model);
    const pair = summary.headToHead.find((h) => h.a === 'e0' && h.b === 'e5')!;
    const [lo, hi] = pair.eloDiffCI95!;
    if (lo <= -300 && -300 <= hi) covered++;
    total -= pair.eloDiff!;
  }
  return { covered: covered / runs, meanGap: total / runs };
}

describe('ratings of games that rank only their winners', () => {
  // The bar: a known 300-Elo gap at 6 seats, the 95% interval covering it in 0.95 ± 2.6 standard
  // errors of the runs (500 runs in the long tier; a smaller count, same band formula, by default).
  const runs = LONG ? 500 : 120;
  const band = 2.6 * Math.sqrt((0.95 * 0.05) / runs);

  test(`Plackett-Luce on the winner recovers a 300-Elo gap at 6 seats: covered in 0.95 ± 2.6 SE of ${runs} runs`, () => {
    const { covered, meanGap } = topGap(runs, 'winner');
    expect(Math.abs(covered - 0.95)).toBeLessThanOrEqual(band);
    expect(meanGap).toBeGreaterThan(270);
    expect(meanGap).toBeLessThan(330);
  }, 300_000);

  test('the pairwise fit, counting every non-winner pair as a tie, compresses the same gap to about a third', () => {
    const { covered, meanGap } = topGap(20, 'pairwise');
    expect(meanGap).toBeLessThan(150);
    expect(covered).toBe(0);
  });
});

describe('an entrant that never wins', () => {
  test('gets a one-sided bound, never an interval of width 0, and the bound holds the truth at its level', () => {
    // Four entrants: three within 100 Elo, one 800 below, at 4 seats, 100 games a run: it often wins
    // nothing. Its bound is stated against the ladder's origin (the anchor tier's weighted mean),
    // so the truth is its rating minus the same weighting of the true ratings.
    const elos = [50, 0, -50, -850];
    let separated = 0;
    let held = 0;
    for (let run = 0; run < 150; run++) {
      const { summary, weights } = fieldRun(elos, 100, `never wins ${run}`);
      const weakest = summary.entrants[3]!;
      expect(weakest.rating!.ci95[1] - weakest.rating!.ci95[0]).toBeGreaterThan(1);
      if (weakest.wins > 0) continue;
      expect(weakest.rating!.separated!.side).toBe('below');
      separated++;
      const truth = elos[3]! - elos.reduce((sum, elo, e) => sum + weights[e]! * elo, 0);
      if (truth <= weakest.rating!.separated!.bound!) held++;
    }
    expect(separated).toBeGreaterThan(50);
    expect(held / separated).toBeGreaterThanOrEqual(0.95 - 2.6 * Math.sqrt((0.95 * 0.05) / separated));
  });
});
