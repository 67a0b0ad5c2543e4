import Table from 'cli-table3';
import { metricsOf } from './extras.js';
import { byStrength, elo, faultCount, interval, percent, score, seatsLine } from './order.js';
import type { Summary } from './summary.js';

/** A console table with no colour codes: the output is often a pipe or a file. */
export function plainTable(options: Table.TableConstructorOptions): Table.Table {
  return new Table({ ...options, style: { head: [], border: [] } });
}

/** Game metrics, means only, entrants in the same order: a second table, since the first is already wide. */
function metricsConsoleTable(summary: Summary): string | null {
  const metrics = metricsOf(summary);
  if (metrics.length === 0) return null;
  const table = plainTable({ head: ['entrant', ...metrics.map((m) => m.name)], colAligns: ['left', ...metrics.map(() => 'right' as const)] });
  for (const e of byStrength(summary.entrants)) {
    table.push([e.bot, ...metrics.map((m) => e.metrics?.[m.name]?.mean?.toFixed(2) ?? '–')]);
  }
  return table.toString();
}

/** The console table of a run: entrants sorted by rating, then the game's metric means. */
export function consoleTable(summary: Summary): string {
  const table = plainTable({
    head: ['#', 'entrant', 'Elo ± 95%', 'games', 'wins', 'win rate', '95% CI', '95% CI (deals)', 'mean rank', 'score ± sd', 'faults'],
    colAligns: ['right', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
  });
  byStrength(summary.entrants).forEach((e, i) => {
    table.push([
      String(i + 1),
      e.bot,
      elo(e),
      String(e.games),
      String(Number(e.wins.toFixed(2))),
      percent(e.winRate),
      interval(e.winRateCI95),
      e.winRateCI95Blocks === null ? '–' : interval(e.winRateCI95Blocks),
      e.meanRank.toFixed(2),
      score(e),
      String(faultCount(e)),
    ]);
  });
  const seats = seatsLine(summary);
  const metrics = metricsConsoleTable(summary);
  return [table.toString(), ...(seats === null ? [] : [seats]), ...(metrics === null ? [] : ['mean game metrics (report.md describes them):', metrics])].join('\n');
}
