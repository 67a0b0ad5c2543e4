import { describe, expect, it } from 'vitest';
import { GAME_CASES } from './support/game-cases.js';
import { COUNTS, leaksIn } from './support/leak-check.js';

/**
 * The leak checker (test/support/leak-check.ts) over every game, variant and player count: what
 * each seat may know, sampled by the game's own `sampleState`, gives it its view, and what the next
 * step tells it depends only on the facts the rules publish. Modest counts by default; PARLOR_LONG=1
 * runs many more games, points, samples and chance draws, and its biggest Clue cases take minutes
 * each on a busy 2-core machine, past vitest's limit of two. The checker's own tests, each kind of
 * leak planted and found, are test/leak-checker.test.ts.
 */
const TIMEOUT = process.env['PARLOR_LONG'] !== undefined ? 900_000 : undefined;

describe.each(GAME_CASES)('information sets: $label players', ({ game, variant, players }) => {
  it('no seat learns more than the rules publish', { timeout: TIMEOUT }, () => {
    expect(leaksIn(game, variant, players, { ...COUNTS, seed: 'leaks' })).toEqual([]);
  });
});
