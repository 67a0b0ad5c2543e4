/**
 * The turn-start states the solver holds: which categories are used, and how many upper-section
 * points the card still needs for the bonus ("need").
 *
 * The upper total itself is not kept. Scoring pays the bonus the moment the upper total reaches
 * 63, so the future of a card depends on its upper total only through which future upper scores
 * would still earn the bonus. Two totals that no reachable future upper score separates lead to
 * the same bonus outcome and share one state: the need is rounded up to the smallest upper score
 * the open upper categories can still make, and a bonus already earned or out of reach is need 0.
 * Only the needs some upper total reachable from the used upper categories produces are kept.
 * Together this holds 207 104 states instead of 8192 x 64.
 */
import { CATEGORIES, UPPER_BONUS, UPPER_BONUS_THRESHOLD } from '../scoring.js';
import { DICE, FACES } from './dice.js';

export const CATEGORY_COUNT = CATEGORIES.length;
export const MASKS = 1 << CATEGORY_COUNT;
export const FULL_MASK = MASKS - 1;
/** The upper categories are bits 0..5 of a used mask (face f is bit f - 1). */
export const UPPER_MASK = (1 << FACES) - 1;
const UPPER_SETS = 1 << FACES;
/** The largest upper total five dice per face can make: 5 x (1 + ... + 6). */
export const MAX_UPPER_TOTAL = DICE * 21;
/** Needs run 0..105: rounding up to a score the open categories can make may pass 63. */
const NEEDS = MAX_UPPER_TOTAL + 1;

/** Upper totals reachable with the used upper set U: REACHABLE[U * (MAX_UPPER_TOTAL + 1) + t]. */
const REACHABLE = new Uint8Array(UPPER_SETS * (MAX_UPPER_TOTAL + 1));
/** CANON_NEED[U * NEEDS + need]: the need a raw need becomes when U is used (0: out of reach). */
const CANON_NEED = new Uint8Array(UPPER_SETS * NEEDS);
/** NEED_CLASS[U * NEEDS + need]: index of that need among U's states (-1: not a state). */
const NEED_CLASS = new Int8Array(UPPER_SETS * NEEDS).fill(-1);
/** The needs held for each used upper set, ascending. */
const CLASS_NEEDS: number[][] = [];
/** The number of states per used mask, by its upper set. */
export const CLASS_COUNT = new Int32Array(UPPER_SETS);

/** Sums of n x f over the faces of `faces` (bitmask), n = 0..5 each, as a 0/1 array. */
function sums(faces: number): Uint8Array {
  let reach = new Uint8Array(MAX_UPPER_TOTAL + 1);
  reach[0] = 1;
  for (let f = 1; f <= FACES; f++) {
    if ((faces >> (f - 1)) & 1) {
      const next = new Uint8Array(MAX_UPPER_TOTAL + 1);
      for (let t = 0; t <= MAX_UPPER_TOTAL; t++) if (reach[t]) for (let n = 0; n <= DICE && t + n * f <= MAX_UPPER_TOTAL; n++) next[t + n * f] = 1;
      reach = next;
    }
  }
  return reach;
}

for (let u = 0; u < UPPER_SETS; u++) {
  const reach = sums(u);
  REACHABLE.set(reach, u * (MAX_UPPER_TOTAL + 1));
  const future = sums(UPPER_MASK & ~u);
  for (let need = 1; need < NEEDS; need++) {
    let s = need;
    while (s <= MAX_UPPER_TOTAL && !future[s]) s++;
    CANON_NEED[u * NEEDS + need] = s <= MAX_UPPER_TOTAL ? s : 0;
  }
  const needs = new Set<number>();
  for (let t = 0; t <= MAX_UPPER_TOTAL; t++) if (reach[t]) needs.add(t >= UPPER_BONUS_THRESHOLD ? 0 : CANON_NEED[u * NEEDS + UPPER_BONUS_THRESHOLD - t]!);
  const sorted = [...needs].sort((a, b) => a - b);
  sorted.forEach((need, i) => {
    NEED_CLASS[u * NEEDS + need] = i;
  });
  CLASS_NEEDS.push(sorted);
  CLASS_COUNT[u] = sorted.length;
}

export const MAX_CLASSES = Math.max(...CLASS_COUNT);

/** The first state of each used mask; a mask's states are its needs, ascending. */
export const STATE_OFFSET = new Int32Array(MASKS + 1);
for (let m = 0; m < MASKS; m++) STATE_OFFSET[m + 1] = STATE_OFFSET[m]! + CLASS_COUNT[m & UPPER_MASK]!;
/** Every turn-start state the table holds, the finished cards included. */
export const STATE_COUNT = STATE_OFFSET[MASKS]!;

/** Can the used upper categories of `used` have made `upperTotal` (uncapped)? */
export function upperTotalReachable(used: number, upperTotal: number): boolean {
  return Number.isInteger(upperTotal) && upperTotal >= 0 && upperTotal <= MAX_UPPER_TOTAL && REACHABLE[(used & UPPER_MASK) * (MAX_UPPER_TOTAL + 1) + upperTotal] === 1;
}

/** The need of a card with upper total `upperTotal` whose used categories are `used`. */
export function bonusNeed(used: number, upperTotal: number): number {
  return upperTotal >= UPPER_BONUS_THRESHOLD ? 0 : CANON_NEED[(used & UPPER_MASK) * NEEDS + UPPER_BONUS_THRESHOLD - upperTotal]!;
}

/** The table index of the state of a card (its upper total must be reachable, see above). */
export function stateIndex(used: number, upperTotal: number): number {
  const cls = NEED_CLASS[(used & UPPER_MASK) * NEEDS + bonusNeed(used, upperTotal)]!;
  if (cls < 0) throw new RangeError(`upper total ${upperTotal} cannot go with used mask ${used}`);
  return STATE_OFFSET[used]! + cls;
}

/** The needs of the states of `used`, in table order. */
export function classNeeds(used: number): readonly number[] {
  return CLASS_NEEDS[used & UPPER_MASK]!;
}

/**
 * Scoring n dice of face f in the upper section, from each state of a used upper set:
 * UPPER_NEXT[((u * 6 + f - 1) * MAX_CLASSES + cls) * 6 + n] is the next state's class (of
 * u | face f) and UPPER_PAYS the points earned now, bonus included.
 */
export const UPPER_NEXT = new Int8Array(UPPER_SETS * FACES * MAX_CLASSES * (DICE + 1)).fill(-1);
export const UPPER_PAYS = new Float64Array(UPPER_NEXT.length);
for (let u = 0; u < UPPER_SETS; u++) {
  for (let f = 1; f <= FACES; f++) {
    const bit = 1 << (f - 1);
    if (u & bit) continue;
    const next = u | bit;
    CLASS_NEEDS[u]!.forEach((need, cls) => {
      for (let n = 0; n <= DICE; n++) {
        const points = n * f;
        const earned = need > 0 && points >= need;
        const nextNeed = need === 0 || earned ? 0 : CANON_NEED[next * NEEDS + need - points]!;
        const i = ((u * FACES + f - 1) * MAX_CLASSES + cls) * (DICE + 1) + n;
        UPPER_NEXT[i] = NEED_CLASS[next * NEEDS + nextNeed]!;
        UPPER_PAYS[i] = points + (earned ? UPPER_BONUS : 0);
      }
    });
  }
}

export function popcount(m: number): number {
  let n = 0;
  for (; m !== 0; m &= m - 1) n++;
  return n;
}

/** LAYERS[n]: the used masks with n categories used, ascending. A layer needs only the next one. */
export const LAYERS: readonly Int32Array[] = Array.from({ length: CATEGORY_COUNT + 1 }, (_, n) => {
  const masks: number[] = [];
  for (let m = 0; m < MASKS; m++) if (popcount(m) === n) masks.push(m);
  return Int32Array.from(masks);
});
