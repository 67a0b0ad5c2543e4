import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../src/games/yahtzee/scoring.js';
import { FACES, KEEPS, keepFaceCounts, keepOfCounts, keepWithin, ROLL_PROBABILITY, ROLLS } from '../../src/games/yahtzee/solver/dice.js';
import { addDieChain, bestSubKeeps, fillRolls, FLOOR_AT, LOWER, rollExpectation, SCRATCH, UPPER } from '../../src/games/yahtzee/solver/kernels.js';
import { SCORE } from '../../src/games/yahtzee/solver/score-table.js';
import { KEEP_VALUES, LOWER_VALUES, UPPER_VALUES } from '../../src/games/yahtzee/solver/widget.js';

// The generated kernels against plain computations from the dice themselves, on random values.
const SEEDS = ['kernels-1', 'kernels-2', 'kernels-3'];

function randomValues(seed: string, length: number): Float64Array {
  const random = seedrandom(seed);
  return Float64Array.from({ length }, () => random() * 300);
}

/** The keep with one more die showing `face`. */
function withDie(keep: number, face: number): number {
  const counts = Array.from(keepFaceCounts(keep));
  counts[face]!++;
  return keepOfCounts(counts);
}

describe('generated kernels', () => {
  it.each(SEEDS)('addDieChain: each smaller keep is the average over the next die of the keeps one die larger (seed %s)', (seed) => {
    const input = randomValues(seed, KEEPS);
    KEEP_VALUES.set(input);
    addDieChain();
    const expected = Float64Array.from(input);
    for (let k = ROLLS; k < KEEPS; k++) {
      let sum = 0;
      for (let f = 1; f <= FACES; f++) sum += expected[withDie(k, f)]!;
      expected[k] = sum / FACES;
    }
    for (let k = 0; k < KEEPS; k++) expect(KEEP_VALUES[k], `seed ${seed}, keep ${k}`).toBeCloseTo(expected[k]!, 10);
  });

  it.each(SEEDS)('bestSubKeeps: each keep gets the best value of any keep within it, and the rolls their expectation (seed %s)', (seed) => {
    const input = randomValues(seed, KEEPS);
    KEEP_VALUES.set(input);
    bestSubKeeps();
    let expectation = 0;
    for (let k = 0; k < KEEPS; k++) {
      let best = -Infinity;
      for (let j = 0; j < KEEPS; j++) if (keepWithin(j, k)) best = Math.max(best, input[j]!);
      expect(KEEP_VALUES[k], `seed ${seed}, keep ${k}`).toBe(best);
      if (k < ROLLS) expectation += ROLL_PROBABILITY[k]! * best;
    }
    expect(rollExpectation()).toBe(expectation);
  });

  it.each(SEEDS)('final rolls: each category raises the rolls it pays for to its value, where that beats the floor (seed %s)', (seed) => {
    const random = seedrandom(seed);
    const floor = 100 + random() * 100;
    // Values around the floor, so that some rolls of each category beat it and some do not.
    const upper = UPPER_VALUES.map(() => floor - 20 + random() * 40);
    const lower = LOWER_VALUES.map(() => floor - 40 + random() * 40);
    UPPER_VALUES.set(upper);
    LOWER_VALUES.set(lower);
    SCRATCH[FLOOR_AT] = floor;
    const check = (what: string, run: () => void, value: (roll: number) => number | undefined) => {
      fillRolls();
      run();
      for (let r = 0; r < ROLLS; r++) expect(KEEP_VALUES[r], `seed ${seed}, ${what}, roll ${r}`).toBe(Math.max(floor, value(r) ?? -Infinity));
    };
    for (let c = FACES; c < CATEGORIES.length; c++) {
      const points = (r: number) => SCORE[r * CATEGORIES.length + c]!;
      check(CATEGORIES[c]!, LOWER[c - FACES]!, (r) => (points(r) > 0 ? points(r) + lower[c]! : undefined));
    }
    for (let f = 1; f <= FACES; f++) {
      check(`face ${f}`, UPPER[f - 1]!, (r) => (keepFaceCounts(r)[f]! > 0 ? upper[(f - 1) * 6 + keepFaceCounts(r)[f]!] : undefined));
    }
  });
});
