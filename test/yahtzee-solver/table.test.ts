import { describe, expect, it } from 'vitest';
import { buildTable } from '../../src/games/yahtzee/solver/build.js';
import { buildTableSync } from '../../src/games/yahtzee/solver/layers.js';
import { keepDice, ROLL_SUBKEEP_START, ROLL_SUBKEEPS, ROLLS } from '../../src/games/yahtzee/solver/dice.js';
import { CATEGORY_COUNT, CLASS_COUNT, FULL_MASK, MASKS, STATE_OFFSET, UPPER_MASK } from '../../src/games/yahtzee/solver/states.js';
import { OptimalTable } from '../../src/games/yahtzee/solver/table.js';
import { TurnSolver } from '../../src/games/yahtzee/solver/turn.js';
import { Sfc32 } from '../../src/core/rng.js';

/**
 * The exact optimum for these rules (13 categories, upper bonus 35 at 63, no Yahtzee bonus, no
 * joker): Glenn (2006) gives "approximately 245.87"; independent exact solvers agree on
 * 245.8707745141 (ten places), e.g. 245.870775 with SD 39.8201 for the "plain" rules.
 */
const PUBLISHED_OPTIMUM = 245.8707745141;

const table = new OptimalTable(buildTableSync());

describe('the optimal table', () => {
  it('gives the empty card the published optimum, to 1e-6', () => {
    expect(Math.abs(table.expectedScore - PUBLISHED_OPTIMUM)).toBeLessThan(1e-6);
    expect(table.value(FULL_MASK, 70)).toBe(0);
  });

  it('is the same to the last bit when two threads share the work', async () => {
    const threaded = await buildTable(2);
    let differing = 0;
    for (let i = 0; i < threaded.length; i++) if (threaded[i] !== table.values[i]) differing++;
    expect(differing).toBe(0);
  });

  it('is reproduced by re-solving any turn from it, and every best choice is the best of its options', () => {
    const rng = new Sfc32(1, 2, 3, 4);
    const turn = new TurnSolver(table);
    for (let trial = 0; trial < 300; trial++) {
      let used = rng.int(MASKS);
      if (used === FULL_MASK) used = 0;
      const cls = rng.int(CLASS_COUNT[used & UPPER_MASK]!);
      turn.solveState(used, cls);
      expect(turn.turnValue).toBe(table.values[STATE_OFFSET[used]! + cls]);
      const roll = rng.int(ROLLS);
      let bestCategory = -Infinity;
      for (let c = 0; c < CATEGORY_COUNT; c++) if (!(used & (1 << c))) bestCategory = Math.max(bestCategory, turn.categoryValue(roll, c));
      expect(turn.finalValues[roll]).toBe(bestCategory);
      expect(turn.categoryValue(roll, turn.bestCategory(roll))).toBe(bestCategory);
      for (const rollsLeft of [1, 2] as const) {
        const values = turn.keepValues(rollsLeft);
        let bestKeep = -Infinity;
        for (let i = ROLL_SUBKEEP_START[roll]!; i < ROLL_SUBKEEP_START[roll + 1]!; i++) bestKeep = Math.max(bestKeep, values[ROLL_SUBKEEPS[i]!]!);
        expect(values[turn.bestKeep(roll, rollsLeft)]).toBe(bestKeep);
      }
    }
  });

  it('breaks ties towards keeping more dice: with nothing worth rerolling for, it stands pat', () => {
    // Only Chance open, 6 6 6 6 6: every keep that rerolls a six loses, keeping all five scores 30 now.
    const turn = new TurnSolver(table).solve(FULL_MASK & ~(1 << 12), 70);
    const sixes = ROLL_SUBKEEPS[ROLL_SUBKEEP_START[ROLLS - 1]!]!;
    expect(keepDice(sixes)).toEqual([6, 6, 6, 6, 6]);
    expect(turn.bestKeep(sixes, 2)).toBe(sixes);
  });
});
