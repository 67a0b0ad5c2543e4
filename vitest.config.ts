import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    reporters: ['default', './test/support/closing-line-reporter.ts'],
    testTimeout: 120_000,
  },
});
