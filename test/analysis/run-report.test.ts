import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnalysisSummary, EntrantAnalysis } from '../../src/analysis/analysis.js';
import type { Estimate } from '../../src/analysis/estimate.js';
import { CLUE_ANALYSIS_MODEL } from '../../src/analysis/clue/clue-analysis.js';
import { tempDir } from '../harness/support/run.js';
import { parlor } from '../support/cli.js';

/** A mean and its interval as the tables print them, worked out here from analysis.json's numbers. */
function interval(e: Estimate | undefined): string {
  if (e === undefined) return '-';
  return e.ci95 === null ? e.mean.toFixed(2) : `${e.mean.toFixed(2)} [${e.ci95[0].toFixed(2)}, ${e.ci95[1].toFixed(2)}]`;
}

/** Yahtzee's row of an entrant: games, decisions, the loss a game, the decisions losing 1, 5, 15 or more, the score and luck removed. */
function yahtzeeRow(e: EntrantAnalysis): string[] {
  return [e.entrant, String(e.games), String(e.decisions), interval(e.totalLoss), ...['1', '5', '15'].map((t) => String(e.costly[t])), interval(e.score), interval(e.luckRemoved)];
}

/** Clue's row of an entrant, from its summed counts: the means are sums over its suggestions. */
function clueRow(e: EntrantAnalysis): string[] {
  const n = e.numbers;
  const perCertainty = n.certainties === 0 ? '-' : (n.turnsLost! / n.certainties!).toFixed(2);
  const perSuggestion = (sum: number): string => (n.suggestions === 0 ? '-' : (sum / n.suggestions!).toFixed(3));
  return [
    e.entrant,
    String(e.games),
    String(e.decisions),
    ...[n.accusations, n.uncertain, n.wrongUncertain, n.wrong].map(String),
    n.expectedWrong!.toFixed(2),
    String(n.certainties),
    String(n.turnsLost),
    perCertainty,
    String(n.suggestions),
    perSuggestion(n.informationSum!),
    perSuggestion(n.shortfallSum!),
  ];
}

/** `parlor run --analyze --record <record>` into a fresh folder: its summary.json, report.md, report.html and analysis.json. */
async function analysedRun(record: string, ...args: string[]): Promise<{ summary: { analysis?: AnalysisSummary }; md: string; html: string; analysis: AnalysisSummary }> {
  const out = tempDir('parlor-run-report-');
  await parlor('run', ...args, '--record', record, '--workers', '1', '--quiet', '--analyze', '--out', out);
  const read = (file: string): string => readFileSync(join(out, file), 'utf8');
  return { summary: JSON.parse(read('summary.json')) as never, md: read('report.md'), html: read('report.html'), analysis: JSON.parse(read('analysis/analysis.json')) as AnalysisSummary };
}

function markdownRow(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function htmlRow(cells: readonly string[]): string {
  const escaped = cells.map((cell) => cell.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
  return `<tr>${escaped.map((cell) => `<td>${cell}</td>`).join('')}</tr>`;
}

describe("a run's reports with --analyze", () => {
  it('Yahtzee: summary.json holds the analysis, and report.md and report.html its table, with the numbers of analysis.json', async () => {
    const { summary, md, html, analysis } = await analysedRun('all', '--game', 'yahtzee', '--set', 'series=1', '--bots', 'greedy,optimal', '--players', '1', '--games', '5');
    expect(summary.analysis).toEqual(analysis);
    expect(analysis.games).toBe(5);
    expect(md).toContain('## Analysis of 5 yahtzee games');
    expect(md).toContain("Every decision of every one of the run's 5 games");
    expect(md).toContain(`- ${analysis.caveats[0]}`);
    expect(md).toContain(markdownRow(['entrant', 'games', 'decisions', 'loss a game (points, 95%)', 'losing >= 1', 'losing >= 5', 'losing >= 15', 'score (95%)', 'luck removed (95%)']));
    for (const entrant of analysis.entrants) {
      expect(md).toContain(markdownRow(yahtzeeRow(entrant)));
      expect(html).toContain(htmlRow(yahtzeeRow(entrant)));
    }
    expect(html).toContain('<h2>Analysis of 5 yahtzee games</h2>');
    const costliest = analysis.costliest[0]!;
    expect(md).toContain(`- game ${costliest.gameIndex} step ${costliest.step}, greedy (seat 0): ${costliest.action}, losing ${costliest.loss.toFixed(2)} points`);
    expect(html).toContain(`--game-index ${costliest.gameIndex}</code></li>`);
  }, 60_000);

  it("Clue: only the recorded sample is analysed, and the reports say so, with Clue's table and the model's caveat", async () => {
    const { summary, md, html, analysis } = await analysedRun('sample:2', '--game', 'clue', '--variant', 'clueless', '--bots', 'notebook,checklist,random', '--games', '6');
    expect(summary.analysis).toEqual(analysis);
    expect(analysis.games).toBe(2);
    expect(md).toContain("## Analysis of 2 clue games\n\nEvery decision of the 2 of the run's 6 games that records.jsonl holds");
    expect(md).toContain(`- ${CLUE_ANALYSIS_MODEL}`);
    expect(html).toContain('the 2 of the run&#39;s 6 games that records.jsonl holds');
    for (const entrant of analysis.entrants) {
      expect(md).toContain(markdownRow(clueRow(entrant)));
      expect(html).toContain(htmlRow(clueRow(entrant)));
    }
  }, 60_000);
});
