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

  it('is refused when its deals times its largest hand reach 2^53, past exact counting in doubles', () => {
    // 11^3 case files times 30! / (10!)^3 hands: 7.4e15 deals, under 2^53 but not ten times over.
    const categoryOf = [...Array(33).keys()].map((c) => Math.floor(c / 11));
    expect(() => new Knowledge({ categoryOf, handSizes: [10, 10, 10] })).toThrow(
      'invalid layout: 7.39e+15 deals are too many to count exactly (deals times the largest hand, 10, must stay below 2^53)',
    );
    expect(new Knowledge({ categoryOf, handSizes: [15, 15] }).worlds).toBe(1331 * 155117520);
  });
});
