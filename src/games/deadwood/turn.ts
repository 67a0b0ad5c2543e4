import { RuleError } from '../../core/errors.js';
import type { RandomStreams } from '../../core/rng.js';
import type { Seat } from '../../core/seat.js';
import { act, canRehearse, rehearse } from './acting.js';
import { ACT, END, REHEARSE, type DeadwoodAction } from './actions.js';
import { canUpgrade, checkUpgrade, legalUpgrades, upgrade } from './casting-office.js';
import { roomName } from './data.js';
import { endTurn } from './days.js';
import type { DeadwoodEvent } from './events.js';
import { canMove, checkMove, legalMoves, move } from './moving.js';
import { canTakeRole, checkTake, legalRoles, takeRole } from './roles.js';
import type { DeadwoodState } from './state.js';

/** A player on a role worked from an earlier turn must act or rehearse: no passing, moving or upgrading (R10, R11). */
function working(state: DeadwoodState, seat: Seat): boolean {
  return state.players[seat]!.role !== null && !state.turn.tookRole;
}

/** Anything left to do this turn besides ending it: when nothing is, the turn ends by itself. */
function hasChoice(state: DeadwoodState, seat: Seat): boolean {
  return working(state, seat) || canMove(state, seat) || canUpgrade(state, seat) || canTakeRole(state, seat);
}

export function legalActions(state: DeadwoodState, seat: Seat): readonly DeadwoodAction[] {
  if (state.over || seat !== state.current) return [];
  if (working(state, seat)) return canRehearse(state, seat) ? [ACT, REHEARSE] : [ACT];
  const legal: DeadwoodAction[] = [];
  legalUpgrades(state, seat, legal);
  legalMoves(state, seat, legal);
  legalRoles(state, seat, legal);
  legal.push(END);
  return legal;
}

function refuseWhileWorking(state: DeadwoodState, seat: Seat, action: DeadwoodAction): void {
  if (!working(state, seat)) return;
  const player = state.players[seat]!;
  const must = canRehearse(state, seat) ? 'act or rehearse' : 'act';
  throw new RuleError(`You are working ${player.role!.name} at ${roomName(player.room)}: you must ${must} this turn.`, { action, allowed: must });
}

const ACTION_TYPES = 'upgrade, move, take, act, rehearse or end';

/** Validates fully, then changes the state; a RuleError leaves it untouched. */
export function apply(state: DeadwoodState, seat: Seat, action: DeadwoodAction, rng: RandomStreams): DeadwoodEvent[] {
  if (state.over) throw new RuleError('The game is over.', { action });
  if (seat !== state.current) throw new RuleError(`It is not your turn: ${state.players[state.current]!.name} is to act.`, { action });
  const events: DeadwoodEvent[] = [];
  switch (action.type) {
    case 'upgrade':
      refuseWhileWorking(state, seat, action);
      checkUpgrade(state, seat, action);
      upgrade(state, seat, action, events);
      break;
    case 'move':
      refuseWhileWorking(state, seat, action);
      checkMove(state, seat, action);
      move(state, seat, action, events);
      break;
    case 'take': {
      refuseWhileWorking(state, seat, action);
      const index = checkTake(state, seat, action);
      takeRole(state, seat, action.on, index, events);
      break;
    }
    case 'act':
      act(state, seat, rng, events);
      endTurn(state, events);
      return events;
    case 'rehearse':
      rehearse(state, seat, events);
      endTurn(state, events);
      return events;
    case 'end':
      refuseWhileWorking(state, seat, action);
      endTurn(state, events);
      return events;
    default:
      throw new RuleError(`Unknown action ${JSON.stringify((action as { type: unknown }).type)}: expected ${ACTION_TYPES}.`, { action, allowed: ACTION_TYPES });
  }
  if (!hasChoice(state, seat)) endTurn(state, events);
  return events;
}
