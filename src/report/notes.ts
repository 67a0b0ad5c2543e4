import { gameLabel } from '../core/game.js';
import type { Summary } from './summary.js';

/** The lines every report prints under its title: what was played, and anything to be wary of. */
export function runNotes(summary: Summary): string[] {
  const notes = [
    `${summary.games} games of ${gameLabel(summary.game, summary.variant)}, ${summary.players} player${summary.players === 1 ? '' : 's'} a game, ${summary.seating} seating, seed "${summary.seed}"`,
  ];
  if (summary.games > summary.gamesAsked) {
    notes.push(`${summary.gamesAsked} games asked, rounded up to ${summary.blocks} whole blocks of ${summary.blockSize}`);
  }
  const { engine, ...kinds } = summary.errors;
  const faults = Object.values(kinds).reduce((a, b) => a + b, 0);
  const counts = Object.entries(kinds).filter(([, n]) => n > 0).map(([kind, n]) => `${kind} ${n}`);
  if (faults > 0) notes.push(`${faults} bot faults (${counts.join(', ')}): see records.jsonl`);
  for (const e of summary.entrants) if (e.flagged) notes.push(`FLAGGED: ${e.bot} faulted in ${(100 * e.faultRate).toFixed(1)}% of its games, over its threshold`);
  const leftOut = summary.entrants.filter((e) => (e.scoresLeftOut ?? 0) > 0);
  if (leftOut.length > 0) {
    const total = leftOut.reduce((sum, e) => sum + e.scoresLeftOut!, 0);
    notes.push(`${total} score${total === 1 ? '' : 's'} of forfeited games left out of the score statistics (${leftOut.map((e) => `${e.bot} ${e.scoresLeftOut}`).join(', ')})`);
  }
  if (engine > 0) notes.push(`${engine} games ended on an engine error (left out of the statistics): see records.jsonl`);
  if (!summary.reproducible) notes.push('move-time faults and decisions budgeted in milliseconds (ms=) depend on the wall clock: a rerun may differ');
  return notes;
}
