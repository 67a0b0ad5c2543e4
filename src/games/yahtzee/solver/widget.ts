/**
 * One turn ("widget") solved backwards from the table of turn-start values: the best category
 * for each final roll, the value of each keep before the last roll, the best keep of each roll,
 * and again for the roll before, down to the value of the turn-start state.
 *
 * The kernel works on all the states of one used mask at once (its needs, up to 43): values are
 * laid out [keep][need class], so every link of the dice lattice is looked up once and then
 * applied along a contiguous run of classes. Two tricks keep the work per state near 2 x 1260:
 * a keep's value is the average of the six keeps with one die more, and a roll's best keep is the
 * best of the keep itself and the best keeps of its keeps with one die less.
 */
import { CATEGORY_INDEX, scoreCounts } from '../scoring.js';
import { ADD_DIE, DICE, FACES, KEEPS, keepFaceCounts, ROLL_PROBABILITY, ROLLS, SUB_KEEPS, SUB_START } from './dice.js';
import { CATEGORY_COUNT, CLASS_COUNT, MAX_CLASSES, STATE_OFFSET, UPPER_MASK, UPPER_NEXT, UPPER_PAYS } from './states.js';

const SIXTH = 1 / FACES;
const FIRST_LOWER = CATEGORY_INDEX.threeOfAKind;

/** SCORE[r * 13 + c]: the points of roll r in category c. */
export const SCORE = new Uint8Array(ROLLS * CATEGORY_COUNT);
for (let r = 0; r < ROLLS; r++) {
  const counts = Array.from(keepFaceCounts(r));
  for (let c = 0; c < CATEGORY_COUNT; c++) SCORE[r * CATEGORY_COUNT + c] = scoreCounts(c, counts);
}

/** The rolls a lower category pays for, and what: LOWER_ROLL/LOWER_POINTS[LOWER_START[c] ..). */
const lowerRolls: number[] = [];
const lowerPoints: number[] = [];
const LOWER_START = new Int32Array(CATEGORY_COUNT + 1);
for (let c = 0; c < CATEGORY_COUNT; c++) {
  LOWER_START[c] = lowerRolls.length;
  if (c < FIRST_LOWER) continue;
  for (let r = 0; r < ROLLS; r++) {
    const points = SCORE[r * CATEGORY_COUNT + c]!;
    if (points > 0) {
      lowerRolls.push(r);
      lowerPoints.push(points);
    }
  }
}
LOWER_START[CATEGORY_COUNT] = lowerRolls.length;
const LOWER_ROLL = Int16Array.from(lowerRolls);
const LOWER_POINTS = Float64Array.from(lowerPoints);

/** The rolls with n dice of face f: UPPER_ROLL[UPPER_START[(f - 1) * 6 + n] ..), n = 1..5. */
const upperRolls: number[] = [];
const UPPER_START = new Int32Array(FACES * (DICE + 1) + 1);
for (let f = 1; f <= FACES; f++) {
  for (let n = 0; n <= DICE; n++) {
    UPPER_START[(f - 1) * (DICE + 1) + n] = upperRolls.length;
    if (n === 0) continue;
    for (let r = 0; r < ROLLS; r++) if (keepFaceCounts(r)[f] === n) upperRolls.push(r);
  }
}
UPPER_START[FACES * (DICE + 1)] = upperRolls.length;
const UPPER_ROLL = Int16Array.from(upperRolls);

/** Keep values from the values of the five-dice keeps (a[0 .. 252 x C)), for every smaller keep. */
export function addDieChain(a: Float64Array, classes: number): void {
  for (let k = ROLLS; k < KEEPS; k++) {
    const o = k * classes;
    const j = k * FACES;
    const o0 = ADD_DIE[j]! * classes;
    const o1 = ADD_DIE[j + 1]! * classes;
    const o2 = ADD_DIE[j + 2]! * classes;
    const o3 = ADD_DIE[j + 3]! * classes;
    const o4 = ADD_DIE[j + 4]! * classes;
    const o5 = ADD_DIE[j + 5]! * classes;
    for (let c = 0; c < classes; c++) {
      a[o + c] = (a[o0 + c]! + a[o1 + c]! + a[o2 + c]! + a[o3 + c]! + a[o4 + c]! + a[o5 + c]!) * SIXTH;
    }
  }
}

/** In place: each keep's value becomes the value of its best sub-keep (itself included). */
export function bestSubKeeps(a: Float64Array, classes: number): void {
  for (let k = KEEPS - 2; k >= 0; k--) {
    const o = k * classes;
    const end = SUB_START[k + 1]!;
    for (let s = SUB_START[k]!; s < end; s++) {
      const so = SUB_KEEPS[s]! * classes;
      for (let c = 0; c < classes; c++) {
        const v = a[so + c]!;
        if (v > a[o + c]!) a[o + c] = v;
      }
    }
  }
}

/** out[0 .. C) = the expectation of a fresh roll of five dice over the roll values a[0 .. 252 x C). */
export function freshRollValue(a: Float64Array, classes: number, out: Float64Array, at: number): void {
  for (let c = 0; c < classes; c++) out[at + c] = 0;
  for (let r = 0; r < ROLLS; r++) {
    const p = ROLL_PROBABILITY[r]!;
    const o = r * classes;
    for (let c = 0; c < classes; c++) out[at + c] = out[at + c]! + p * a[o + c]!;
  }
}

/** Scratch space for the widgets of one thread. */
export class Widget {
  /** [keep][class] values of the stage being solved. */
  readonly values = new Float64Array(KEEPS * MAX_CLASSES);
  private readonly scratch = new Float64Array(MAX_CLASSES);
  private readonly upperValue = new Float64Array(FACES * (DICE + 1) * MAX_CLASSES);

  /**
   * values[r x count + i] = the best final value of roll r for the state `first + i` of `used`:
   * the points a category scores now plus the table value of the state it leads to. Every
   * category's zero ("scratch") is taken first, so each category only visits the rolls it pays for.
   */
  finalRollValues(table: Float64Array, used: number, first: number, count: number): void {
    const upper = used & UPPER_MASK;
    const a = this.values;
    const scratch = this.scratch;
    const upperValue = this.upperValue;
    scratch.fill(-Infinity, 0, count);
    for (let cat = FIRST_LOWER; cat < CATEGORY_COUNT; cat++) {
      if (used & (1 << cat)) continue;
      const o = STATE_OFFSET[used | (1 << cat)]! + first;
      for (let c = 0; c < count; c++) if (table[o + c]! > scratch[c]!) scratch[c] = table[o + c]!;
    }
    for (let f = 1; f <= FACES; f++) {
      const bit = 1 << (f - 1);
      if (used & bit) continue;
      const next = STATE_OFFSET[used | bit]!;
      const base = (upper * FACES + f - 1) * MAX_CLASSES + first;
      const vo = (f - 1) * (DICE + 1) * count;
      for (let c = 0; c < count; c++) {
        const i = (base + c) * (DICE + 1);
        for (let n = 0; n <= DICE; n++) upperValue[vo + n * count + c] = UPPER_PAYS[i + n]! + table[next + UPPER_NEXT[i + n]!]!;
        if (upperValue[vo + c]! > scratch[c]!) scratch[c] = upperValue[vo + c]!;
      }
    }
    for (let r = 0; r < ROLLS; r++) a.set(scratch.subarray(0, count), r * count);

    for (let cat = FIRST_LOWER; cat < CATEGORY_COUNT; cat++) {
      if (used & (1 << cat)) continue;
      const o = STATE_OFFSET[used | (1 << cat)]! + first;
      const end = LOWER_START[cat + 1]!;
      for (let i = LOWER_START[cat]!; i < end; i++) {
        const ro = LOWER_ROLL[i]! * count;
        const points = LOWER_POINTS[i]!;
        for (let c = 0; c < count; c++) {
          const v = points + table[o + c]!;
          if (v > a[ro + c]!) a[ro + c] = v;
        }
      }
    }
    for (let f = 1; f <= FACES; f++) {
      if (used & (1 << (f - 1))) continue;
      for (let n = 1; n <= DICE; n++) {
        const j = (f - 1) * (DICE + 1) + n;
        const end = UPPER_START[j + 1]!;
        const vo = j * count;
        for (let i = UPPER_START[j]!; i < end; i++) {
          const ro = UPPER_ROLL[i]! * count;
          for (let c = 0; c < count; c++) {
            const v = upperValue[vo + c]!;
            if (v > a[ro + c]!) a[ro + c] = v;
          }
        }
      }
    }
  }

  /** Solves every state of `used` from the table's values of the states after it, into the table. */
  solveMask(table: Float64Array, used: number): void {
    const classes = CLASS_COUNT[used & UPPER_MASK]!;
    this.finalRollValues(table, used, 0, classes);
    const a = this.values;
    addDieChain(a, classes);
    bestSubKeeps(a, classes);
    addDieChain(a, classes);
    bestSubKeeps(a, classes);
    freshRollValue(a, classes, table, STATE_OFFSET[used]!);
  }
}
