import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The group's test files, fastest and most exact first (tools/mutation/run.ts sets it for each group). */
const order: readonly string[] = JSON.parse(process.env['PARLOR_MUTATION_TESTS'] ?? '[]');

/**
 * Runs a mutant's tests in the group's order. Vitest's own order puts the files that took longest
 * last time first; a mutant stops at its first failing test, and the quick hand-computed tests
 * kill most mutants long before a slow seeded one would.
 */
class GroupOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification): number => {
      const at = order.indexOf(relative(process.cwd(), file.moduleId));
      return at < 0 ? order.length : at;
    };
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

// The settings of the project's vitest.config.ts that the tests need (the tools layer may not import
// it); Stryker sets the workers, the reporters and the files itself.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    env: { PARLOR_CACHE_DIR: join(tmpdir(), 'parlor-test-cache') },
    sequence: { sequencer: GroupOrder },
  },
});
