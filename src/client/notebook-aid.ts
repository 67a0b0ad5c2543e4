import type { NotebookResult } from '../deduction/notebook/solve-notebook.js';
import type { ClueEvent } from '../games/clue/events.js';
import type { ClueView } from '../games/clue/view.js';
import { seatNotebook } from '../server/notebook-grid.js';
import type { ClientModel } from './model.js';

/**
 * The deduction library's exact grid for my seat (C.7's notebook, as an optional aid), computed
 * in the browser from what my seat was sent: its view and its notebook of events. The server's
 * own `seatNotebook` is used as it is, so the grid is the one a System Player would reason from.
 */
export function notebookAid(model: ClientModel): NotebookResult | null {
  if (model.view === null || model.game === null) return null;
  const names = model.seats.map((seat) => seat.name);
  const notebook = model.events.filter((seen) => seen !== undefined).map((seen) => seen.event as unknown as ClueEvent);
  return seatNotebook({ ...model.view, notebook } as unknown as ClueView, names);
}
