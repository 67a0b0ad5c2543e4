import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_INDEX, type Category } from '../../src/games/yahtzee/scoring.js';
import { FULL_MASK, LAYERS, STATE_COUNT, stateIndex, upperTotalReachable } from '../../src/games/yahtzee/solver/states.js';
import { solveMask } from '../../src/games/yahtzee/solver/widget.js';
import { referenceValue } from './reference.js';

// The last two turns only: every card with one or two categories open, solved from the finished cards.
const table = new Float64Array(STATE_COUNT);
for (const used of LAYERS[12]!) solveMask(table, used);
for (const used of LAYERS[11]!) solveMask(table, used);

function onlyOpen(...open: Category[]): number {
  return open.reduce((mask, c) => mask & ~(1 << CATEGORY_INDEX[c]), FULL_MASK);
}

const value = (used: number, upper: number) => table[stateIndex(used, upper)]!;
/** The chance of a given die ending as a one when every other face is rerolled twice. */
const oneInThree = 1 - (5 / 6) ** 3;

describe('end-game values (closed forms)', () => {
  it('only Chance open: 23 1/3', () => {
    expect(value(onlyOpen('chance'), 70)).toBeCloseTo(70 / 3, 12);
  });

  it('only Ones open: 5 (1 - (5/6)^3), and 35 more times P(at least one 1 among 15 tries) when one point earns the bonus', () => {
    expect(value(onlyOpen('ones'), 70)).toBeCloseTo(5 * oneInThree, 12);
    expect(value(onlyOpen('ones'), 62)).toBeCloseTo(5 * oneInThree + 35 * (1 - (5 / 6) ** 15), 12);
    // 57 needs six more: out of reach with ones alone, so no bonus is left to chase.
    expect(value(onlyOpen('ones'), 57)).toBeCloseTo(5 * oneInThree, 12);
  });

  it('only Yahtzee open: 50 x 2 783 176 / 6^10, the chance of five of a kind within three rolls', () => {
    expect(value(onlyOpen('yahtzee'), 70)).toBeCloseTo((50 * 2_783_176) / 6 ** 10, 12);
  });

  it('only Sixes open with 33 to go: the bonus is out of reach, 30 points at most', () => {
    expect(value(onlyOpen('sixes'), 30)).toBeCloseTo(6 * 5 * oneInThree, 12);
  });
});

describe('end-game values against an independent brute-force solver', () => {
  it('agree for every single open category (two upper totals each for the upper ones)', () => {
    for (const category of CATEGORIES) {
      const used = onlyOpen(category);
      const totals = CATEGORY_INDEX[category] < 6 ? [70, 63 - 2 * (CATEGORY_INDEX[category] + 1)] : [70];
      for (const upper of totals) {
        if (!upperTotalReachable(used, upper)) continue;
        expect(value(used, upper), `${category} at ${upper}`).toBeCloseTo(referenceValue(used, upper), 9);
      }
    }
  });

  it('agree for two open categories, with and without a bonus at stake', () => {
    const cases: [Category[], number][] = [
      [['chance', 'yahtzee'], 70],
      [['fullHouse', 'largeStraight'], 40],
      [['threeOfAKind', 'fives'], 50],
      [['fours', 'sixes'], 40],
      [['twos', 'smallStraight'], 60],
    ];
    for (const [open, upper] of cases) {
      expect(value(onlyOpen(...open), upper), open.join('+')).toBeCloseTo(referenceValue(onlyOpen(...open), upper), 9);
    }
  });
});
