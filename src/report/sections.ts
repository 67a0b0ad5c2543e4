import { distributionStats, PERCENTILES, probabilityPairs } from './distribution.js';
import type { ReportExtras } from './extras.js';
import type { EntrantSummary, Summary } from './summary.js';

/** A table as plain cells, rendered by each report format its own way. */
export interface Table {
  readonly head: readonly string[];
  readonly rows: readonly (readonly (string | number)[])[];
}

function fixed(x: number | null | undefined, digits: number): string {
  return x === null || x === undefined ? '–' : x.toFixed(digits);
}

/** Game metrics: one row per entrant, "mean ± sd (games where it applied)" per metric; null without metrics. */
export function metricsTable(entrants: readonly EntrantSummary[], extras: ReportExtras): Table | null {
  if (extras.metrics.length === 0) return null;
  return {
    head: ['entrant', ...extras.metrics.map((m) => m.name)],
    rows: entrants.map((e) => [
      e.bot,
      ...extras.metrics.map((m) => {
        const s = e.metrics?.[m.name];
        return s === undefined || s.games === 0 ? '–' : `${fixed(s.mean, 2)} ± ${fixed(s.sd, 2)} (${s.games})`;
      }),
    ]),
  };
}

/** The metrics' legend: "name: what it counts" for those the game describes. */
export function metricsLegend(extras: ReportExtras): string[] {
  return extras.metrics.filter((m) => m.description !== '').map((m) => `${m.name}: ${m.description}`);
}

/**
 * Final scores: one row per entrant with scores (sampled), and the reference distribution's exact
 * row where the game gives one, with the means of the metrics it has exact values for beside them.
 */
export function scoresTable(summary: Summary, entrants: readonly EntrantSummary[], extras: ReportExtras): Table | null {
  const sampled = entrants.filter((e) => summary.distributions.scores[e.bot] !== undefined);
  if (sampled.length === 0) return null;
  const reference = extras.reference;
  const metricNames = Object.keys(reference?.metrics ?? {});
  const rows: (string | number)[][] = sampled.map((e) => {
    const stats = distributionStats(summary.distributions.scores[e.bot]!, true);
    return [e.bot, e.games, fixed(stats.mean, 2), fixed(stats.sd, 2), ...stats.percentiles, ...metricNames.map((name) => fixed(e.metrics?.[name]?.mean, 4))];
  });
  if (reference !== null) {
    const stats = distributionStats(probabilityPairs(reference.probabilities), false);
    rows.push([reference.label, 'exact', fixed(stats.mean, 2), fixed(stats.sd, 2), ...stats.percentiles, ...metricNames.map((name) => fixed(reference.metrics[name], 4))]);
  }
  return { head: ['entrant', 'games', 'mean', 'sd', ...PERCENTILES.map((p) => `p${p}`), ...metricNames], rows };
}
