import type { Seat } from '../../core/seat.js';
import type { YahtzeePicture } from '../../drawing/pictures.js';
import type { YahtzeeAction } from '../../games/yahtzee/actions.js';
import { yahtzeeGame } from '../../games/yahtzee/game.js';
import { CATEGORY_LABELS } from '../../games/yahtzee/describe.js';
import { CATEGORIES } from '../../games/yahtzee/scoring.js';
import { OPEN, ROUNDS, sheetAt, sheetTotal, type YahtzeeState } from '../../games/yahtzee/state.js';
import type { GamePictures } from './game-pictures.js';

/** The dice a roll held, by position, read from the roll's `hold` mask. */
function heldBy(action: unknown): boolean[] {
  const roll = action as YahtzeeAction | null;
  const hold = roll !== null && roll.type === 'roll' ? roll.hold : 0;
  return Array.from({ length: 5 }, (_, die) => (hold & (1 << die)) !== 0);
}

/**
 * Yahtzee: the narrator sees every sheet and the dice; a seat sees its own sheet and totals, and the
 * dice in its own turn, as its view has them (UC-01, UC-02: other players' scores stay private).
 */
export const yahtzeePictures: GamePictures<YahtzeeState> = {
  gameId: yahtzeeGame.id,
  setup: () => ({ kind: 'yahtzee', categories: CATEGORIES.map((category) => CATEGORY_LABELS[category]) }),
  picture(state, seat: Seat | null, _names, action): YahtzeePicture {
    const view = yahtzeeGame.view(state, seat ?? 0);
    const sheetOf = (s: Seat): (number | null)[] => Array.from({ length: ROUNDS }, (_, c) => (state.sheets[sheetAt(s) + c] === OPEN ? null : state.sheets[sheetAt(s) + c]!));
    const seats = state.names.map((_, s) => s);
    const narrator = seat === null;
    return {
      kind: 'yahtzee',
      game: view.game,
      games: view.games,
      round: view.round,
      toAct: view.toAct,
      dice: narrator ? (state.rolls > 0 ? [...state.dice] : null) : view.dice === null ? null : [...view.dice],
      held: heldBy(action),
      rolls: narrator ? state.rolls : view.rolls,
      sheets: seats.map((s) => (narrator ? sheetOf(s) : s === seat ? view.sheet.map((entry) => entry) : null)),
      totals: seats.map((s) => (narrator ? sheetTotal(state, s) : s === seat ? view.total : null)),
      winner: view.winner === null ? null : { names: [...view.winner.names], score: view.winner.score },
    };
  },
};
