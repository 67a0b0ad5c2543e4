import type { Seat } from '../../core/seat.js';
import { BOARD, sceneCard, type SceneCard } from './data.js';
import type { DeadwoodState, PlayerState, SetState } from './state.js';

const SET_INDEX: ReadonlyMap<string, number> = new Map(BOARD.sets.map((r, i) => [r.id, i]));

/** The set in room `room`, or undefined for the Trailers and the Casting Office. */
export function setIn(state: DeadwoodState, room: string): SetState | undefined {
  const i = SET_INDEX.get(room);
  return i === undefined ? undefined : state.sets[i];
}

/** The scene being shot at `set`, or null once it has wrapped. */
export function sceneAt(set: SetState): SceneCard | null {
  return set.scene === null ? null : sceneCard(set.scene);
}

export function scenesLeft(state: DeadwoodState): number {
  let left = 0;
  for (const set of state.sets) if (set.scene !== null) left++;
  return left;
}

/** Final score: dollars + credits + 5 x rank (R33). */
export function score(player: PlayerState): number {
  return player.dollars + player.credits + 5 * player.rank;
}

export function playersInGame(state: DeadwoodState): number {
  let n = 0;
  for (const p of state.players) if (!p.departed) n++;
  return n;
}

/** The next seat after `seat` in the fixed turn order that is still in the game. */
export function nextSeat(state: DeadwoodState, seat: Seat): Seat {
  const n = state.players.length;
  for (let step = 1; step <= n; step++) {
    const next = (seat + step) % n;
    if (!state.players[next]!.departed) return next;
  }
  return seat;
}

/** Takes `seat` off its role (a wrap, the end of the day, a departure): chips go with it (R22). */
export function leaveRole(state: DeadwoodState, seat: Seat): void {
  const player = state.players[seat]!;
  const role = player.role;
  if (role === null) return;
  const set = setIn(state, player.room)!;
  (role.on === 'card' ? set.starring : set.extras)[role.index] = null;
  player.role = null;
  player.chips = 0;
}
