import Table from 'cli-table3';
import { byStrength, elo, faultCount, interval, percent, score } from './order.js';
import type { Summary } from './summary.js';

/** The console table of a run: entrants sorted by rating. */
export function consoleTable(summary: Summary): string {
  const table = new Table({
    head: ['#', 'entrant', 'Elo ± 95%', 'games', 'wins', 'win rate', '95% CI', '95% CI (deals)', 'mean rank', 'score ± sd', 'faults'],
    style: { head: [], border: [] },
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
  return table.toString();
}
