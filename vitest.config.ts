import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/support/closing-line-reporter.ts'],
    testTimeout: 120_000,
    // Vitest runs one file fewer at a time than there are cores: a single file at a time on this
    // project's 2-core machines, where the suite took 577 s; a file per core took it to 367 s.
    maxWorkers: availableParallelism(),
    // Bots that load solved tables (Yahtzee's optimal) cache them here, never in the user's cache.
    env: { PARLOR_CACHE_DIR: join(tmpdir(), 'parlor-test-cache') },
  },
});
