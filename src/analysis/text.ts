import type { AnalysisSummary, CostlyDecision } from './analysis.js';
import { analyzerOf } from './analyzers.js';
import { fixed } from './cells.js';

/** The per-entrant table as cells: the entrant, its games and decisions, then its game's own columns. */
export function analysisTable(summary: AnalysisSummary): { head: string[]; rows: string[][] } {
  const { columns } = analyzerOf(summary.game);
  return {
    head: ['entrant', 'games', 'decisions', ...columns.map((c) => c.head)],
    rows: summary.entrants.map((e) => [e.entrant, String(e.games), String(e.decisions), ...columns.map((c) => c.cell(e))]),
  };
}

/** "Analysis of 6 yahtzee games". */
export function analysisTitle(summary: AnalysisSummary): string {
  return `Analysis of ${summary.games} ${summary.game} game${summary.games === 1 ? '' : 's'}`;
}

/**
 * The command that shows a decision's game: `parlor view <file> --game-index N`, or without the
 * index when `single` (the file holds that one game).
 */
export function viewCommand(records: string, gameIndex: number, single: boolean): string {
  return single ? `parlor view ${records}` : `parlor view ${records} --game-index ${gameIndex}`;
}

/** A costly decision in a line: where, whose, what it chose (and its note), its loss and the best. */
export function decisionLine(d: CostlyDecision, unit: string): string {
  const note = d.note === undefined ? '' : ` (${d.note})`;
  return `game ${d.gameIndex} step ${d.step}, ${d.bot} (seat ${d.seat}): ${d.action}${note}, losing ${fixed(d.loss)} ${unit}; best: ${d.best}`;
}

/** What the table's numbers mean, as its game's analyzer says. */
export function legend(summary: AnalysisSummary): string {
  return analyzerOf(summary.game).legend(summary);
}

/** The analysis for a terminal: the caveats, the entrants' table, the costliest decisions and how to see them. */
export function analysisLines(summary: AnalysisSummary, records: string, single: boolean): string[] {
  const { head, rows } = analysisTable(summary);
  const all = [head, ...rows];
  const widths = head.map((_, c) => Math.max(...all.map((row) => row[c]!.length)));
  const table = all.map((row) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '));
  return [
    `${analysisTitle(summary)}: ${summary.caveats.join('; ')}.`,
    '',
    ...table,
    '',
    legend(summary),
    ...(summary.costliest.length === 0 ? ['', 'No decision lost anything.'] : ['', 'Costliest decisions:']),
    ...summary.costliest.map((d) => `  ${decisionLine(d, summary.unit)}\n    ${viewCommand(records, d.gameIndex, single)}`),
  ];
}

/**
 * The analysis as markdown: analysis.md (`level` 1), or a section of a run's report.md (2), with
 * `intro` lines under its title.
 */
export function analysisMarkdown(summary: AnalysisSummary, records: string, single: boolean, level = 1, intro: readonly string[] = []): string {
  const { head, rows } = analysisTable(summary);
  const line = (row: readonly string[]): string => `| ${row.map((cell) => cell.replace(/\|/g, '\\|')).join(' | ')} |`;
  const heading = '#'.repeat(level);
  return [
    `${heading} ${analysisTitle(summary)}`,
    '',
    ...(intro.length === 0 ? [] : [...intro, '']),
    ...summary.caveats.map((caveat) => `- ${caveat}`),
    '',
    line(head),
    line(head.map((_, c) => (c === 0 ? '---' : '---:'))),
    ...rows.map(line),
    '',
    legend(summary),
    '',
    `${heading}# Costliest decisions`,
    '',
    ...(summary.costliest.length === 0 ? ['No decision lost anything.'] : summary.costliest.map((d) => `- ${decisionLine(d, summary.unit)}: \`${viewCommand(records, d.gameIndex, single)}\``)),
    '',
  ].join('\n');
}
