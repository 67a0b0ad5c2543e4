import { join } from 'node:path';
import { expect, it } from 'vitest';
import { collectFixtureFiles } from '../../src/scenarios/run-fixtures.js';

/** test/fixtures.test.ts replays scenarios/deadwood; this keeps its use cases from going missing. */
it('has a fixture for every main and alternate flow of 3.1-3.8', () => {
  expect(collectFixtureFiles([join(import.meta.dirname, '../../scenarios/deadwood')]).length).toBeGreaterThanOrEqual(25);
});
