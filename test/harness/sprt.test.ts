import { describe, expect, test } from 'vitest';
import { inlineExecutor } from '../../src/harness/pool.js';
import { runSprt } from '../../src/tournament/sprt-run.js';
import { inlineContext, raceSpec } from './support/run.js';

const hypotheses = { elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05 };

async function sprt(bots: string[], games = 20_000, seed = 'sprt') {
  const spec = raceSpec({ bots, games, seed, sprt: { base: 0, test: 1 } });
  return runSprt(spec, inlineExecutor(await inlineContext(spec)), hypotheses);
}

describe('parlor sprt', () => {
  test('accepts H1 when the test bot is far stronger, H0 when it is far weaker', async () => {
    const better = await sprt(['stepper', 'roller']);
    expect(better.result).toBe('H1');
    expect(better.llr).toBeGreaterThanOrEqual(better.bounds[1]);
    expect(better.score).toBeGreaterThan(0.9);
    expect(better.blocks).toBeLessThan(100);
    const worse = await sprt(['roller', 'stepper']);
    expect(worse.result).toBe('H0');
    expect(worse.llr).toBeLessThanOrEqual(worse.bounds[0]);
  });

  test('with other bots in the remaining seats, pairs still come from the same seats of the same deal', async () => {
    const result = await sprt(['coin', 'roller', 'stepper']);
    expect(result.result).toBe('H1');
    expect(result.games).toBe(result.blocks * 3);
  });

  test('a bot against itself mostly accepts H0, and gives up at --max-games when undecided', async () => {
    const same = await sprt(['coin', 'coin'], 40_000, 'same');
    expect(same.result).toBe('H0');
    const capped = await sprt(['coin', 'coin'], 20, 'capped');
    expect(capped.result).toBe('inconclusive');
    expect(capped.games).toBe(20);
  });

  test('stops at the same block whatever the batch size', async () => {
    const spec = raceSpec({ bots: ['coin', 'roller'], games: 20_000, seed: 'batch', sprt: { base: 0, test: 1 } });
    const context = await inlineContext(spec);
    const results = [];
    for (const batchBlocks of [1, 7, 50]) {
      const { timing, ...report } = await runSprt(spec, inlineExecutor(context), hypotheses, { batchBlocks });
      expect(timing.workers).toBe(1);
      results.push(report);
    }
    expect(results[0]!.blocks).toBeGreaterThan(7);
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
  });

  test("the report: its verdict in words, the others, the counts of the blocks and the ladder's difference beside its own", async () => {
    const better = await sprt(['coin', 'roller', 'stepper']);
    expect(better.verdict).toBe(`H1 accepted: ${better.test} is stronger than ${better.base} by at least about 20 Elo`);
    expect([better.base, better.test]).toEqual([expect.stringContaining('coin'), expect.stringContaining('roller')]);
    expect(better.others).toEqual([expect.stringContaining('stepper')]);
    expect(better.stoppedBy).toEqual([]);
    // Full rankings: every game of a counted block counts, a tie a draw.
    expect(better.counted).toBe(better.blocks * 3);
    expect(better.wins + better.draws + better.losses).toBe(better.counted);
    expect(better.blocksByLead.reduce((x, y) => x + y, 0)).toBe(better.blocks);
    // test minus base on the ladder, positive as the SPRT's own, inside its interval.
    expect(better.ladderEloDiff!).toBeGreaterThan(better.eloCI95![0]!);
    expect(better.ladderEloDiff!).toBeLessThan(better.eloCI95![1] ?? Infinity);
    expect(better.eloCI95![0]!).toBeLessThan(better.elo!);
    const worse = await sprt(['roller', 'coin']);
    expect(worse.verdict).toBe(`H0 accepted: ${worse.test} is not stronger than ${worse.base} by 20 Elo or more`);
    expect(worse.ladderEloDiff!).toBeLessThan(0);
    const capped = await sprt(['coin', 'coin'], 20, 'capped');
    expect(capped.verdict).toBe('inconclusive after 20 games (raise --max-games)');
  });
});
