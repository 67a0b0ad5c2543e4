import { RuleError } from '../../core/errors.js';
import type { Seat } from '../../core/seat.js';
import { MOVE, type MoveAction, type DeadwoodAction } from './actions.js';
import { setIn } from './board-state.js';
import { BOARD, roomName, sceneCard } from './data.js';
import type { DeadwoodEvent } from './events.js';
import type { DeadwoodState } from './state.js';

/** A player off a role may take one step per turn, before taking a role (R6, R7). */
export function canMove(state: DeadwoodState, seat: Seat): boolean {
  return !state.turn.moved && !state.turn.tookRole && state.players[seat]!.role === null;
}

export function legalMoves(state: DeadwoodState, seat: Seat, into: DeadwoodAction[]): void {
  if (!canMove(state, seat)) return;
  for (const to of BOARD.byId.get(state.players[seat]!.room)!.neighbours) into.push(MOVE.get(to)!);
}

function choices(from: string): string {
  const ids = BOARD.byId.get(from)!.neighbours;
  return `${ids.slice(0, -1).join(', ')} or ${ids[ids.length - 1]}`;
}

/** Refuses a move the rules do not allow (3.2 alternate flow 2.B), changing nothing. */
export function checkMove(state: DeadwoodState, seat: Seat, action: MoveAction): void {
  if (state.turn.moved) throw new RuleError('You have already moved this turn.', { action });
  const from = state.players[seat]!.room;
  if (!BOARD.byId.has(action.to)) {
    throw new RuleError(`There is no room ${JSON.stringify(action.to)}: from ${roomName(from)} you can move to ${choices(from)}.`, { action, allowed: choices(from) });
  }
  if (!BOARD.byId.get(from)!.neighbours.includes(action.to)) {
    throw new RuleError(`${roomName(action.to)} is not adjacent to ${roomName(from)}: you can move to ${choices(from)}.`, { action, allowed: choices(from) });
  }
}

/** One step; entering a set for the first time this day turns its card face up (3.2 step 4, R12). */
export function move(state: DeadwoodState, seat: Seat, action: MoveAction, events: DeadwoodEvent[]): void {
  const player = state.players[seat]!;
  events.push({ type: 'moved', seat, from: player.room, room: action.to });
  player.room = action.to;
  state.turn.moved = true;
  const set = setIn(state, action.to);
  if (set !== undefined && set.scene !== null && !set.revealed) {
    set.revealed = true;
    const card = sceneCard(set.scene);
    events.push({ type: 'revealed', set: set.room, scene: card.id, title: card.title, budget: card.budget, roles: card.roles });
  }
}
