import { describe, expect, it } from 'vitest';
import { VARIANT_IDS } from '../../src/games/clue/cards.js';
import { collectFixtureFiles } from '../../src/scenarios/run-fixtures.js';

/** The Clue use cases kept as fixtures, per variant (scenarios/clue/<variant>/); test/fixtures.test.ts replays them. */
const MINIMUM: Readonly<Record<(typeof VARIANT_IDS)[number], number>> = { classic: 25, clueless: 15, cluedo: 10 };

describe('clue fixtures', () => {
  it.each(VARIANT_IDS)('%s has its minimum of fixtures', (variant) => {
    expect(collectFixtureFiles([`scenarios/clue/${variant}`]).length).toBeGreaterThanOrEqual(MINIMUM[variant]);
  });
});
