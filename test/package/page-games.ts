import type { Browser } from 'playwright-core';
import { watchedPage } from '../support/watched-page.js';
import type { GameRecord } from '../../src/core/record.js';
import { generatedSeatNames } from '../../src/core/seat.js';

/** One game a page plays: every seat one of the game's built-in bots, from its exported module. */
export interface PageGame {
  readonly game: string;
  readonly seed: string;
  readonly bots: readonly string[];
  readonly names: readonly string[];
}

/** A game of each game at its default variant and options (as the modules are written), all its built-in bots seated. */
export function pageGames(games: readonly { readonly game: string; readonly bots: readonly string[] }[]): PageGame[] {
  return games.map(({ game, bots }) => ({ game, seed: 'installed', bots, names: generatedSeatNames(bots.length) }));
}

/** Where a bot module's `ready()` made what it needed, and the seconds the page waited. */
export interface Ready {
  readonly built: string;
  readonly seconds: number;
}

export interface PagePlayed {
  readonly record: GameRecord;
  readonly faults: readonly string[];
  readonly ready: readonly Ready[];
}

export interface PageRun {
  readonly played: readonly PagePlayed[];
  readonly errors: readonly string[];
  readonly requests: readonly string[];
}

/** The front end's origin: a worker may start from a blob URL there. */
const PAGE = 'http://front-end.test/';

/**
 * Plays `games` in one page, one after the other: the engine is `engine` (parlor/browser bundled),
 * each seat's bot is its exported module's `createBot` with the game's seed, after its `ready()`.
 * Modules are imported from blob URLs; everything the page logs as an error or fetches once loaded is returned.
 */
export async function playInPage(browser: Browser, engine: string, games: readonly (PageGame & { readonly modules: readonly string[] })[]): Promise<PageRun> {
  const { page, errors, requests } = await watchedPage(browser, PAGE);
  try {
    const played = await page.evaluate(
      async ({ engine, games }) => {
        const load = (window as unknown as { load(code: string): Promise<any> }).load;
        const parlor = await load(engine);
        const results = [];
        for (const game of games) {
          const modules = await Promise.all(game.modules.map((code) => load(code)));
          const ready = await Promise.all(modules.map((module) => module.ready()));
          const seats = modules.map((module, seat) => ({
            name: game.names[seat],
            bot: { name: module.bot.name, description: module.bot.description, create: (ctx: any) => module.createBot({ seat: ctx.seat, seats: ctx.seats, seed: game.seed }) },
          }));
          const table = parlor.createTable({ game: game.game, seed: game.seed, seats });
          const faults: string[] = [];
          while (table.toAct() !== null) {
            const turn = await table.botTurn();
            if (turn.fault !== undefined) faults.push(turn.fault);
          }
          results.push({ record: table.record(), faults, ready: ready.filter((r: Ready | undefined) => r !== undefined) });
        }
        return results;
      },
      { engine, games },
    );
    return { played: played as PagePlayed[], errors, requests };
  } finally {
    await page.close();
  }
}
