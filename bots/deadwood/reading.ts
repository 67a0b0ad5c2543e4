import type { TakeAction } from '../../src/games/deadwood/actions.js';
import { BOARD, type Role, type SceneCard } from '../../src/games/deadwood/data.js';
import type { DeadwoodView, PlayerView, SetView } from '../../src/games/deadwood/view.js';

/** What the bots read off a view, shared so greedy and planner see the board the same way. */
export function me(view: DeadwoodView): PlayerView {
  return view.players[view.seat]!;
}

export function setAt(view: DeadwoodView, room: string): SetView | undefined {
  return view.sets.find((s) => s.room === room);
}

/** The role a take action names, and where it sits: its index, and for a starring role its place from the top. */
export function roleOf(card: SceneCard, room: string, action: TakeAction): { role: Role; fromTop: number } {
  if (action.on === 'card') {
    const index = card.roles.findIndex((r) => r.name === action.role);
    return { role: card.roles[index]!, fromTop: card.roles.length - 1 - index };
  }
  return { role: BOARD.byId.get(room)!.extras.find((e) => e.name === action.role)!, fromTop: -1 };
}

export function starPresent(set: SetView): boolean {
  return set.starring.some((s) => s !== null);
}

/** The sets still shooting today. */
export function scenesLeft(view: DeadwoodView): number {
  let n = 0;
  for (const s of view.sets) if (!s.wrapped) n++;
  return n;
}
