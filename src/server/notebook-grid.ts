import type { NotebookAccusation, NotebookInput, NotebookSuggestion } from '../notebook/input.js';
import { solveNotebook, type NotebookResult } from '../notebook/solve-notebook.js';
import type { ClueView } from '../games/clue/view.js';

/**
 * The deduction library's exact notebook for one seat (the client's optional aid, C.7): the
 * seat's own observations, read from its view and notebook only, so it knows nothing the seat
 * does not.
 */
export function seatNotebook(view: ClueView, names: readonly string[]): NotebookResult {
  return solveNotebook(seatObservations(view, names));
}

/** A seat's observations as `solveNotebook` takes them (as a person would type them), with the rules of its view. */
export function seatObservations(view: ClueView, names: readonly string[]): NotebookInput {
  const suggestions: NotebookSuggestion[] = [];
  const accusations: NotebookAccusation[] = [];
  /** The seat whose suggestion (the last one) may still learn the card shown. */
  let open: number | null = null;
  for (const event of view.notebook) {
    if (event.type === 'suggested') {
      suggestions.push({
        by: names[event.seat]!,
        suspect: event.suspect,
        weapon: event.weapon,
        room: event.room,
        passed: event.passed.map((seat) => names[seat]!),
        refutedBy: event.refuter === null ? null : names[event.refuter]!,
      });
      open = event.seat;
    } else if (event.type === 'refuted' && event.card !== undefined && open === event.suggester) {
      suggestions[suggestions.length - 1] = { ...suggestions.at(-1)!, shown: event.card };
      open = null;
    } else if (event.type === 'accused') {
      accusations.push({ by: names[event.seat]!, suspect: event.suspect, weapon: event.weapon, room: event.room, correct: event.correct });
    }
  }
  return {
    variant: view.variant,
    rules: view.rules,
    players: view.order.map((seat) => names[seat]!),
    handSizes: Object.fromEntries(view.players.map((player) => [names[player.seat]!, player.handSize])),
    me: names[view.seat]!,
    myCards: [...view.hand],
    suggestions,
    accusations,
  };
}
