/**
 * The inner loops of a turn over the 462 keep values of one state. Each loop has a fixed body: a
 * keep's six one-die-larger keeps are summed in one expression, and keeps are grouped by how many
 * one-die-smaller keeps they have so that the best-keep loop needs no inner loop. Both matter in
 * V8, whose optimising compiler does not hoist checks out of loops: every iteration pays for its
 * array checks, so an iteration should do as much as it can.
 */
import { CATEGORIES } from '../scoring.js';
import { ADD_DIE, DICE, FACES, KEEP_SIZE, KEEPS, keepFaceCounts, ROLL_PROBABILITY, ROLLS, SUB_KEEPS, SUB_START } from './dice.js';
import { SCORE } from './score-table.js';

/** Values of the 462 keeps of one state, indexed by keep. */
export type KeepValues = Float64Array;

const ADD = Int32Array.from(ADD_DIE);

/** Each keep smaller than five dice: the average of the six keeps with one more die. */
export function addDieChain(v: KeepValues): void {
  const add = ADD;
  const sixth = 1 / FACES;
  for (let k = ROLLS, j = ROLLS * FACES; k < KEEPS; k++, j += FACES) {
    v[k] = (v[add[j]!]! + v[add[j + 1]!]! + v[add[j + 2]!]! + v[add[j + 3]!]! + v[add[j + 4]!]! + v[add[j + 5]!]!) * sixth;
  }
}

/** Keeps of one size with the same number of one-die-smaller keeps, and those keeps, in a row. */
interface SubGroup {
  readonly count: number;
  readonly keeps: Int32Array;
  readonly subs: Int32Array;
}

const SUB_GROUPS: readonly SubGroup[] = (() => {
  const groups: SubGroup[] = [];
  for (let size = 1; size <= DICE; size++) {
    for (let count = 1; count <= FACES; count++) {
      const keeps: number[] = [];
      const subs: number[] = [];
      for (let k = 0; k < KEEPS; k++) {
        if (KEEP_SIZE[k] !== size || SUB_START[k + 1]! - SUB_START[k]! !== count) continue;
        keeps.push(k);
        for (let s = SUB_START[k]!; s < SUB_START[k + 1]!; s++) subs.push(SUB_KEEPS[s]!);
      }
      if (keeps.length > 0) groups.push({ count, keeps: Int32Array.from(keeps), subs: Int32Array.from(subs) });
    }
  }
  return groups;
})();

type BestOf = (v: KeepValues, keeps: Int32Array, subs: Int32Array) => void;

/**
 * The loop over keeps with `count` one-die-smaller keeps each, unrolled over those keeps. Written
 * out once per count from this template rather than five times by hand.
 */
function unrolledBestOf(count: number): BestOf {
  let step = '';
  for (let t = 0; t < count; t++) step += ` x = v[subs[j + ${t}]]; if (x > m) m = x;`;
  const body = `"use strict";
for (let i = 0, j = 0; i < keeps.length; i++, j += ${count}) {
  const k = keeps[i]; let m = v[k], x;${step}
  v[k] = m;
}`;
  return new Function('v', 'keeps', 'subs', body) as BestOf;
}

const BEST_OF: readonly BestOf[] = Array.from({ length: FACES }, (_, i) => unrolledBestOf(i + 1));

/**
 * In place, from the smallest keeps up: each keep's value becomes the value of its best sub-keep
 * (itself included), since every smaller keep lies within one of its one-die-smaller keeps.
 */
export function bestSubKeeps(v: KeepValues): void {
  for (let g = 0; g < SUB_GROUPS.length; g++) {
    const group = SUB_GROUPS[g]!;
    BEST_OF[group.count - 1]!(v, group.keeps, group.subs);
  }
}

/** The expectation of a fresh roll of five dice over the roll values v[0 .. 252), summed in roll order. */
export function freshRollValue(v: KeepValues): number {
  const p = ROLL_PROBABILITY;
  let sum = 0;
  for (let r = 0; r < ROLLS; r++) sum += p[r]! * v[r]!;
  return sum;
}

/** The rolls a lower category pays for, most points first, and the points. */
interface Paying {
  readonly rolls: Int32Array;
  readonly points: Float64Array;
}

const LOWER_PAYING: readonly Paying[] = CATEGORIES.map((_, c) => {
  const at = (r: number) => SCORE[r * CATEGORIES.length + c]!;
  const rolls = Array.from({ length: ROLLS }, (_, r) => r)
    .filter((r) => at(r) > 0)
    .sort((a, b) => at(b) - at(a) || a - b);
  return { rolls: Int32Array.from(rolls), points: Float64Array.from(rolls, at) };
});

/**
 * Raises each final roll's value to (points of lower category c) + e where that is better. Rolls
 * come by points, most first, so once (points + e) cannot beat `floor` (the best scratch, which
 * every roll's value already reaches) the rest cannot either.
 */
export function scoreLower(v: KeepValues, category: number, e: number, floor: number): void {
  const { rolls, points } = LOWER_PAYING[category]!;
  for (let i = 0; i < rolls.length; i++) {
    const x = points[i]! + e;
    if (x <= floor) return;
    const r = rolls[i]!;
    if (x > v[r]!) v[r] = x;
  }
}

/** UPPER_ROLLS[(f - 1) * 6 + n]: the rolls with exactly n dice of face f (n = 1..5). */
const UPPER_ROLLS: readonly Int32Array[] = Array.from({ length: FACES * (DICE + 1) }, (_, i) => {
  const f = Math.floor(i / (DICE + 1)) + 1;
  const n = i % (DICE + 1);
  const rolls: number[] = [];
  if (n > 0) for (let r = 0; r < ROLLS; r++) if (keepFaceCounts(r)[f] === n) rolls.push(r);
  return Int32Array.from(rolls);
});

/** Raises each final roll with exactly n dice of face f to `value` where that is better. */
export function scoreUpper(v: KeepValues, face: number, n: number, value: number): void {
  const rolls = UPPER_ROLLS[(face - 1) * (DICE + 1) + n]!;
  for (let i = 0; i < rolls.length; i++) {
    const r = rolls[i]!;
    if (value > v[r]!) v[r] = value;
  }
}
