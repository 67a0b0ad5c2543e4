import type { Outcome } from '../core/outcome.js';

/**
 * Whether a game's outcome names only its winner and ties everyone else (Clue's default rules)
 * rather than ranking the table: three or more seats, at least two of them not winning, all of
 * those sharing one rank. Read off each outcome until the game contract says which kind a game
 * gives; a seat that forfeited ranks last on its own, so such a game reads as a full ranking.
 */
export function winnerOnly(outcome: Outcome): boolean {
  const { rank, winners } = outcome;
  if (rank.length < 3 || rank.length - winners.length < 2) return false;
  let shared = -1;
  for (let seat = 0; seat < rank.length; seat++) {
    if (winners.includes(seat)) continue;
    if (shared === -1) shared = rank[seat]!;
    else if (rank[seat] !== shared) return false;
  }
  return true;
}
