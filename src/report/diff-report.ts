import { join } from 'node:path';
import { replaceFile } from '../core/user-files.js';
import { gameLabel } from '../core/game.js';
import { FAULT_KINDS } from '../core/record.js';
import type { OutcomeLine } from '../harness/outcome-line.js';
import { plainTable } from './console-table.js';
import type { Change, DiffSummary, ListedGame } from './diff-summary.js';
import { htmlPage, tableHtml, figure } from './html.js';
import { markdownTable } from './markdown.js';
import type { Table } from './sections.js';
import { escapeXml, histogramChart, intervalChart, type IntervalRow } from './svg.js';

export const DIFF_MARKDOWN = 'diff.md';
export const DIFF_HTML = 'diff.html';

/** The mark of a difference whose 95% interval excludes 0, and what it means. */
const MARK = '*';
const MARKED = `${MARK} the 95% interval excludes 0: the runs differ there`;

const signed = (x: number, digits: number): string => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x).toFixed(digits)}`;

interface Scale {
  /** A run's value. */
  readonly value: (x: number) => string;
  /** A difference (and its interval's ends). */
  readonly diff: (x: number) => string;
  readonly unit: string;
}

const RATE: Scale = { value: (x) => `${(100 * x).toFixed(1)}%`, diff: (x) => signed(100 * x, 1), unit: ' pp' };
const MEAN: Scale = { value: (x) => x.toFixed(2), diff: (x) => signed(x, 2), unit: '' };
const LENGTH: Scale = { value: (x) => x.toFixed(1), diff: (x) => signed(x, 1), unit: '' };
const ELO: Scale = { value: (x) => signed(x, 0).replace('±', ''), diff: (x) => signed(x, 0), unit: '' };

/** "−8.3 pp (−14.0 to −2.6) *": B - A, its interval, and the mark where the interval excludes 0. */
function difference(c: Change, scale: Scale): string {
  if (c.diff === null) return '–';
  const interval = c.ci95 === null ? ' (no interval)' : ` (${scale.diff(c.ci95[0])} to ${scale.diff(c.ci95[1])})`;
  return `${scale.diff(c.diff)}${scale.unit}${interval}${c.excludesZero ? ` ${MARK}` : ''}`;
}

const value = (x: number | null, scale: Scale): string => (x === null ? '–' : scale.value(x));

/** A's value, B's, and the difference: three cells. */
const cells = (c: Change, scale: Scale): string[] => [value(c.a, scale), value(c.b, scale), difference(c, scale)];

/** The lines every diff report opens with: what was compared, how the runs differ, how they are paired. */
export function diffNotes(s: DiffSummary): string[] {
  const lines = [
    `${s.paired.games} games of ${gameLabel(s.game, s.variant)} paired, ${s.players} player${s.players === 1 ? '' : 's'} a game, ${s.seating} seating, seed "${s.seed}": A ${s.a.dir}, B ${s.b.dir}`,
    s.differences.length === 0 ? 'A and B differ in nothing they record: the same options and code' : `A and B differ in: ${s.differences.map((d) => `${d.field} ${JSON.stringify(d.a)} -> ${JSON.stringify(d.b)}`).join('; ')}`,
    s.paired.by === 'block'
      ? `paired by deal: ${s.paired.pairs} deals of ${s.paired.games / s.paired.blocks} games (the games of a deal share it, so a deal is one pair; intervals are Student's t over the deals' differences, the ratings' block-robust)`
      : `paired by game: ${s.paired.pairs} games (intervals are Student's t over the games' differences, the ratings' block-robust)`,
    ...s.paired.notes,
  ];
  return lines;
}

/** The tables of a diff, as plain cells, for every format: the entrants' in two, so that each fits a terminal. */
function tables(s: DiffSummary): { entrants: Table; ratings: Table | null; seats: Table; length: Table; endings: Table; metrics: Table | null } {
  const entrants: Table = {
    head: ['entrant', 'win A', 'win B', 'win B − A (95%)', 'rank A', 'rank B', 'rank B − A (95%)'],
    rows: s.entrants.map((e) => [e.bot, ...cells(e.winRate, RATE), ...cells(e.meanRank, MEAN)]),
  };
  const eloColumns = s.entrants.some((e) => e.elo !== null);
  const scoreColumns = s.entrants.some((e) => e.meanScore !== null);
  const optional = (on: boolean, c: Change | null, scale: Scale): string[] => (!on ? [] : c === null ? ['–', '–', '–'] : cells(c, scale));
  const ratings: Table | null =
    !eloColumns && !scoreColumns
      ? null
      : {
          head: ['entrant', ...(scoreColumns ? ['score A', 'score B', 'score B − A (95%)'] : []), ...(eloColumns ? ['Elo A', 'Elo B', 'Elo B − A (95%)'] : [])],
          rows: s.entrants.map((e) => [e.bot, ...optional(scoreColumns, e.meanScore, LENGTH), ...optional(eloColumns, e.elo, ELO)]),
        };
  const seats: Table = { head: ['seat', 'win A', 'win B', 'win B − A (95%)'], rows: s.seats.map((seat) => [String(seat.seat), ...cells(seat.winRate, RATE)]) };
  const length: Table = {
    head: ['game length', 'A', 'B', 'B − A (95%)'],
    rows: [['steps', ...cells(s.length.steps, LENGTH)], ...(s.length.turns === null ? [] : [['turns', ...cells(s.length.turns, LENGTH)]])],
  };
  const ending = (name: string, c: DiffSummary['endings']['capped']): string[] => [name, String(c.a), String(c.b), String(c.onlyA), String(c.onlyB)];
  const faults = (f: DiffSummary['endings']['faults']['a']): string => FAULT_KINDS.filter((k) => f[k] > 0).map((k) => `${k} ${f[k]}`).join(', ') || '0';
  const endings: Table = {
    head: ['games', 'A', 'B', 'in A only', 'in B only'],
    rows: [
      ending('capped', s.endings.capped),
      ending('drawn (no winner)', s.endings.drawn),
      ending('engine error', s.endings.engineErrors),
      ['faults', faults(s.endings.faults.a), faults(s.endings.faults.b), '', ''],
    ],
  };
  const metrics: Table | null =
    s.metrics.rows.length === 0 ? null : { head: ['entrant', 'metric', 'A', 'B', 'B − A (95%)'], rows: s.metrics.rows.map((r) => [r.bot, r.name, ...cells(r.value, MEAN)]) };
  return { entrants, ratings, seats, length, endings, metrics };
}

/** Why an entrant's Elo difference has no interval, a line each. */
function eloNotes(s: DiffSummary): string[] {
  return s.entrants.flatMap((e) => (e.elo?.note !== undefined && e.elo.ci95 === null ? [`${e.bot}'s Elo: ${e.elo.note}`] : []));
}

/** "game 12 (winner): A won by deduction (seat 1) in 55 steps; B drawn in 30 steps (capped)". */
function gameLine(g: ListedGame, labels: readonly string[]): string {
  const ending = (o: OutcomeLine): string => {
    const winners = (o.winners ?? []).map((seat) => `${labels[o.entrants[seat]!] ?? `entrant ${o.entrants[seat]}`} (seat ${seat})`);
    const how = o.error !== undefined ? `engine error (${o.error})` : winners.length === 0 ? 'drawn' : `won by ${winners.join(' and ')}`;
    return `${how} in ${o.steps} steps${o.capped === true ? ' (capped)' : ''}`;
  };
  return `game ${g.game} (${g.kind}): A ${ending(g.a)}; B ${ending(g.b)}`;
}

const labelsOf = (s: DiffSummary): string[] => s.entrants.map((e) => e.bot);

/** How many games changed, by kind: the winners, the rest of the outcome, the length alone. */
function changesLine(s: DiffSummary): string {
  const g = s.games;
  return `games: ${g.winner} with another winner, ${g.outcome} with the same winners and another outcome (ranks, scores, faults, cap), ${g.length} changed only in length, ${g.same} the same; every changed game in ${g.file}`;
}

const METRICS_HEAD = (s: DiffSummary): string =>
  s.metrics.paired ? `Game metrics, paired by ${s.paired.by === 'block' ? 'deal' : 'game'} from both runs' records${s.metrics.note === null ? '' : ` (${s.metrics.note})`}.` : `Game metrics: ${s.metrics.note}.`;

/** The console's diff: a few lines and tables, readable at a glance. */
export function diffConsole(s: DiffSummary): string {
  const t = tables(s);
  const render = (table: Table, first: 'left' | 'right' = 'left'): string => {
    const out = plainTable({ head: [...table.head], colAligns: table.head.map((_, i) => (i === 0 ? first : 'right')) });
    for (const row of table.rows) out.push(row.map(String));
    return out.toString();
  };
  const lines = [...diffNotes(s), render(t.entrants), ...(t.ratings === null ? [] : [render(t.ratings)]), ...eloNotes(s), render(t.seats), render(t.length), render(t.endings)];
  if (t.metrics !== null) lines.push(METRICS_HEAD(s), render(t.metrics));
  lines.push(MARKED, changesLine(s));
  for (const g of s.games.listed) lines.push(`  ${gameLine(g, labelsOf(s))}`, ...(g.view === null ? [] : g.view.map((command) => `    ${command}`)));
  if (s.games.note !== null) lines.push(s.games.note);
  return lines.join('\n');
}

/** diff.md: the same as the console, as markdown tables. */
export function diffMarkdown(s: DiffSummary): string {
  const t = tables(s);
  const lines = [`# ${gameLabel(s.game, s.variant)}: run B against run A`, '', ...diffNotes(s).map((n) => `- ${n}`), '', MARKED, ''];
  lines.push('## Entrants', '', 'Win rate, mean rank, mean score (games with scores) and Elo (each ladder against its own origin) in each run, and B − A paired.', '', ...markdownTable(t.entrants), '', ...(t.ratings === null ? [] : [...markdownTable(t.ratings), '']));
  lines.push(...eloNotes(s).map((note) => `- ${note}`));
  lines.push('', '## By seat', '', 'Every entrant together in each seat: the seats\' advantage in each run, and how it moved.', '', ...markdownTable(t.seats), '');
  lines.push('## Game length', '', ...markdownTable(t.length), '');
  lines.push('## Endings', '', ...markdownTable(t.endings), '');
  if (t.metrics !== null) lines.push('## Game metrics', '', METRICS_HEAD(s), '', ...markdownTable(t.metrics), '');
  lines.push('## Games that changed', '', changesLine(s), '');
  for (const g of s.games.listed) lines.push(`- ${gameLine(g, labelsOf(s))}${g.view === null ? '' : `: \`${g.view[0]}\`, \`${g.view[1]}\``}`);
  if (s.games.note !== null) lines.push('', s.games.note);
  lines.push('');
  return lines.join('\n');
}

/** The whisker rows of some differences, those with an interval. */
function differenceRows(rows: readonly { label: string; c: Change }[]): IntervalRow[] {
  return rows.flatMap(({ label, c }) => (c.diff === null || c.ci95 === null ? [] : [{ label, value: c.diff, lo: c.ci95[0], hi: c.ci95[1] }]));
}

/** diff.html: one self-contained page as report.html is, with the differences drawn against 0 and both runs' lengths over each other. */
export function diffHtml(s: DiffSummary): string {
  const t = tables(s);
  const zero = { value: 0, label: '0' };
  const body: string[] = [`<h1>${escapeXml(gameLabel(s.game, s.variant))}: run B against run A</h1>`, `<ul class="notes">${diffNotes(s).map((n) => `<li>${escapeXml(n)}</li>`).join('')}</ul>`, `<p class="notes">${escapeXml(MARKED)}</p>`];
  body.push('<h2>Entrants</h2>', tableHtml(t.entrants.head, t.entrants.rows, true));
  if (t.ratings !== null) body.push(tableHtml(t.ratings.head, t.ratings.rows, true));
  const wins = differenceRows(s.entrants.map((e) => ({ label: e.bot, c: e.winRate })));
  if (wins.length > 0) body.push(figure(intervalChart('Win rate, B − A, with its paired 95% interval', wins, (x) => `${signed(100 * x, 1)} pp`, zero), 'Each dot is B\'s win rate minus A\'s over the paired games; whiskers: the 95% interval paired by deal. Dashed: no difference.'));
  const elos = differenceRows(s.entrants.flatMap((e) => (e.elo === null ? [] : [{ label: e.bot, c: e.elo }])));
  if (elos.length > 0) body.push(figure(intervalChart('Elo, B − A, with its paired 95% interval', elos, (x) => signed(x, 0), zero), 'Each rating against its own ladder\'s origin; whiskers: block-robust, the deals paired.'));
  body.push('<h2>By seat</h2>', tableHtml(t.seats.head, t.seats.rows, true));
  const seats = differenceRows(s.seats.map((seat) => ({ label: `seat ${seat.seat}`, c: seat.winRate })));
  if (seats.length > 0) body.push(figure(intervalChart('Seat win rate, B − A, with its paired 95% interval', seats, (x) => `${signed(100 * x, 1)} pp`, zero), 'How each seat\'s advantage moved from A to B.'));
  body.push('<h2>Game length</h2>', tableHtml(t.length.head, t.length.rows, true));
  const { a, b } = s.distributions.steps;
  const games = b.reduce((sum, [, count]) => sum + count, 0);
  const probabilities: number[] = [];
  for (const [steps, count] of b) probabilities[steps] = count / Math.max(1, games);
  const first = Math.min(a[0]?.[0] ?? 0, b[0]?.[0] ?? 0);
  const last = Math.max(a.at(-1)?.[0] ?? 0, b.at(-1)?.[0] ?? 0);
  body.push(figure(histogramChart('Steps per game: A (bars) and B (line)', a, 'actions and forfeits per game', { label: 'run B', probabilities: Array.from(probabilities, (p) => p ?? 0), range: [first, last] }), `${games} games in each run`));
  body.push('<h2>Endings</h2>', tableHtml(t.endings.head, t.endings.rows, true));
  if (t.metrics !== null) body.push('<h2>Game metrics</h2>', `<p class="notes">${escapeXml(METRICS_HEAD(s))}</p>`, tableHtml(t.metrics.head, t.metrics.rows, true));
  body.push('<h2>Games that changed</h2>', `<p class="notes">${escapeXml(changesLine(s))}</p>`);
  if (s.games.listed.length > 0) {
    body.push(`<ul>${s.games.listed.map((g) => `<li>${escapeXml(gameLine(g, labelsOf(s)))}${g.view === null ? '' : g.view.map((c) => `<br><code>${escapeXml(c)}</code>`).join('')}</li>`).join('')}</ul>`);
  }
  if (s.games.note !== null) body.push(`<p class="notes">${escapeXml(s.games.note)}</p>`);
  return htmlPage(`${gameLabel(s.game, s.variant)}: run B against run A`, body);
}

/** diff.md and diff.html into `dir`, each a new file renamed into place. */
export function writeDiffReports(summary: DiffSummary, dir: string): void {
  replaceFile(join(dir, DIFF_MARKDOWN), diffMarkdown(summary));
  replaceFile(join(dir, DIFF_HTML), diffHtml(summary));
}
