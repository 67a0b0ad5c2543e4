import { RuleError } from '../../core/errors.js';
import type { GameEvent } from '../../core/events.js';
import type { RandomStreams } from '../../core/rng.js';
import type { Seat } from '../../core/seat.js';
import type { RollOrderAction } from './actions.js';
import { ORDER_PROMPT } from './events.js';
import { DICE_INVALID } from './messages.js';
import { firstToPlay, hasLeft, isDieFace, type YahtzeeState } from './state.js';

/**
 * UC-01 alternative: each player throws a die; the highest goes first, then the next highest, and
 * players who threw the same value are put in an order drawn at random from the `order` stream.
 */
export function rollOrder(state: YahtzeeState, seat: Seat, action: RollOrderAction, rng: RandomStreams): GameEvent[] {
  const die = action.die ?? rng.stream('order').die(6);
  if (!isDieFace(die)) throw new RuleError(DICE_INVALID, { action, allowed: 'a die value from 1 to 6' });
  const events: GameEvent[] = [];
  if (state.orderDice.every((d) => d === 0)) events.push(ORDER_PROMPT);
  state.orderDice[seat] = die;
  events.push({ type: 'orderRoll', seat, die });
  decideOrderIfAllRolled(state, rng, events);
  return events;
}

/** Ends the order phase once every player still in the game has thrown; `rng` null keeps ties in seat order. */
export function decideOrderIfAllRolled(state: YahtzeeState, rng: RandomStreams | null, events: GameEvent[]): void {
  const seats: Seat[] = [];
  for (let seat = 0; seat < state.names.length; seat++) {
    if (hasLeft(state, seat)) continue;
    if (state.orderDice[seat] === 0) return;
    seats.push(seat);
  }
  if (seats.length === 0) {
    state.phase = 'over';
    return;
  }
  const dice = state.orderDice;
  seats.sort((a, b) => dice[b]! - dice[a]! || a - b);
  let tie = false;
  for (let start = 0; start < seats.length; ) {
    let end = start + 1;
    while (end < seats.length && dice[seats[end]!] === dice[seats[start]!]) end++;
    if (end - start > 1) {
      tie = true;
      if (rng !== null) shuffleRange(seats, start, end, rng);
    }
    start = end;
  }
  state.order = seats;
  state.phase = 'play';
  state.turn = firstToPlay(state);
  events.push({ type: 'order', order: seats.slice(), dice: dice.slice(), tie });
}

/** Fisher-Yates on items[start, end), from the `order` stream. */
function shuffleRange(items: Seat[], start: number, end: number, rng: RandomStreams): void {
  const stream = rng.stream('order');
  for (let i = end - 1; i > start; i--) {
    const j = start + stream.int(i - start + 1);
    const t = items[i]!;
    items[i] = items[j]!;
    items[j] = t;
  }
}
