import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Test files that replace a module with `vi.mock`: the mock takes effect only in a fresh module
 * graph, so these run isolated. Every other file shares its worker's modules with the files before
 * it, which spares re-importing the source tree for each test file (about a second a file a worker
 * on 2 cores). A file that changes process-wide state (an environment variable, a spy) puts it back in
 * afterEach or afterAll.
 */
const MOCKING = readdirSync('test', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && readFileSync(join('test', file), 'utf8').includes('vi.mock('))
  .map((file) => join('test', file));

export default defineConfig({
  test: {
    reporters: ['default', './test/support/closing-line-reporter.ts'],
    testTimeout: 120_000,
    // Vitest runs one file fewer at a time than there are cores: a single file at a time on this
    // project's 2-core machines, where the suite took 577 s; a file per core took it to 367 s.
    maxWorkers: availableParallelism(),
    // Bots that load solved tables (Yahtzee's optimal) cache them here, never in the user's cache.
    env: { PARLOR_CACHE_DIR: join(tmpdir(), 'parlor-test-cache') },
    projects: [
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: MOCKING, isolate: false } },
      { extends: true, test: { name: 'isolated', include: MOCKING } },
    ],
  },
});
