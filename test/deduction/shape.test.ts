import { describe, expect, it } from 'vitest';
import { Knowledge } from '../../src/deduction/knowledge.js';

describe('the layout a knowledge reasons about', () => {
  it('is shared between knowledges of equal layouts, and never taken from a layout changed since', () => {
    const categoryOf = [0, 0, 0, 1, 1, 1, 2, 2, 2];
    const handSizes = [3, 3];
    const a = new Knowledge({ categoryOf, handSizes });
    const b = new Knowledge({ categoryOf: [...categoryOf], handSizes: [...handSizes] });
    expect(b.shape).toBe(a.shape);
    handSizes[0] = 2;
    handSizes[1] = 4;
    const c = new Knowledge({ categoryOf, handSizes });
    expect(c.shape).not.toBe(a.shape);
    expect(Array.from(c.shape.handSizes)).toEqual([2, 4]);
    expect(Array.from(a.shape.handSizes)).toEqual([3, 3]);
    // Deals of 6 cards into hands of 2 and 4, times 27 case files.
    expect(c.worlds).toBe(27 * 15);
  });
});
