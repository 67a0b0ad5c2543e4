import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/support/closing-line-reporter.ts'],
    testTimeout: 120_000,
    // Bots that load solved tables (Yahtzee's optimal) cache them here, never in the user's cache.
    env: { PARLOR_CACHE_DIR: join(tmpdir(), 'parlor-test-cache') },
  },
});
