import { gameLabel } from '../core/game.js';
import type { Summary } from './summary.js';

const MODELS: Record<NonNullable<Summary['model']>, string> = {
  pairwise: 'Bradley-Terry on every pair of seats (a tie half a win each)',
  winner: 'Plackett-Luce on the winner (the outcomes rank only the winners)',
};

/**
 * How the games ended, in one line, when any ended otherwise than with a full ranking: with the
 * non-winners tied (and the option that plays on for places), at a cap, drawn, or on an engine error.
 */
export function outcomeKinds(summary: Summary): string | null {
  const { tiedNonWinners, capped, drawn, engineErrors } = summary.outcomes;
  const placesOption = summary.placesOption;
  const parts = [
    tiedNonWinners > 0 ? `${tiedNonWinners} ended with the non-winners tied${placesOption === null ? '' : ` (--set ${placesOption} plays on for places)`}` : '',
    capped > 0 ? `${capped} capped` : '',
    drawn > 0 ? `${drawn} drawn (no winner)` : '',
    engineErrors > 0 ? `${engineErrors} on an engine error (left out of the statistics; see records.jsonl)` : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? null : `endings, of ${summary.games} games: ${parts.join('; ')}`;
}

/** The lines every report prints under its title: what was played, and anything to be wary of. */
export function runNotes(summary: Summary): string[] {
  const notes = [
    `${summary.games} games of ${gameLabel(summary.game, summary.variant)}, ${summary.players} player${summary.players === 1 ? '' : 's'} a game, ${summary.seating} seating, seed "${summary.seed}"`,
  ];
  if (summary.games > summary.gamesAsked) {
    notes.push(`${summary.gamesAsked} games asked, rounded up to ${summary.blocks} whole blocks of ${summary.blockSize}`);
  }
  const { engine: _, ...faultKinds } = summary.errors;
  const faults = Object.values(faultKinds).reduce((a, b) => a + b, 0);
  const counts = Object.entries(faultKinds).filter(([, n]) => n > 0).map(([kind, n]) => `${kind} ${n}`);
  if (faults > 0) notes.push(`${faults} bot faults (${counts.join(', ')}): see records.jsonl`);
  for (const e of summary.entrants) if (e.flagged) notes.push(`FLAGGED: ${e.bot} faulted in ${(100 * e.faultRate).toFixed(1)}% of its games, over its threshold`);
  const leftOut = summary.entrants.filter((e) => (e.scoresLeftOut ?? 0) > 0);
  if (leftOut.length > 0) {
    const total = leftOut.reduce((sum, e) => sum + e.scoresLeftOut!, 0);
    const entrants = leftOut.map((e) => `${e.bot} ${e.scoresLeftOut}${e.meanScoreWithForfeits === undefined ? '' : `, mean score ${e.meanScoreWithForfeits.toFixed(1)} with them`}`);
    notes.push(`${total} score${total === 1 ? '' : 's'} of forfeited games left out of the score statistics (${entrants.join('; ')})`);
  }
  const endings = outcomeKinds(summary);
  if (endings !== null) notes.push(endings);
  if (summary.model !== null) notes.push(`ratings: ${MODELS[summary.model]}${summary.family.size > 1 ? `; the head-to-head claims hold together over ${summary.family.size} comparisons${summary.family.baseline === null ? '' : ` with ${summary.family.baseline}`}` : ''}`);
  if (!summary.reproducible) notes.push('move-time faults and decisions budgeted in milliseconds (ms=) depend on the wall clock: a rerun may differ');
  return notes;
}
