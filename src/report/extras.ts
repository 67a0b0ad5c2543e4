import type { GameDefinition, MetricInfo, ReferenceScores } from '../core/game.js';
import { GAMES } from '../games/registry.js';
import { referenceScores } from './references.js';
import type { Summary } from './summary.js';

/** What the game adds to a run's reports: its metrics' legend and a reference score distribution. */
export interface ReportExtras {
  readonly metrics: readonly MetricInfo[];
  readonly reference: ReferenceScores | null;
  /** Why the game's reference could not be computed (the reports go on without it). */
  readonly referenceProblem?: string;
}

function gameOf(summary: Summary): GameDefinition | undefined {
  return GAMES.find((g) => g.id === summary.game);
}

/** Every metric in the summary: in the game's order with its descriptions, then names the game does not list (a game only tests know). */
export function metricsOf(summary: Summary): MetricInfo[] {
  const names = new Set(summary.entrants.flatMap((e) => Object.keys(e.metrics ?? {})));
  const listed = (gameOf(summary)?.metrics?.list ?? []).filter((m) => names.has(m.name));
  const unlisted = [...names].filter((name) => !listed.some((m) => m.name === name)).map((name) => ({ name, description: '' }));
  return [...listed, ...unlisted];
}

/**
 * The extras of the summary's game. Computing a reference may take seconds: only report writing
 * asks for it. A reference that fails (say, an unwritable cache and no memory to spare) costs the
 * reports that one row and line, not the run's reports.
 */
export function reportExtras(summary: Summary): ReportExtras {
  const metrics = metricsOf(summary);
  if (Object.keys(summary.distributions.scores).length === 0) return { metrics, reference: null };
  try {
    return { metrics, reference: referenceScores(summary.game, summary.config) };
  } catch (error) {
    return { metrics, reference: null, referenceProblem: error instanceof Error ? error.message : String(error) };
  }
}

export const NO_EXTRAS: ReportExtras = { metrics: [], reference: null };
