import type { Knowledge } from './knowledge.js';

/**
 * How uncertain the case file still is, in bits: the sum over categories of the entropy of "which
 * card of this category is in the case file". (The joint entropy of the three would also count the
 * weak dependence between categories; the sum is what the marginals give at once.)
 */
export function caseFileEntropy(k: Knowledge): number {
  const counts = new Float64Array(k.shape.cards * k.owners);
  for (let c = 0; c < k.shape.cards; c++) counts[c * k.owners + k.shape.caseFile] = k.count(c, k.shape.caseFile);
  return entropyOfCounts(k, counts, k.worlds);
}

/** The case file's entropy (as `caseFileEntropy`) in `counts` of `worlds` worlds, laid out as `Knowledge.count` reads them. */
export function entropyOfCounts(k: Knowledge, counts: Float64Array, worlds: number): number {
  const cf = k.shape.caseFile;
  let bits = 0;
  for (const cards of k.shape.cardsOf) {
    for (const c of cards) {
      const p = counts[c * k.owners + cf]! / worlds;
      if (p > 0 && p < 1) bits -= p * Math.log2(p);
    }
  }
  return bits;
}

/**
 * One answer a suggestion can get, as its suggester sees it: who refuted (null: nobody) and the
 * card shown, with its probability, and the case file's entropy once it is known.
 */
export interface Answer {
  readonly refuter: number | null;
  readonly shown: number | null;
  readonly probability: number;
  readonly entropy: number;
}

/**
 * Every answer the suggester can get to a suggestion of `cards` when `asked` are asked in order.
 * Probabilities are exact: the worlds are counted for every combination of the cards' owners, the
 * first asked player holding one refutes, and a refuter holding several shows each with equal
 * chance. The entropy after an answer counts exactly the worlds the notebook keeps for it: the
 * players asked before the refuter hold none of the cards, the refuter holds the card shown (the
 * notebook does not weigh which card a refuter with several would show).
 */
export function suggestionAnswers(k: Knowledge, cards: readonly number[], asked: readonly number[]): Answer[] {
  const owners = k.owners;
  // Candidate answers as owner masks per card: (refuter, shown) for each asked player and card, then nobody.
  const everyone = (1 << owners) - 1;
  const candidates: { refuter: number | null; shown: number | null; allowed: number[] }[] = [];
  let before = 0;
  for (const player of asked) {
    cards.forEach((shown, i) => {
      candidates.push({ refuter: player, shown, allowed: cards.map((_, j) => (j === i ? 1 << player : everyone & ~before)) });
    });
    before |= 1 << player;
  }
  candidates.push({ refuter: null, shown: null, allowed: cards.map(() => everyone & ~before) });
  const { joint, worlds, counts } = k.countsUnder(
    cards,
    candidates.map((c) => c.allowed),
    true,
  );
  const probability = new Float64Array(candidates.length);
  const total = k.worlds;
  for (let index = 0; index < joint.length; index++) {
    const count = joint[index]!;
    if (count === 0) continue;
    let answered = false;
    for (let a = 0; a < asked.length && !answered; a++) {
      let held = 0;
      for (let i = 0, rest = index; i < cards.length; i++, rest = Math.floor(rest / owners)) if (rest % owners === asked[a]) held++;
      if (held === 0) continue;
      for (let i = 0, rest = index; i < cards.length; i++, rest = Math.floor(rest / owners)) {
        if (rest % owners === asked[a]) probability[a * cards.length + i]! += count / held / total;
      }
      answered = true;
    }
    if (!answered) probability[candidates.length - 1]! += count / total;
  }
  const answers: Answer[] = [];
  candidates.forEach((c, i) => {
    if (probability[i]! > 0) answers.push({ refuter: c.refuter, shown: c.shown, probability: probability[i]!, entropy: entropyOfCounts(k, counts[i]!, worlds[i]!) });
  });
  return answers;
}

/**
 * The expected information a suggestion of `cards` brings its suggester about the case file: the
 * entropy now minus the expected entropy once the answer is known.
 */
export function suggestionGain(k: Knowledge, cards: readonly number[], asked: readonly number[], before = caseFileEntropy(k)): number {
  let after = 0;
  for (const answer of suggestionAnswers(k, cards, asked)) after += answer.probability * answer.entropy;
  return before - after;
}
