import { ADD_DIE, FACES, KEEPS, keepFaceCounts, keepOfCounts, ROLLS, SUB_KEEPS, SUB_START } from '../../src/games/yahtzee/solver/dice.js';
import { CATEGORIES, scoreCounts } from '../../src/games/yahtzee/scoring.js';

const CATEGORY_COUNT = CATEGORIES.length;
const SIXTH = 1 / FACES;

/** POINTS[r * 13 + c]: what roll r scores in category c. */
const POINTS = new Uint8Array(ROLLS * CATEGORY_COUNT);
for (let r = 0; r < ROLLS; r++) {
  const counts = Array.from(keepFaceCounts(r));
  for (let c = 0; c < CATEGORY_COUNT; c++) POINTS[r * CATEGORY_COUNT + c] = scoreCounts(c, counts);
}

/** One stage of the turn: the value of each keep before a roll and the best keep within each keep. */
class Stage {
  readonly expected = new Float64Array(KEEPS);
  readonly best = new Float64Array(KEEPS);
  readonly bestKeep = new Int16Array(KEEPS);

  /** From the value of each five-dice roll after this stage's roll. */
  fill(rollValue: ArrayLike<number>): void {
    const { expected, best, bestKeep } = this;
    for (let r = 0; r < ROLLS; r++) expected[r] = rollValue[r]!;
    // Keeps are numbered from five dice down to none: the keeps one die larger come first.
    for (let k = ROLLS; k < KEEPS; k++) {
      let sum = 0;
      for (let f = 0; f < FACES; f++) sum += expected[ADD_DIE[k * FACES + f]!]!;
      expected[k] = sum * SIXTH;
    }
    for (let k = KEEPS - 1; k >= 0; k--) {
      let value = expected[k]!;
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
  }
}

/**
 * Plans one turn to maximise the expected worth of the category scored at its end: the best category for every final roll, then the
 * best keep before the third roll and before the second.
 */
export class TurnPlanner {
  private readonly finalValue = new Float64Array(ROLLS);
  private readonly finalCategory = new Int8Array(ROLLS);
  private readonly third = new Stage();
  private readonly second = new Stage();
  private readonly afterSecond = new Float64Array(ROLLS);
  private readonly counts = [0, 0, 0, 0, 0, 0, 0];

  /**
   * Scoring `points` in open category c is worth `points * weight[c] - offset[c]`; scored
   * categories have `open[c]` false.
   */
  plan(open: readonly boolean[], weight: readonly number[], offset: readonly number[]): void {
    for (let r = 0; r < ROLLS; r++) {
      let value = -Infinity;
      let category = -1;
      for (let c = 0; c < CATEGORY_COUNT; c++) {
        if (!open[c]) continue;
        const w = POINTS[r * CATEGORY_COUNT + c]! * weight[c]! - offset[c]!;
        if (w > value) {
          value = w;
          category = c;
        }
      }
      this.finalValue[r] = value;
      this.finalCategory[r] = category;
    }
    this.third.fill(this.finalValue);
    for (let r = 0; r < ROLLS; r++) this.afterSecond[r] = this.third.best[r]!;
    this.second.fill(this.afterSecond);
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
    return (rolls === 1 ? this.second : this.third).bestKeep[roll]!;
  }

  /** The category to score a final roll in. */
  categoryFor(roll: number): number {
    return this.finalCategory[roll]!;
  }
}

/** The hold mask (bit i keeps die i) that keeps the dice of `keep` from `dice`. */
const left = [0, 0, 0, 0, 0, 0, 0];

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
