import { describe, expect, test } from 'vitest';
import { sprtEloCell } from '../../bench/calibration/sprt-errors.js';
import { inlineExecutor } from '../../src/harness/pool.js';
import { runSprt } from '../../src/tournament/sprt-run.js';
import { inlineContext, raceSpec } from './support/run.js';

const hypotheses = { elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05 };

describe('parlor sprt: the Elo difference', () => {
  test('is null when one side took every deal, finite otherwise', async () => {
    const run = async (bots: string[], games: number) => {
      const spec = raceSpec({ bots, games, seed: 'sprt-elo', sprt: { base: 0, test: 1 } });
      return runSprt(spec, inlineExecutor(await inlineContext(spec)), hypotheses);
    };
    const sweep = await run(['roller', 'stepper'], 6);
    expect(sweep.score).toBe(0);
    expect(sweep.elo).toBeNull();
    const mixed = await run(['coin', 'coin'], 200);
    expect(mixed.score).toBeGreaterThan(0);
    expect(mixed.score).toBeLessThan(1);
    expect(Number.isFinite(mixed.elo)).toBe(true);
  });

  // Test 50 Elo stronger than base on the ladder's scale, beside strong others in the luce race
  // (bench/calibration/sprt-errors.ts), in runs of 100 deals. The paired win-count score this
  // replaced read about 50 * 2 / N: 33 at 3 seats and 17 at 6, over 3.5 standard errors off.
  test.each([
    { seats: 2, winnerOnly: false },
    { seats: 3, winnerOnly: false },
    { seats: 3, winnerOnly: true },
    { seats: 6, winnerOnly: false },
    { seats: 6, winnerOnly: true },
  ])('at $seats seats (winner-only: $winnerOnly), its mean over 10 runs is within 2.6 standard errors of the truth', async (cell) => {
    const result = await sprtEloCell(cell, 10, 100 * cell.seats);
    expect(Math.abs(result.elo.mean - result.truth)).toBeLessThanOrEqual(2.6 * result.elo.se);
    expect(result.elo.se).toBeLessThan(cell.winnerOnly ? 6 : 4.5);
  });
});
