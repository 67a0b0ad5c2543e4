import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GAMES } from '../../src/games/registry.js';

/**
 * The golden playthroughs: which games are recorded, by whom, into which file of
 * scenarios/golden/. Each file holds `games` whole games of seed "golden" (game indices 0, 1, ...),
 * seat s played by bots[s].
 */
export interface GoldenCase {
  readonly file: string;
  readonly game: string;
  /** '' for a game without variants. */
  readonly variant: string;
  /** Built-in bot names, one per seat. */
  readonly bots: readonly string[];
  readonly games: number;
}

/** A game's own golden cases, as `test/<game>/golden-cases.ts` exports them (`GOLDEN`): the game is its folder's. */
export type GameGoldenCase = Omit<GoldenCase, 'game'>;

/** Every registered game's golden cases, in the registry's order; a game without the file has none. */
export const GOLDEN_CASES: readonly GoldenCase[] = (
  await Promise.all(
    GAMES.map(async (game) => {
      const file = join(import.meta.dirname, '..', game.id, 'golden-cases.ts');
      if (!existsSync(file)) return [];
      const { GOLDEN } = (await import(pathToFileURL(file).href)) as { GOLDEN: readonly GameGoldenCase[] };
      return GOLDEN.map((c) => ({ ...c, game: game.id }));
    }),
  )
).flat();
