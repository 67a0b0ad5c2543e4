import { describe, expect, test } from 'vitest';
import { findBuiltinBot } from '../../bots/registry.js';
import { seedKey } from '../../src/core/rng.js';
import { flipsAt } from '../../src/tune/flips.js';
import { FISHTEST_GAINS, gainAt } from '../../src/tune/gains.js';
import { parseTunedParams } from '../../src/tune/params.js';
import guesser from './support/guesser.js';
import { clamp, decimals, played, probes, updated, type TunedParam } from '../../src/tune/values.js';

const real: TunedParam = { name: 'w', integer: false, start: 0.5, min: 0, max: 2, cEnd: 0.1 };
const whole: TunedParam = { name: 'n', integer: true, start: 3, min: 1, max: 6, cEnd: 0.5 };

describe('the gain schedules', () => {
  test("fishtest's defaults: c_k ends at c_end, a_k / c_k ends at r_end * c_end", () => {
    // total 100 deals, A = 10: c_1 = 0.1 * 100^0.101 = 0.1 * 10^0.202 = 0.159221; a_1 = 0.002 * 0.1^2 * (110 / 11)^0.602 = 2e-5 * 10^0.602 = 7.9989e-5.
    expect(gainAt(1, 100, 0.1, FISHTEST_GAINS).c).toBeCloseTo(0.159221, 6);
    expect(gainAt(1, 100, 0.1, FISHTEST_GAINS).a).toBeCloseTo(7.9989e-5, 9);
    expect(gainAt(100, 100, 0.1, FISHTEST_GAINS).c).toBeCloseTo(0.1, 12);
    expect(gainAt(100, 100, 0.1, FISHTEST_GAINS).a).toBeCloseTo(2e-5, 12);
  });

  test('other settings: alpha 1, gamma 0.5, no A, r_end 1', () => {
    const s = { alpha: 1, gamma: 0.5, aRatio: 0, rEnd: 1 };
    // c = 2 * 4^0.5 = 4, a = 1 * 2^2 * 4 = 16: c_k = 4 / sqrt(k), a_k = 16 / k.
    expect(gainAt(1, 4, 2, s)).toEqual({ a: 16, c: 4 });
    expect(gainAt(4, 4, 2, s)).toEqual({ a: 4, c: 2 });
  });
});

describe('the perturbation', () => {
  test('is +1 or -1 per parameter, a function of the seed and the iteration alone, and fair', () => {
    const key = seedKey('tune');
    expect(flipsAt(key, 7, 3)).toEqual(flipsAt(seedKey('tune'), 7, 3));
    expect(flipsAt(key, 7, 2)).toEqual(flipsAt(key, 7, 3).slice(0, 2));
    const all = Array.from({ length: 2000 }, (_, k) => flipsAt(key, k, 2)).flat();
    expect(new Set(all)).toEqual(new Set([-1, 1]));
    // 4000 fair signs: the sum's sd is sqrt(4000) = 63.
    expect(Math.abs(all.reduce((a, b) => a + b, 0))).toBeLessThan(4 * 63);
    expect(Array.from({ length: 20 }, (_, k) => flipsAt(key, k, 1)[0])).not.toEqual(Array.from({ length: 20 }, (_, k) => flipsAt(seedKey('other'), k, 1)[0]));
  });
});

describe('values as played and the update', () => {
  test('clamped to the range; integers rounded, reals to a ten-thousandth of the range', () => {
    expect(clamp(-1, 0, 2)).toBe(0);
    expect(clamp(3, 0, 2)).toBe(2);
    expect(decimals(real)).toBe(4);
    expect(decimals({ ...real, max: 100 })).toBe(2);
    expect(played(0.123456, real)).toBe(0.1235);
    expect(played(2.7, real)).toBe(2);
    expect(played(3.5, whole)).toBe(4);
    expect(played(0.2, whole)).toBe(1);
    expect(Object.is(played(-0.00001, real), 0)).toBe(true);
  });

  test('the probes are theta +- c * flip, each as played', () => {
    expect(probes([0.5, 3.2], [1, -1], [0.1, 0.6], [real, whole])).toEqual({ plus: [0.6, 3], minus: [0.4, 4] });
  });

  test("theta + (a / c) * result * flip, kept in the range", () => {
    // 0.5 + (0.01 / 0.1) * 3 * -1 = 0.2
    expect(updated(0.5, -1, 0.01, 0.1, 3, real)).toBeCloseTo(0.2, 12);
    expect(updated(0.5, 1, 0.01, 0.1, -2.5, real)).toBeCloseTo(0.25, 12);
    expect(updated(0.5, -1, 0.01, 0.1, 10, real)).toBe(0);
    expect(updated(1.9, 1, 0.01, 0.1, 10, real)).toBe(2);
  });
});

describe('--params', () => {
  const greedy = findBuiltinBot('yahtzee', 'greedy');
  const ismcts = findBuiltinBot('yahtzee', 'ismcts');
  const notebook = findBuiltinBot('clue', 'notebook');

  test('start, range and step default to the schema and a twentieth of the range', () => {
    expect(parseTunedParams('parWeight', greedy, 'greedy')).toEqual([{ name: 'parWeight', integer: false, start: 0.75, min: 0, max: 2, cEnd: 0.1 }]);
    expect(parseTunedParams('parWeight=1.5', greedy, 'greedy')[0]).toMatchObject({ start: 1.5, min: 0, max: 2 });
    expect(parseTunedParams('shortlist=2:1:5:1, accuseStep=0.1:0:0.5', notebook, 'notebook')).toEqual([
      { name: 'shortlist', integer: true, start: 2, min: 1, max: 5, cEnd: 1 },
      { name: 'accuseStep', integer: false, start: 0.1, min: 0, max: 0.5, cEnd: 0.025 },
    ]);
  });

  test.each([
    ['nope=1', greedy, 'greedy', "--params nope=1: greedy has no parameter nope; greedy's integer and real parameters: parWeight"],
    ['rollout', ismcts, 'ismcts', '--params rollout: rollout is one of random, greedy, optimal; SPSA tunes integer and real parameters only (compare discrete choices with parlor run or parlor sprt)'],
    ['loud', guesser, 'guesser', '--params loud: loud is a boolean; SPSA tunes integer and real parameters only (compare discrete choices with parlor run or parlor sprt)'],
    ['ms', ismcts, 'ismcts', '--params ms: ms has no default; give its start, ms=start:min:max'],
    ['parWeight=3', greedy, 'greedy', '--params parWeight=3: the start 3 is outside 0:2'],
    ['parWeight=x:0:1', greedy, 'greedy', '--params parWeight=x:0:1: the start "x" is not a number (expected key=start:min:max[:step], key=start or key)'],
    ['parWeight=1:0', greedy, 'greedy', '--params parWeight=1:0: expected key=start:min:max[:step], key=start or key'],
    ['parWeight=1:1:1', greedy, 'greedy', '--params parWeight=1:1:1: min 1 must be below max 1'],
    ['parWeight=1:0:3', greedy, 'greedy', "--params parWeight=1:0:3: the range 0:3 leaves greedy's 0:2 for parWeight"],
    ['parWeight=1:0:2:0', greedy, 'greedy', '--params parWeight=1:0:2:0: the step 0 must be above 0 and at most half the range (1)'],
    ['shortlist=2.5:1:6', notebook, 'notebook', '--params shortlist=2.5:1:6: shortlist is an integer; give whole numbers for start, min and max'],
    ['parWeight,parWeight', greedy, 'greedy', '--params parWeight: parWeight is named twice'],
    ['parWeight,', greedy, 'greedy', '--params parWeight,: an empty entry in the list (expected key=start:min:max[:step], key=start or key, e.g. parWeight=1:0:2)'],
  ])('%s is refused in one line', (text, factory, bot, message) => {
    expect(() => parseTunedParams(text, factory, bot)).toThrow(message);
  });
});
