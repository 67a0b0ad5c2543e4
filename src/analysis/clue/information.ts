import type { Seat } from '../../core/seat.js';
import { caseFileEntropy, entropyOfCounts } from '../../deduction/information.js';
import type { Knowledge } from '../../deduction/knowledge.js';
import type { Deck } from '../../games/clue/deck.js';

/** A suggestion's three cards by name. */
export interface Triple {
  readonly suspect: string;
  readonly weapon: string;
  readonly room: string;
}

/** An accusation with its probability of being right. */
export interface LikelyTriple extends Triple {
  readonly probability: number;
}

/** A suggestion with the information it was expected to bring its suggester, in bits. */
export interface ScoredTriple extends Triple {
  readonly information: number;
}

function cardsOf(deck: Deck, t: Triple): number[] {
  return [deck.index.get(t.suspect)!, deck.index.get(t.weapon)!, deck.index.get(t.room)!];
}

/**
 * The case file's entropy now (the sum of its three categories', as the deduction library measures
 * it), and the expected information of each suggestion in `options` to a suggester with this
 * knowledge: that entropy minus its expected entropy once the answer is seen (who refutes, and the
 * card, shown to the suggester).
 */
export function scoreSuggestions(knowledge: Knowledge, deck: Deck, asked: readonly Seat[], options: readonly Triple[]): { entropy: number; scored: ScoredTriple[] } {
  const entropy = caseFileEntropy(knowledge);
  const scored = options.map((t) => ({ suspect: t.suspect, weapon: t.weapon, room: t.room, information: expectedInformation(knowledge, cardsOf(deck, t), asked, entropy) }));
  return { entropy, scored };
}

/**
 * One model for both the answers and what they teach: every deal of the knowledge equally likely,
 * the first asked player holding a named card refutes, and one holding several shows each with
 * equal chance. The answer's probability and the case file after it are both counted under it,
 * so the expected entropy after is a mean of posteriors whose mixture is the prior: by the
 * entropy's concavity, never above the entropy before (the information is at least 0). The
 * notebook itself reads a card shown as uninformative; weighing the deals after an answer that
 * way instead would make the prediction and the reading two models, and a suggestion could then
 * score below 0 (as `suggestionGain` can).
 *
 * One count serves a suggestion: for each asked player and each non-empty set of the named cards
 * it could hold (the earlier asked holding none), the worlds and case-file counts
 * (`countsUnder`); a card shown from a set of h cards takes 1/h of them.
 */
function expectedInformation(k: Knowledge, cards: readonly number[], asked: readonly Seat[], before: number): number {
  const everyone = (1 << k.owners) - 1;
  const sets = (1 << cards.length) - 1;
  const restrictions: number[][] = [];
  let earlier = 0;
  for (const player of asked) {
    for (let held = 1; held <= sets; held++) restrictions.push(cards.map((_, i) => ((held >> i) & 1 ? 1 << player : everyone & ~earlier & ~(1 << player))));
    earlier |= 1 << player;
  }
  restrictions.push(cards.map(() => everyone & ~earlier));
  const { worlds, counts } = k.countsUnder(cards, restrictions, true);
  const total = k.worlds;
  const cf = k.shape.caseFile;
  const nobody = restrictions.length - 1;
  let after = worlds[nobody]! > 0 ? (worlds[nobody]! / total) * entropyOfCounts(k, counts[nobody]!, worlds[nobody]!) : 0;
  const shown = new Float64Array(counts[0]!.length);
  asked.forEach((_, a) => {
    cards.forEach((_, i) => {
      shown.fill(0);
      let w = 0;
      for (let held = 1; held <= sets; held++) {
        if (((held >> i) & 1) === 0) continue;
        const r = a * sets + held - 1;
        const share = 1 / popcount(held);
        w += worlds[r]! * share;
        for (let c = 0; c < k.shape.cards; c++) shown[c * k.owners + cf]! += counts[r]![c * k.owners + cf]! * share;
      }
      if (w > 0) after += (w / total) * entropyOfCounts(k, shown, w);
    });
  });
  return before - after;
}

function popcount(bits: number): number {
  let n = 0;
  for (let b = bits; b !== 0; b &= b - 1) n++;
  return n;
}

/** The probability, in the notebook's model, that the case file is exactly these three cards. */
export function accusationProbability(knowledge: Knowledge, deck: Deck, t: Triple): number {
  const owners = knowledge.owners;
  const cf = knowledge.shape.caseFile;
  const joint = knowledge.ownersJoint(cardsOf(deck, t));
  return joint[cf + cf * owners + cf * owners * owners]! / knowledge.worlds;
}

/**
 * The most probable case file among `options` (the accusations the rules allow), exactly, and its
 * probability. A case file is no likelier than its least likely card, so the options are counted
 * in the order of that bound and the search stops once no bound beats the best count: a seat near
 * certainty counts a few, not every one of the 324.
 */
export function likeliestAccusation(knowledge: Knowledge, deck: Deck, options: readonly Triple[]): LikelyTriple {
  const cf = knowledge.shape.caseFile;
  const bound = (t: Triple): number => Math.min(...cardsOf(deck, t).map((card) => knowledge.probability(card, cf)));
  const bounded = options.map((t, order) => ({ t, order, bound: bound(t) })).sort((a, b) => b.bound - a.bound || a.order - b.order);
  let best: { order: number; probability: number } = { order: -1, probability: -1 };
  for (const { t, order, bound: most } of bounded) {
    if (most < best.probability) break;
    const probability = accusationProbability(knowledge, deck, t);
    if (probability > best.probability || (probability === best.probability && order < best.order)) best = { order, probability };
  }
  const t = options[best.order]!;
  return { suspect: t.suspect, weapon: t.weapon, room: t.room, probability: best.probability };
}
