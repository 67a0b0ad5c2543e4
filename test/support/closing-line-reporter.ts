import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints "N passed, N failed" alone on the last line: the plain closing line CI reads to tell how
 * many tests ran (vitest's own summary has another form).
 */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of modules) {
      const failedBefore = failed;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that failed outside its tests (its import, a beforeAll whose tests then never ran) is one failure.
      if (module.state() === 'failed' && failed === failedBefore) failed++;
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}\n`);
  }
}
