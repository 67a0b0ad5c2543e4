/**
 * One turn of one card solved from the table, with every intermediate value kept: what each final
 * roll is worth in each category, what each keep is worth before the last roll and before the
 * second, and the best keep of every roll. The bot, the advisor and the score distribution decide
 * from it; its values are the table's to the last bit, since it runs the same kernels on the same
 * inputs.
 *
 * Ties are broken the same way everywhere: among equally good keeps the one holding the most dice
 * (the first in keep order; keeping all five means scoring now), among equally good categories the
 * first in category order.
 */
import { DICE, FACES, KEEPS, keepFaceCounts, ROLLS, SUB_KEEPS, SUB_START } from './dice.js';
import { addDieChain, bestSubKeeps, freshRollValue, type KeepValues } from './kernels.js';
import { SCORE } from './score-table.js';
import { CATEGORY_COUNT, STATE_OFFSET, stateIndex, UPPER_NEXT, UPPER_PAYS } from './states.js';
import type { OptimalTable } from './table.js';
import { upperAt, Widget } from './widget.js';

/** The keeps of one stage of a turn: their values and each keep's best sub-keep. */
class Stage {
  readonly values: KeepValues = new Float64Array(KEEPS);
  readonly best = new Int16Array(KEEPS);
  private readonly bestValue = new Float64Array(KEEPS);

  /** Takes the keep values and finds each keep's best sub-keep, the lowest index among equals. */
  fill(values: KeepValues): void {
    this.values.set(values);
    const { best, bestValue } = this;
    for (let k = KEEPS - 1; k >= 0; k--) {
      let b = k;
      let bv = values[k]!;
      for (let s = SUB_START[k]!; s < SUB_START[k + 1]!; s++) {
        const sub = SUB_KEEPS[s]!;
        const v = bestValue[sub]!;
        if (v > bv || (v === bv && best[sub]! < b)) {
          b = best[sub]!;
          bv = v;
        }
      }
      best[k] = b;
      bestValue[k] = bv;
    }
  }
}

export class TurnSolver {
  private readonly widget = new Widget();
  /** The best final value of each roll: its best category's points plus what follows. */
  readonly finalValues = new Float64Array(ROLLS);
  /** stages[1]: the keeps with one roll left; stages[2]: with two rolls left. */
  private readonly stages = [new Stage(), new Stage(), new Stage()] as const;
  /** The value of the turn-start state. */
  turnValue = 0;
  private used = 0;
  private cls = 0;
  private solved = -1;

  constructor(private readonly table: OptimalTable) {}

  /** Solves the turn of the card with categories `used` (mask) and upper total `upperTotal`. */
  solve(used: number, upperTotal: number): this {
    return this.solveState(used, stateIndex(used, upperTotal) - STATE_OFFSET[used]!);
  }

  /** Solves the turn of state `cls` (its index among the states of `used`, see states.ts). */
  solveState(used: number, cls: number): this {
    const index = STATE_OFFSET[used]! + cls;
    if (index === this.solved) return this;
    const v = this.widget.values;
    this.used = used;
    this.cls = cls;
    this.widget.finalRollValues(this.table.values, used, cls);
    for (let r = 0; r < ROLLS; r++) this.finalValues[r] = v[r]!;
    addDieChain(v);
    this.stages[1].fill(v);
    bestSubKeeps(v);
    addDieChain(v);
    this.stages[2].fill(v);
    bestSubKeeps(v);
    this.turnValue = freshRollValue(v);
    this.solved = index;
    return this;
  }

  /** The value of each keep (by keep index) with `rollsLeft` (1 or 2) rolls still to come. */
  keepValues(rollsLeft: 1 | 2): Float64Array {
    return this.stages[rollsLeft].values;
  }

  /** The best keep of `roll` with `rollsLeft` (1 or 2) rolls left; `roll` itself means: score now. */
  bestKeep(roll: number, rollsLeft: 1 | 2): number {
    return this.stages[rollsLeft].best[roll]!;
  }

  /** Scoring `roll` in open category `category` now: its points plus the value of the card after. */
  categoryValue(roll: number, category: number): number {
    if (category >= FACES) return SCORE[roll * CATEGORY_COUNT + category]! + this.widget.lower[category]!;
    return this.widget.upper[category * (DICE + 1) + keepFaceCounts(roll)[category + 1]!]!;
  }

  /** The best open category to score `roll` in. */
  bestCategory(roll: number): number {
    let best = -1;
    let bestValue = -Infinity;
    for (let c = 0; c < CATEGORY_COUNT; c++) {
      if (this.used & (1 << c)) continue;
      const value = this.categoryValue(roll, c);
      if (value > bestValue) {
        best = c;
        bestValue = value;
      }
    }
    return best;
  }

  /** The points of scoring `roll` in `category` now, the upper bonus included if this earns it. */
  pointsNow(roll: number, category: number): number {
    if (category >= FACES) return SCORE[roll * CATEGORY_COUNT + category]!;
    return UPPER_PAYS[upperAt(this.used, category + 1, this.cls) + keepFaceCounts(roll)[category + 1]!]!;
  }

  /** The table index of the state after scoring `roll` in `category`. */
  nextState(roll: number, category: number): number {
    const next = STATE_OFFSET[this.used | (1 << category)]!;
    if (category >= FACES) return next + this.cls;
    return next + UPPER_NEXT[upperAt(this.used, category + 1, this.cls) + keepFaceCounts(roll)[category + 1]!]!;
  }
}
