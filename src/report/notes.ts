import { gameLabel } from '../core/game.js';
import { resolveOptions } from '../core/options.js';
import { GAMES } from '../games/registry.js';
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

/**
 * The options a run set otherwise than the game and variant play by default (`--set`), as
 * `key=value`: its config against the defaults resolved the same way. Empty for a game or
 * variant this version does not know.
 */
export function optionsSet(summary: Pick<Summary, 'game' | 'variant' | 'config'>): string[] {
  const game = GAMES.find((g) => g.id === summary.game);
  if (game === undefined || typeof summary.config !== 'object' || summary.config === null) return [];
  let defaults: Record<string, unknown>;
  try {
    defaults = resolveOptions(game, summary.variant, {}) as Record<string, unknown>;
  } catch {
    return [];
  }
  return Object.entries(summary.config as Record<string, unknown>)
    .filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(defaults[key]))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
}

/** The lines every report prints under its title: what was played, and anything to be wary of. */
export function runNotes(summary: Summary): string[] {
  const notes = [
    `${summary.games} games of ${gameLabel(summary.game, summary.variant)}, ${summary.players} player${summary.players === 1 ? '' : 's'} a game, ${summary.seating} seating, seed "${summary.seed}"`,
  ];
  const set = optionsSet(summary);
  if (set.length > 0) notes.push(`options: ${set.join(', ')} (the rest as the game${summary.variant === '' ? '' : ' and variant'} play by default)`);
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
