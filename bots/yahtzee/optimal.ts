import type { BotFactory } from '../../src/core/bot.js';
import type { YahtzeeAction } from '../../src/games/yahtzee/actions.js';
import { CATEGORIES, faceCounts } from '../../src/games/yahtzee/scoring.js';
import { keepOfCounts } from '../../src/games/yahtzee/solver/dice.js';
import { prepareTable } from '../../src/games/yahtzee/solver/page-table.js';
import { sharedTable } from '../../src/games/yahtzee/solver/table.js';
import { TurnSolver } from '../../src/games/yahtzee/solver/turn.js';
import { MAX_ROLLS } from '../../src/games/yahtzee/state.js';
import type { YahtzeeView } from '../../src/games/yahtzee/view.js';
import { holdMask } from './turn-planner.js';

/**
 * The strategy that maximises the expected final score, exactly: each turn is solved from the
 * table of every turn-start state's value (`parlor yahtzee solve`). It plays every game as if
 * alone, also against others: a series is won on the sum of its games, and the best expected sum
 * is the sum of the best expected games.
 */
// One per thread: bots act one at a time, and the solver re-solves whenever the card changes.
let solver: TurnSolver | undefined;

export const optimalBot: BotFactory<YahtzeeView, YahtzeeAction> = {
  name: 'optimal',
  description: 'exact expected-score maximiser, from the solved table of every turn-start state',
  create: () => {
    const turn = (solver ??= new TurnSolver(sharedTable()));
    const counts = [0, 0, 0, 0, 0, 0, 0];
    return {
      act(view, legal) {
        // Throwing for the turn order, or the first roll of a turn: one legal action.
        if (view.dice === null) return legal[0]!;
        let used = 0;
        for (let c = 0; c < CATEGORIES.length; c++) if (view.sheet[c] !== null) used |= 1 << c;
        turn.solve(used, view.upper);
        const roll = keepOfCounts(faceCounts(view.dice, counts));
        const rollsLeft = MAX_ROLLS - view.rolls;
        if (rollsLeft === 1 || rollsLeft === 2) {
          const keep = turn.bestKeep(roll, rollsLeft);
          if (keep !== roll) {
            const hold = holdMask(view.dice, keep);
            for (const action of legal) if (action.type === 'roll' && action.hold === hold) return action;
          }
        }
        const category = CATEGORIES[turn.bestCategory(roll)];
        for (const action of legal) if (action.type === 'score' && action.category === category) return action;
        throw new Error(`no legal action scores ${category}`);
      },
    };
  },
};

/**
 * Readies the table before the first decision, which would otherwise build it on the spot: the
 * module `parlor export-bot` writes calls it as its `ready()`, with its own URL for a Web Worker.
 */
export const ready = prepareTable;
