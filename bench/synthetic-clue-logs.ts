/** Seeded synthetic deals and observation logs of Clue-like games: for the counter's tests and the bench of long logs (clue-long-logs.ts). */
import type { Rng } from '../src/core/rng.js';
import type { Fact } from '../src/deduction/facts.js';
import type { Layout } from '../src/deduction/layout.js';

/** A deal: the owner of every card (players, then the case file as owner `players`). */
export function randomDeal(layout: Layout, rng: Rng): number[] {
  const players = layout.handSizes.length;
  const n = layout.categoryOf.length;
  const categories = Math.max(...layout.categoryOf) + 1;
  const owner = new Array<number>(n).fill(-1);
  for (let k = 0; k < categories; k++) {
    const cards = layout.categoryOf.flatMap((cat, c) => (cat === k ? [c] : []));
    owner[cards[rng.int(cards.length)]!] = players;
  }
  const rest = owner.flatMap((o, c) => (o === -1 ? [c] : []));
  for (let i = rest.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  let at = 0;
  layout.handSizes.forEach((h, p) => {
    for (let i = 0; i < h; i++) owner[rest[at++]!] = p;
  });
  return owner;
}

/**
 * What seat `me` learns in a game of random suggestions and a few wrong accusations over a random
 * deal: its own cards, then each suggestion refuted clockwise from the suggester's left (the
 * refuter shows one of its matching cards at random), as Clue plays it. The facts always hold in
 * the deal, so they are consistent.
 */
export function observedFacts(layout: Layout, deal: readonly number[], me: number, suggestions: number, rng: Rng): Fact[] {
  const players = layout.handSizes.length;
  const categories = Math.max(...layout.categoryOf) + 1;
  const byCategory = Array.from({ length: categories }, (_, k) => layout.categoryOf.flatMap((cat, c) => (cat === k ? [c] : [])));
  const facts: Fact[] = [];
  deal.forEach((o, c) => {
    if (o === me) facts.push({ kind: 'holds', player: me, card: c });
  });
  for (let s = 0; s < suggestions; s++) {
    const by = rng.int(players);
    const named = byCategory.map((cards) => cards[rng.int(cards.length)]!);
    if (rng.next() < 0.08) {
      if (!named.every((c) => deal[c] === players)) facts.push({ kind: 'notCaseFile', cards: named });
      continue;
    }
    for (let step = 1; step < players; step++) {
      const p = (by + step) % players;
      const held = named.filter((c) => deal[c] === p);
      if (held.length === 0) {
        facts.push({ kind: 'holdsNone', player: p, cards: named });
        continue;
      }
      const shown = held[rng.int(held.length)]!;
      if (by === me) facts.push({ kind: 'holds', player: p, card: shown });
      else if (p !== me) facts.push({ kind: 'holdsOneOf', player: p, cards: named });
      break;
    }
  }
  return facts;
}
