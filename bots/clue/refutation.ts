import type { Seat } from '../../src/core/seat.js';
import { VARIANTS } from '../../src/games/clue/rules.js';
import type { ClueView } from '../../src/games/clue/view.js';

/** The players asked, in order, when `seat` suggests: along the turn order (backwards in Cluedo), those who still refute. */
export function refutationOrder(view: ClueView, seat: Seat): Seat[] {
  const { order } = view;
  const step = VARIANTS[view.variant].refutation === 'clockwise' ? 1 : order.length - 1;
  const asked: Seat[] = [];
  const at = order.indexOf(seat);
  for (let i = (at + step) % order.length; i !== at; i = (i + step) % order.length) {
    const player = order[i]!;
    if (view.players[player]!.refutes) asked.push(player);
  }
  return asked;
}
