import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { GameRecord } from '../../src/core/record.js';
import type { ClueState } from '../../src/games/clue/state.js';
import { replayRecord } from '../../src/referee/replay.js';
import { viewerData } from '../../src/viewer/frames.js';
import { viewerHtml, type ViewerAssets } from '../../src/viewer/viewer-html.js';
// @ts-expect-error: the build script is plain JavaScript, without declarations.
import { buildViewer } from '../../src/viewer/page/build.mjs';

const CHROMIUM = '/usr/bin/chromium';
const work = mkdtempSync(join(tmpdir(), 'parlor-viewer-'));
let browser: Browser;
let assets: ViewerAssets;

/** The first golden playthrough of each game and variant, and one seat's view of a Clue game. */
const CASES: readonly { readonly file: string; readonly seat: number | null }[] = [
  { file: 'clue.classic.3p.jsonl', seat: null },
  { file: 'clue.cluedo.3p.jsonl', seat: null },
  { file: 'clue.clueless.3p.jsonl', seat: null },
  { file: 'clue.clueless.6p.jsonl', seat: 2 },
  { file: 'deadwood.2p.jsonl', seat: null },
  { file: 'yahtzee.jsonl', seat: null },
];

function firstRecord(file: string): GameRecord {
  return JSON.parse(readFileSync(join(import.meta.dirname, '../../scenarios/golden', file), 'utf8').split('\n')[0]!) as GameRecord;
}

beforeAll(async () => {
  await buildViewer(work);
  assets = { script: readFileSync(join(work, 'viewer.js'), 'utf8'), styles: readFileSync(join(work, 'viewer.css'), 'utf8') };
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (process.env['PARLOR_KEEP_SCREENSHOTS'] === undefined) rmSync(work, { recursive: true, force: true });
});

// CI installs Debian's chromium (.ci/run), so there a missing browser fails instead of skipping.
describe.runIf(existsSync(CHROMIUM) || process.env['CI'] !== undefined)('parlor view files in a real browser, from file://', () => {
  test.each(CASES)('$file as seat $seat: loads with no error and no request, steps to the end, and ends as the record does', async ({ file, seat }) => {
    const record = firstRecord(file);
    const path = join(work, `${file}-${seat ?? 'all'}.html`);
    writeFileSync(path, viewerHtml(viewerData(record, seat), assets));
    const url = pathToFileURL(path).href;
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => request.url() !== url && !request.url().startsWith('data:') && problems.push(`a request for ${request.url()}`));
    try {
      await page.goto(url);
      const step = async (): Promise<number> => Number(await page.evaluate(() => document.body.dataset['step']));
      expect(await step()).toBe(0);
      await page.click('#next');
      await page.keyboard.press('ArrowRight');
      expect(await step()).toBe(2);
      await page.keyboard.press('ArrowLeft');
      expect(await step()).toBe(1);
      await page.fill('#slider', '5');
      expect(await step()).toBe(5);
      await page.click('#previous');
      expect(await step()).toBe(4);
      await page.keyboard.press('Home');
      expect(await step()).toBe(0);
      expect(await page.textContent('#ending')).toBe('');
      await page.keyboard.press('End');
      expect(await step()).toBe(record.steps.length);
      expect(await page.textContent('#step-count')).toBe(`Step ${record.steps.length} of ${record.steps.length}`);
      await page.click('#last');
      // The last picture agrees with the record's outcome: the winners said and marked.
      const winners = record.outcome!.winners;
      const names = record.seats.map((s) => s.name);
      expect(await page.textContent('#ending')).toBe(winners.length === 0 ? 'Game over: nobody won.' : `Game over: ${winners.map((w) => names[w]).join(' and ')} won.`);
      if (record.game === 'yahtzee') expect(await page.$$eval('th.winner', (all) => all.map((th) => th.textContent))).toEqual(winners.map((w) => names[w]));
      else expect(await page.$$eval('tr.winner', (all) => all.map((tr) => Number((tr as HTMLElement).dataset['seat'])))).toEqual(winners);
      if (record.game === 'clue') {
        // The case file, shown to everyone at the end.
        const caseFile = (replayRecord(record).state as ClueState).caseFile;
        expect(await page.textContent('.case-file')).toBe(`Case file: ${caseFile.suspect}, ${caseFile.weapon}, ${caseFile.room}`);
        if (seat !== null) {
          expect(await page.locator('.seat-grid .grid').count()).toBe(1);
          expect(await page.$$eval('.players td.hand', (all) => all.filter((td) => td.textContent !== 'hidden').length)).toBe(1);
        }
      }
      if (process.env['PARLOR_KEEP_SCREENSHOTS'] !== undefined) await page.screenshot({ path: join(work, `${file}-${seat ?? 'all'}.png`), fullPage: true });
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});
