import { describe, expect, test } from 'vitest';
import { SIMULATED_CELLS, calibrateCell, cellName, coverageBand, rateOf as rate, withinBand } from '../../bench/calibration/suite.js';
import { SPRT_CELLS, sprtCellName, sprtErrorCell, sprtErrors } from '../../bench/calibration/sprt-errors.js';
import { seatedBot, seatedModel, seatedRace } from '../../bench/calibration/seated-race.js';
import { fairDesignCounts, fairTarget } from '../../bench/calibration/truth.js';
import { makeBatchContext, playBatch } from '../../src/harness/batch.js';
import type { RunSpec } from '../../src/harness/spec.js';

const LONG = process.env['PARLOR_LONG'] !== undefined;

describe('the true values: the pairwise fit\'s target under fair seating', () => {
  const differences = (theta: readonly number[]): number[] => theta.map((t) => t - theta[0]!);

  test('a Plackett-Luce field without seat effects: the generating strengths', () => {
    const strengths = [-1, -0.3, 0, 0.4, 1.2];
    const target = fairTarget(5, 3, seatedModel({ seat: [], neighbour: 0 }, strengths));
    differences(target).forEach((d, e) => expect(d).toBeCloseTo(strengths[e]! - strengths[0]!, 10));
  });

  // Entrants a, b, c of strengths 1, 1, 2 at 2 seats, the first seat doubling its strength. A
  // block is one of the pairs (1/3 each) under both rotations: c meets a in 2/3 of a game a block,
  // and finishes ahead with chance (4/5 + 2/4) / 2 = 13/20 (seated first: 4 against 1; second:
  // 2 against 2). a and b are alike, so θ_a = θ_b, and c's equation 2 · 2/3 · (13/20 − σ(θ_c −
  // θ_a)) = 0 gives θ_c − θ_a = ln(13/7) = 0.619: less than the ln 2 = 0.693 it was made with,
  // since the seats' bonus, averaged in, flattens every chance towards 1/2.
  test('3 entrants at 2 seats with a first-seat advantage: ln(13/7), worked by hand', () => {
    const target = fairTarget(3, 2, seatedModel({ seat: [Math.LN2], neighbour: 0 }, [0, 0, Math.LN2]));
    expect(differences(target)).toEqual([0, expect.closeTo(0, 12), expect.closeTo(Math.log(13 / 7), 12)]);
  });

  // S of strength 2 and copies c1, c2 of strength 1 at 3 seats; each entrant loses the whole
  // log-strength of the one seated before it (neighbour 1). The cyclic orders are (S, c1, c2) and
  // (S, c2, c1), equally likely: in the first c1 sits after S and plays at 1/2, c2 after c1 at 1,
  // S after c2 at 2, so S finishes ahead of c1 with chance 2/(2 + 1/2) = 4/5 and of c2 with 2/3;
  // the second order swaps the copies. So m(S, c) = (4/5 + 2/3) / 2 = 11/15 for either copy, the
  // copies are alike, and θ_S − θ_c = logit(11/15) = ln(11/4) = 1.012 (made with ln 2 = 0.693).
  test('a strong entrant and two copies at 3 seats, each held back by the one before it: ln(11/4), worked by hand', () => {
    const target = fairTarget(3, 3, seatedModel({ seat: [], neighbour: 1 }, [Math.LN2, 0, 0]));
    expect(differences(target)).toEqual([0, expect.closeTo(-Math.log(11 / 4), 12), expect.closeTo(-Math.log(11 / 4), 12)]);
  });

  // The truth is worked out from the model, the games come from the game: the two must agree.
  // Random seating draws every order of the table alike, as the fair design does.
  test('the seated race finishes as its model says: each pair\'s share of finishes ahead within 4 standard errors of fairDesignCounts\'', () => {
    const strengths = [0.9, 0, -0.4];
    const effects = { seat: [0.7, -0.2], neighbour: 0.6 };
    const spec: RunSpec = {
      game: seatedRace.id,
      variant: '',
      config: seatedRace.configSchema.parse({ ...effects, strengths }),
      seed: 'seated race model',
      entrants: strengths.map((s) => ({ label: `${s}`, source: { kind: 'builtin', name: seatedRace.id } })),
      players: 3,
      seating: 'random',
      gamesAsked: 40_000,
      record: 'none',
      moveTimeMs: 0,
    };
    const context = makeBatchContext(spec, seatedRace, strengths.map(seatedBot));
    const { tally } = playBatch(context, 0, context.schedule.blocks);
    const expected = fairDesignCounts(3, 3, seatedModel(effects, strengths));
    for (const [a, b] of [[0, 1], [0, 2], [1, 2]] as const) {
      const share = expected.ahead[a * 3 + b]! / expected.comparisons[a * 3 + b]!;
      const games = tally.ahead[a * 3 + b]! + tally.ahead[b * 3 + a]! + tally.tied[a * 3 + b]!;
      expect(Math.abs((tally.ahead[a * 3 + b]! + tally.tied[a * 3 + b]! / 2) / games - share)).toBeLessThan(4 * Math.sqrt((share * (1 - share)) / games));
    }
  });
});

describe('the coverage band', () => {
  // 1000 runs of 10 pairs, every run covering 9 or 10 (half each): 9500 hits of 10 000. The runs'
  // sample variance, 0.25 · 1000/999 = 0.25025, gives a variance of the share of 0.25025 / 1000 /
  // 10² = 2.5025e-6, below the binomial 0.95 · 0.05 / 10 000 = 4.75e-6 (design effect 0.52684),
  // so the binomial SE, 0.0021794, is used. z for 1%
  // two-sided is 2.5758 for one cell and 3.6047 over 32 (Φ⁻¹(1 − 0.01/64), Python's NormalDist):
  // lo 0.95 − 2.5758 · 0.0021794 = 0.94439 and 0.95 − 3.6047 · 0.0021794 = 0.94214.
  const pooled = { hits: 9500, trials: 10_000, runHits: Array.from({ length: 1000 }, (_, r) => (r % 2 === 0 ? 9 : 10)) };

  test('one cell: 0.95 ± 2.58 binomial SE when the runs spread less than that', () => {
    const band = coverageBand(pooled);
    expect(band.lo).toBeCloseTo(0.94439, 5);
    expect(band.hi).toBeCloseTo(0.95561, 5);
    expect(band.designEffect).toBeCloseTo(0.52684, 5);
  });

  test('32 cells judged together: 0.95 ± 3.60 SE, so a share of 0.943 fails alone and passes in the family', () => {
    expect(coverageBand(pooled, 32).lo).toBeCloseTo(0.94214, 5);
    const share = { ...pooled, hits: 9430, runHits: pooled.runHits.map((h, r) => (r < 70 ? h - 1 : h)) };
    expect(withinBand(share)).toBe(false);
    expect(withinBand(share, 32)).toBe(true);
  });
});

describe('calibration', () => {
  test('4 identical-bot seats of 6 entrants, random seating, 100 seeded runs: the block-robust pairwise intervals cover, the model\'s do not', async () => {
    const result = await calibrateCell({ field: 'identical', seats: 4, seating: 'random' }, 100);
    expect(rate(result.pairSandwich)).toBeGreaterThanOrEqual(0.92);
    expect(rate(result.pairSandwich)).toBeLessThanOrEqual(0.98);
    expect(rate(result.pairModel!)).toBeLessThan(0.92);
    // Each entrant's rating.ci95 too, the interval the ladder prints: here the model's would be too narrow.
    expect(rate(result.origin!)).toBeGreaterThanOrEqual(0.92);
    expect(rate(result.origin!)).toBeLessThanOrEqual(0.98);
  });

  test('Plackett-Luce field at 2 seats, duplicate seating, 100 seeded runs: pairwise and rating.ci95 intervals cover, where the model\'s are too wide', async () => {
    const result = await calibrateCell({ field: 'plackett-luce', seats: 2, seating: 'duplicate' }, 100);
    expect(rate(result.pairModel!)).toBeGreaterThan(0.98);
    for (const reported of [result.pairSandwich, result.origin!]) {
      expect(rate(reported)).toBeGreaterThanOrEqual(0.92);
      expect(rate(reported)).toBeLessThanOrEqual(0.98);
    }
  });

  // Seat effects fair seating must keep out of the ratings: a strong entrant beside three copies,
  // the first seat twice as strong and each entrant held back by the one before it. An order fixed
  // around the table (--seating rotations) always seats the same copy after the strong entrant,
  // and the intervals then miss the truth fair seating defines.
  test('a strong entrant beside 3 copies with seat and neighbour effects, 150 runs: pairwise intervals within their band under fair seating, below it under rotations', async () => {
    const fair = await calibrateCell({ field: 'strong-beside-copies', seats: 4, seating: 'duplicate' }, 150);
    expect(fair.pairSandwich.trials).toBe(150 * 6);
    expect(withinBand(fair.pairSandwich), `${rate(fair.pairSandwich)}`).toBe(true);
    const fixed = await calibrateCell({ field: 'strong-beside-copies', seats: 4, seating: 'rotations' }, 150);
    expect(rate(fixed.pairSandwich)).toBeLessThan(coverageBand(fixed.pairSandwich).lo);
  });

  // Every simulated cell, 1000 runs each (several minutes on one core). The reported pairwise
  // interval within its band, 0.95 ± z standard errors of its pooled pairs, z set so that a
  // calibrated interval fails one of the judged cells 1% of the time; each entrant's rating.ci95
  // and the recommended win-rate interval within 0.92-0.98.
  test.runIf(LONG)('every simulated cell: eloDiffCI95 within its band; rating.ci95 and the recommended win-rate interval within 0.92-0.98', async () => {
    // Every cell is played before judging, so that a failure lists all the cells outside their bars.
    const outside: string[] = [];
    const within = (value: number): boolean => value >= 0.92 && value <= 0.98;
    const judged = SIMULATED_CELLS.filter((cell) => cell.field !== 'near-separated').length;
    for (const cell of SIMULATED_CELLS) {
      const result = await calibrateCell(cell, 1000);
      const name = cellName(cell);
      if (cell.field === 'near-separated') {
        // Only the bounds are held to a bar here. The intervals of a near-separated entrant in the
        // runs where it was not separated (it finished ahead once or twice, by luck) do not cover its
        // truth: the fit puts it far nearer the field than it is, and the sandwich cannot see that
        // from a win or two. A known limit, measured in the table (src/stats/README.md#calibration).
        if (rate(result.bound!) < 0.95) outside.push(`${name}: separated bounds held ${rate(result.bound!).toFixed(4)}`);
        continue;
      }
      if (!withinBand(result.pairSandwich, judged)) {
        const { lo, hi } = coverageBand(result.pairSandwich, judged);
        outside.push(`${name}: eloDiffCI95 ${rate(result.pairSandwich).toFixed(4)} outside ${lo.toFixed(4)}-${hi.toFixed(4)}`);
      }
      if (!within(rate(result.origin!))) outside.push(`${name}: rating.ci95 ${rate(result.origin!).toFixed(4)}`);
      if (result.winDeals !== null && !within(rate(result.winDeals))) outside.push(`${name}: winRateCI95Blocks ${rate(result.winDeals).toFixed(4)}`);
    }
    expect(outside).toEqual([]);
  }, 1_800_000);

  // The bars of issue 34 through `parlor sprt`'s own code, at 3 and 6 seats (about 2 minutes).
  test.runIf(LONG)('parlor sprt at 3 and 6 seats beside strong others: H1 accepted for identical base and test, H0 for test elo1 stronger, each at most its nominal rate plus 2.6 standard errors of 1000 tests', async () => {
    for (const cell of SPRT_CELLS.filter((c) => c.seats === 3 || c.seats === 6)) {
      const result = await sprtErrorCell(cell, 1000);
      const errors = sprtErrors(result);
      expect(errors.within, `${sprtCellName(cell)}: ${JSON.stringify(errors)}`).toBe(true);
      expect(result.rows.every((row) => row.inconclusive === 0), sprtCellName(cell)).toBe(true);
    }
  }, 3_600_000);
});
