/**
 * The dice of one turn as multisets: the 252 rolls of five dice and the 462 keeps of zero to five
 * dice, with the links the widget walks. Order never matters in Yahtzee scoring, so a roll is its
 * face counts, not the 7776 ordered outcomes.
 *
 * Keeps are numbered from five dice down to none: keep `r` for r < 252 is roll `r` (keeping all
 * five dice), and the empty keep is the last. Walking the numbers upwards therefore always meets
 * a keep after every keep with one more die, and downwards after every keep with one die less.
 */

export const DICE = 5;
export const FACES = 6;
export const ROLLS = 252;
export const KEEPS = 462;
export const EMPTY_KEEP = KEEPS - 1;

/** counts (index 1..6) of each keep. */
const keepCounts: Uint8Array[] = [];
/** The number of dice of each keep. */
export const KEEP_SIZE = new Uint8Array(KEEPS);
/** Base-6 code of a keep's counts -> keep index (-1: not a keep). */
const CODE_TO_KEEP = new Int16Array(6 ** FACES).fill(-1);

function codeOf(counts: ArrayLike<number>): number {
  let code = 0;
  for (let f = FACES; f >= 1; f--) code = code * 6 + counts[f]!;
  return code;
}

function enumerate(size: number, face: number, counts: Uint8Array): void {
  if (face > FACES) {
    if (size === 0) {
      const k = keepCounts.length;
      keepCounts.push(counts.slice());
      CODE_TO_KEEP[codeOf(counts)] = k;
    }
    return;
  }
  for (let n = size; n >= 0; n--) {
    counts[face] = n;
    enumerate(size - n, face + 1, counts);
  }
  counts[face] = 0;
}

for (let size = DICE; size >= 0; size--) enumerate(size, 1, new Uint8Array(FACES + 1));
keepCounts.forEach((c, k) => {
  KEEP_SIZE[k] = c.reduce((a, b) => a + b, 0);
});

/** ADD_DIE[k * 6 + f - 1]: keep k with one more die showing f (keeps of fewer than five dice). */
export const ADD_DIE = new Int16Array(KEEPS * FACES).fill(-1);
/**
 * The keeps with one die less, one per distinct face: SUB_KEEPS[SUB_START[k] .. SUB_START[k + 1]).
 * Every smaller keep of k is reached through them, which is what makes "best keep = best of
 * the keep itself and the best keeps of its one-die-smaller keeps" exact.
 */
export const SUB_START = new Int32Array(KEEPS + 1);
const subs: number[] = [];
for (let k = 0; k < KEEPS; k++) {
  SUB_START[k] = subs.length;
  const c = keepCounts[k]!.slice();
  for (let f = 1; f <= FACES; f++) {
    if (KEEP_SIZE[k]! < DICE) {
      c[f]!++;
      ADD_DIE[k * FACES + f - 1] = CODE_TO_KEEP[codeOf(c)]!;
      c[f]!--;
    }
    if (c[f]! > 0) {
      c[f]!--;
      subs.push(CODE_TO_KEEP[codeOf(c)]!);
      c[f]!++;
    }
  }
}
SUB_START[KEEPS] = subs.length;
export const SUB_KEEPS = Int16Array.from(subs);

const FACTORIAL = [1, 1, 2, 6, 24, 120];

/** The probability of each roll of five fresh dice. */
export const ROLL_PROBABILITY = new Float64Array(ROLLS);
for (let r = 0; r < ROLLS; r++) {
  let ways = FACTORIAL[DICE]!;
  for (let f = 1; f <= FACES; f++) ways /= FACTORIAL[keepCounts[r]![f]!]!;
  ROLL_PROBABILITY[r] = ways / FACES ** DICE;
}

/** The face counts (index 1..6) of a keep. Read-only. */
export function keepFaceCounts(keep: number): Readonly<Uint8Array> {
  return keepCounts[keep]!;
}

/** The dice of a keep, ascending. */
export function keepDice(keep: number): number[] {
  const dice: number[] = [];
  const c = keepCounts[keep]!;
  for (let f = 1; f <= FACES; f++) for (let n = 0; n < c[f]!; n++) dice.push(f);
  return dice;
}

/** The keep holding exactly `counts` (index 1..6), or -1 if that is more than five dice. */
export function keepOfCounts(counts: ArrayLike<number>): number {
  let size = 0;
  for (let f = 1; f <= FACES; f++) size += counts[f]!;
  return size > DICE ? -1 : CODE_TO_KEEP[codeOf(counts)]!;
}

/** Is keep `small` a sub-multiset of keep `big`? */
export function keepWithin(small: number, big: number): boolean {
  const s = keepCounts[small]!;
  const b = keepCounts[big]!;
  for (let f = 1; f <= FACES; f++) if (s[f]! > b[f]!) return false;
  return true;
}

/**
 * The distinct keeps within each roll, ascending (so the roll itself, keeping all five dice,
 * comes first, then the keeps of four dice, ...): ROLL_SUBKEEPS[ROLL_SUBKEEP_START[r] .. [r + 1]).
 */
export const ROLL_SUBKEEP_START = new Int32Array(ROLLS + 1);
const within: number[] = [];
for (let r = 0; r < ROLLS; r++) {
  ROLL_SUBKEEP_START[r] = within.length;
  const found: number[] = [];
  for (let k = 0; k < KEEPS; k++) if (keepWithin(k, r)) found.push(k);
  within.push(...found);
}
ROLL_SUBKEEP_START[ROLLS] = within.length;
export const ROLL_SUBKEEPS = Int16Array.from(within);

/** The keep within `roll` whose value (`values`, by keep index) is highest; ties go to the larger keep. */
export function bestKeepWithin(values: Float64Array, roll: number): number {
  let best = roll;
  for (let i = ROLL_SUBKEEP_START[roll]! + 1; i < ROLL_SUBKEEP_START[roll + 1]!; i++) {
    const k = ROLL_SUBKEEPS[i]!;
    if (values[k]! > values[best]!) best = k;
  }
  return best;
}
