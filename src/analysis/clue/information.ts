import type { Seat } from '../../core/seat.js';
import { caseFileEntropy, suggestionGain } from '../../deduction/information.js';
import type { Knowledge } from '../../deduction/knowledge.js';
import type { Deck } from '../../games/clue/deck.js';
import type { ClueView } from '../../games/clue/view.js';

/** A suggestion's three cards by name. */
export interface Triple {
  readonly suspect: string;
  readonly weapon: string;
  readonly room: string;
}

/** A suggestion with the information it was expected to bring its suggester, in bits. */
export interface ScoredTriple extends Triple {
  readonly information: number;
}

/**
 * Who a suggestion by `seat` would ask, in order: every other player still asked to refute, in the
 * rules' direction from the suggester (the engine asks them so until one refutes). Public: read
 * from the view.
 */
export function askedBy(view: ClueView, seat: Seat): Seat[] {
  const { order } = view;
  const step = view.rules.refutation === 'clockwise' ? 1 : -1;
  const at = order.indexOf(seat);
  const asked: Seat[] = [];
  for (let i = 1; i < order.length; i++) {
    const next = order[(((at + step * i) % order.length) + order.length) % order.length]!;
    if (view.players[next]!.refutes) asked.push(next);
  }
  return asked;
}

function cardsOf(deck: Deck, t: Triple): number[] {
  return [deck.index.get(t.suspect)!, deck.index.get(t.weapon)!, deck.index.get(t.room)!];
}

/**
 * The case file's entropy now, and the expected information of each suggestion in `options` to a suggester with this knowledge: the
 * case file's entropy now (the sum of its three categories', as the deduction library measures
 * it) minus its expected entropy once the answer is seen (who refutes, and the card, shown to the
 * suggester), the answers weighed by their exact probabilities with a refuter holding several of
 * the cards showing each with equal chance.
 */
export function scoreSuggestions(knowledge: Knowledge, deck: Deck, asked: readonly Seat[], options: readonly Triple[]): { entropy: number; scored: ScoredTriple[] } {
  const entropy = caseFileEntropy(knowledge);
  const scored = options.map((t) => ({ suspect: t.suspect, weapon: t.weapon, room: t.room, information: suggestionGain(knowledge, cardsOf(deck, t), asked, entropy) }));
  return { entropy, scored };
}

/** The probability, in the notebook's model, that the case file is exactly these three cards. */
export function accusationProbability(knowledge: Knowledge, deck: Deck, t: Triple): number {
  const owners = knowledge.owners;
  const cf = knowledge.shape.caseFile;
  const joint = knowledge.ownersJoint(cardsOf(deck, t));
  return joint[cf + cf * owners + cf * owners * owners]! / knowledge.worlds;
}
