import {
  ADD_DIE,
  bestKeepWithin,
  FACES,
  KEEPS,
  keepFaceCounts,
  keepOfCounts,
  ROLLS,
  SUB_KEEPS,
  SUB_START,
} from '../../src/games/yahtzee/solver/dice.js';
import { SCORE } from '../../src/games/yahtzee/solver/score-table.js';
import { CATEGORIES } from '../../src/games/yahtzee/scoring.js';

const CATEGORY_COUNT = CATEGORIES.length;
const SIXTH = 1 / FACES;

/** BY_CATEGORY[c * 252 + r]: SCORE by category, so that a category's rolls are read in a row. */
const BY_CATEGORY = new Float64Array(CATEGORY_COUNT * ROLLS);
for (let c = 0; c < CATEGORY_COUNT; c++) for (let r = 0; r < ROLLS; r++) BY_CATEGORY[c * ROLLS + r] = SCORE[r * CATEGORY_COUNT + c]!;

/** The expected value of every keep before a roll, from the value of each five-dice roll after it. */
function fillExpected(expected: Float64Array, rollValue: ArrayLike<number>): void {
  for (let r = 0; r < ROLLS; r++) expected[r] = rollValue[r]!;
  // Keeps are numbered from five dice down to none: the keeps one die larger come first.
  for (let k = ROLLS; k < KEEPS; k++) {
    let sum = 0;
    for (let f = 0; f < FACES; f++) sum += expected[ADD_DIE[k * FACES + f]!]!;
    expected[k] = sum * SIXTH;
  }
}

/**
 * Plans one turn to maximise the expected worth of the category scored at its end: the best
 * category for every final roll, the best keep of every roll before the third roll, and the value
 * of every keep before the second, from which the keep after the first roll is picked.
 */
export class TurnPlanner {
  private readonly finalValue = new Float64Array(ROLLS);
  private readonly finalCategory = new Int8Array(ROLLS);
  private readonly beforeThird = new Float64Array(KEEPS);
  private readonly bestBeforeThird = new Float64Array(KEEPS);
  private readonly bestKeepBeforeThird = new Int16Array(KEEPS);
  private readonly beforeSecond = new Float64Array(KEEPS);
  private readonly counts = [0, 0, 0, 0, 0, 0, 0];

  /**
   * Scoring `points` in open category c is worth `points * weight[c] - offset[c]`; scored
   * categories have `open[c]` false.
   */
  plan(open: readonly boolean[], weight: readonly number[], offset: readonly number[]): void {
    const { finalValue, finalCategory } = this;
    finalValue.fill(-Infinity);
    for (let c = 0; c < CATEGORY_COUNT; c++) {
      if (!open[c]) continue;
      const w = weight[c]!;
      const o = offset[c]!;
      const at = c * ROLLS;
      for (let r = 0; r < ROLLS; r++) {
        const value = BY_CATEGORY[at + r]! * w - o;
        if (value > finalValue[r]!) {
          finalValue[r] = value;
          finalCategory[r] = c;
        }
      }
    }
    fillExpected(this.beforeThird, this.finalValue);
    // The best keep within each keep: itself, or the best within one of its keeps of one die less
    // (those come later in the numbering). Ties go to the larger keep.
    const { beforeThird, bestBeforeThird: best, bestKeepBeforeThird: bestKeep } = this;
    for (let k = KEEPS - 1; k >= 0; k--) {
      let value = beforeThird[k]!;
      let keep = k;
      for (let s = SUB_START[k]!; s < SUB_START[k + 1]!; s++) {
        const sub = SUB_KEEPS[s]!;
        if (best[sub]! > value) {
          value = best[sub]!;
          keep = bestKeep[sub]!;
        }
      }
      best[k] = value;
      bestKeep[k] = keep;
    }
    fillExpected(this.beforeSecond, best);
  }

  /** The roll index of five dice. */
  rollOf(dice: readonly number[]): number {
    const counts = this.counts;
    counts.fill(0);
    for (let i = 0; i < dice.length; i++) counts[dice[i]!]!++;
    return keepOfCounts(counts);
  }

  /** The keep to roll from after `rolls` rolls (1 or 2); the roll itself means: stop and score. */
  keepAfter(rolls: number, roll: number): number {
    return rolls === 2 ? this.bestKeepBeforeThird[roll]! : bestKeepWithin(this.beforeSecond, roll);
  }

  /** The category to score a final roll in. */
  categoryFor(roll: number): number {
    return this.finalCategory[roll]!;
  }
}

const left = [0, 0, 0, 0, 0, 0, 0];

/** The hold mask (bit i keeps die i) that keeps the dice of `keep` from `dice`. */
export function holdMask(dice: readonly number[], keep: number): number {
  const wanted = keepFaceCounts(keep);
  for (let f = 1; f <= FACES; f++) left[f] = wanted[f]!;
  let mask = 0;
  for (let i = 0; i < dice.length; i++) {
    if (left[dice[i]!]! > 0) {
      left[dice[i]!]!--;
      mask |= 1 << i;
    }
  }
  return mask;
}
