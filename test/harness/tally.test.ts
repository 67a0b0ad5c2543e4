import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { playBatch } from '../../src/harness/batch.js';
import { readTallyFile } from '../../src/tournament/tally-file.js';
import { emptyTally, mergeTallies, TallyBuilder, tallyShapeProblem, winUnit } from '../../src/harness/tally.js';
import { buildSummary } from '../../src/report/summary.js';
import { inlineContext, play, raceSpec } from './support/run.js';

describe('tallies merge exactly', () => {
  test('any split of the blocks into batches, merged in any order, gives the identical tally', async () => {
    const spec = raceSpec({ bots: ['roller', 'stepper', 'coin', 'flaky'], players: 3, games: 3 * 40 });
    const context = await inlineContext(spec);
    const whole = JSON.stringify(playBatch(context, 0, 40).tally);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 39 }), { maxLength: 8 }), fc.func(fc.integer()), (cuts, order) => {
        const bounds = [0, ...[...cuts].sort((a, b) => a - b), 40];
        const parts = bounds.slice(1).map((to, i) => playBatch(context, bounds[i]!, to).tally);
        const shuffled = parts.map((p, i) => ({ p, k: order(i) })).sort((a, b) => a.k - b.k).map((x) => x.p);
        expect(JSON.stringify(shuffled.reduce(mergeTallies))).toBe(whole);
      }),
      { numRuns: 25 },
    );
  });

  test('score and length histograms count every value, small, large or negative, in value order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: -3000, max: 5000 }), fc.integer({ min: 0, max: 4000 })), { minLength: 1, maxLength: 60 }), (games) => {
        const tally = new TallyBuilder(1, 1);
        for (const [score, steps] of games) {
          tally.beginBlock([0]);
          tally.addGame([0], { outcome: { winners: [0], rank: [1], score: [score] }, steps, faults: [], departed: [], record: () => ({}) as never });
          tally.endBlock();
        }
        const count = (values: number[]) => {
          const counts = new Map<number, number>();
          for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
          return [...counts.entries()].sort((a, b) => a[0] - b[0]);
        };
        const data = tally.finish();
        expect(data.scores[0]).toEqual(count(games.map((g) => g[0])));
        expect(data.gameLengths).toEqual(count(games.map((g) => g[1])));
      }),
      { numRuns: 50 },
    );
  });

  test('a k-way shared win counts 1/k', () => {
    expect(winUnit(4)).toBe(12);
    const spec = raceSpec({ bots: ['coin', 'coin', 'coin'] });
    const tally = emptyTally(3, 3);
    // Entrant 0: 3 sole wins, 2 wins shared by two, 1 shared by three.
    tally.winsByTie = [3, 2, 1, 0, 0, 0, 0, 0, 0];
    tally.entrantGames = [10, 10, 10];
    const summary = buildSummary(spec, tally, { seconds: 1, gamesPerSecond: 1, workers: 1 });
    expect(summary.entrants[0]!.wins).toBeCloseTo(3 + 2 / 2 + 1 / 3, 6);
    expect(summary.entrants[0]!.winRate).toBeCloseTo((3 + 1 + 1 / 3) / 10, 6);
  });
});

describe('a tally from another version of parlor', () => {
  test('is refused in one line when read (merge, compare), not merged into NaN counts', async () => {
    const run = await play(raceSpec());
    const tallyPath = join(run.out, 'tally.json');
    const file = JSON.parse(readFileSync(tallyPath, 'utf8'));
    expect(tallyShapeProblem(file.data)).toBeNull();
    // Written when there were four fault kinds, not six.
    file.data.faults = file.data.faults.slice(0, 4 * file.data.entrants);
    writeFileSync(tallyPath, JSON.stringify(file));
    expect(() => readTallyFile(run.out)).toThrow(/its faults counts are not the \d+ this version of parlor keeps; run it again with this version/);
  });
});
