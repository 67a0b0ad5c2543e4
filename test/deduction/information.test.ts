import { describe, expect, it } from 'vitest';
import { Sfc32 } from '../../src/core/rng.js';
import type { Fact } from '../../src/deduction/facts.js';
import { caseFileEntropy, suggestionAnswers, suggestionGain } from '../../src/deduction/information.js';
import { Knowledge } from '../../src/deduction/knowledge.js';
import type { Layout } from '../../src/deduction/layout.js';
import { forEachWorld } from './brute-force.js';
import { observedFacts, randomDeal } from '../../bench/synthetic-clue-logs.js';

const LONG = process.env.PARLOR_LONG !== undefined;

/** The case file's entropy (sum over categories) of a list of worlds, by enumeration. */
function entropyOf(layout: Layout, worlds: readonly (readonly number[])[]): number {
  const players = layout.handSizes.length;
  const categories = Math.max(...layout.categoryOf) + 1;
  let bits = 0;
  for (let k = 0; k < categories; k++) {
    layout.categoryOf.forEach((cat, c) => {
      if (cat !== k) return;
      const p = worlds.filter((w) => w[c] === players).length / worlds.length;
      if (p > 0 && p < 1) bits -= p * Math.log2(p);
    });
  }
  return bits;
}

describe('the information of a suggestion', () => {
  it('matches enumeration: each answer probability (uniform choice of the card shown) and its posterior entropy', () => {
    const rng = new Sfc32(17, 2, 3, 4);
    const cases = LONG ? 2000 : 250;
    for (let t = 0; t < cases; t++) {
      const sizes = [2 + rng.int(2), 2 + rng.int(2), 2 + rng.int(3)];
      const categoryOf = sizes.flatMap((s, k) => new Array<number>(s).fill(k));
      const players = 2 + rng.int(3);
      const dealt = categoryOf.length - 3;
      const layout: Layout = { categoryOf, handSizes: Array.from({ length: players }, (_, p) => Math.floor(dealt / players) + (p < dealt % players ? 1 : 0)) };
      const me = 0;
      const facts: Fact[] = observedFacts(layout, randomDeal(layout, rng), me, rng.int(6), rng);
      const k = new Knowledge(layout);
      for (const f of facts) k.add(f);
      const cards = [0, 1, 2].map((cat) => {
        const of = categoryOf.flatMap((x, c) => (x === cat ? [c] : []));
        return of[rng.int(of.length)]!;
      });
      const asked = Array.from({ length: players - 1 }, (_, i) => (me + 1 + i) % players);
      const worlds: number[][] = [];
      forEachWorld(layout, facts, (owner) => worlds.push([...owner]));
      const label = `case ${t}: ${JSON.stringify({ layout, facts, cards })}`;
      // Reference: each world yields its answer; a refuter with several cards shows each with equal chance.
      const expected = new Map<string, { p: number; worlds: number[][] }>();
      const credit = (key: string, p: number, kept: (w: readonly number[]) => boolean): void => {
        const entry = expected.get(key) ?? { p: 0, worlds: worlds.filter(kept) };
        entry.p += p;
        expected.set(key, entry);
      };
      for (const w of worlds) {
        const refuter = asked.find((p) => cards.some((c) => w[c] === p));
        if (refuter === undefined) {
          credit('nobody', 1 / worlds.length, (v) => cards.every((c) => !asked.includes(v[c]!)));
          continue;
        }
        const before = asked.slice(0, asked.indexOf(refuter));
        const held = cards.filter((c) => w[c] === refuter);
        for (const shown of held) credit(`${refuter}:${shown}`, 1 / held.length / worlds.length, (v) => v[shown] === refuter && cards.every((c) => !before.includes(v[c]!)));
      }
      const answers = suggestionAnswers(k, cards, asked);
      expect(answers.length, label).toBe(expected.size);
      for (const a of answers) {
        const e = expected.get(a.refuter === null ? 'nobody' : `${a.refuter}:${a.shown}`);
        expect(e, label).toBeDefined();
        expect(a.probability, label).toBeCloseTo(e!.p, 12);
        expect(a.entropy, label).toBeCloseTo(entropyOf(layout, e!.worlds), 9);
      }
      const gain = entropyOf(layout, worlds) - [...expected.values()].reduce((sum, e) => sum + e.p * entropyOf(layout, e.worlds), 0);
      expect(suggestionGain(k, cards, asked), label).toBeCloseTo(gain, 9);
      expect(caseFileEntropy(k), label).toBeCloseTo(entropyOf(layout, worlds), 9);
    }
  });
});
