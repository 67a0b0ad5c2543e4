import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { findGame } from '../../src/games/registry.js';
import { makeBatchContext } from '../../src/harness/batch.js';
import { loadBotFactory, parseEntrants } from '../../src/harness/entrants.js';
import { mergeShards } from '../../src/tournament/merge.js';
import { inlineExecutor } from '../../src/harness/pool.js';
import type { Shard } from '../../src/harness/schedule.js';
import type { RunSpec } from '../../src/harness/spec.js';
import { runTournament } from '../../src/tournament/tournament.js';
import { consoleTable } from '../../src/report/console-table.js';
import type { Summary } from '../../src/report/summary.js';
import { tempDir } from '../harness/support/run.js';
import { browserAvailable, withReportPage } from './support/browser.js';

interface Run {
  readonly out: string;
  readonly summary: Summary;
  readonly markdown: string;
  readonly html: string;
}

interface RunOptions {
  config?: Record<string, unknown>;
  variant?: string;
  players?: number;
  batchGames?: number;
  shard?: Shard;
}

/** A real game's run (or shard) in this thread: its folder. */
async function play(game: string, bots: string, games: number, options: RunOptions = {}): Promise<string> {
  const definition = findGame(game);
  const entrants = parseEntrants(bots);
  const spec: RunSpec = {
    game,
    variant: options.variant ?? '',
    config: definition.configSchema.parse(options.config ?? {}),
    seed: 'report-metrics',
    entrants,
    players: options.players ?? entrants.length,
    seating: 'duplicate',
    gamesAsked: games,
    record: 'none',
    moveTimeMs: 0,
  };
  const factories = [];
  for (const e of entrants) factories.push(await loadBotFactory(game, e.source));
  const out = tempDir('parlor-report-');
  await runTournament({ spec, shard: options.shard ?? null, out, resume: false, executor: inlineExecutor(makeBatchContext(spec, definition, factories)), ...(options.batchGames ? { batchGames: options.batchGames } : {}) });
  return out;
}

/** A real game's run, its reports read back. */
async function run(game: string, bots: string, games: number, options: RunOptions = {}): Promise<Run> {
  const out = await play(game, bots, games, options);
  const read = (file: string): string => readFileSync(join(out, file), 'utf8');
  return { out, summary: JSON.parse(read('summary.json')) as Summary, markdown: read('report.md'), html: read('report.html') };
}

const withoutTiming = (s: Summary): string => JSON.stringify({ ...s, timing: null });

describe('Yahtzee: metrics and the exact distribution of optimal play beside the sampled scores', () => {
  let yahtzee: Run;
  beforeAll(async () => {
    yahtzee = await run('yahtzee', 'optimal,greedy', 300, { config: { series: 1 }, players: 1 });
    // The first report on a machine solves the game and its exact distribution (then cached).
  }, 120_000);

  test('summary.json: upperBonus and yahtzee per entrant, over every game', () => {
    for (const e of yahtzee.summary.entrants) {
      expect(Object.keys(e.metrics!)).toEqual(['upperBonus', 'yahtzee']);
      for (const m of Object.values(e.metrics!)) {
        expect(m.games).toBe(e.games);
        expect(m.mean).toBeGreaterThan(0);
        expect(m.mean).toBeLessThan(1);
        // A 0/1 metric: its sample SD follows from its mean.
        expect(m.sd!).toBeCloseTo(Math.sqrt((m.mean! * (1 - m.mean!) * m.games) / (m.games - 1)), 5);
      }
    }
    const optimal = yahtzee.summary.entrants.find((e) => e.bot === 'optimal')!;
    // P(bonus) 0.690 and P(Yahtzee) 0.318 under optimal play, within 4.5 standard errors.
    const n = optimal.games;
    expect(Math.abs(optimal.metrics!['upperBonus']!.mean! - 0.69)).toBeLessThan(4.5 * Math.sqrt((0.69 * 0.31) / n));
    expect(Math.abs(optimal.metrics!['yahtzee']!.mean! - 0.318)).toBeLessThan(4.5 * Math.sqrt((0.318 * 0.682) / n));
  });

  test('report.md: the metrics with their legend, and the exact row beside the sampled ones', () => {
    const md = yahtzee.markdown;
    expect(md).toContain('## Game metrics');
    expect(md).toMatch(/^- upperBonus: 1 when the last card/m);
    const scores = md.slice(md.indexOf('## Scores'), md.indexOf('## By seat'));
    expect(scores).toContain('| entrant | games | mean | sd | p1 | p5 | p25 | p50 | p75 | p95 | p99 | upperBonus | yahtzee |');
    // The published optimum 245.87, SD 39.82, median 247 (scoreDistribution's own figures).
    expect(scores).toMatch(/\| optimal play \(exact\) \| exact \| 245\.87 \| 39\.82 \| \d+ \| \d+ \| \d+ \| 247 \| \d+ \| \d+ \| \d+ \| 0\.6898 \| 0\.3179 \|/);
    const optimal = yahtzee.summary.entrants.find((e) => e.bot === 'optimal')!;
    expect(scores).toContain(`| optimal | ${optimal.games} | ${optimal.meanScore!.toFixed(2)} | ${optimal.sdScore!.toFixed(2)} |`);
  });

  test('report.html: the exact distribution drawn over each entrant\'s score histogram', () => {
    const charts = yahtzee.html.match(/<svg[^>]*aria-label="Final scores of [^"]*"[\s\S]*?<\/svg>/g)!;
    expect(charts).toHaveLength(2);
    for (const chart of charts) {
      expect(chart).toContain('<polyline class="reference"');
      expect(chart).toContain('— optimal play (exact)');
      // The line's points: one per bin, as many as the bars.
      const points = chart.match(/points="([^"]*)"/)![1]!.split(' ').length;
      expect(points).toBe(chart.match(/<rect class="bar"/g)!.length);
    }
    expect(yahtzee.html).toContain('<h2>Game metrics</h2>');
  });

  test.runIf(browserAvailable)('report.html in a browser: the reference line drawn on every score chart, offline, without errors', async () => {
    await withReportPage(join(yahtzee.out, 'report.html'), async (page, log) => {
      const lines = await page.$$eval('svg.chart polyline.reference', (all) => all.map((l) => { const box = l.getBoundingClientRect(); return { width: box.width, height: box.height }; }));
      expect(lines).toHaveLength(2);
      for (const box of lines) {
        expect(box.width).toBeGreaterThan(300);
        expect(box.height).toBeGreaterThan(50);
      }
      expect(log.problems).toEqual([]);
      expect(log.requests).toEqual([log.url]);
    });
  });

  test('the console shows the metric means under the entrants', () => {
    const table = consoleTable(yahtzee.summary);
    expect(table).toContain('mean game metrics');
    expect(table).toMatch(/upperBonus.*yahtzee/);
  });

  test('a five-game series: the reference is the exact distribution of a five-game total', async () => {
    const series = await run('yahtzee', 'greedy', 5, { players: 1 });
    expect(series.markdown).toMatch(/\| optimal play \(exact\) \| exact \| 1229\.35 \| 89\.04 \|/);
  });
});

describe('Clue and Deadwood metrics in summaries', () => {
  test('Clue: a turns-to-solve figure for every correct accusation, the same bytes for any batch size', async () => {
    const a = await run('clue', 'deduction,checklist,checklist', 24, { variant: 'classic' });
    const b = await run('clue', 'deduction,checklist,checklist', 24, { variant: 'classic', batchGames: 3 });
    expect(withoutTiming(b.summary)).toBe(withoutTiming(a.summary));
    for (const e of a.summary.entrants) {
      const m = e.metrics!;
      expect(Object.keys(m)).toEqual(['suggestions', 'turns', 'turnsToCorrectAccusation', 'wrongAccusations']);
      // Every win is a correct accusation, and each has its count of turns.
      expect(m['turnsToCorrectAccusation']!.games).toBe(e.wins);
      expect(m['turns']!.games).toBe(e.games);
      if (e.wins > 0) expect(m['turnsToCorrectAccusation']!.mean).toBeGreaterThan(1);
    }
    expect(a.summary.entrants[0]!.metrics!['wrongAccusations']!.mean).toBe(0);
    expect(a.markdown).toContain('turnsToCorrectAccusation: for the player who accused correctly');
  });

  test('Deadwood: rank, dollars and credits add up to the mean score; two shards merge into the same summary', async () => {
    const { summary } = await run('deadwood', 'greedy,planner', 8);
    const shards = [await play('deadwood', 'greedy,planner', 8, { shard: { index: 1, count: 2 } }), await play('deadwood', 'greedy,planner', 8, { shard: { index: 2, count: 2 } })];
    const merged = mergeShards(shards, tempDir('parlor-report-merged-'));
    expect(withoutTiming(merged)).toBe(withoutTiming(summary));
    for (const e of summary.entrants) {
      const m = e.metrics!;
      expect(m['rank']!.mean).toBeGreaterThanOrEqual(1);
      expect(m['rank']!.mean).toBeLessThanOrEqual(6);
      expect(m['dollars']!.mean! + m['credits']!.mean! + 5 * m['rank']!.mean!).toBeCloseTo(e.meanScore!, 4);
    }
  });
});
