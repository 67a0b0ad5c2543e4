import { BY_SEAT, byStrength, elo, faultCount, HEAD_TO_HEAD, HEAD_TO_HEAD_ELO, headToHeadRow, interval, percent, score, seatRate, workerCount, decisionTimesLine } from './order.js';
import { analysisMarkdown } from '../analysis/text.js';
import { RECORDS_FILE } from '../harness/run-files.js';
import { analysisIntro } from './analysis.js';
import { NO_EXTRAS, type ReportExtras } from './extras.js';
import { runNotes } from './notes.js';
import { metricsLegend, metricsTable, scoresTable, type Table } from './sections.js';
import type { Summary } from './summary.js';

function row(cells: readonly (string | number)[]): string {
  return `| ${cells.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`;
}

function table(head: readonly string[], rows: readonly (readonly (string | number)[])[]): string[] {
  return [row(head), row(head.map(() => '---')), ...rows.map(row)];
}

/** A table's markdown lines. */
export function markdownTable({ head, rows }: Table): string[] {
  return table(head, rows);
}

/**
 * report.md: the run's tables, readable on GitHub or in a terminal; `records`, the run's
 * records.jsonl as the analysis' view commands name it.
 */
export function markdownReport(summary: Summary, extras: ReportExtras = NO_EXTRAS, records: string = RECORDS_FILE): string {
  const entrants = byStrength(summary.entrants);
  const lines: string[] = [`# ${summary.game} tournament`, '', ...runNotes(summary).map((n) => `- ${n}`), ''];

  lines.push('## Entrants', '');
  lines.push(
    ...table(
      ['#', 'entrant', 'Elo ± 95%', 'games', 'wins', 'win rate', '95% CI (games)', '95% CI (deals)', 'vs chance', 'mean rank', 'score ± sd', 'faults'],
      entrants.map((e, i) => [
        i + 1,
        e.bot,
        elo(e),
        e.games,
        Number(e.wins.toFixed(2)),
        percent(e.winRate),
        interval(e.winRateCI95),
        e.winRateCI95Blocks === null ? '–' : interval(e.winRateCI95Blocks),
        `${e.vsChance} ${percent(e.chance)}`,
        e.meanRank.toFixed(2),
        score(e),
        faultCount(e),
      ]),
    ),
    '',
    "The win rate's interval to read is over deals: the games of a deal depend on each other, and this one allows for it (the one on games does not). Elo intervals likewise allow for the games of a deal and the players of a game depending on each other; a separated entrant shows the games' bound on its rating. Methods and their calibration: src/stats/README.md.",
    '',
  );

  const metrics = metricsTable(entrants, extras);
  if (metrics !== null) {
    lines.push('## Game metrics', '', 'Mean ± SD over the games where the metric applied to the entrant (their number in brackets).', '');
    lines.push(...table(metrics.head, metrics.rows), '', ...metricsLegend(extras).map((l) => `- ${l}`), '');
  }

  const scores = scoresTable(summary, entrants, extras);
  if (scores !== null) {
    lines.push('## Scores', '', `Final scores: mean, SD and percentiles (pN: the least score that N% of the games did not exceed)${extras.reference === null ? '' : `, and the game's exact reference below them: ${extras.reference.label}`}.`, '');
    lines.push(...table(scores.head, scores.rows), '');
  }
  if (extras.referenceProblem !== undefined) lines.push(`The game's reference score distribution could not be computed: ${extras.referenceProblem}`, '');

  lines.push('## By seat', '', `${BY_SEAT}`, '');
  lines.push(
    ...table(
      ['entrant', ...summary.seats.map((s) => `seat ${s.seat}`)],
      [...entrants.map((e) => [e.bot, ...e.seats.map(seatRate)]), ['all', ...summary.seats.map(seatRate)]],
    ),
    '',
  );

  if (summary.headToHead.length > 0) {
    lines.push('## Head to head', '', `In the games where both played: how often each finished ahead of the other. ${HEAD_TO_HEAD_ELO}`, '');
    lines.push(
      ...table(
        HEAD_TO_HEAD,
        summary.headToHead.map(headToHeadRow),
      ),
      '',
    );
  }

  if (summary.analysis !== undefined) lines.push(analysisMarkdown(summary.analysis, records, false, 2, [analysisIntro(summary, summary.analysis)]));

  lines.push('## Errors', '');
  lines.push(...table(Object.keys(summary.errors), [Object.values(summary.errors)]), '');
  lines.push(`Played in ${summary.timing.seconds} s (${summary.timing.gamesPerSecond} games/s, ${workerCount(summary.timing.workers)}).`, '');
  const decisions = decisionTimesLine(summary.timing);
  if (decisions !== '') lines.push(decisions, '');
  return lines.join('\n');
}
