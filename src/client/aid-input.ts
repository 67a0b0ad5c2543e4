import type { ClueView } from '../games/clue/view.js';
import type { ClientModel } from './model.js';

/** What the deduction grid is computed from: my seat's view with its notebook of events, and the players' names by seat. */
export interface AidInput {
  readonly view: ClueView;
  readonly names: readonly string[];
}

/**
 * The deduction grid's input (C.7's notebook, as an optional aid) from what my seat was sent: its
 * view and its notebook of events, nothing else; null before the game's first update.
 */
export function aidInput(model: ClientModel): AidInput | null {
  if (model.view === null || model.game === null) return null;
  const notebook = model.events.filter((seen) => seen !== undefined).map((seen) => seen.event);
  return { view: { ...model.view, notebook }, names: model.seats.map((seat) => seat.name) };
}
