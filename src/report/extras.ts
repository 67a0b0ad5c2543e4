import type { GameDefinition, MetricInfo, ReferenceScores } from '../core/game.js';
import { GAMES } from '../games/registry.js';
import { referenceScores } from './references.js';
import type { Summary } from './summary.js';

/** What the game adds to a run's reports: its metrics' legend and a reference score distribution. */
export interface ReportExtras {
  readonly metrics: readonly MetricInfo[];
  readonly reference: ReferenceScores | null;
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

/** The extras of the summary's game. Computing a reference may take seconds: only report writing asks for it. */
export function reportExtras(summary: Summary): ReportExtras {
  const hasScores = Object.keys(summary.distributions.scores).length > 0;
  return {
    metrics: metricsOf(summary),
    reference: hasScores ? referenceScores(summary.game, summary.config) : null,
  };
}

export const NO_EXTRAS: ReportExtras = { metrics: [], reference: null };
