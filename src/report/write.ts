import { replaceFile } from '../core/user-files.js';
import { join } from 'node:path';
import { RECORDS_FILE } from '../harness/run-files.js';
import { reportExtras } from './extras.js';
import { htmlReport } from './html.js';
import { markdownReport } from './markdown.js';
import { recordedGames } from './recorded-games.js';
import type { Summary } from './summary.js';

export const SUMMARY_FILE = 'summary.json';
export const MARKDOWN_FILE = 'report.md';
export const HTML_FILE = 'report.html';

/**
 * summary.json, report.md and report.html into `dir` (each a new file renamed into place); the reports with the game's extras (its
 * metrics' legend, a reference score distribution), the analysis of the recorded games where the
 * summary has one, and report.html with the games the run recorded there (and their viewer files,
 * once written).
 */
export function writeReports(dir: string, summary: Summary): void {
  replaceFile(join(dir, SUMMARY_FILE), `${JSON.stringify(summary, null, 2)}\n`);
  const extras = reportExtras(summary);
  replaceFile(join(dir, MARKDOWN_FILE), markdownReport(summary, extras, join(dir, RECORDS_FILE)));
  replaceFile(join(dir, HTML_FILE), htmlReport(summary, extras, recordedGames(dir)));
}
