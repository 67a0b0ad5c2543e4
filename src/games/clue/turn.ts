import type { GameEvent } from '../../core/events.js';
import type { Seat } from '../../core/seat.js';
import type { ClueEvent } from './events.js';
import { roomOf, type ClueState } from './state.js';

/**
 * Records an event, into `out` for the harness and into the game's log, with its visibility: `to`
 * limits who sees it; the others see `redacted`, or nothing.
 */
export function emit(state: ClueState, out: GameEvent[], event: ClueEvent, to?: readonly Seat[], redacted?: ClueEvent): void {
  const full = (to === undefined ? event : { ...event, to, ...(redacted !== undefined ? { redacted } : {}) }) as unknown as GameEvent;
  out.push(full);
  state.log.push(full);
}

/** A new turn for `seat`: the pawn may roll, move, and so on afresh. */
export function beginTurn(state: ClueState, seat: Seat): void {
  state.turn = seat;
  state.toAct = seat;
  state.phase = 'start';
  state.turnNumber++;
  state.dice = null;
  state.leftRoom = null;
  state.startRoom = roomOf(state, seat);
  state.entered = false;
  state.suggested = false;
  state.suggestion = null;
}

/**
 * The game ends; the case file is displayed to everyone (UC25). The winner is the first who
 * solved the case, if anyone did.
 */
export function finish(state: ClueState, out: GameEvent[], reason: 'solved' | 'allAccused' | 'capped'): void {
  const winner = state.solvers[0] ?? null;
  state.phase = 'over';
  state.turn = null;
  state.toAct = null;
  state.winner = winner;
  state.endReason = reason;
  emit(state, out, { type: 'gameOver', winner, reason, ...(state.placings ? { solvers: [...state.solvers] } : {}), caseFile: state.caseFile });
}

/** Played on for places, the game is over once someone has solved and at most one player is still in the turn order. */
export function placesSettled(state: ClueState): boolean {
  return state.solvers.length > 0 && stillInTurnOrder(state) <= 1;
}

/** How many players are still in the turn order (neither solved, accused wrongly nor left). */
export function stillInTurnOrder(state: ClueState): number {
  let n = 0;
  for (const p of state.players) if (p.inTurnOrder) n++;
  return n;
}

/** The next seat after `seat` along the turn order (`step` 1) or against it (-1) that `pick` accepts, or -1. */
export function nextSeat(state: ClueState, seat: Seat, step: 1 | -1, pick: (seat: Seat) => boolean): Seat {
  const { order } = state;
  const at = order.indexOf(seat);
  for (let i = 1; i < order.length; i++) {
    const next = order[(((at + step * i) % order.length) + order.length) % order.length]!;
    if (pick(next)) return next;
  }
  return -1;
}

/**
 * The turn is over: the next player clockwise who is still in the turn order plays (UC10, G.4),
 * unless no one is (everyone accused wrongly or left), the places are settled, or the turn cap is
 * reached.
 */
export function endTurn(state: ClueState, out: GameEvent[]): void {
  const seat = state.turn!;
  state.movedBySuggestion[seat] = false;
  const next = nextSeat(state, seat, 1, (s) => state.players[s]!.inTurnOrder);
  const again = state.players[seat]!.inTurnOrder ? seat : -1;
  if (placesSettled(state)) finish(state, out, 'solved');
  else if (next < 0 && again < 0) finish(state, out, 'allAccused');
  else if (state.turnNumber >= state.maxTurns) finish(state, out, 'capped');
  else beginTurn(state, next >= 0 ? next : again);
}
