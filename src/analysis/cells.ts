import type { AnalysisColumn } from './analysis.js';
import type { Estimate } from './estimate.js';

/** A number in a table's cell: two decimals. */
export function fixed(x: number): string {
  return x.toFixed(2);
}

/** A mean with its 95% interval, "-" where there is none to show. */
export function withInterval(e: Estimate | undefined): string {
  if (e === undefined) return '-';
  return e.ci95 === null ? fixed(e.mean) : `${fixed(e.mean)} [${fixed(e.ci95[0])}, ${fixed(e.ci95[1])}]`;
}

/** The loss a game, mean with its interval, in `unit`. */
export function lossColumn(unit: string): AnalysisColumn {
  return { head: `loss a game (${unit}, 95%)`, cell: (e) => withInterval(e.totalLoss) };
}

/** The decisions losing at least each of `costly`. */
export function costlyColumns(costly: readonly number[]): AnalysisColumn[] {
  return costly.map((threshold) => ({ head: `losing >= ${threshold}`, cell: (e) => String(e.costly[String(threshold)] ?? 0) }));
}
