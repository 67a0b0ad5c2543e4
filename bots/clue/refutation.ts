import type { Seat } from '../../src/core/seat.js';
import type { ClueView } from '../../src/games/clue/view.js';

/** The players asked, in order, when `seat` suggests: along the turn order (or backwards, as the game's rules say), those who still refute. */
export function refutationOrder(view: ClueView, seat: Seat): Seat[] {
  const { order } = view;
  const step = view.rules.refutation === 'clockwise' ? 1 : order.length - 1;
  const asked: Seat[] = [];
  const at = order.indexOf(seat);
  for (let i = (at + step) % order.length; i !== at; i = (i + step) % order.length) {
    const player = order[i]!;
    if (view.players[player]!.refutes) asked.push(player);
  }
  return asked;
}
