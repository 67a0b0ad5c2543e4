import { expect, test, vi } from 'vitest';
import { TallyBuilder } from '../../src/harness/tally.js';
import { reportExtras } from '../../src/report/extras.js';
import { htmlReport } from '../../src/report/html.js';
import { markdownReport } from '../../src/report/markdown.js';
import { buildSummary } from '../../src/report/summary.js';
import { raceSpec } from '../harness/support/run.js';

vi.mock('../../src/report/references.js', () => ({
  referenceScores: () => {
    throw new Error('the solver cache folder is not writable');
  },
}));

test('a reference that cannot be computed leaves the reports whole, saying why', () => {
  const builder = new TallyBuilder(1, 1);
  builder.beginBlock([0]);
  for (const score of [3, 5, 8]) builder.addGame([0], { outcome: { winners: [0], rank: [1], score: [score] }, steps: 4, faults: [], departed: [], record: () => ({}) as never });
  builder.endBlock();
  const summary = buildSummary(raceSpec({ bots: ['coin'], players: 1, games: 3 }), builder.finish(), { seconds: 1, gamesPerSecond: 3, workers: 1 });
  const extras = reportExtras(summary);
  expect(extras.reference).toBeNull();
  const md = markdownReport(summary, extras);
  expect(md).toContain("The game's reference score distribution could not be computed: the solver cache folder is not writable");
  // The sampled row stays: scores 3, 5, 8.
  expect(md).toContain(`| ${summary.entrants[0]!.bot} | 3 | 5.33 | 2.52 | 3 | 3 | 3 | 5 | 8 | 8 | 8 |`);
  expect(htmlReport(summary, extras)).toContain('could not be computed: the solver cache folder is not writable');
});
