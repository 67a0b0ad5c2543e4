import type { Summary } from './summary.js';

/** The lines every report prints under its title: what was played, and anything to be wary of. */
export function runNotes(summary: Summary): string[] {
  const notes = [
    `${summary.games} games of ${summary.game}${summary.variant ? ` (${summary.variant})` : ''}, ${summary.players} player${summary.players === 1 ? '' : 's'} a game, ${summary.seating} seating, seed "${summary.seed}"`,
  ];
  if (summary.games > summary.gamesAsked) {
    notes.push(`${summary.gamesAsked} games asked, rounded up to ${summary.blocks} whole blocks of ${summary.blockSize}`);
  }
  const faults = summary.errors.illegal + summary.errors.threw + summary.errors.timeout + summary.errors.left;
  if (faults > 0) notes.push(`${faults} bot faults (illegal ${summary.errors.illegal}, threw ${summary.errors.threw}, timeout ${summary.errors.timeout}): see records.jsonl`);
  if (summary.errors.engine > 0) notes.push(`${summary.errors.engine} games ended on an engine error (left out of the statistics): see records.jsonl`);
  if (!summary.reproducible) notes.push('move-time faults depend on the wall clock: a rerun may differ');
  return notes;
}
