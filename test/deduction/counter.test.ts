import { describe, expect, it } from 'vitest';
import { playClue } from '../../bench/clue-games.js';
import { deckOf } from '../../src/games/clue/deck.js';
import { EventReader } from '../../src/games/clue/event-reader.js';
import { Sfc32 } from '../../src/core/rng.js';
import type { Fact } from '../../src/deduction/facts.js';
import { Knowledge } from '../../src/deduction/knowledge.js';
import type { Layout } from '../../src/deduction/layout.js';
import { forEachWorld } from './brute-force.js';
import { expectSameAsEnumeration } from './compare.js';
import { observedFacts, randomDeal } from '../../bench/synthetic-clue-logs.js';

const LONG = process.env.PARLOR_LONG !== undefined;
const CLUE_DECK = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2];

function dealtEvenly(cards: number, players: number): number[] {
  return Array.from({ length: players }, (_, p) => Math.floor(cards / players) + (p < cards % players ? 1 : 0));
}

/** A small deck: 1-3 suspects, weapons and 1-4 rooms, 1-4 players. */
function reducedLayout(rng: Sfc32, minCards = 1): Layout {
  const sizes = [minCards + rng.int(3), minCards + rng.int(3), minCards + rng.int(4)];
  const categoryOf = sizes.flatMap((s, k) => new Array<number>(s).fill(k));
  return { categoryOf, handSizes: dealtEvenly(categoryOf.length - 3, 1 + rng.int(4)) };
}

function pick(rng: Sfc32, n: number, k: number): number[] {
  const s = new Set<number>();
  while (s.size < Math.min(k, n)) s.add(rng.int(n));
  return [...s];
}

describe('the exact counter against enumeration of every deal', () => {
  it('agrees after every update of observations from simulated games on reduced decks', () => {
    const rng = new Sfc32(11, 2, 3, 4);
    const games = LONG ? 4000 : 600;
    for (let g = 0; g < games; g++) {
      const layout = reducedLayout(rng, 2);
      const facts = observedFacts(layout, randomDeal(layout, rng), 0, rng.int(10), rng);
      const k = new Knowledge(layout);
      facts.forEach((fact, i) => {
        k.add(fact);
        expectSameAsEnumeration(layout, facts.slice(0, i + 1), `game ${g} fact ${i}`, k);
      });
    }
  });

  it('agrees on arbitrary facts, consistent or not, including partial wrong accusations', () => {
    const rng = new Sfc32(5, 2, 3, 4);
    const cases = LONG ? 20000 : 3000;
    for (let t = 0; t < cases; t++) {
      const layout = reducedLayout(rng);
      const n = layout.categoryOf.length;
      const players = layout.handSizes.length;
      const facts: Fact[] = [];
      for (let i = rng.int(7); i > 0; i--) {
        const player = rng.int(players);
        const cards = pick(rng, n, 1 + rng.int(3));
        switch (rng.int(5)) {
          case 0:
            facts.push({ kind: 'holds', player, card: cards[0]! });
            break;
          case 1:
            facts.push({ kind: 'holdsNone', player, cards });
            break;
          case 2:
            facts.push({ kind: 'holdsOneOf', player, cards });
            break;
          case 3:
            facts.push({ kind: 'notCaseFile', cards });
            break;
          default:
            facts.push({ kind: 'caseFile', cards: [cards[0]!] });
        }
      }
      expectSameAsEnumeration(layout, facts, `case ${t}`);
    }
  });

  it('agrees on the full 21-card deck at 3 to 6 players once enough cards are known to enumerate', () => {
    const rng = new Sfc32(7, 2, 3, 4);
    const cases = LONG ? 1500 : 150;
    for (let t = 0; t < cases; t++) {
      const players = 3 + (t % 4);
      const layout: Layout = { categoryOf: CLUE_DECK, handSizes: dealtEvenly(18, players) };
      const deal = randomDeal(layout, rng);
      const facts = observedFacts(layout, deal, 0, rng.int(30), rng);
      const k = new Knowledge(layout);
      for (const f of facts) k.add(f);
      // Reveal true cards until at most 11 are unknown to the observer: few enough to enumerate.
      const unknown = (): number => CLUE_DECK.filter((_, c) => k.status(c, deal[c]!) !== 'yes').length;
      while (unknown() > 11) {
        const c = rng.int(CLUE_DECK.length);
        const fact: Fact = deal[c] === players ? { kind: 'caseFile', cards: [c] } : { kind: 'holds', player: deal[c]!, card: c };
        facts.push(fact);
        k.add(fact);
      }
      expectSameAsEnumeration(layout, facts, `case ${t}`, k);
    }
  });
});

describe('knowledge', () => {
  const layout: Layout = { categoryOf: CLUE_DECK, handSizes: [6, 6, 6] };

  it('counts every deal when nothing is known, and the case file holds one card per category', () => {
    const k = new Knowledge(layout);
    // 6 * 6 * 9 case files, then 18! / (6!)^3 ways to deal the rest.
    expect(k.worlds).toBe(324 * 17153136);
    expect(k.probability(0, 3)).toBeCloseTo(1 / 6, 12);
    expect(k.probability(12, 3)).toBeCloseTo(1 / 9, 12);
    expect(k.probability(0, 0)).toBeCloseTo(5 / 18, 12);
    expect(k.solution()).toBeNull();
  });

  it('counts a deal of more free cards than exact factorials reach (30), through binomials', () => {
    const k = new Knowledge({ categoryOf: [...Array(33).keys()].map((c) => Math.floor(c / 11)), handSizes: [15, 15] });
    // 11^3 case files, then C(30, 15) hands; card 0 is player 0's with another case-file card of
    // its category (10 * 11 * 11) and 14 more of the other 29 cards, the case file's with C(30, 15).
    // Dividing 30! by 15!^2 in doubles would miss these by a fraction.
    expect(k.worlds).toBe(1331 * 155117520);
    expect(k.count(0, 0)).toBe(1210 * 77558760);
    expect(k.count(0, 2)).toBe(121 * 155117520);
  });

  it('marks a card yes for its holder and no for everyone else', () => {
    const k = new Knowledge(layout);
    k.add({ kind: 'holds', player: 1, card: 4 });
    expect(k.status(4, 1)).toBe('yes');
    expect(k.status(4, 0)).toBe('no');
    expect(k.status(4, 3)).toBe('no');
    expect(k.status(5, 1)).toBe('maybe');
  });

  it('finds the case file once every other card of each category is placed', () => {
    const k = new Knowledge(layout);
    [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19].forEach((card, i) => k.add({ kind: 'holds', player: i % 3, card }));
    expect(k.solution()).toEqual([5, 11, 20]);
    expect(k.worlds).toBe(1);
  });

  it('becomes inconsistent, for good, when facts contradict each other', () => {
    const k = new Knowledge(layout);
    k.add({ kind: 'holds', player: 1, card: 4 });
    expect(k.consistent).toBe(true);
    k.add({ kind: 'holdsNone', player: 1, cards: [4, 5, 6] });
    expect(k.consistent).toBe(false);
    expect(k.worlds).toBe(0);
    k.add({ kind: 'holds', player: 2, card: 7 });
    expect(k.consistent).toBe(false);
  });

  it('leaves the original untouched when a clone learns more', () => {
    const k = new Knowledge(layout);
    k.add({ kind: 'holdsOneOf', player: 1, cards: [0, 6, 12] });
    const before = k.worlds;
    const copy = k.clone();
    copy.add({ kind: 'holdsNone', player: 1, cards: [0, 6] });
    expect(copy.status(12, 1)).toBe('yes');
    expect(k.worlds).toBe(before);
    expect(k.status(12, 1)).toBe('maybe');
  });
});

/** A reduced deck, what seat 0 saw of a simulated game on it, and 1 to 3 cards to ask about. */
function gameAndCards(rng: Sfc32): { layout: Layout; facts: Fact[]; k: Knowledge; cards: number[]; owners: number } {
  const layout = reducedLayout(rng, 2);
  const facts = observedFacts(layout, randomDeal(layout, rng), 0, rng.int(8), rng);
  const k = new Knowledge(layout);
  for (const f of facts) k.add(f);
  return { layout, facts, k, cards: pick(rng, layout.categoryOf.length, 1 + rng.int(3)), owners: layout.handSizes.length + 1 };
}

describe('the joint of a few cards owners', () => {
  it('counts every combination of owners of three cards as enumeration does', () => {
    const rng = new Sfc32(13, 2, 3, 4);
    const cases = LONG ? 3000 : 400;
    for (let t = 0; t < cases; t++) {
      const { layout, facts, k, cards, owners } = gameAndCards(rng);
      const joint = k.ownersJoint(cards);
      const reference = new Float64Array(owners ** cards.length);
      forEachWorld(layout, facts, (owner) => {
        let index = 0;
        cards.forEach((c, i) => {
          index += owner[c]! * owners ** i;
        });
        reference[index]!++;
      });
      expect(Array.from(joint), `case ${t}: ${JSON.stringify({ layout, facts, cards })}`).toEqual(Array.from(reference));
    }
  });

  it('counts the worlds under restrictions of those owners, every card and owner, as enumeration does', () => {
    const rng = new Sfc32(19, 2, 3, 4);
    const cases = LONG ? 2000 : 300;
    for (let t = 0; t < cases; t++) {
      const { layout, facts, k, cards, owners } = gameAndCards(rng);
      const n = layout.categoryOf.length;
      const restrictions = [0, 1, 2].map(() => cards.map(() => 1 + rng.int((1 << owners) - 1)));
      const under = k.countsUnder(cards, restrictions);
      restrictions.forEach((allowed, r) => {
        const reference = new Float64Array(n * owners);
        let worlds = 0;
        forEachWorld(layout, facts, (owner) => {
          if (!cards.every((c, i) => (allowed[i]! & (1 << owner[c]!)) !== 0)) return;
          worlds++;
          owner.forEach((o, c) => reference[c * owners + o]!++);
        });
        const label = `case ${t} restriction ${r}: ${JSON.stringify({ layout, facts, cards, allowed })}`;
        expect(under.worlds[r], label).toBe(worlds);
        if (worlds > 0) expect(Array.from(under.counts[r]!), label).toEqual(Array.from(reference));
      });
    }
  });
});

describe('the exact counter on observation logs of real games', () => {
  it('agrees with enumeration at every update once few enough cards are unknown to the seat', () => {
    const budget = LONG ? 4000 : 300;
    let compared = 0;
    for (let g = 0; compared < budget; g++) {
      const variant = (['classic', 'clueless', 'cluedo'] as const)[g % 3]!;
      const players = 3 + (g % 4);
      const lineup = Array.from({ length: players }, (_, s) => (s % 2 === 0 ? 'deduction' : 'random'));
      const played = playClue(variant, lineup, 'counter-real', g, 150);
      const deck = deckOf(variant);
      const layout: Layout = { categoryOf: deck.categoryOf, handSizes: played.handSizes };
      played.notebooks.forEach((notebook, seat) => {
        const reader = new EventReader(deck, seat);
        const k = new Knowledge(layout);
        const facts: Fact[] = [];
        notebook.forEach((event, i) => {
          const learned = reader.read(event);
          if (learned === null || learned.facts.length === 0) return;
          for (const f of learned.facts) {
            facts.push(f);
            k.add(f);
          }
          const unknown = deck.categoryOf.filter((_, c) => !Array.from({ length: players + 1 }, (_, o) => k.status(c, o)).includes('yes')).length;
          if (unknown > 11 || compared >= budget) return;
          compared++;
          expectSameAsEnumeration(layout, facts, `${variant} game ${g} seat ${seat} event ${i}`, k);
        });
      });
    }
    expect(compared).toBe(budget);
  });
});
