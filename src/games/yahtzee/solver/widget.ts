/**
 * One turn ("widget") solved backwards from the table of turn-start values: the best category
 * for each final roll, the value of each keep before the last roll, the best keep of each roll,
 * and again for the roll before, down to the value of the turn-start state. Two tricks keep the
 * dice work per state at 4 x 1260 steps: a keep's value is the average of the six keeps with one
 * die more, and a roll's best keep is the best of the keep itself and the best keeps of its keeps
 * with one die less (see kernels.ts).
 */
import { CATEGORY_INDEX } from '../scoring.js';
import { DICE, FACES, KEEPS, ROLLS } from './dice.js';
import { addDieChain, bestSubKeeps, freshRollValue, scoreLower, scoreUpper, type KeepValues } from './kernels.js';
import { CATEGORY_COUNT, CLASS_COUNT, MAX_CLASSES, STATE_OFFSET, UPPER_MASK, UPPER_NEXT, UPPER_PAYS } from './states.js';

export const FIRST_LOWER = CATEGORY_INDEX.threeOfAKind;

/** Where UPPER_NEXT / UPPER_PAYS hold scoring face f (1..6) with 0..5 dice from state `cls` of `used`. */
export function upperAt(used: number, face: number, cls: number): number {
  return (((used & UPPER_MASK) * FACES + face - 1) * MAX_CLASSES + cls) * (DICE + 1);
}

/** Scratch space for the widgets of one thread. */
export class Widget {
  /** The keep values of the stage being solved. */
  readonly values: KeepValues = new Float64Array(KEEPS);
  /** After finalRollValues, upper[(f - 1) * 6 + n]: the value of scoring n dice of face f now. */
  readonly upper = new Float64Array(FACES * (DICE + 1));
  /** After finalRollValues, lower[c]: the value of the card after scoring in lower category c. */
  readonly lower = new Float64Array(CATEGORY_COUNT);

  /**
   * values[r] = the best final value of roll r for state `cls` of `used`: the points a category
   * scores now plus the table value of the state it leads to. The best zero ("scratch") is taken
   * first, so each category only visits the rolls it pays for, and stops at the first that
   * cannot beat the scratch.
   */
  finalRollValues(table: Float64Array, used: number, cls: number): void {
    const v = this.values;
    const upper = this.upper;
    const lower = this.lower;
    let scratch = -Infinity;
    for (let cat = FIRST_LOWER; cat < CATEGORY_COUNT; cat++) {
      if (used & (1 << cat)) continue;
      const e = table[STATE_OFFSET[used | (1 << cat)]! + cls]!;
      lower[cat] = e;
      if (e > scratch) scratch = e;
    }
    for (let f = 1; f <= FACES; f++) {
      const bit = 1 << (f - 1);
      if (used & bit) continue;
      const next = STATE_OFFSET[used | bit]!;
      const i = upperAt(used, f, cls);
      const o = (f - 1) * (DICE + 1);
      for (let n = 0; n <= DICE; n++) upper[o + n] = UPPER_PAYS[i + n]! + table[next + UPPER_NEXT[i + n]!]!;
      if (upper[o]! > scratch) scratch = upper[o]!;
    }
    v.fill(scratch, 0, ROLLS);
    for (let cat = FIRST_LOWER; cat < CATEGORY_COUNT; cat++) if (!(used & (1 << cat))) scoreLower(v, cat, lower[cat]!, scratch);
    for (let f = 1; f <= FACES; f++) {
      if (used & (1 << (f - 1))) continue;
      const o = (f - 1) * (DICE + 1);
      for (let n = 1; n <= DICE; n++) if (upper[o + n]! > scratch) scoreUpper(v, f, n, upper[o + n]!);
    }
  }

  /** The value of state `cls` of `used` from the table's values of the states after it. */
  solveState(table: Float64Array, used: number, cls: number): number {
    const v = this.values;
    this.finalRollValues(table, used, cls);
    addDieChain(v);
    bestSubKeeps(v);
    addDieChain(v);
    bestSubKeeps(v);
    return freshRollValue(v);
  }

  /** Solves every state of `used` into the table. */
  solveMask(table: Float64Array, used: number): void {
    const base = STATE_OFFSET[used]!;
    const classes = CLASS_COUNT[used & UPPER_MASK]!;
    for (let cls = 0; cls < classes; cls++) table[base + cls] = this.solveState(table, used, cls);
  }
}
