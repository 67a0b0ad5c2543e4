import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { GameRecord } from '../../src/core/record.js';
import type { ClueState } from '../../src/games/clue/state.js';
import { replayRecord } from '../../src/referee/replay.js';
import { viewerData } from '../../src/viewer/frames.js';
import { chromiumHere, viewerBrowser } from './support/viewer-browser.js';

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

describe.runIf(chromiumHere)('parlor view files in a real browser, from file://', () => {
  const viewer = viewerBrowser('parlor-viewer-');
  test.each(CASES)('$file as seat $seat: loads with no error and no request, steps to the end, and ends as the record does', async ({ file, seat }) => {
    const record = firstRecord(file);
    const { page, problems } = await viewer.open(`${file}-${seat ?? 'all'}.html`, viewerData(record, seat));
    try {
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
      if (process.env['PARLOR_KEEP_SCREENSHOTS'] !== undefined) await page.screenshot({ path: join(viewer.work, `${file}-${seat ?? 'all'}.png`), fullPage: true });
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});
