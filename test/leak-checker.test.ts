import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../src/core/events.js';
import type { GameDefinition } from '../src/core/game.js';
import { clueGame } from '../src/games/clue/game.js';
import { showable } from '../src/games/clue/legal.js';
import { deadwoodGame } from '../src/games/deadwood/game.js';
import { hiddenCups } from './support/hidden-cups.js';
import { COUNTS, leaksIn } from './support/leak-check.js';

/**
 * The leak checker's own tests: each kind of leak it is meant to find, planted by the test in a
 * game that passes the checker without it, must fail the checker in every variant and player count
 * where it applies, and the failures at the first step that gives it away must name the kind of
 * step and the field. The plants are checked with the seed and counts of
 * test/information-sets.test.ts, where the games as they are pass (hidden cups, written for these
 * tests, is checked as it is here), over four games rather than two: the refute timing shows only
 * at a suggestion whose refuter holds one named card in some sampled worlds and more in others,
 * and two games can miss that.
 */

/** The event with its secret `field` put in the form every other seat gets. */
function toEveryone(event: GameEvent, type: string, field: string): GameEvent {
  return event.type === type && event.redacted !== undefined ? { ...event, redacted: { ...event.redacted, [field]: event[field] } } : event;
}

/**
 * Clue as it was before the refute leak was fixed: a refuter holding exactly one of the named cards
 * showed it at once, so the phase, `toAct` and the moment of the `refuted` event told everyone that
 * it held only one of them.
 */
const refutedAtOnce: typeof clueGame = {
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

/** Clue with the card a refuter shows in the `refuted` event every seat gets: the secret is the action's own. */
const cardShownToAll: typeof clueGame = {
  ...clueGame,
  apply: (state, seat, action, rng) => clueGame.apply(state, seat, action, rng).map((event) => toEveryone(event, 'refuted', 'card')),
};

/** Hidden cups with each re-roll shown to the table: a private chance draw made public. */
const rerollShownToAll: typeof hiddenCups = {
  ...hiddenCups,
  apply: (state, seat, action, rng) => hiddenCups.apply(state, seat, action, rng).map((event) => toEveryone(event, 'rerolled', 'values')),
};

/**
 * Deadwood with the starring roles of face-down scene cards in every view: how many roles a card
 * has is printed on it, and no one has seen it yet.
 */
const faceDownRolesShown: typeof deadwoodGame = {
  ...deadwoodGame,
  view(state, seat) {
    const view = deadwoodGame.view(state, seat);
    return { ...view, sets: view.sets.map((set, i) => ({ ...set, starring: state.sets[i]!.starring.slice() })) };
  },
};

interface Plant {
  readonly leak: string;
  readonly planted: GameDefinition;
  readonly cases: readonly { readonly variant: string; readonly players: number }[];
  /** What every failure must say: the kind of step and the field that give the leak away. */
  readonly found: RegExp;
}

const CLUE_VARIANTS = ['classic', 'clueless', 'cluedo'].map((variant) => ({ variant, players: 4 }));

const PLANTS: readonly Plant[] = [
  {
    leak: 'the refute timing (Clue)',
    planted: refutedAtOnce,
    cases: CLUE_VARIANTS,
    found: /plays \{"type":"suggest".*same published facts, other events seen: \$\.\d+/,
  },
  {
    leak: 'a secret carried by an action (Clue)',
    planted: cardShownToAll,
    cases: CLUE_VARIANTS,
    found: /same published facts, other events seen: \$\.\d+\.card/,
  },
  {
    leak: 'a private chance draw made public (hidden cups)',
    planted: rerollShownToAll,
    cases: [2, 3, 4].map((players) => ({ variant: '', players })),
    found: /plays \{"type":"reroll".*fresh chance.*same published facts, other events seen: \$\.0\.values/,
  },
  {
    leak: 'a view field that reveals a hidden count (Deadwood)',
    planted: faceDownRolesShown,
    cases: [2, 3, 8].map((players) => ({ variant: '', players })),
    found: /gives another view \(the real one vs the sample's\): \$\.sets\.\d+\.starring/,
  },
];

const PLANTED = PLANTS.flatMap(({ cases, ...plant }) =>
  cases.map(({ variant, players }) => ({ ...plant, variant, players, label: `${plant.planted.id}${variant ? `/${variant}` : ''} with ${players}` })),
);

describe.each([2, 3, 4])('the leak checker on hidden cups with %i players', (players) => {
  it('passes the game as it is', () => {
    expect(leaksIn(hiddenCups, '', players, { ...COUNTS, seed: 'leaks' })).toEqual([]);
  });
});

describe.each(PLANTED)('the leak checker on $label players, $leak planted', ({ planted, variant, players, found }) => {
  it('fails at the first step that gives it away, naming the step and the field', () => {
    const failures = leaksIn(planted, variant, players, { ...COUNTS, games: 4, seed: 'leaks' }, 1);
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) expect(failure).toMatch(found);
  });
});
