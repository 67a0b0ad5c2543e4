/**
 * One turn ("widget") solved backwards from the table of turn-start values: the best category
 * for each final roll, the value of each keep before the last roll, the best keep of each roll,
 * and again for the roll before, down to the value of the turn-start state. Two tricks keep the
 * dice work per state at 4 x 1260 steps: a keep's value is the average of the six keeps with one
 * die more, and a roll's best keep is the best of the keep itself and the best keeps of its keeps
 * with one die less (see kernels.ts). Works in the thread's SCRATCH array.
 */
import { CATEGORY_INDEX } from '../scoring.js';
import { DICE, FACES, KEEPS } from './dice.js';
import { addDieChain, bestSubKeeps, fillRolls, FLOOR_AT, LOWER, LOWER_AT, rollExpectation, SCRATCH, UPPER, UPPER_AT } from './kernels.js';
import { CATEGORY_COUNT, CLASS_COUNT, MAX_CLASSES, STATE_OFFSET, UPPER_MASK, UPPER_NEXT, UPPER_PAYS } from './states.js';

export const FIRST_LOWER = CATEGORY_INDEX.threeOfAKind;

/** The keep values of the stage being solved (by keep index). */
export const KEEP_VALUES = SCRATCH.subarray(0, KEEPS);
/** After finalRollValues, UPPER_VALUES[(f - 1) * 6 + n]: the value of scoring n dice of face f now. */
export const UPPER_VALUES = SCRATCH.subarray(UPPER_AT, LOWER_AT);
/** After finalRollValues, LOWER_VALUES[c]: the value of the card after scoring in lower category c. */
export const LOWER_VALUES = SCRATCH.subarray(LOWER_AT, FLOOR_AT);

/** Where UPPER_NEXT / UPPER_PAYS hold scoring face f (1..6) with 0..5 dice from state `cls` of `used`. */
export function upperAt(used: number, face: number, cls: number): number {
  return (((used & UPPER_MASK) * FACES + face - 1) * MAX_CLASSES + cls) * (DICE + 1);
}

/**
 * KEEP_VALUES[r] = the best final value of roll r for state `cls` of `used`: the points a category
 * scores now plus the table value of the state it leads to. The best zero ("scratch") is taken
 * first, so each category only visits the rolls it pays for, and stops at the first that cannot
 * beat the scratch.
 */
export function finalRollValues(table: Float64Array, used: number, cls: number): void {
  const s = SCRATCH;
  let scratch = -Infinity;
  for (let cat = FIRST_LOWER; cat < CATEGORY_COUNT; cat++) {
    if (used & (1 << cat)) continue;
    const e = table[STATE_OFFSET[used | (1 << cat)]! + cls]!;
    s[LOWER_AT + cat] = e;
    if (e > scratch) scratch = e;
  }
  for (let f = 1; f <= FACES; f++) {
    const bit = 1 << (f - 1);
    if (used & bit) continue;
    const next = STATE_OFFSET[used | bit]!;
    const i = upperAt(used, f, cls);
    const o = UPPER_AT + (f - 1) * (DICE + 1);
    for (let n = 0; n <= DICE; n++) s[o + n] = UPPER_PAYS[i + n]! + table[next + UPPER_NEXT[i + n]!]!;
    if (s[o]! > scratch) scratch = s[o]!;
  }
  s[FLOOR_AT] = scratch;
  fillRolls();
  for (let cat = FIRST_LOWER; cat < CATEGORY_COUNT; cat++) if (!(used & (1 << cat))) LOWER[cat - FIRST_LOWER]!();
  for (let f = 1; f <= FACES; f++) if (!(used & (1 << (f - 1)))) UPPER[f - 1]!();
}

/** The value of state `cls` of `used` from the table's values of the states after it. */
export function solveState(table: Float64Array, used: number, cls: number): number {
  finalRollValues(table, used, cls);
  addDieChain();
  bestSubKeeps();
  addDieChain();
  bestSubKeeps();
  return rollExpectation();
}

/** Solves every state of `used` into the table. */
export function solveMask(table: Float64Array, used: number): void {
  const base = STATE_OFFSET[used]!;
  const classes = CLASS_COUNT[used & UPPER_MASK]!;
  for (let cls = 0; cls < classes; cls++) table[base + cls] = solveState(table, used, cls);
}
