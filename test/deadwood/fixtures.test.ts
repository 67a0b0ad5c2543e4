import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectFixtureFiles, runFixtureFile } from '../../src/scenarios/run-fixtures.js';

const files = collectFixtureFiles([join(import.meta.dirname, '../../scenarios/deadwood')]);

describe('Deadwood use-case fixtures (scenarios/deadwood)', () => {
  it('has a fixture for every main and alternate flow of 3.1-3.8', () => {
    expect(files.length).toBeGreaterThanOrEqual(25);
  });

  it.each(files)('%s plays out as written', (file) => {
    const result = runFixtureFile(file);
    expect(result.error).toBeUndefined();
    expect(result.ok).toBe(true);
  });
});
