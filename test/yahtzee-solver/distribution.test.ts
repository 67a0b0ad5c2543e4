import { describe, expect, it } from 'vitest';
import { CATEGORY_INDEX, type Category } from '../../src/games/yahtzee/scoring.js';
import { buildTableSync } from '../../src/games/yahtzee/solver/layers.js';
import { MAX_SCORE, scoreDistribution, seriesDistribution } from '../../src/games/yahtzee/solver/distribution.js';
import { FULL_MASK } from '../../src/games/yahtzee/solver/states.js';
import { OptimalTable } from '../../src/games/yahtzee/solver/table.js';

const table = new OptimalTable(buildTableSync());
const onlyOpen = (...open: Category[]) => open.reduce((mask, c) => mask & ~(1 << CATEGORY_INDEX[c]), FULL_MASK);
const sum = (p: Float64Array) => p.reduce((a, b) => a + b, 0);

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c;
}

describe('the exact score distribution', () => {
  it('only Ones open, one point short of the bonus: each die ends a one with p = 1 - (5/6)^3, and any one earns 35', () => {
    const d = scoreDistribution(table, onlyOpen('ones'), 62);
    const p = 1 - (5 / 6) ** 3;
    expect(d.probabilities[0]).toBeCloseTo((1 - p) ** 5, 14);
    for (let k = 1; k <= 5; k++) expect(d.probabilities[k + 35]).toBeCloseTo(binomial(5, k) * p ** k * (1 - p) ** (5 - k), 14);
    expect(d.bonusProbability).toBeCloseTo(1 - (5 / 6) ** 15, 14);
    expect(d.mean).toBeCloseTo(table.value(onlyOpen('ones'), 62), 12);
  });

  it('only Yahtzee open: 50 with probability 2 783 176 / 6^10', () => {
    const d = scoreDistribution(table, onlyOpen('yahtzee'), 70);
    expect(d.probabilities[50]).toBeCloseTo(2_783_176 / 6 ** 10, 14);
    expect(d.yahtzeeProbability).toBeCloseTo(2_783_176 / 6 ** 10, 14);
    expect(d.probabilities[0]! + d.probabilities[50]!).toBeCloseTo(1, 14);
  });

  it('from a mid-game card: sums to 1 and its mean is the table value', () => {
    const used = onlyOpen('twos', 'fours', 'sixes', 'threeOfAKind', 'fullHouse', 'yahtzee', 'chance');
    const d = scoreDistribution(table, used, 20);
    expect(sum(d.probabilities)).toBeCloseTo(1, 12);
    expect(d.mean).toBeCloseTo(table.value(used, 20), 9);
    expect(d.percentiles['50']).toBeGreaterThan(d.percentiles['10']!);
  });

  it('of a series: the sum of independent games (mean and variance add up)', () => {
    const one = scoreDistribution(table, onlyOpen('yahtzee', 'chance'), 70);
    const three = seriesDistribution(one, 3);
    expect(sum(three.probabilities)).toBeCloseTo(1, 12);
    expect(three.mean).toBeCloseTo(3 * one.mean, 9);
    expect(three.sd).toBeCloseTo(Math.sqrt(3) * one.sd, 9);
    expect(one.probabilities[80]).toBeGreaterThan(1e-4); // 50 in Yahtzee and 30 in Chance
    expect(three.probabilities[3 * 80]).toBeCloseTo(one.probabilities[80]! ** 3, 15);
    expect(three.max).toBe(3 * one.max);
  });

  it.runIf(process.env['PARLOR_LONG'])('from the empty card: mean 245.8707745, SD 39.82 as published, P(bonus) and P(Yahtzee)', () => {
    const d = scoreDistribution(table);
    expect(sum(d.probabilities)).toBeCloseTo(1, 12);
    expect(d.probabilities).toHaveLength(MAX_SCORE + 1);
    expect(d.mean).toBeCloseTo(table.expectedScore, 9);
    expect(d.sd).toBeCloseTo(39.82, 2);
    expect(d.bonusProbability).toBeGreaterThan(0.6);
    expect(d.yahtzeeProbability).toBeGreaterThan(0.3);
  }, 600_000);
});
