import type { GameEvent } from '../../src/core/events.js';
import type { GameDefinition } from '../../src/core/game.js';
import { hiddenCups, type CupsAction, type CupsState } from './hidden-cups.js';

/** The event as every seat sees it: the re-rolled values shown to the table. */
function shownToAll({ to: _to, redacted: _redacted, ...event }: GameEvent): GameEvent {
  return event;
}

// Nothing to sample or publish apart: every seat sees the whole state.
const { sampleState: _sampleState, published: _published, ...rules } = hiddenCups;

/**
 * Open cups: hidden cups (./hidden-cups.ts) played with every cup on the table, a game of perfect
 * information with chance still to come (the re-rolls), for the tests of what a game gets from its
 * contract alone. Every seat's view is the whole state and the game declares so; it has no
 * `sampleState`.
 */
export const openCups: GameDefinition<CupsState, CupsAction, CupsState> = {
  ...rules,
  id: 'open-cups',
  title: 'Open cups',
  summary: 'three dice in a cup on the table; three rounds of re-rolling some; the highest total wins',
  perfectInformation: true,
  apply: (state, seat, action, rng) => hiddenCups.apply(state, seat, action, rng).map(shownToAll),
  forfeit: (state, seat) => hiddenCups.forfeit(state, seat).map(shownToAll),
  view: (state) => hiddenCups.clone!(state),
};
