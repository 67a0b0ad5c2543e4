import { describe, expect, it } from 'vitest';
import { poolExecutor } from '../../src/harness/pool.js';
import { raceSpec, TEST_GAMES_MODULE } from './support/run.js';

describe('closing the pool', () => {
  it('waits for the batches still playing, as a run that stops early leaves them: none is cut off, no answer comes late', async () => {
    // The slow bot takes 150 ms a move: a batch of its games is still playing when the quick one has ended.
    const executor = poolExecutor(raceSpec({ bots: ['slow', 'roller'], games: 20 }), 2, TEST_GAMES_MODULE);
    const late: unknown[] = [];
    const onError = (error: unknown): void => void late.push(error);
    process.on('uncaughtException', onError);
    try {
      const quick = executor.run({ from: 0, to: 1 });
      const slow = executor.run({ from: 1, to: 3 });
      await quick;
      let slowEnded = false;
      void slow.then(() => (slowEnded = true));
      await executor.close();
      expect(slowEnded).toBe(true);
      const result = await slow;
      expect([result.from, result.to]).toEqual([1, 3]);
      // A message from a destroyed worker would surface on the next turns of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(late).toEqual([]);
    } finally {
      process.off('uncaughtException', onError);
    }
  }, 60_000);
});
