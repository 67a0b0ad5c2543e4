import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findGame } from '../../src/games/registry.js';
import { exportBot } from '../../src/export/bot-module.js';
import { bundleForBrowser } from '../../src/export/bundle.js';
import { watchedPage } from '../support/watched-page.js';
import type { Played, TestGame } from './play-lineup.js';
import { CLUE_GAME, playInHarness, YAHTZEE_GAME } from './support.js';

const CHROMIUM = '/usr/bin/chromium';
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PLAY_LINEUP = fileURLToPath(new URL('./play-lineup.ts', import.meta.url));

/** What the page reports back: the game as played there, and everything it logged or fetched. */
interface PageRun {
  readonly played: Played;
  readonly errors: readonly string[];
  readonly requests: readonly string[];
}

/**
 * Plays `spec` in a fresh page: the engine (playGame, bundled the way export-bot bundles) and the
 * exported bot modules are imported from blob URLs, and every seat's bot comes from its module's
 * createBot with the run's seed.
 */
async function playInPage(browser: Browser, spec: TestGame, engine: string, bots: Record<string, string>): Promise<PageRun> {
  const { page, errors, requests } = await watchedPage(browser);
  try {
    const played = await page.evaluate(
      async ({ spec, engine, bots }) => {
        const load = (window as unknown as { load(code: string): Promise<any> }).load;
        const { playLineup } = await load(engine);
        const modules = new Map<string, any>();
        for (const [name, code] of Object.entries(bots)) modules.set(name, await load(code));
        return playLineup(spec, (name: string) => {
          const module = modules.get(name);
          return { ...module.bot, create: (ctx: any) => module.createBot({ seat: ctx.seat, seats: ctx.seats, seed: spec.seed, index: spec.index }) };
        }) as Played;
      },
      { spec, engine, bots },
    );
    return { played, errors, requests };
  } finally {
    await page.close();
  }
}

async function exported(spec: TestGame): Promise<Record<string, string>> {
  const bots: Record<string, string> = {};
  for (const name of new Set(spec.lineup)) bots[name] = (await exportBot(findGame(spec.game), spec.variant, {}, name)).code;
  return bots;
}

// CI installs Debian's chromium (.ci/run), so there a missing browser fails instead of skipping.
describe.runIf(existsSync(CHROMIUM) || process.env['CI'] !== undefined)('exported bots in a browser', () => {
  let browser: Browser;
  let engine: string;
  beforeAll(async () => {
    const entry = `export { playLineup } from ${JSON.stringify(PLAY_LINEUP)};`;
    engine = (await bundleForBrowser(entry, ROOT, 'the test engine')).code;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--no-first-run'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  test.each([
    ['four notebook bots play a whole Clue-Less game', { ...CLUE_GAME, lineup: ['notebook', 'notebook', 'notebook', 'notebook'] }],
    ['notebook against the other Clue bots in classic Clue', { ...CLUE_GAME, variant: 'classic', lineup: ['checklist', 'notebook', 'random'] }],
    ["Yahtzee's greedy and random play a whole five-game series", YAHTZEE_GAME],
  ])('%s, exactly as in Node, offline and without errors', async (_, spec) => {
    const inPage = await playInPage(browser, spec, engine, await exported(spec));
    const inNode = playInHarness(spec);
    expect(inPage.errors).toEqual([]);
    expect(inPage.requests.filter((url) => !url.startsWith('blob:'))).toEqual([]);
    expect(inPage.played.engineError).toBeUndefined();
    expect(inPage.played.faults).toEqual([]);
    expect(inPage.played.outcome?.winners.length).toBeGreaterThan(0);
    expect(inPage.played.steps.length).toBeGreaterThan(spec.lineup.length * 5);
    expect(inPage.played).toEqual(inNode);
  });
});
