import { describe, expect, it } from 'vitest';
import { collectFixtureFiles, runFixtureFile } from '../../src/scenarios/run-fixtures.js';

/** Every use-case fixture of the three Clue variants replays as written (scenarios/clue/<variant>/). */
const files = collectFixtureFiles(['scenarios/clue']);
const MINIMUM: Readonly<Record<string, number>> = { classic: 25, clueless: 15, cluedo: 10 };

describe('clue fixtures', () => {
  it.each(Object.entries(MINIMUM))('%s has at least %i fixtures', (variant, minimum) => {
    expect(files.filter((file) => file.includes(`/clue/${variant}/`)).length).toBeGreaterThanOrEqual(minimum);
  });

  it.each(files)('%s', (file) => {
    const result = runFixtureFile(file);
    expect(result.error ?? null).toBeNull();
    expect(result.ok).toBe(true);
  });
});
