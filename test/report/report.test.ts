import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { emptyTally } from '../../src/harness/tally.js';
import { htmlReport } from '../../src/report/html.js';
import { buildSummary, type Summary } from '../../src/report/summary.js';
import { consoleTable } from '../../src/report/console-table.js';
import { binHistogram } from '../../src/report/svg.js';
import { play, raceSpec } from '../harness/support/run.js';
import { browserAvailable, withReportPage } from './support/browser.js';

let out: string;
let summary: Summary;

beforeAll(async () => {
  const run = await play(raceSpec({ bots: ['roller', 'stepper', 'coin', 'flaky'], players: 3, games: 600 }));
  out = run.out;
  summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
});

describe('summary.json', () => {
  test('starts with the documented fields in order, every rate consistent with its counts', () => {
    expect(Object.keys(summary).slice(0, 8)).toEqual(['schema', 'game', 'variant', 'seed', 'games', 'entrants', 'errors', 'timing']);
    expect(Object.keys(summary.entrants[0]!).slice(0, 11)).toEqual(['bot', 'games', 'wins', 'draws', 'winRate', 'winRateCI95', 'meanRank', 'meanScore', 'sdScore', 'scoresLeftOut', 'blocks']);
    expect(Object.keys(summary.timing)).toEqual(expect.arrayContaining(['seconds', 'gamesPerSecond', 'workers']));
    for (const e of summary.entrants) {
      expect(e.winRate).toBeCloseTo(e.wins / e.games, 5);
      expect(e.winRateCI95[0]).toBeLessThanOrEqual(e.winRate);
      expect(e.winRateCI95[1]).toBeGreaterThanOrEqual(e.winRate);
      expect(e.seats.reduce((a, s) => a + s.games, 0)).toBe(e.games);
    }
    // Each game has one winner or a shared win: the wins add up to the games with an outcome.
    const decided = summary.games - summary.errors.engine;
    expect(summary.entrants.reduce((a, e) => a + e.wins, 0)).toBeCloseTo(decided, 4);
    expect(summary.ladder!.map((l) => l.bot)[0]).toContain('roller');
    expect(summary.headToHead).toHaveLength(6);
    // Each pair's rating difference is the ladder's, inside its own interval.
    const eloOf = (bot: string) => summary.entrants.find((e) => e.bot === bot)!.rating!.elo;
    for (const h of summary.headToHead) {
      expect(h.eloDiff!).toBeCloseTo(eloOf(h.a) - eloOf(h.b), 4);
      expect(h.eloDiffCI95![0]).toBeLessThan(h.eloDiff!);
      expect(h.eloDiffCI95![1]).toBeGreaterThan(h.eloDiff!);
    }
  });
});

describe('console table and report.md', () => {
  test('list the entrants by rating', () => {
    const table = consoleTable(summary);
    const order = ['roller', 'flaky', 'coin', 'stepper'].map((b) => table.indexOf(`bots/${b}.ts`));
    expect(order.every((i) => i > 0)).toBe(true);
    const ladder = summary.ladder!.map((l) => table.indexOf(l.bot));
    expect([...ladder].sort((a, b) => a - b)).toEqual(ladder);
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toContain('## Entrants');
    expect(md).toContain('## Head to head');
    expect(md).toContain("The win rate's interval to read is over deals");
    expect(md).toContain(`${summary.games} games of dice-race, 3 players a game, duplicate seating`);
  });

  test('histograms are binned to fit', () => {
    expect(binHistogram([[0, 1], [5, 2], [130, 3]], 60)).toHaveLength(44);
    expect(binHistogram([[3, 1], [4, 2]], 60)).toEqual([
      [3, 3, 1],
      [4, 4, 2],
    ]);
  });
});

describe('the ladder chart of a separated entrant', () => {
  test('draws its bound, open on the far side, as the table states it; the caption says where 0 is', () => {
    // coin and roller meet evenly; stepper lost all its 300 meetings with each.
    const spec = raceSpec({ bots: ['coin', 'roller', 'stepper'] });
    const tally = emptyTally(3, 3);
    tally.ahead = [0, 160, 300, 140, 0, 300, 0, 0, 0];
    // Random seating: every game a block of its own, so the decisive blocks are the games one of a pair won.
    tally.decisiveBlocks = [0, 300, 300, 300, 0, 300, 300, 300, 0];
    tally.entrantGames = [300, 300, 300];
    const separated = buildSummary(spec, tally, { seconds: 1, gamesPerSecond: 1, workers: 1 });
    const stepper = separated.entrants[2]!.rating!;
    expect(stepper.separated!.side).toBe('below');
    const bound = stepper.separated!.bound!;
    expect(stepper.ci95[1]).toBeLessThanOrEqual(bound);
    const text = `≤ ${bound.toFixed(0)}`;
    expect(consoleTable(separated)).toContain(`≤ ${bound.toFixed(0)} (separated)`);
    const html = htmlReport(separated);
    const chart = html.slice(html.indexOf('<svg'), html.indexOf('</svg>'));
    // Its row: an open whisker ending where the bound's bar stands, and the table's words beside it.
    const open = /<line class="whisker open" x1="([\d.]+)" x2="([\d.]+)"/.exec(chart)!;
    const bar = /<line class="point bound" x1="([\d.]+)"/.exec(chart)!;
    expect(open[2]).toBe(bar[1]);
    expect(Number(open[1])).toBeLessThan(Number(open[2]));
    expect(chart).toContain(text);
    expect(chart.match(/<circle class="point"/g)).toHaveLength(2);
    expect(html).toContain('0 is the information-weighted mean of the anchor tier');
    // Across tiers no difference is claimed; within the top tier one is.
    expect(separated.headToHead.map((h) => h.eloDiffCI95 === null)).toEqual([false, true, true]);
    expect(html).not.toContain('field average');
  });
});

describe.runIf(browserAvailable)('report.html in a browser', () => {
  test('renders its charts offline: no console error, no request beyond the file itself', async () => {
    await withReportPage(join(out, 'report.html'), async (page, log) => {
      const charts = await page.$$eval('svg.chart', (svgs) =>
        svgs.map((svg) => {
          const box = svg.getBoundingClientRect();
          return { label: svg.getAttribute('aria-label'), width: box.width, height: box.height, marks: svg.querySelectorAll('rect.bar, circle.point').length };
        }),
      );
      expect(charts.map((c) => c.label)).toEqual([
        'Bradley–Terry rating (Elo scale)',
        'Win rate with its 95% interval',
        ...summary.entrants.map((e) => `Final scores of ${e.bot}`),
        'Steps per game',
        'Win rate by seat, every entrant together',
      ]);
      for (const chart of charts) {
        expect(chart.width).toBeGreaterThan(300);
        expect(chart.height).toBeGreaterThan(50);
        expect(chart.marks).toBeGreaterThan(0);
      }
      // The ladder's whiskers are drawn with real extent.
      const whiskers = await page.$$eval('svg.chart line.whisker', (lines) => lines.map((l) => l.getBoundingClientRect().width));
      expect(whiskers.every((w) => w > 0)).toBe(true);
      expect(log.problems).toEqual([]);
      expect(log.requests).toEqual([log.url]);
    });
  });
});
