import type { GameDefinition } from '../../src/core/game.js';
import { GAMES, playerRange } from '../../src/games/registry.js';

export interface GameCase {
  readonly game: GameDefinition;
  readonly variant: string;
  readonly players: number;
  readonly label: string;
}

/** Every registered game and variant at its fewest players, one more, and its most. */
export const GAME_CASES: readonly GameCase[] = GAMES.flatMap((game) =>
  (game.variants.length > 0 ? game.variants.map((v) => v.id) : ['']).flatMap((variant) => {
    const [min, max] = playerRange(game, variant);
    const counts = [...new Set([min, Math.min(max, min + 1), max])];
    return counts.map((players) => ({ game, variant, players, label: `${game.id}${variant ? `/${variant}` : ''} with ${players}` }));
  }),
);

/** Every game and variant once, at its fewest players: for tests too costly to run at every count. */
export const ONE_CASE_PER_VARIANT: readonly GameCase[] = GAME_CASES.filter((c, i) => GAME_CASES.findIndex((other) => other.game === c.game && other.variant === c.variant) === i);
