import { describe, expect, it } from 'vitest';
import { CLUE_RULE_CASES } from './support/clue-rule-cases.js';
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

/**
 * Clue under each rule its variant does not play by itself (test/support/clue-rule-cases.ts): the
 * rules change what is asked, shown and looked at (who refutes, whether a wrong accuser still
 * shows cards, whether an accuser sees the case file), and the sampler must draw from the rules in
 * the seat's view. A lighter check a case (one game, one point per kind of action, fewer samples;
 * the long tier's counts otherwise): the variants' own cases above check the rest.
 */
const RULE_COUNTS = process.env['PARLOR_LONG'] !== undefined ? { ...COUNTS, seed: 'leaks' } : { ...COUNTS, games: 1, points: 1, samples: 4, seed: 'leaks' };

describe.each(CLUE_RULE_CASES)('information sets: $label players', ({ game, variant, players, options }) => {
  it('no seat learns more than the rules publish', { timeout: TIMEOUT }, () => {
    expect(leaksIn(game, variant, players, RULE_COUNTS, 5, options)).toEqual([]);
  });
});
