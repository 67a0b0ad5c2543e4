import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { raceSprt } from '../../bench/calibration/sprt-errors.js';
import { inlineExecutor } from '../../src/harness/pool.js';
import { runSprt, type SprtReport } from '../../src/tournament/sprt-run.js';
import { inlineContext, raceSpec, tempDir } from './support/run.js';

const hypotheses = { elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05 };

async function sprt(bots: string[], sprt: { base: number; test: number }, games: number, out?: string, h = hypotheses): Promise<SprtReport> {
  const spec = raceSpec({ bots, games, seed: 'sprt-report', sprt });
  return runSprt(spec, inlineExecutor(await inlineContext(spec)), h, out === undefined ? {} : { out });
}

/** summary.json's head-to-head difference of `x` minus `y` (by label), read from the run's folder. */
function ladderDifference(out: string, x: string, y: string): number | null {
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { headToHead: { a: string; b: string; eloDiff: number | null }[] };
  const pair = summary.headToHead.find((h) => (h.a === x && h.b === y) || (h.a === y && h.b === x))!;
  return pair.eloDiff === null ? null : pair.a === x ? pair.eloDiff : -pair.eloDiff;
}

describe('parlor sprt\'s report', () => {
  test('the ladder\'s difference is test minus base, whichever seat comes first, beside another pair', async () => {
    // Test is entrant 1 and base entrant 2: the head-to-head pairs are (0, 1), (0, 2), (1, 2), and
    // only the last one is of base and test, with test as its `a`.
    const out = tempDir();
    const report = await sprt(['stepper', 'coin', 'roller'], { base: 2, test: 1 }, 60, out);
    const expected = ladderDifference(out, report.test, report.base)!;
    expect(report.ladderEloDiff).toBeCloseTo(expected, 4);
    expect(report.ladderEloDiff).not.toBeCloseTo(ladderDifference(out, report.others[0]!, report.base)!, 4);
  });

  test('a sweep has no ladder difference: base and test are in different tiers', async () => {
    const out = tempDir();
    const sweep = await sprt(['roller', 'stepper'], { base: 0, test: 1 }, 6, out);
    expect(ladderDifference(out, sweep.test, sweep.base)).toBeNull();
    expect(sweep.ladderEloDiff).toBeNull();
  });

  test('is what its JSON says: no -0 where two copies of one bot tie exactly', async () => {
    const report = await sprt(['stepper', 'stepper'], { base: 0, test: 1 }, 30);
    expect(report).toEqual(JSON.parse(JSON.stringify(report)));
  });

  test('winner-only games that neither of the two won are draws: wins, draws and losses are every game of a counted block', async () => {
    const report = await raceSprt({ seats: 3, winnerOnly: true }, 0, hypotheses, 150, 'sprt-report');
    expect(report.counted).toBeLessThan(report.blocks * 3);
    expect(report.wins + report.draws + report.losses).toBe(report.blocks * 3);
  });

  test('a folder is played again from the start without --resume, with other hypotheses too', async () => {
    const out = tempDir();
    const first = await sprt(['coin', 'roller'], { base: 0, test: 1 }, 40, out);
    const again = await sprt(['coin', 'roller'], { base: 0, test: 1 }, 40, out, { ...hypotheses, elo1: 30 });
    expect(again.elo1).toBe(30);
    expect(again.games).toBe(first.games);
  });
});
