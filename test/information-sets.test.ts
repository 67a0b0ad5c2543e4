import { describe, expect, it } from 'vitest';
import type { GameDefinition } from '../src/core/game.js';
import { clueGame } from '../src/games/clue/game.js';
import { showable } from '../src/games/clue/legal.js';
import type { ClueState } from '../src/games/clue/state.js';
import { GAME_CASES } from './support/game-cases.js';
import { leaksIn } from './support/leak-check.js';

/**
 * The leak checker (test/support/leak-check.ts) over every game, variant and player count: what
 * each seat may know, sampled by the game's own `sampleState`, gives it its view, and what the next
 * step tells it depends only on the facts the rules publish. Modest counts by default; PARLOR_LONG=1
 * runs many more games, points and samples.
 */
const LONG = process.env['PARLOR_LONG'] !== undefined;
const CHECK = LONG ? { games: 12, points: 8, samples: 24 } : { games: 2, points: 2, samples: 6 };

describe.each(GAME_CASES)('information sets: $label players', ({ game, variant, players }) => {
  it('no seat learns more than the rules publish', () => {
    expect(leaksIn(game, variant, players, { ...CHECK, seed: 'leaks' })).toEqual([]);
  });
});

/**
 * Clue as it was before the refute leak was fixed: a refuter holding exactly one of the named cards
 * showed it at once, so the phase, `toAct` and the moment of the `refuted` event told everyone that
 * it held only one of them.
 */
const leakyClue: GameDefinition<ClueState> = {
  ...clueGame,
  apply(state, seat, action, rng) {
    const events = [...clueGame.apply(state, seat, action, rng)];
    const refuter = state.toAct;
    if (state.phase === 'refute' && refuter !== null && showable(state, refuter).length === 1) {
      events.push(...clueGame.apply(state, refuter, { type: 'show', card: showable(state, refuter)[0]! }, rng));
    }
    return events;
  },
};

describe('the leak checker itself', () => {
  it.each(['classic', 'clueless', 'cluedo'])('finds the refute leak when it is put back into Clue (%s)', (variant) => {
    const found = leaksIn(leakyClue, variant, 4, { ...CHECK, games: 4, seed: 'leaky' });
    expect(found.length).toBeGreaterThan(0);
    // Found where it is: right after a suggestion, a seat's next view or events tell it apart.
    for (const failure of found) expect(failure).toMatch(/plays \{"type":"suggest".*same published facts/);
  });
});
