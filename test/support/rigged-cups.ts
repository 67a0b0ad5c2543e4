import type { Seat } from '../../src/core/seat.js';
import { hiddenCups } from './hidden-cups.js';

type Cups = typeof hiddenCups;

/**
 * Hidden cups with seat 1's cup set to `dice` after the deal, every random draw left where it was:
 * games played with the same actions then differ only in dice that seat 0 never sees before the
 * cups are lifted. What is shown to seat 0 up to then must be the same in both.
 */
export function secondCup(dice: readonly number[]): Cups {
  return {
    ...hiddenCups,
    setup: (ctx) => {
      const state = hiddenCups.setup(ctx);
      state.cups[1] = dice.slice();
      return state;
    },
  };
}

/** The planted fault: a view that shows every cup to every seat from the start. */
export function leakingCups(game: Cups): Cups {
  return { ...game, view: (state, seat: Seat) => ({ ...game.view(state, seat), cups: state.cups.map((cup) => cup.slice()) }) };
}
