/**
 * What a player can learn during a game, as constraints on the deal. Players and cards are the
 * numbers of a `Layout`; every fact is plain JSON.
 */
export type Fact =
  /** The player holds the card: my own cards, or a card shown to me. */
  | { readonly kind: 'holds'; readonly player: number; readonly card: number }
  /** The player holds none of the cards: they could not refute a suggestion of them. */
  | { readonly kind: 'holdsNone'; readonly player: number; readonly cards: readonly number[] }
  /** The player holds at least one of the cards: they refuted a suggestion I did not see answered. */
  | { readonly kind: 'holdsOneOf'; readonly player: number; readonly cards: readonly number[] }
  /** The case file holds every one of the cards: a correct accusation. */
  | { readonly kind: 'caseFile'; readonly cards: readonly number[] }
  /** The case file does not hold all of the cards together: a wrong accusation. */
  | { readonly kind: 'notCaseFile'; readonly cards: readonly number[] };
