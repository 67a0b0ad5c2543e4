import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { figure, htmlPage, tableHtml } from '../report/html.js';
import { escapeXml } from '../report/svg.js';
import { played } from './values.js';
import { startValues, versionOf, type TuneFile, type Verification } from './tuning.js';

export const TUNE_MARKDOWN = 'tune.md';
export const TUNE_HTML = 'tune.html';

const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;

/** The verification in one sentence. */
export function verificationLine(v: Verification | null): string {
  if (v === null) return 'not verified (--verify-games 0, or the tuning is not finished)';
  const games = `${v.games} games on seed ${JSON.stringify(v.seed)} after iteration ${v.iteration}: ${v.tuned} ahead of ${v.start} in ${v.ahead}, behind in ${v.behind}, tied in ${v.tied}`;
  if (v.eloDiff === null) return `${games}; ${v.separated} finished ahead in every decisive game (no finite Elo)`;
  const ci = v.eloDiffCI95 === null ? '' : ` (95%: ${signed(v.eloDiffCI95[0])} to ${signed(v.eloDiffCI95[1])})`;
  return `${games}; tuned minus start ${signed(v.eloDiff)} Elo${ci}`;
}

/** Per parameter: its start, range, step and value now. */
function paramRows(file: TuneFile): string[][] {
  const start = startValues(file.setup);
  return file.setup.params.map((p, i) => [p.name, p.integer ? 'integer' : 'real', String(start[i]), `${p.min} to ${p.max}`, String(p.cEnd), String(file.values[i])]);
}

const PARAM_HEAD = ['parameter', 'type', 'start', 'range', 'step (c_end)', 'tuned'];

function summaryLines(file: TuneFile): string[] {
  const s = file.setup;
  const games = file.iterations.reduce((n, it) => n + it.games, 0);
  return [
    `${s.bot} on ${s.game}${s.variant === '' ? '' : ` (${s.variant})`}, ${s.players} players, ${s.against.length === 0 ? 'the two versions head to head' : `each version against ${s.against.join(', ')}`}, seed ${JSON.stringify(s.seed)}`,
    `${file.iterations.length} of ${s.iterations} iterations, ${games} games (${s.deals} deals an iteration); gains alpha ${s.gains.alpha}, gamma ${s.gains.gamma}, A ${s.gains.aRatio} of the deals, r_end ${s.gains.rEnd}`,
    `tuned: ${file.label}`,
    `verification: ${verificationLine(file.verification)}`,
  ];
}

export function tuneMarkdown(file: TuneFile): string {
  const row = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [
    `# Tuning of ${file.setup.bot}`,
    '',
    ...summaryLines(file).map((line) => `- ${line}`),
    '',
    row(PARAM_HEAD),
    row(PARAM_HEAD.map(() => '---')),
    ...paramRows(file).map(row),
    '',
    'Each iteration, its parameters as played by the plus and the minus version, and their points: tune.json.',
    '',
  ].join('\n');
}

const WIDTH = 640;
const HEIGHT = 180;
const PAD = 40;

/** One parameter's value after each iteration, on its range, the start dashed. */
function trajectory(file: TuneFile, index: number): string {
  const p = file.setup.params[index]!;
  const points = [p.start, ...file.iterations.map((it) => it.after[index]!)];
  const x = (i: number): number => PAD + ((WIDTH - 2 * PAD) * i) / Math.max(1, points.length - 1);
  const y = (v: number): number => HEIGHT - PAD / 2 - ((HEIGHT - PAD) * (v - p.min)) / (p.max - p.min);
  // At most ~600 points drawn: a long tuning's line is sampled, its ends kept.
  const stride = Math.max(1, Math.ceil(points.length / 600));
  const drawn = points.map((v, i) => [i, v] as const).filter(([i]) => i % stride === 0 || i === points.length - 1);
  const line = drawn.map(([i, v]) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const font = 'font-family="system-ui, sans-serif" font-size="12"';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(p.name)} by iteration">`,
    `<rect x="${PAD}" y="${PAD / 2}" width="${WIDTH - 2 * PAD}" height="${HEIGHT - PAD}" fill="none" stroke="#ccc"/>`,
    `<line x1="${PAD}" x2="${WIDTH - PAD}" y1="${y(p.start).toFixed(1)}" y2="${y(p.start).toFixed(1)}" stroke="#999" stroke-dasharray="4 3"/>`,
    `<polyline points="${line}" fill="none" stroke="#1f77b4" stroke-width="1.5"/>`,
    `<text x="${PAD - 4}" y="${PAD / 2 + 4}" text-anchor="end" ${font}>${p.max}</text>`,
    `<text x="${PAD - 4}" y="${HEIGHT - PAD / 2}" text-anchor="end" ${font}>${p.min}</text>`,
    `<text x="${WIDTH - PAD}" y="${HEIGHT - 4}" text-anchor="end" ${font}>iteration ${file.iterations.length}</text>`,
    `<text x="${PAD}" y="${HEIGHT - 4}" ${font}>0</text>`,
    `<text x="${WIDTH - PAD + 4}" y="${(y(file.theta[index]!) + 4).toFixed(1)}" ${font}>${played(file.theta[index]!, p)}</text>`,
    '</svg>',
  ].join('');
}

export function tuneHtml(file: TuneFile): string {
  const body = [
    `<h1>Tuning of ${escapeXml(file.setup.bot)}</h1>`,
    `<ul>${summaryLines(file).map((line) => `<li>${escapeXml(line)}</li>`).join('')}</ul>`,
    tableHtml(PARAM_HEAD, paramRows(file), true),
    ...file.setup.params.map((p, i) => figure(trajectory(file, i), `${p.name} after each iteration (dashed: the start ${played(p.start, p)})`)),
    `<p class="notes">Every iteration's values, perturbation and points: tune.json. The start as an entrant: ${escapeXml(versionOf(file.setup, startValues(file.setup)).label)}.</p>`,
  ];
  return htmlPage(`tuning of ${file.setup.bot}`, body);
}

export function writeTuneReports(dir: string, file: TuneFile): void {
  writeFileSync(join(dir, TUNE_MARKDOWN), tuneMarkdown(file));
  writeFileSync(join(dir, TUNE_HTML), tuneHtml(file));
}
