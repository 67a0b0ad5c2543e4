import { BY_SEAT, byStrength, elo, faultCount, HEAD_TO_HEAD, HEAD_TO_HEAD_ELO, headToHeadRow, interval, percent, score, seatRate, workerCount, decisionTimesLine } from './order.js';
import type { AnalysisSummary } from '../analysis/analysis.js';
import { analysisTable, analysisTitle, decisionLine, legend, viewCommand } from '../analysis/text.js';
import { RECORDS_FILE } from '../harness/run-files.js';
import { analysisIntro } from './analysis.js';
import { NO_EXTRAS, type ReportExtras } from './extras.js';
import { runNotes } from './notes.js';
import { VIEWERS_DIR, viewerFile, type RecordedGames } from './recorded-games.js';
import { metricsLegend, metricsTable, scoresTable } from './sections.js';
import type { Summary } from './summary.js';
import { escapeXml, histogramChart, histogramTotal, intervalChart, type IntervalRow } from './svg.js';

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 960px; color: #222; padding: 0 1rem; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: 0.5rem 0; font-size: 0.9rem; }
th, td { border: 1px solid #ddd; padding: 0.25rem 0.5rem; text-align: right; }
th:nth-child(2), td:nth-child(2) { text-align: left; }
.named th:first-child, .named td:first-child { text-align: left; } .named th:nth-child(2), .named td:nth-child(2) { text-align: right; }
.notes { color: #555; } figure { margin: 1rem 0; } figcaption { color: #555; font-size: 0.85rem; }
`;

/** `named`: the first column names the rows (left-aligned), where the entrants' table has a rank first. */
export function tableHtml(head: readonly string[], rows: readonly (readonly (string | number)[])[], named = false): string {
  const cells = (tag: string, values: readonly (string | number)[]): string => values.map((v) => `<${tag}>${escapeXml(String(v))}</${tag}>`).join('');
  return `<table${named ? ' class="named"' : ''}><thead><tr>${cells('th', head)}</tr></thead><tbody>${rows.map((r) => `<tr>${cells('td', r)}</tr>`).join('')}</tbody></table>`;
}

/** A ladder entry as the table states it: a separated entrant with a bound is that bound, open on the far side. */
function ladderRow(l: NonNullable<Summary['ladder']>[number]): IntervalRow {
  const { separated } = l;
  if (separated === null || separated.side === 'apart' || separated.bound === null) return { label: l.bot, value: l.elo, lo: l.ci95[0], hi: l.ci95[1] };
  return { label: l.bot, value: separated.bound, lo: separated.bound, hi: separated.bound, open: separated.side };
}

export function figure(svg: string, caption: string): string {
  return `<figure>${svg}<figcaption>${escapeXml(caption)}</figcaption></figure>`;
}

/**
 * The games the run kept in records.jsonl (every game with a fault, and the sample asked for), each
 * with the command that draws it step by step, and a link to its viewer file where the run wrote one.
 */
function recordedSection(recorded: RecordedGames): string[] {
  const rows = recorded.listed.map((game) => {
    const command = `npx parlor view ${recorded.file} --game-index ${game.gameIndex}`;
    const viewer = recorded.viewers.has(game.gameIndex) ? ` <a href="${VIEWERS_DIR}/${viewerFile(game.gameIndex)}">open</a>` : '';
    const cells = [String(game.gameIndex), game.entrants.join(', '), game.winners === null ? 'unfinished' : game.winners.join(', ') || 'nobody', game.faults.join('; ') || '–'];
    return `<tr>${cells.map((cell) => `<td>${escapeXml(cell)}</td>`).join('')}<td><code>${escapeXml(command)}</code>${viewer}</td></tr>`;
  });
  const more = recorded.total > recorded.listed.length ? `<p class="notes">${recorded.listed.length} of the ${recorded.total} recorded games are listed (those with a fault first); every one is in ${escapeXml(recorded.file)}.</p>` : '';
  return [
    '<h2>Recorded games</h2>',
    `<p class="notes">Each command writes the game as a page to step through (add <code>--as &lt;seat&gt;</code> for one player's eyes).</p>`,
    `<table><thead><tr><th>game</th><th>entrants by seat</th><th>won</th><th>faults</th><th>see it</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    more,
  ];
}

/**
 * `run --analyze`'s section: which games, the caveats, the entrants' table and what it means, the
 * costliest decisions with the command that shows each.
 */
function analysisSection(summary: Summary, analysis: AnalysisSummary, records: string): string[] {
  const { head, rows } = analysisTable(analysis);
  const costliest = analysis.costliest.map((d) => `<li>${escapeXml(decisionLine(d, analysis.unit))}: <code>${escapeXml(`npx ${viewCommand(records, d.gameIndex, false)}`)}</code></li>`);
  return [
    `<h2>${escapeXml(analysisTitle(analysis))}</h2>`,
    `<p class="notes">${escapeXml(analysisIntro(summary, analysis))}</p>`,
    `<ul class="notes">${analysis.caveats.map((caveat) => `<li>${escapeXml(caveat)}</li>`).join('')}</ul>`,
    tableHtml(head, rows, true),
    `<p class="notes">${escapeXml(legend(analysis))}</p>`,
    '<h3>Costliest decisions</h3>',
    costliest.length === 0 ? '<p>No decision lost anything.</p>' : `<ul>${costliest.join('')}</ul>`,
  ];
}

/**
 * report.html: one self-contained page (inline CSS and SVG, no script, no fetch), readable offline
 * and safe to mail: the ladder, win rates with intervals, score and game-length histograms.
 */
export function htmlReport(summary: Summary, extras: ReportExtras = NO_EXTRAS, recorded: RecordedGames | null = null): string {
  const entrants = byStrength(summary.entrants);
  const body: string[] = [`<h1>${escapeXml(summary.game)} tournament</h1>`, `<ul class="notes">${runNotes(summary).map((n) => `<li>${escapeXml(n)}</li>`).join('')}</ul>`];

  body.push(
    '<h2>Entrants</h2>',
    tableHtml(
      ['#', 'entrant', 'Elo ± 95%', 'games', 'wins', 'win rate', '95% CI (games)', '95% CI (deals)', 'mean rank', 'score ± sd', 'faults'],
      entrants.map((e, i) => [i + 1, e.bot, elo(e), e.games, Number(e.wins.toFixed(2)), percent(e.winRate), interval(e.winRateCI95), e.winRateCI95Blocks === null ? '–' : interval(e.winRateCI95Blocks), e.meanRank.toFixed(2), score(e), faultCount(e)]),
    ),
  );

  if (summary.ladder !== null) {
    body.push(
      '<h2>Rating ladder</h2>',
      figure(
        intervalChart('Bradley–Terry rating (Elo scale)', summary.ladder.map(ladderRow), (x) => x.toFixed(0)),
        'Fitted on the pairwise "finished ahead" counts. 0 is the information-weighted mean of the anchor tier (the top tier of two or more entrants). Whiskers: 95% intervals robust to the games of a deal depending on each other. A separated entrant (it lost, or won, every meeting with the anchor tier) is drawn as the games\' bound on its rating, open on the far side, as the table states it.',
      ),
    );
  }

  body.push(
    '<h2>Win rates</h2>',
    figure(
      intervalChart(
        'Win rate with its 95% interval',
        entrants.map((e) => {
          const [lo, hi] = e.winRateCI95Blocks ?? e.winRateCI95;
          return { label: e.bot, value: e.winRate, lo, hi };
        }),
        (x) => percent(x),
        { value: 1 / summary.players, label: `1/${summary.players}` },
      ),
      'Whiskers: the interval over deals (blocks) where there are at least two, the Wilson interval on games otherwise. Dashed: the win rate of an entrant no better than the others.',
    ),
  );

  const metrics = metricsTable(entrants, extras);
  if (metrics !== null) {
    body.push(
      '<h2>Game metrics</h2>',
      '<p class="notes">Mean ± SD over the games where the metric applied to the entrant (their number in brackets).</p>',
      tableHtml(metrics.head, metrics.rows, true),
      `<ul class="notes">${metricsLegend(extras).map((l) => `<li>${escapeXml(l)}</li>`).join('')}</ul>`,
    );
  }

  const scored = Object.entries(summary.distributions.scores);
  const scores = scoresTable(summary, entrants, extras);
  if (scores !== null) {
    const reference = extras.reference ?? undefined;
    body.push(
      '<h2>Scores</h2>',
      `<p class="notes">Mean, SD and percentiles (pN: the least score that N% of the games did not exceed)${reference === undefined ? '' : `, and the game's exact reference below them: ${escapeXml(reference.label)}, also drawn over each histogram as the games it expects per bin`}.</p>`,
      tableHtml(scores.head, scores.rows, true),
      ...scored.map(([bot, histogram]) => figure(histogramChart(`Final scores of ${bot}`, histogram, 'score', reference), `${histogramTotal(histogram)} games`)),
    );
  }
  if (extras.referenceProblem !== undefined) body.push(`<p class="notes">The game's reference score distribution could not be computed: ${escapeXml(extras.referenceProblem)}</p>`);
  body.push('<h2>Game length</h2>', figure(histogramChart('Steps per game', summary.distributions.gameLength, 'actions and forfeits per game'), `${summary.games} games`));

  body.push(
    '<h2>By seat</h2>',
    `<p class="notes">${escapeXml(BY_SEAT)}</p>`,
    tableHtml(['entrant', ...summary.seats.map((s) => `seat ${s.seat}`)], [...entrants.map((e) => [e.bot, ...e.seats.map(seatRate)]), ['all', ...summary.seats.map(seatRate)]], true),
    tableHtml(['seat', 'games', 'win rate', '95% CI (deals)', 'mean rank', 'mean score'], summary.seats.map((s) => [s.seat, s.games, percent(s.winRate), interval(s.winRateCI95Blocks ?? s.winRateCI95), s.meanRank.toFixed(2), s.meanScore?.toFixed(1) ?? '–'])),
  );
  if (summary.seats.length > 1) {
    body.push(
      figure(
        intervalChart('Win rate by seat, every entrant together', summary.seats.map((s) => ({ label: `seat ${s.seat}`, value: s.winRate, lo: (s.winRateCI95Blocks ?? s.winRateCI95)[0], hi: (s.winRateCI95Blocks ?? s.winRateCI95)[1] })), (x) => percent(x), { value: 1 / summary.players, label: `1/${summary.players}` }),
        'Whiskers: 95% intervals over deals. Dashed: the win rate of a seat that gives no advantage (where no game is drawn).',
      ),
    );
  }
  if (summary.headToHead.length > 0) {
    body.push('<h2>Head to head</h2>', `<p class="notes">${escapeXml(HEAD_TO_HEAD_ELO)}</p>`, tableHtml(HEAD_TO_HEAD, summary.headToHead.map(headToHeadRow)));
  }
  if (summary.analysis !== undefined) body.push(...analysisSection(summary, summary.analysis, recorded?.file ?? RECORDS_FILE));
  if (recorded !== null) body.push(...recordedSection(recorded));
  body.push(`<p class="notes">Played in ${summary.timing.seconds} s (${summary.timing.gamesPerSecond} games/s, ${workerCount(summary.timing.workers)}).</p>`);
  const decisions = decisionTimesLine(summary.timing);
  if (decisions !== '') body.push(`<p class="notes">${escapeXml(decisions)}</p>`);

  return htmlPage(`${summary.game} tournament`, body);
}

/** A self-contained page: inline CSS, the body's parts (HTML) one a line, no script, no fetch. */
export function htmlPage(title: string, body: readonly string[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(title)}</title><style>${STYLE}</style></head>
<body>
${body.join('\n')}
</body></html>
`;
}

