import { describe, expect, test } from 'vitest';
import { deckOf } from '../../src/games/clue/deck.js';
import { EventReader } from '../../src/games/clue/event-reader.js';
import type { SuggestedEvent } from '../../src/games/clue/events.js';

/**
 * What a seat's bot and `sampleState` learn from the events: a suggestion is complete once its
 * refutation is seen, or once its suggester leaves before the card is shown (the leak checker found
 * the second case dropped: a later suggestion overwrote it, and sampled deals let the named refuter
 * hold none of the cards).
 */
describe("Clue's event reader", () => {
  const deck = deckOf('classic');
  const card = (name: string): number => deck.index.get(name)!;
  const suggested: SuggestedEvent = {
    type: 'suggested',
    seat: 1,
    suspect: 'Professor Plum',
    weapon: 'Wrench',
    room: 'Ballroom',
    suspectFrom: null,
    weaponFrom: null,
    passed: [2],
    refuter: 3,
  };
  const named = [card('Professor Plum'), card('Wrench'), card('Ballroom')];

  test('a suggester who leaves before the card is shown: the refuter still holds one of the cards, those asked before it none', () => {
    const reader = new EventReader(deck, 0);
    expect(reader.read(suggested)).toBeNull();
    expect(reader.read({ type: 'left', seat: 1 })?.facts).toEqual([
      { kind: 'holdsNone', player: 2, cards: named },
      { kind: 'holdsOneOf', player: 3, cards: named },
    ]);
    expect(reader.pendingFacts()).toEqual([]);
  });

  test('another seat leaving leaves the refutation pending', () => {
    const reader = new EventReader(deck, 0);
    reader.read(suggested);
    expect(reader.read({ type: 'left', seat: 2 })).toBeNull();
    expect(reader.read({ type: 'refuted', seat: 3, suggester: 1 })?.facts).toEqual([
      { kind: 'holdsNone', player: 2, cards: named },
      { kind: 'holdsOneOf', player: 3, cards: named },
    ]);
  });
});
