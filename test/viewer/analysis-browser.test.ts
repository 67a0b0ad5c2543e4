import { describe, expect, test } from 'vitest';
import type { ScoredDecision } from '../../src/analysis/analysis.js';
import type { GameAnalysis } from '../../src/analysis/analysis.js';
import { withAnalysis } from '../../src/viewer/analysis.js';
import { viewerData } from '../../src/viewer/frames.js';
import type { OpenFile } from './support/viewer-browser.js';
import { chromiumHere, viewerBrowser } from './support/viewer-browser.js';
import { ANALYSED_GAMES } from './support/analysed-games.js';

const ANALYSED = ANALYSED_GAMES.filter((g) => g.analysis !== null);

async function stepShown({ page }: OpenFile): Promise<number> {
  return Number(await page.locator('body').getAttribute('data-step'));
}

/** The score of the step shown, as the box of this step says it. */
async function scoreShown({ page }: OpenFile): Promise<{ loss: string | null; text: string; costly: boolean }> {
  const score = page.locator('#this-step .score');
  return { loss: await score.getAttribute('data-loss'), text: (await score.textContent())!, costly: ((await score.getAttribute('class')) ?? '').includes('costly') };
}

describe.runIf(chromiumHere)('parlor view --analyze in a real browser', () => {
  const viewer = viewerBrowser('parlor-viewer-analysis-');

  test.each(ANALYSED)('$file: each decision scored beside its step, the caveat once, a chart with one mark per decision that moves to its step', async ({ file, record, analysis }) => {
    const data = withAnalysis(viewerData(record, null), analysis!);
    const decisions = data.analysis!.decisions;
    const threshold = analysis!.costly[0]!;
    const opened = await viewer.open(`${file}-analysed.html`, data);
    const { page, problems } = opened;
    try {
      expect(await page.locator('.caveat').count()).toBe(1);
      expect(await page.textContent('.caveat')).toBe(analysis!.caveat);
      expect(await page.locator('.loss-chart .loss-bar').count()).toBe(decisions.length);
      expect(await page.locator('.loss-chart .loss-bar.costly').count()).toBe(decisions.filter((d) => d.loss >= threshold).length);
      const steps = await page.locator('.loss-chart .loss-bar').evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('data-step'))));
      expect(steps).toEqual(decisions.map((d) => d.step));
      // The costliest decision, by a click on its bar: its step, its loss, the best action, marked costly.
      const costliest = decisions.reduce((a, b) => (b.loss > a.loss ? b : a));
      await page.locator(`.loss-bar[data-step="${costliest.step}"]`).click();
      expect(await stepShown(opened)).toBe(costliest.step);
      const shown = await scoreShown(opened);
      expect(shown.loss).toBe(String(costliest.loss));
      expect(shown.costly).toBe(costliest.loss >= threshold);
      expect(shown.text).toContain(`best: ${costliest.best}`);
      if (costliest.note !== undefined) expect(shown.text).toContain(costliest.note);
      expect(await page.locator('#log li.current .score').getAttribute('data-loss')).toBe(String(costliest.loss));
      // A decision that lost nothing, by the keyboard: Enter on its focused bar.
      const best = decisions.find((d) => d.loss === 0)!;
      await page.locator(`.loss-bar[data-step="${best.step}"]`).focus();
      await page.keyboard.press('Enter');
      expect(await stepShown(opened)).toBe(best.step);
      expect(await scoreShown(opened)).toEqual({ loss: '0', text: `Lost 0 ${analysis!.unit}${best.note ?? ''}`, costly: false });
      // The set-up step is no decision: no score.
      await page.keyboard.press('Home');
      expect(await page.locator('#this-step .score').count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  test("a seat's page scores its own decisions; a page without an analysis shows none", async () => {
    const { record, analysis } = ANALYSED[0]!;
    const seat = analysis!.decisions.at(-1)!.seat;
    const own = await viewer.open('seat-analysed.html', withAnalysis(viewerData(record, seat), analysis!));
    const plain = await viewer.open('plain.html', viewerData(record, null));
    try {
      expect(await own.page.locator('.loss-bar').count()).toBe(analysis!.decisions.filter((d) => d.seat === seat).length);
      expect(await own.page.locator(`.loss-bar:not([data-seat="${seat}"])`).count()).toBe(0);
      expect(await plain.page.locator('#analysis, .score, .loss-chart').count()).toBe(0);
      expect([...own.problems, ...plain.problems]).toEqual([]);
    } finally {
      await own.page.close();
      await plain.page.close();
    }
  }, 60_000);

  test('a note, a best action other than the chosen one, the costly marker and the unit, as written', async () => {
    // An analysis made by hand: any game's record, two of its steps scored in bits.
    const { record } = ANALYSED_GAMES[0]!;
    const plain = viewerData(record, null);
    const scored = (step: number, loss: number, best: string, note: string): ScoredDecision => ({ step, seat: plain.steps[step]!.seat!, action: plain.steps[step]!.action!, loss, best, numbers: {}, note });
    const analysis: GameAnalysis = {
      schema: 1,
      game: record.game,
      variant: record.variant,
      seed: record.seed,
      gameIndex: 0,
      unit: 'bits',
      costly: [0.5, 2],
      caveat: 'a caveat made by hand',
      decisions: [scored(1, 0.7, 'another action', 'p = 0.42, wrong'), scored(2, 0, plain.steps[2]!.action!, 'p = 1, right')],
      seats: [],
    };
    const opened = await viewer.open('by-hand.html', withAnalysis(plain, analysis));
    try {
      await opened.page.keyboard.press('ArrowRight');
      expect(await scoreShown(opened)).toEqual({ loss: '0.7', text: '▲ costly (≥ 0.5)Lost 0.7 bitsbest: another actionp = 0.42, wrong', costly: true });
      await opened.page.keyboard.press('ArrowRight');
      expect(await scoreShown(opened)).toEqual({ loss: '0', text: 'Lost 0 bitsp = 1, right', costly: false });
      expect(await opened.page.locator('.seat-totals li').count()).toBe(new Set(analysis.decisions.map((d) => d.seat)).size);
      expect(opened.problems).toEqual([]);
    } finally {
      await opened.page.close();
    }
  }, 60_000);
});
