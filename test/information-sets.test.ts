import { describe, expect, it } from 'vitest';
import { GAME_CASES } from './support/game-cases.js';
import { leaksIn } from './support/leak-check.js';

/**
 * The leak checker (test/support/leak-check.ts) over every game, variant and player count: what
 * each seat may know, sampled by the game's own `sampleState`, gives it its view, and what the next
 * step tells it depends only on the facts the rules publish. Modest counts by default; PARLOR_LONG=1
 * runs many more games, points and samples.
 */
const LONG = process.env['PARLOR_LONG'] !== undefined;
const CHECK = LONG ? { games: 12, points: 12, samples: 24 } : { games: 2, points: 4, samples: 6 };

describe.each(GAME_CASES.filter((c) => c.game.sampleState !== undefined))('information sets: $label players', ({ game, variant, players }) => {
  it('no seat learns more than the rules publish', () => {
    expect(leaksIn(game, variant, players, { ...CHECK, seed: 'leaks' })).toEqual([]);
  });
});
