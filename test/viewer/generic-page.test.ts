import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, test } from 'vitest';
import { randomBot } from '../../bots/generic/random.js';
import type { GameDefinition } from '../../src/core/game.js';
import type { GameRecord } from '../../src/core/record.js';
import type { Seat } from '../../src/core/seat.js';
import { TerminalGame } from '../../src/human/terminal-game.js';
import { viewerData } from '../../src/viewer/frames.js';
import type { ViewerData } from '../../src/viewer/viewer-data.js';
import { hiddenCups, type CupsAction } from '../support/hidden-cups.js';
import { leakingCups, secondCup } from '../support/rigged-cups.js';
import { chromiumHere, viewerBrowser } from './support/viewer-browser.js';

/** A game of `game` between two random System Players, Ann and Bob, as its record. */
function played(game: GameDefinition, seed: string): GameRecord {
  const table = new TerminalGame({
    game,
    variant: '',
    config: {},
    seed,
    sitters: ['Ann', 'Bob'].map((name) => ({ name, label: 'random', bot: randomBot })),
  });
  for (let seat = table.toAct(); seat !== null; seat = table.toAct()) table.playBot(seat);
  return table.record();
}

function data(game: GameDefinition, seat: Seat | null, seed = '4'): ViewerData {
  return viewerData(played(game, seed), seat, game);
}

/** The steps before the cups are lifted (the last step lifts them). */
function beforeTheLift(viewer: ViewerData): string {
  expect(viewer.steps.at(-1)!.lines.at(-1)).toMatch(/^The cups are lifted: /);
  return JSON.stringify(viewer.steps.slice(0, -1));
}

describe('the generic viewer page: a game with no picture of its own', () => {
  it('draws each step as the perspective’s view in a readable tree, with the chosen action where the perspective may know it', () => {
    const record = played(hiddenCups, '4');
    const narrator = viewerData(record, null, hiddenCups);
    const ann = viewerData(record, 0, hiddenCups);
    expect(narrator.steps).toHaveLength(record.steps.length + 1);
    expect(narrator.setup).toEqual({ kind: 'view' });
    expect(narrator.steps[0]!.changed['lines']).toEqual(expect.arrayContaining(['Seats: 0 Ann, 1 Bob', 'cups:', 'round: 1', 'current: 0']));
    expect(ann.steps[0]!.changed['lines']).toEqual(expect.arrayContaining(['Seats: 0 Ann (you), 1 Bob', 'seat: 0', 'round: 1', 'cups: none']));
    const labels = record.steps.map((step) => ('action' in step ? hiddenCups.describeAction(step.action as CupsAction, null as never, step.seat) : null));
    expect(narrator.steps.map((step) => step.action)).toEqual([null, ...labels]);
    // Ann knows her own choices; which dice Bob re-rolled she learns from the lines, in the game's words.
    expect(ann.steps.map((step) => step.action)).toEqual([null, ...labels.map((label, i) => (record.steps[i]!.seat === 0 ? label : null))]);
    expect(ann.steps[2]!.lines[0]).toMatch(/^Bob (kept the cup as it was|re-rolled dice [\d, ]+)\.$/);
    expect(narrator.winners).toEqual(record.outcome!.winners);
  });

  it('a seat’s file is the same whatever another seat’s hidden dice are, until the cups are lifted; the narrator’s and a leaking view’s are not', () => {
    expect(beforeTheLift(data(secondCup([1, 1, 1]), 0))).toBe(beforeTheLift(data(secondCup([6, 6, 6]), 0)));
    expect(JSON.stringify(data(secondCup([1, 1, 1]), 0))).not.toBe(JSON.stringify(data(secondCup([6, 6, 6]), 0)));
    expect(beforeTheLift(data(secondCup([1, 1, 1]), null))).not.toBe(beforeTheLift(data(secondCup([6, 6, 6]), null)));
    expect(beforeTheLift(data(leakingCups(secondCup([1, 1, 1])), 0))).not.toBe(beforeTheLift(data(leakingCups(secondCup([6, 6, 6])), 0)));
  });
});

describe.runIf(chromiumHere)('the generic page in a real browser, from file://', () => {
  const viewer = viewerBrowser('parlor-generic-viewer-');
  test.each([null, 0] as const)('as seat %s: loads with no error and no request, every control steps, the tree and the actions are shown', async (seat) => {
    const record = played(hiddenCups, '4');
    const { page, problems } = await viewer.open(`cups-${seat ?? 'all'}.html`, viewerData(record, seat, hiddenCups));
    try {
      const step = async (): Promise<number> => Number(await page.getAttribute('body', 'data-step'));
      const tree = async (): Promise<string> => (await page.textContent('.view-tree')) ?? '';
      expect(await step()).toBe(0);
      expect(await tree()).toContain(seat === null ? 'Seats: 0 Ann, 1 Bob\ncups:\n  0: ' : 'Seats: 0 Ann (you), 1 Bob\nseat: 0\ncup: ');
      if (seat === 0) expect(await tree()).toContain('\ncups: none');
      await page.click('#next');
      await page.keyboard.press('ArrowRight');
      expect(await step()).toBe(2);
      await page.keyboard.press('ArrowLeft');
      expect(await step()).toBe(1);
      const first = record.steps[0]!;
      const chosen = 'action' in first ? hiddenCups.describeAction(first.action as CupsAction, null as never, 0) : '';
      expect(await page.textContent('#this-step .actor')).toBe(`Ann: ${chosen}`);
      await page.fill('#slider', '2');
      expect(await page.textContent('#this-step .actor')).toBe(seat === 0 ? 'Bob acted.' : `Bob: ${'action' in record.steps[1]! ? hiddenCups.describeAction(record.steps[1].action as CupsAction, null as never, 1) : ''}`);
      // The step list: one entry a step so far, each a way back to its step.
      expect(await page.locator('#log li').count()).toBe(3);
      await page.click('#log li[data-step="1"]');
      expect(await step()).toBe(1);
      await page.keyboard.press('End');
      expect(await step()).toBe(record.steps.length);
      const names = ['Ann', 'Bob'];
      const winners = record.outcome!.winners;
      expect(await page.textContent('#ending')).toBe(winners.length === 0 ? 'Game over: nobody won.' : `Game over: ${winners.map((w) => names[w]).join(' and ')} won.`);
      // Once lifted, every cup is in every perspective's view.
      expect(await tree()).toMatch(/\ncups:\n {2}0: \d, \d, \d\n {2}1: \d, \d, \d/);
      await page.click('#first');
      expect(await step()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});

it('the golden games keep their own pictures', () => {
  const record = JSON.parse(readFileSync(join(import.meta.dirname, '../../scenarios/golden/yahtzee.jsonl'), 'utf8').split('\n')[0]!) as GameRecord;
  expect(viewerData(record, null).setup.kind).toBe('yahtzee');
});
