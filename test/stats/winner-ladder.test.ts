import { describe, expect, test } from 'vitest';
import { luceBot, luceRace } from '../../bench/calibration/luce-race.js';
import { makeBatchContext, playBatch } from '../../src/harness/batch.js';
import type { RunSpec } from '../../src/harness/spec.js';
import { emptyTally } from '../../src/harness/tally.js';
import { runNotes } from '../../src/report/notes.js';
import { buildSummary, type Summary } from '../../src/report/summary.js';
import { ELO_PER_NAT } from '../../src/stats/bradley-terry.js';
import { winnerOnlyRun } from './support/luce-runs.js';

describe('ratings of games that rank only their winners', () => {
  test('the summary names the model and says how the games ended', () => {
    const { summary } = winnerOnlyRun(4, 40, 'notes', 'winner');
    expect(summary.model).toBe('winner');
    expect(summary.outcomes.tiedNonWinners).toBe(40);
    expect(runNotes(summary)).toContain('endings, of 40 games: 40 ended with the non-winners tied');
    expect(runNotes(summary).some((n) => n.startsWith('ratings: Plackett-Luce on the winner'))).toBe(true);
  });
});

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
