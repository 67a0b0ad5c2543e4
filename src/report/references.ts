import type { ReferenceScores } from '../core/game.js';
import type { YahtzeeConfig } from '../games/yahtzee/config.js';
import { optimalReference } from '../games/yahtzee/reference.js';

/**
 * The exact score distributions reports draw beside the sampled ones, per game id. They live on
 * the report side, not in the game definitions, because computing one needs solvers that use
 * Node (disk caches, worker threads) while the engines must stay bundleable for browsers.
 */
const REFERENCES: Readonly<Record<string, (config: unknown) => ReferenceScores | null>> = {
  yahtzee: (config) => optimalReference(config as YahtzeeConfig),
};

/** Called only when a report is written: it may take seconds (and caches). */
export function referenceScores(game: string, config: unknown): ReferenceScores | null {
  return REFERENCES[game]?.(config) ?? null;
}
