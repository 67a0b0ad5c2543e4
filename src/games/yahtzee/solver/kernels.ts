/**
 * The inner loops of a turn over the 462 keep values of one state.
 *
 * The two big ones (a keep's value from the six keeps with one die more; a keep's best sub-keep
 * from the keeps with one die less) are written out once at load, as straight-line JavaScript
 * with constant indices, from the dice lattice. Why: V8's optimising compiler does no
 * loop-invariant code motion, so a loop driven by index tables re-checks its arrays, reloads
 * their data pointers and bounds-checks every index it reads, at every step: measured, 2.4 times
 * the instructions of the same work written out, whose accesses are one bounds check against a
 * constant and one load, like scalar C. The pieces are kept small (CHUNK keeps each) because
 * V8's compile time grows faster than linearly with the size of a function: one piece per keep
 * size took over a second to compile.
 */
import { CATEGORIES } from '../scoring.js';
import { ADD_DIE, DICE, FACES, KEEP_SIZE, KEEPS, keepFaceCounts, ROLL_PROBABILITY, ROLLS, SUB_KEEPS, SUB_START } from './dice.js';
import { SCORE } from './score-table.js';

/** Values of the 462 keeps of one state, indexed by keep. */
export type KeepValues = Float64Array;

type Kernel = (v: KeepValues) => void;

/** Keeps per generated piece: small enough to compile in a few milliseconds each. */
const CHUNK = 48;

/** Compiles `statements` into pieces of CHUNK, named for profiles; numbers only go into the source. */
function pieces(name: string, statements: readonly string[]): Kernel[] {
  const out: Kernel[] = [];
  for (let i = 0; i < statements.length; i += CHUNK) {
    const body = statements.slice(i, i + CHUNK).join('\n');
    out.push(new Function(`return function ${name}_${i}(v) {\n"use strict";\nlet m, x;\n${body}\n};`)() as Kernel);
  }
  return out;
}

/** The keeps of each size, in keep order. */
function keepsOfSize(size: number): number[] {
  return Array.from({ length: KEEPS }, (_, k) => k).filter((k) => KEEP_SIZE[k] === size);
}

const SIXTH = String(1 / FACES);

/** Sizes 4 down to 0: each keep after every keep with one die more. */
const CHAIN = pieces(
  'chain',
  [4, 3, 2, 1, 0].flatMap(keepsOfSize).map((k) => {
    const terms = Array.from({ length: FACES }, (_, f) => `v[${ADD_DIE[k * FACES + f]}]`);
    return `v[${k}] = (${terms.join(' + ')}) * ${SIXTH};`;
  }),
);

/** Each keep smaller than five dice: the average of the six keeps with one more die. */
export function addDieChain(v: KeepValues): void {
  for (let i = 0; i < CHAIN.length; i++) CHAIN[i]!(v);
}

/** Sizes 1 up to 5: each keep after every keep with one die less. */
const BEST = pieces(
  'best',
  [1, 2, 3, 4, 5].flatMap(keepsOfSize).map((k) => {
    let line = `m = v[${k}];`;
    for (let s = SUB_START[k]!; s < SUB_START[k + 1]!; s++) line += ` x = v[${SUB_KEEPS[s]}]; if (x > m) m = x;`;
    return `${line} v[${k}] = m;`;
  }),
);

/**
 * In place, from the smallest keeps up: each keep's value becomes the value of its best sub-keep
 * (itself included), since every smaller keep lies within one of its one-die-smaller keeps.
 */
export function bestSubKeeps(v: KeepValues): void {
  for (let i = 0; i < BEST.length; i++) BEST[i]!(v);
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
