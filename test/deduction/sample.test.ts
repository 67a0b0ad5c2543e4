import { describe, expect, it } from 'vitest';
import { Sfc32 } from '../../src/core/rng.js';
import type { Fact } from '../../src/deduction/facts.js';
import { Knowledge } from '../../src/deduction/knowledge.js';
import type { Layout } from '../../src/deduction/layout.js';
import { observedFacts, randomDeal } from '../../bench/synthetic-clue-logs.js';

/** Whether the deal (owner per card, `players` = the case file) satisfies every fact and the layout. */
function satisfies(layout: Layout, facts: readonly Fact[], owner: Int32Array): boolean {
  const players = layout.handSizes.length;
  const held = new Array<number>(players + 1).fill(0);
  for (const o of owner) held[o]!++;
  if (layout.handSizes.some((h, p) => held[p] !== h)) return false;
  const categories = Math.max(...layout.categoryOf) + 1;
  for (let k = 0; k < categories; k++) if (layout.categoryOf.filter((cat, c) => cat === k && owner[c] === players).length !== 1) return false;
  return facts.every((f) => {
    switch (f.kind) {
      case 'holds':
        return owner[f.card] === f.player;
      case 'holdsNone':
        return f.cards.every((c) => owner[c] !== f.player);
      case 'holdsOneOf':
        return f.cards.some((c) => owner[c] === f.player);
      case 'caseFile':
        return f.cards.every((c) => owner[c] === players);
      case 'notCaseFile':
        return !f.cards.every((c) => owner[c] === players);
    }
  });
}

/**
 * Draws `samples` deals and holds every card-owner frequency against the counter's probability:
 * within 5 standard errors, and exactly 0 or 1 where the probability is. Returns what is wrong.
 */
export function sampledAgainstCounts(knowledge: Knowledge, layout: Layout, facts: readonly Fact[], samples: number, rng: Sfc32): string[] {
  const owners = layout.handSizes.length + 1;
  const n = layout.categoryOf.length;
  const tally = new Float64Array(n * owners);
  const wrong: string[] = [];
  for (let s = 0; s < samples; s++) {
    const owner = knowledge.sample(rng);
    if (!satisfies(layout, facts, owner)) wrong.push(`sample ${s} breaks a fact or the layout: ${owner.join(',')}`);
    owner.forEach((o, c) => tally[c * owners + o]!++);
  }
  for (let c = 0; c < n; c++) {
    for (let o = 0; o < owners; o++) {
      const p = knowledge.probability(c, o);
      const f = tally[c * owners + o]! / samples;
      const exact = p === 0 || p === 1;
      const bound = 5 * Math.sqrt((p * (1 - p)) / samples);
      if (exact ? f !== p : Math.abs(f - p) > bound) wrong.push(`card ${c}, owner ${o}: frequency ${f} against probability ${p}`);
    }
  }
  return wrong.slice(0, 5);
}

describe('sampling a deal from the counter', () => {
  it('draws every world of reduced decks with its exact probability, wrong accusations included, and never breaks a fact', () => {
    const rng = new Sfc32(21, 2, 3, 4);
    let accused = 0;
    for (let g = 0; g < 40; g++) {
      const sizes = [2 + rng.int(3), 2 + rng.int(3), 2 + rng.int(4)];
      const categoryOf = sizes.flatMap((s, k) => new Array<number>(s).fill(k));
      const players = 2 + rng.int(3);
      const handSizes = Array.from({ length: players }, (_, p) => Math.floor((categoryOf.length - 3) / players) + (p < (categoryOf.length - 3) % players ? 1 : 0));
      const layout = { categoryOf, handSizes };
      const facts = observedFacts(layout, randomDeal(layout, rng), 0, 2 + rng.int(8), rng);
      if (facts.some((f) => f.kind === 'notCaseFile')) accused++;
      const k = new Knowledge(layout);
      for (const f of facts) k.add(f);
      expect(sampledAgainstCounts(k, layout, facts, 3000, rng), `case ${g}: ${JSON.stringify(facts)}`).toEqual([]);
    }
    expect(accused).toBeGreaterThan(3);
  });

  it('draws from a knowledge without changing what it knows', () => {
    const layout = { categoryOf: [0, 0, 0, 1, 1, 1, 2, 2, 2, 2], handSizes: [4, 3] };
    const k = new Knowledge(layout);
    k.add({ kind: 'notCaseFile', cards: [0, 3, 6] });
    const before = Array.from({ length: 10 }, (_, c) => [0, 1, 2].map((o) => k.probability(c, o)));
    for (let i = 0; i < 100; i++) k.sample(new Sfc32(i, 1, 2, 3));
    expect(Array.from({ length: 10 }, (_, c) => [0, 1, 2].map((o) => k.probability(c, o)))).toEqual(before);
  });
});
