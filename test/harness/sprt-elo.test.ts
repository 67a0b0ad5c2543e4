import { describe, expect, test } from 'vitest';
import { inlineExecutor } from '../../src/harness/pool.js';
import { runSprt } from '../../src/tournament/sprt-run.js';
import { inlineContext, raceSpec } from './support/run.js';

const hypotheses = { elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05 };

describe('parlor sprt: the Elo difference of the paired score', () => {
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
});
