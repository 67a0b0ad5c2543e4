import { z } from 'zod';
import type { BotFactory } from '../../src/core/bot.js';
import { paramsOf } from '../../src/core/bot-params.js';
import type { YahtzeeAction } from '../../src/games/yahtzee/actions.js';
import { CATEGORIES, UPPER_BONUS, UPPER_BONUS_THRESHOLD } from '../../src/games/yahtzee/scoring.js';
import type { YahtzeeView } from '../../src/games/yahtzee/view.js';
import { holdMask, TurnPlanner } from './turn-planner.js';

/**
 * What a category usually scores when it is played well: scoring below it costs the card, above it
 * gains. Greedy maximises points - 0.75 par for the turn, so it does not spend Chance on 12 or a
 * Yahtzee's zero when a One would do. (Over 3000 seeded games the weight 0.75 averaged 231
 * points; 0: 212, 0.5: 227, 1: 227.)
 */
const PAR = [2, 5, 8, 12, 15, 19, 22, 13, 22, 29, 32, 16, 22];
const greedyParams = z.object({
  parWeight: z.number().min(0).max(2).default(0.75).describe("how much of a category's par score a turn's points are weighed against"),
});
/** Upper points count extra while the bonus is still to be earned: 35 spread over the 63. */
const BONUS_SHARE = UPPER_BONUS / UPPER_BONUS_THRESHOLD;

const CHASING = CATEGORIES.map((_, c) => (c < 6 ? 1 + BONUS_SHARE : 1));
const PLAIN = CATEGORIES.map(() => 1);

/**
 * The best immediate score: every turn is planned to maximise the expected worth of the category
 * it will score (exact over the dice of the turn), with nothing planned beyond the turn.
 */
export const greedyBot: BotFactory<YahtzeeView, YahtzeeAction> = {
  name: 'greedy',
  description: 'best expected score of the current turn, holding the dice that serve it best',
  params: greedyParams,
  create: (ctx) => {
    const { parWeight } = paramsOf(greedyParams, ctx);
    const offset = PAR.map((par) => parWeight * par);
    const planner = new TurnPlanner();
    const open: boolean[] = new Array(CATEGORIES.length).fill(true);
    let planned = -1;
    return {
      act(view, legal) {
        if (view.dice === null) return legal[0]!;
        const turn = view.game * 100 + view.round;
        if (turn !== planned) {
          for (let c = 0; c < CATEGORIES.length; c++) open[c] = view.sheet[c] === null;
          planner.plan(open, view.upper < UPPER_BONUS_THRESHOLD ? CHASING : PLAIN, offset);
          planned = turn;
        }
        const roll = planner.rollOf(view.dice);
        if (view.rolls < 3) {
          const keep = planner.keepAfter(view.rolls, roll);
          if (keep !== roll) {
            const hold = holdMask(view.dice, keep);
            const action = legal.find((a) => a.type === 'roll' && a.hold === hold);
            if (action !== undefined) return action;
          }
        }
        const category = CATEGORIES[planner.categoryFor(roll)];
        return legal.find((a) => a.type === 'score' && a.category === category) ?? legal[0]!;
      },
    };
  },
};
