import { holdMask } from '../../bots/yahtzee/turn-planner.js';
import type { GameDefinition } from '../core/game.js';
import type { GameRecord } from '../core/record.js';
import { ROLL_ACTIONS, scoreAction, type YahtzeeAction } from '../games/yahtzee/actions.js';
import { configSchema } from '../games/yahtzee/config.js';
import { yahtzeeGame } from '../games/yahtzee/game.js';
import { CATEGORIES, CATEGORY_INDEX, faceCounts, rollNumber, rollScore } from '../games/yahtzee/scoring.js';
import { keepOfCounts } from '../games/yahtzee/solver/dice.js';
import '../games/yahtzee/solver/load.js'; // the table from the disk cache
import { sharedTable } from '../games/yahtzee/solver/table.js';
import { TurnSolver } from '../games/yahtzee/solver/turn.js';
import { MAX_ROLLS } from '../games/yahtzee/state.js';
import type { YahtzeeView } from '../games/yahtzee/view.js';
import type { ChosenStep, DecisionScorer, GameAnalyzer, ScoredDecision } from './analysis.js';
import { costlyColumns, lossColumn, withInterval } from './cells.js';
import { scoreEachStep } from './step-by-step.js';

/** The categories a sheet has scored, as the solver's mask. */
function usedMask(sheet: readonly (number | null)[]): number {
  let used = 0;
  for (let c = 0; c < CATEGORIES.length; c++) if (sheet[c] !== null) used |= 1 << c;
  return used;
}

/** The keep of the dice a hold mask holds. */
function heldKeep(dice: readonly number[], hold: number, counts: number[]): number {
  counts.fill(0);
  for (let i = 0; i < dice.length; i++) if (hold & (1 << i)) counts[dice[i]!]!++;
  return keepOfCounts(counts);
}

/**
 * Scores each keep and category against the optimal strategy's exact values (the table `optimal`
 * plays from, the turn re-solved from it as the bot does), from the seat's own view: its sheet, its
 * dice, its rolls. The value of an action is the expected final score of the game being played
 * when the rest of it is played optimally.
 */
function yahtzeeScorer(game: GameDefinition): DecisionScorer {
  const turn = new TurnSolver(sharedTable());
  const counts = [0, 0, 0, 0, 0, 0, 0];
  return {
    score(state: unknown, step: ChosenStep): ScoredDecision | null {
      const action = step.action as YahtzeeAction;
      const view = game.view(state, step.seat) as YahtzeeView;
      // The turn order's die and a turn's first roll are no choice.
      if (action.type === 'rollOrder' || view.dice === null) return null;
      const dice = view.dice;
      turn.solve(usedMask(view.sheet), view.upper);
      const roll = keepOfCounts(faceCounts(dice, counts));
      const rollsLeft = MAX_ROLLS - view.rolls;
      const chosen =
        action.type === 'score'
          ? turn.categoryValue(roll, CATEGORY_INDEX[action.category])
          : turn.keepValues(rollsLeft as 1 | 2)[heldKeep(dice, action.hold, counts)]!;
      // Scoring now is the best unless some keep is worth more (as `optimal` breaks the tie).
      const category = turn.bestCategory(roll);
      let best = turn.categoryValue(roll, category);
      let bestAction: YahtzeeAction = scoreAction(category, rollScore(rollNumber(dice), category));
      if (rollsLeft > 0) {
        const keep = turn.bestKeep(roll, rollsLeft as 1 | 2);
        const value = turn.keepValues(rollsLeft as 1 | 2)[keep]!;
        if (value > best) {
          best = value;
          bestAction = ROLL_ACTIONS[holdMask(dice, keep)]!;
        }
      }
      return {
        step: step.number,
        seat: step.seat,
        action: game.describeAction(action, state, step.seat),
        loss: best - chosen,
        best: best === chosen ? game.describeAction(action, state, step.seat) : game.describeAction(bestAction, state, step.seat),
        numbers: { chosenExpectedScore: view.total + chosen, bestExpectedScore: view.total + best },
      };
    },
  };
}

function series(record: GameRecord): number {
  return configSchema.parse(record.config ?? {}).series;
}

const UNIT = 'points';
const COSTLY = [1, 5, 15];

export const yahtzeeAnalyzer: GameAnalyzer = {
  gameId: yahtzeeGame.id,
  unit: UNIT,
  costly: COSTLY,
  caveat: (record) => {
    const exact = "expected final scores are exact, from the optimal strategy's table (parlor yahtzee solve)";
    return record.seats.length === 1
      ? exact
      : `${exact}, as the solitaire measure: each seat's own sheet valued as if it played alone (the others' sheets change no value)`;
  },
  optimalScore: (record) => series(record) * sharedTable().expectedScore,
  analyze: (record, game) => scoreEachStep(record, game, yahtzeeScorer(game)),
  columns: [
    lossColumn(UNIT),
    ...costlyColumns(COSTLY),
    { head: 'score (95%)', cell: (e) => withInterval(e.score) },
    { head: 'luck removed (95%)', cell: (e) => withInterval(e.luckRemoved) },
  ],
  legend: (summary) =>
    `Luck removed: the optimal expected score${summary.optimalScore === undefined ? ' of each game' : ` (${summary.optimalScore.toFixed(6)})`} less the mean loss a game. A decision's loss does not depend on the dice that follow it, so this estimates the expected score with far less variance than the raw score.`,
};
