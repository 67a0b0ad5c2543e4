import type { Fact } from './facts.js';

/**
 * A suggestion as one player saw it (Clue's "hypothesis"): who made it, the cards it named, the
 * players asked who could not refute, who refuted, and the card shown when this player saw it.
 */
export interface Suggestion {
  readonly by: number;
  readonly cards: readonly number[];
  readonly passed: readonly number[];
  readonly refutedBy: number | null;
  /** The card shown: known to the suggester and to the refuter only. */
  readonly shown?: number;
}

export interface Accusation {
  readonly by: number;
  readonly cards: readonly number[];
  readonly correct: boolean;
}

/** What `me` learns from a suggestion. */
export function suggestionFacts(s: Suggestion, me: number): Fact[] {
  const facts: Fact[] = s.passed.map((player): Fact => ({ kind: 'holdsNone', player, cards: s.cards }));
  if (s.refutedBy === null) return facts;
  if (s.shown !== undefined) facts.push({ kind: 'holds', player: s.refutedBy, card: s.shown });
  else if (s.refutedBy !== me) facts.push({ kind: 'holdsOneOf', player: s.refutedBy, cards: s.cards });
  return facts;
}

/** What everyone learns from an accusation: the case file is those cards, or not all of them. */
export function accusationFacts(a: Accusation): Fact[] {
  return [a.correct ? { kind: 'caseFile', cards: a.cards } : { kind: 'notCaseFile', cards: a.cards }];
}

/** My own hand. */
export function handFacts(me: number, cards: readonly number[]): Fact[] {
  return cards.map((card): Fact => ({ kind: 'holds', player: me, card }));
}
