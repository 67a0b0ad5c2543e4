import { describe, expect, test } from 'vitest';
import { luceBot, luceRace } from '../../bench/calibration/luce-race.js';
import { makeBatchContext, playBatch } from '../../src/harness/batch.js';
import type { RunSpec } from '../../src/harness/spec.js';
import { emptyTally, winnerLineupOf, winUnit } from '../../src/harness/tally.js';
import { runNotes } from '../../src/report/notes.js';
import { buildSummary, type Summary } from '../../src/report/summary.js';
import { ELO_PER_NAT, fitWinnerLadder, ladderOrigin } from '../../src/stats/bradley-terry.js';

const LONG = process.env['PARLOR_LONG'] !== undefined;

/**
 * A tournament of entrants finishing in Plackett-Luce order (bench/calibration/luce-race.ts) whose
 * outcome names only the first to finish, as Clue's default rules do: ratings spread evenly over
 * 300 Elo, so the gap between the first and the last is known.
 */
function winnerOnlyRun(seats: number, games: number, seed: string, model: 'winner' | 'pairwise'): { summary: Summary; elos: number[] } {
  const elos = Array.from({ length: seats }, (_, e) => -150 + (300 * e) / (seats - 1));
  return { summary: playRace(elos, games, seed, model).summary, elos };
}

/**
 * A winner-only luce race of entrants at `elos`, one seat each: its summary and tally. `pairwise`
 * leaves out the run's winner-only declaration, so the ladder is the pairwise fit, ties half a win.
 */
function playRace(elos: readonly number[], games: number, seed: string, model: 'winner' | 'pairwise') {
  const spec: RunSpec = {
    game: luceRace.id,
    variant: '',
    config: luceRace.configSchema.parse({ winnerOnly: true }),
    seed,
    entrants: elos.map((_, e) => ({ label: `e${e}`, source: { kind: 'builtin', name: 'luce' } })),
    players: elos.length,
    seating: 'duplicate',
    gamesAsked: games,
    record: 'none',
    moveTimeMs: 0,
    ...(model === 'winner' ? { winnerOnly: { placesOption: null } } : {}),
  };
  const context = makeBatchContext(spec, luceRace, elos.map((elo) => luceBot(elo / ELO_PER_NAT)));
  const { tally } = playBatch(context, 0, context.schedule.blocks);
  return { summary: buildSummary(spec, tally, { seconds: 0, gamesPerSecond: 0, workers: 1 }), tally };
}

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

  test('the summary names the model and says how the games ended', () => {
    const { summary } = winnerOnlyRun(4, 40, 'notes', 'winner');
    expect(summary.model).toBe('winner');
    expect(summary.outcomes.tiedNonWinners).toBe(40);
    expect(runNotes(summary)).toContain('endings, of 40 games: 40 ended with the non-winners tied');
    expect(runNotes(summary).some((n) => n.startsWith('ratings: Plackett-Luce on the winner'))).toBe(true);
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

/** A winner-only run of entrants at `elos`, one seat each, and the ladder origin's weights. */
function fieldRun(elos: readonly number[], games: number, seed: string): { summary: Summary; weights: Float64Array } {
  const { summary, tally } = playRace(elos, games, seed, 'winner');
  const fit = fitWinnerLadder(elos.length, tally.winnerLineups.map(winnerLineupOf), winUnit(elos.length))!;
  return { summary, weights: ladderOrigin(fit).weight };
}

describe('chance and claims', () => {
  const timing = { seconds: 0, gamesPerSecond: 0, workers: 1 };

  test('chance allows for drawn games: 10 games of which 4 drawn, at 4 seats, is 6/10 / 4 = 0.15', () => {
    const { summary } = winnerOnlyRun(4, 4, 'chance', 'winner');
    const tally = emptyTally(4, 4);
    tally.entrantGames = [10, 10, 10, 10];
    tally.draws = [4, 4, 4, 4];
    const spec = specOf(summary);
    expect(buildSummary(spec, tally, timing).entrants.map((e) => e.chance)).toEqual([0.15, 0.15, 0.15, 0.15]);
  });

  test('--baseline: the family is the comparisons with it; the other pairs claim nothing', () => {
    const run = winnerOnlyRun(4, 400, 'family', 'winner');
    expect(run.summary.family).toEqual({ size: 6, baseline: null });
    expect(run.summary.headToHead.every((h) => h.pValue !== null)).toBe(true);
    const spec = specOf(run.summary);
    const context = makeBatchContext(spec, luceRace, run.elos.map((elo) => luceBot(elo / ELO_PER_NAT)));
    const { tally } = playBatch(context, 0, context.schedule.blocks);
    const baseline = buildSummary(spec, tally, timing, { baseline: 'e3' });
    expect(baseline.family).toEqual({ size: 3, baseline: 'e3' });
    for (const h of baseline.headToHead) {
      const withBaseline = h.a === 'e3' || h.b === 'e3';
      expect(h.pValue !== null, `${h.a}-${h.b}`).toBe(withBaseline);
      if (!withBaseline) expect([h.claim, h.eloDiffCI95Family]).toEqual([null, null]);
    }
    // The strongest entrant, 300 Elo above the weakest in 400 games, is claimed stronger than it.
    expect(baseline.headToHead.find((h) => h.a === 'e0' && h.b === 'e3')!.claim).toBe('e3');
    expect(() => buildSummary(spec, tally, timing, { baseline: 'nobody' })).toThrow("--baseline nobody: expected one of the entrants' labels: e0, e1, e2, e3");
  });
});

/** The spec a summary of `winnerOnlyRun` came from. */
function specOf(summary: Summary): RunSpec {
  return {
    game: luceRace.id,
    variant: '',
    config: summary.config,
    seed: summary.seed,
    entrants: summary.entrants.map((e) => ({ label: e.bot, source: { kind: 'builtin', name: 'luce' } })),
    players: summary.players,
    seating: 'duplicate',
    gamesAsked: summary.gamesAsked,
    record: 'none',
    moveTimeMs: 0,
    winnerOnly: { placesOption: null },
  };
}
