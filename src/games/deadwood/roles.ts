import { RuleError } from '../../core/errors.js';
import type { Seat } from '../../core/seat.js';
import { TAKE_EXTRA, TAKE_STARRING, type TakeAction, type DeadwoodAction } from './actions.js';
import { sceneAt, setIn } from './board-state.js';
import { BOARD, roomName, type Role } from './data.js';
import type { DeadwoodEvent } from './events.js';
import type { DeadwoodState, RoleRef, RolePlace, SetState } from './state.js';

/** The set whose roles the player could take now: in the room, still shooting, not yet cast. */
function castingSet(state: DeadwoodState, seat: Seat): SetState | undefined {
  const player = state.players[seat]!;
  if (player.role !== null || state.turn.tookRole) return undefined;
  const set = setIn(state, player.room);
  return set === undefined || set.scene === null ? undefined : set;
}

/** The roles this player may take here: free, and not above the player's rank (R13, R14). */
export function legalRoles(state: DeadwoodState, seat: Seat, into: DeadwoodAction[]): void {
  const set = castingSet(state, seat);
  if (set === undefined) return;
  const rank = state.players[seat]!.rank;
  const card = sceneAt(set)!;
  const starring = TAKE_STARRING.get(card.id)!;
  for (let i = 0; i < card.roles.length; i++) if (set.starring[i] === null && card.roles[i]!.rank <= rank) into.push(starring[i]!);
  const extras = BOARD.byId.get(set.room)!.extras;
  const takeExtra = TAKE_EXTRA.get(set.room)!;
  for (let i = 0; i < extras.length; i++) if (set.extras[i] === null && extras[i]!.rank <= rank) into.push(takeExtra[i]!);
}

export function canTakeRole(state: DeadwoodState, seat: Seat): boolean {
  const set = castingSet(state, seat);
  if (set === undefined) return false;
  const rank = state.players[seat]!.rank;
  const card = sceneAt(set)!;
  for (let i = 0; i < card.roles.length; i++) if (set.starring[i] === null && card.roles[i]!.rank <= rank) return true;
  const extras = BOARD.byId.get(set.room)!.extras;
  for (let i = 0; i < extras.length; i++) if (set.extras[i] === null && extras[i]!.rank <= rank) return true;
  return false;
}

function rolesOf(state: DeadwoodState, set: SetState, on: RolePlace): readonly Role[] {
  return on === 'card' ? sceneAt(set)!.roles : BOARD.byId.get(set.room)!.extras;
}

/** Refuses a role the rules do not allow (3.3 alternate flow 2.A), changing nothing. */
export function checkTake(state: DeadwoodState, seat: Seat, action: TakeAction): number {
  const player = state.players[seat]!;
  const set = setIn(state, player.room);
  if (set === undefined) throw new RuleError(`There are no roles in ${roomName(player.room)}.`, { action });
  if (set.scene === null) throw new RuleError(`The scene at ${roomName(set.room)} has wrapped: there are no roles left there today.`, { action });
  if (action.on !== 'card' && action.on !== 'set') {
    throw new RuleError(`A role is "on": "card" (a starring role) or "on": "set" (an extra), not ${JSON.stringify(action.on)}.`, { action });
  }
  const roles = rolesOf(state, set, action.on);
  const index = roles.findIndex((r) => r.name.toLowerCase() === action.role.toLowerCase());
  const where = action.on === 'card' ? `on the card at ${roomName(set.room)}` : `among the extras at ${roomName(set.room)}`;
  if (index < 0) {
    throw new RuleError(`There is no role ${JSON.stringify(action.role)} ${where}: the roles are ${roles.map((r) => r.name).join(', ')}.`, { action });
  }
  const role = roles[index]!;
  const holder = (action.on === 'card' ? set.starring : set.extras)[index]!;
  if (holder !== null) throw new RuleError(`${role.name} is already taken by ${state.players[holder]!.name}.`, { action });
  if (role.rank > player.rank) throw new RuleError(`${role.name} needs rank ${role.rank}; you are rank ${player.rank}.`, { action });
  return index;
}

/** Takes the role found by checkTake; it is worked from the next turn (R8). */
export function takeRole(state: DeadwoodState, seat: Seat, on: RolePlace, index: number, events: DeadwoodEvent[]): void {
  const player = state.players[seat]!;
  const set = setIn(state, player.room)!;
  const role = rolesOf(state, set, on)[index]!;
  const ref: RoleRef = { on, index, name: role.name, rank: role.rank };
  (on === 'card' ? set.starring : set.extras)[index] = seat;
  player.role = ref;
  player.chips = 0;
  state.turn.tookRole = true;
  events.push({ type: 'roleTaken', seat, set: set.room, role: role.name, on, rank: role.rank });
}
