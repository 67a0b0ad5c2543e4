import type { AnalysisSummary, CostlyDecision } from './entrants.js';
import type { Estimate } from './estimate.js';

function fixed(x: number): string {
  return x.toFixed(2);
}

function withInterval(e: Estimate | undefined): string {
  if (e === undefined) return '-';
  return e.ci95 === null ? fixed(e.mean) : `${fixed(e.mean)} [${fixed(e.ci95[0])}, ${fixed(e.ci95[1])}]`;
}

/** The per-entrant table: a header row, then one row per entrant. */
function entrantRows(summary: AnalysisSummary): string[][] {
  const thresholds = Object.keys(summary.entrants[0]?.costly ?? {});
  const luck = summary.entrants.some((e) => e.luckRemoved !== undefined);
  const header = [
    'entrant',
    'games',
    'decisions',
    `loss a game (${summary.unit}, 95%)`,
    ...thresholds.map((t) => `losing >= ${t}`),
    ...(luck ? ['score (95%)', 'luck removed (95%)'] : []),
  ];
  const rows = summary.entrants.map((e) => [
    e.entrant,
    String(e.games),
    String(e.decisions),
    withInterval(e.totalLoss),
    ...thresholds.map((t) => String(e.costly[t] ?? 0)),
    ...(luck ? [withInterval(e.score), withInterval(e.luckRemoved)] : []),
  ]);
  return [header, ...rows];
}

/** The command that shows a decision's game: `parlor view <file> --game-index N`. */
function viewCommand(records: string, gameIndex: number, single: boolean): string {
  return single ? `parlor view ${records}` : `parlor view ${records} --game-index ${gameIndex}`;
}

function decisionLine(d: CostlyDecision, unit: string): string {
  return `game ${d.gameIndex} step ${d.step}, ${d.bot} (seat ${d.seat}): ${d.action}, losing ${fixed(d.loss)} ${unit}; best: ${d.best}`;
}

function luckNote(summary: AnalysisSummary): string[] {
  if (summary.optimalScore === undefined) return [];
  return [
    '',
    `Luck removed: the optimal expected score (${summary.optimalScore.toFixed(6)}) less the mean loss a game. A decision's loss does not depend on the dice that follow it, so this estimates the expected score with far less variance than the raw score.`,
  ];
}

/** The analysis for a terminal: the caveats, the entrants' table, the costliest decisions and how to see them. */
export function analysisLines(summary: AnalysisSummary, records: string, single: boolean): string[] {
  const rows = entrantRows(summary);
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const table = rows.map((row) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '));
  return [
    `Analysis of ${summary.games} ${summary.game} game${summary.games === 1 ? '' : 's'}: ${summary.caveats.join('; ')}.`,
    '',
    ...table,
    ...luckNote(summary),
    ...(summary.costliest.length === 0 ? ['', 'No decision lost anything.'] : ['', 'Costliest decisions:']),
    ...summary.costliest.map((d) => `  ${decisionLine(d, summary.unit)}\n    ${viewCommand(records, d.gameIndex, single)}`),
  ];
}

/** The analysis as markdown, for analysis.md. */
export function analysisMarkdown(summary: AnalysisSummary, records: string, single: boolean): string {
  const rows = entrantRows(summary);
  const line = (row: readonly string[]): string => `| ${row.join(' | ')} |`;
  return [
    `# Analysis of ${summary.games} ${summary.game} game${summary.games === 1 ? '' : 's'}`,
    '',
    ...summary.caveats.map((caveat) => `- ${caveat}`),
    '',
    line(rows[0]!),
    line(rows[0]!.map((_, c) => (c === 0 ? '---' : '---:'))),
    ...rows.slice(1).map(line),
    ...luckNote(summary),
    '',
    '## Costliest decisions',
    '',
    ...(summary.costliest.length === 0 ? ['No decision lost anything.'] : summary.costliest.map((d) => `- ${decisionLine(d, summary.unit)}: \`${viewCommand(records, d.gameIndex, single)}\``)),
    '',
  ].join('\n');
}
