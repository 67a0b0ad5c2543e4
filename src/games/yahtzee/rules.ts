import { RuleError } from '../../core/errors.js';
import type { GameEvent } from '../../core/events.js';
import type { RandomStreams } from '../../core/rng.js';
import type { Seat } from '../../core/seat.js';
import type { YahtzeeAction } from './actions.js';
import {
  FOURTEENTH_TURN,
  LEFT_GAME,
  ORDER_ALREADY_ROLLED,
  ORDER_DECIDED,
  ROLL_FOR_ORDER,
  ROUND_NOT_COMPLETE,
  unknownAction,
  waitForTurn,
} from './messages.js';
import { decideOrderIfAllRolled, rollOrder } from './order.js';
import { hasLeft, ROUNDS, scoredCount, toAct, type YahtzeeState } from './state.js';
import { endTurn, roll, score } from './turn.js';

/** Plays one action of `seat`, or throws the RuleError that says why it may not, changing nothing. */
export function apply(state: YahtzeeState, seat: Seat, action: YahtzeeAction, rng: RandomStreams): GameEvent[] {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.names.length) {
    throw new RuleError(`There is no player ${seat} in this game.`, { action });
  }
  switch (action?.type) {
    case 'roll':
      if (state.phase !== 'play' || state.order[state.turn] !== seat) refuseTurn(state, seat, action);
      return roll(state, seat, action, rng);
    case 'score':
      if (state.phase !== 'play' || state.order[state.turn] !== seat) refuseTurn(state, seat, action);
      return score(state, seat, action);
    case 'rollOrder':
      if (state.phase !== 'order') throw new RuleError(ORDER_DECIDED, { action });
      if (hasLeft(state, seat)) throw new RuleError(LEFT_GAME, { action });
      if (state.orderDice[seat] !== 0) throw new RuleError(ORDER_ALREADY_ROLLED, { action });
      if (toAct(state) !== seat) throw new RuleError(waitForTurn(state.names[toAct(state)!]!), { action });
      return rollOrder(state, seat, action, rng);
    default:
      throw new RuleError(unknownAction((action as { type?: unknown } | null)?.type), { action });
  }
}

/** Why a seat whose turn it is not may not roll or score. */
function refuseTurn(state: YahtzeeState, seat: Seat, action: YahtzeeAction): never {
  if (hasLeft(state, seat)) throw new RuleError(LEFT_GAME, { action });
  if (state.phase === 'over') throw new RuleError(FOURTEENTH_TURN, { action });
  if (state.phase === 'order') throw new RuleError(ROLL_FOR_ORDER, { action, allowed: 'rollOrder' });
  if (scoredCount(state, seat) === ROUNDS) throw new RuleError(FOURTEENTH_TURN, { action });
  if (state.order.indexOf(seat) < state.turn) throw new RuleError(ROUND_NOT_COMPLETE, { action });
  throw new RuleError(waitForTurn(state.names[state.order[state.turn]!]!), { action });
}

/**
 * A player leaves: their remaining turns are skipped and the game goes on for the others. If the
 * last player yet to throw for the turn order leaves, ties among the others are settled in seat
 * order, since leaving draws no dice.
 */
export function forfeit(state: YahtzeeState, seat: Seat): GameEvent[] {
  if (state.phase === 'over' || hasLeft(state, seat) || !Number.isInteger(seat) || seat < 0 || seat >= state.names.length) return [];
  const wasToAct = toAct(state) === seat;
  state.departed.push(seat);
  const events: GameEvent[] = [{ type: 'left', seat }];
  if (state.phase === 'order') {
    decideOrderIfAllRolled(state, null, events);
  } else if (wasToAct) {
    endTurn(state, events);
  }
  return events;
}
