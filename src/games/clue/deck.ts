import type { Layout } from '../../deduction/layout.js';
import { CARDS, type ClueVariantId } from './cards.js';

/** A variant's 21 cards as the deduction library numbers them: suspects, weapons, rooms. */
export interface Deck {
  readonly names: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  readonly categoryOf: readonly number[];
  /** The cards of each category: suspects, weapons, rooms. */
  readonly byCategory: readonly (readonly number[])[];
}

const decks = new Map<ClueVariantId, Deck>();

export function deckOf(variant: ClueVariantId): Deck {
  let deck = decks.get(variant);
  if (deck === undefined) {
    const { suspects, weapons, rooms, all } = CARDS[variant];
    const categoryOf = [...suspects.map(() => 0), ...weapons.map(() => 1), ...rooms.map(() => 2)];
    deck = {
      names: all,
      index: new Map(all.map((name, i) => [name, i])),
      categoryOf,
      byCategory: [0, 1, 2].map((k) => categoryOf.flatMap((cat, c) => (cat === k ? [c] : []))),
    };
    decks.set(variant, deck);
  }
  return deck;
}

export function layoutOf(deck: Deck, handSizes: readonly number[]): Layout {
  return { categoryOf: deck.categoryOf, handSizes };
}
