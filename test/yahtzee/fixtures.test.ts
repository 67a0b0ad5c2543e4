import { expect, it } from 'vitest';
import { collectFixtureFiles } from '../../src/scenarios/run-fixtures.js';

/** test/fixtures.test.ts replays scenarios/yahtzee; this keeps its use cases from going missing. */
it('has one fixture per row of the operational-relation tables and per sequence', () => {
  expect(collectFixtureFiles(['scenarios/yahtzee']).length).toBeGreaterThanOrEqual(27);
});
