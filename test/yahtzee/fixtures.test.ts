import { describe, expect, it } from 'vitest';
import { collectFixtureFiles, runFixtureFile } from '../../src/scenarios/run-fixtures.js';

/** Every use-case fixture of scenarios/yahtzee plays out as written. */
const files = collectFixtureFiles(['scenarios/yahtzee']);

describe('Yahtzee fixtures', () => {
  it('has one per row of the operational-relation tables and per sequence', () => {
    expect(files.length).toBeGreaterThanOrEqual(27);
  });

  it.each(files)('%s', (file) => {
    const result = runFixtureFile(file);
    if (!result.ok) throw new Error(`${result.file}: ${result.error}`);
  });
});
