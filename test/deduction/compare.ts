import { expect } from 'vitest';
import type { Fact } from '../../src/deduction/facts.js';
import { Knowledge } from '../../src/deduction/knowledge.js';
import type { Layout } from '../../src/deduction/layout.js';
import { enumerateWorlds } from './brute-force.js';

/**
 * Checks the knowledge after `facts` against brute-force enumeration: the number of worlds, every
 * status and every probability (to 1e-9). `label` names the case (seed, index) in a failure.
 */
export function expectSameAsEnumeration(layout: Layout, facts: readonly Fact[], label: string, knowledge?: Knowledge): void {
  const reference = enumerateWorlds(layout, facts);
  let k = knowledge;
  if (k === undefined) {
    k = new Knowledge(layout);
    for (const f of facts) k.add(f);
  }
  const context = `${label}: layout ${JSON.stringify(layout)} facts ${JSON.stringify(facts)}`;
  expect(k.worlds, context).toBe(reference.worlds);
  expect(k.consistent, context).toBe(reference.worlds > 0);
  if (reference.worlds === 0) return;
  const owners = layout.handSizes.length + 1;
  for (let c = 0; c < layout.categoryOf.length; c++) {
    for (let o = 0; o < owners; o++) {
      const count = reference.counts[c * owners + o]!;
      const status = count === 0 ? 'no' : count === reference.worlds ? 'yes' : 'maybe';
      if (k.status(c, o) !== status || Math.abs(k.probability(c, o) - count / reference.worlds) > 1e-9) {
        expect.fail(`${context}: card ${c} owner ${o}: ${k.status(c, o)} p=${k.probability(c, o)}, enumeration ${status} p=${count / reference.worlds}`);
      }
    }
  }
}
