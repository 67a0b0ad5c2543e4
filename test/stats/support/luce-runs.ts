import { luceBot, luceRace } from '../../../bench/calibration/luce-race.js';
import { makeBatchContext, playBatch } from '../../../src/harness/batch.js';
import type { RunSpec } from '../../../src/harness/spec.js';
import { winnerLineupOf, winUnit } from '../../../src/harness/tally.js';
import { buildSummary, type Summary } from '../../../src/report/summary.js';
import { ELO_PER_NAT, fitWinnerLadder, ladderOrigin } from '../../../src/stats/bradley-terry.js';

/**
 * A tournament of entrants finishing in Plackett-Luce order (bench/calibration/luce-race.ts) whose
 * outcome names only the first to finish, as Clue's default rules do: ratings spread evenly over
 * 300 Elo, so the gap between the first and the last is known.
 */
export function winnerOnlyRun(seats: number, games: number, seed: string, model: 'winner' | 'pairwise'): { summary: Summary; elos: number[] } {
  const elos = Array.from({ length: seats }, (_, e) => -150 + (300 * e) / (seats - 1));
  return { summary: playRace(elos, games, seed, model).summary, elos };
}

/**
 * A winner-only luce race of entrants at `elos`, one seat each: its summary and tally. `pairwise`
 * leaves out the run's winner-only declaration, so the ladder is the pairwise fit, ties half a win.
 */
export function playRace(elos: readonly number[], games: number, seed: string, model: 'winner' | 'pairwise') {
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

/** A winner-only run of entrants at `elos`, one seat each, and the ladder origin's weights. */
export function fieldRun(elos: readonly number[], games: number, seed: string): { summary: Summary; weights: Float64Array } {
  const { summary, tally } = playRace(elos, games, seed, 'winner');
  const fit = fitWinnerLadder(elos.length, tally.winnerLineups.map(winnerLineupOf), winUnit(elos.length))!;
  return { summary, weights: ladderOrigin(fit).weight };
}
