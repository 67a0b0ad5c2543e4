import { seenEvent, type GameEvent } from './events.js';
import type { GameDefinition } from './game.js';
import type { Outcome } from './outcome.js';
import type { Seat } from './seat.js';

/**
 * Whose eyes an outcome is read with: a seat's, the narrator's (null: everything), or `everyone`'s,
 * what every seat at a table may see (a final screen shown to all).
 */
export type Reader = Seat | null | 'everyone';

/** The notebook line of an event for `viewer` (null: every event, as the narrator), or null if unseen. */
export function logLine(game: GameDefinition, variant: string, event: GameEvent, viewer: Seat | null, names: readonly string[]): string | null {
  if (viewer === null) return game.describe(event, null, names, variant);
  const seen = seenEvent(event, viewer);
  return seen === null ? null : game.describe(seen, viewer, names, variant);
}

/**
 * "1. Ann 212 (winner)" lines, best first, as `viewer` may see them: where the game keeps scores
 * private, only the viewer's own and the winners'.
 */
export function outcomeLines(game: GameDefinition, outcome: Outcome, names: readonly string[], labels: readonly string[], viewer: Reader): string[] {
  const seats = names.map((_, seat) => seat).sort((a, b) => outcome.rank[a]! - outcome.rank[b]! || a - b);
  const shown = (seat: Seat): boolean => viewer === null || game.privateScores !== true || seat === viewer || outcome.winners.includes(seat);
  const lines = seats.map((seat) => {
    const score = outcome.score === undefined || !shown(seat) ? '' : `  ${outcome.score[seat]}`;
    const won = outcome.winners.includes(seat) ? '  (winner)' : '';
    return `${outcome.rank[seat]}. ${names[seat]} [${labels[seat]}]${score}${won}`;
  });
  if (outcome.winners.length === 0) lines.push(outcome.capped === true ? 'No winner: the game hit its cap (a draw).' : 'No winner: a draw.');
  return lines;
}
