import type { GameMetrics } from '../../core/game.js';
import { CATEGORY_INDEX, UPPER_BONUS_THRESHOLD, YAHTZEE_SCORE } from './scoring.js';
import { sheetAt, upperTotal, type YahtzeeState } from './state.js';

/**
 * Read from the card each player ends the series with (the only card the state keeps once a game
 * is totalled): with `--set series=1` that is every game, with longer series their last game, so
 * the mean is a rate per game either way. null for a seat that left before the series ended.
 */
export const yahtzeeMetrics: GameMetrics<YahtzeeState> = {
  list: [
    { name: 'upperBonus', description: '1 when the last card of the series earned the upper bonus (63 or more in the upper section), else 0' },
    { name: 'yahtzee', description: '1 when the last card of the series scored 50 in the Yahtzee category, else 0' },
  ],
  read(state, seat) {
    if (state.departed.includes(seat)) return { upperBonus: null, yahtzee: null };
    return {
      upperBonus: upperTotal(state, seat) >= UPPER_BONUS_THRESHOLD ? 1 : 0,
      yahtzee: state.sheets[sheetAt(seat) + CATEGORY_INDEX.yahtzee] === YAHTZEE_SCORE ? 1 : 0,
    };
  },
};
