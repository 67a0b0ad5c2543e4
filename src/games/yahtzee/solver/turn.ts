/**
 * One turn of one card solved from the table, with every intermediate value kept: what each final
 * roll is worth in each category, and what each keep is worth before the last roll and before the
 * second. The bot, the advisor and the score distribution decide
 * from it; its values are the table's to the last bit, since it runs the same kernels on the same
 * inputs.
 *
 * Ties are broken the same way everywhere: among equally good keeps the one holding the most dice
 * (the first in keep order; keeping all five means scoring now), among equally good categories the
 * first in category order.
 */
import { bestKeepWithin, DICE, FACES, KEEPS, keepFaceCounts, ROLLS } from './dice.js';
import { addDieChain, bestSubKeeps, rollExpectation } from './kernels.js';
import { SCORE } from './score-table.js';
import { CATEGORY_COUNT, STATE_OFFSET, stateIndex, UPPER_NEXT, UPPER_PAYS } from './states.js';
import type { OptimalTable } from './table.js';
import { finalRollValues, KEEP_VALUES, LOWER_VALUES, upperAt, UPPER_VALUES } from './widget.js';

export class TurnSolver {
  /** The value of scoring n dice of face f now ((f - 1) * 6 + n), and of the card after each lower category. */
  private readonly upper = new Float64Array(UPPER_VALUES.length);
  private readonly lower = new Float64Array(LOWER_VALUES.length);
  /** The best final value of each roll: its best category's points plus what follows. */
  readonly finalValues = new Float64Array(ROLLS);
  /** Each keep's value with one roll left, and with two rolls left. */
  private readonly oneRollLeft = new Float64Array(KEEPS);
  private readonly twoRollsLeft = new Float64Array(KEEPS);
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
    const v = KEEP_VALUES;
    this.used = used;
    this.cls = cls;
    finalRollValues(this.table.values, used, cls);
    this.upper.set(UPPER_VALUES);
    this.lower.set(LOWER_VALUES);
    this.finalValues.set(v.subarray(0, ROLLS));
    addDieChain();
    this.oneRollLeft.set(v);
    bestSubKeeps();
    addDieChain();
    this.twoRollsLeft.set(v);
    bestSubKeeps();
    this.turnValue = rollExpectation();
    this.solved = index;
    return this;
  }

  /** The value of each keep (by keep index) with `rollsLeft` (1 or 2) rolls still to come. */
  keepValues(rollsLeft: 1 | 2): Float64Array {
    return rollsLeft === 1 ? this.oneRollLeft : this.twoRollsLeft;
  }

  /** The best keep of `roll` with `rollsLeft` (1 or 2) rolls left; `roll` itself means: score now. */
  bestKeep(roll: number, rollsLeft: 1 | 2): number {
    return bestKeepWithin(this.keepValues(rollsLeft), roll);
  }

  /** Scoring `roll` in open category `category` now: its points plus the value of the card after. */
  categoryValue(roll: number, category: number): number {
    if (category >= FACES) return SCORE[roll * CATEGORY_COUNT + category]! + this.lower[category]!;
    return this.upper[category * (DICE + 1) + keepFaceCounts(roll)[category + 1]!]!;
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
