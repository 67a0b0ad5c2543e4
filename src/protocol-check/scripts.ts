import type { GameDefinition } from '../core/game.js';
import { playerRange } from '../games/registry.js';
import type { GameScripts, Script } from './game-scripts.js';
import { clueScripts } from './games/clue.js';
import { deadwoodScripts } from './games/deadwood.js';
import { yahtzeeScripts } from './games/yahtzee.js';

/** The games whose check is tuned (short options, their hard cases); each names its game. */
const OWN: readonly GameScripts[] = [clueScripts, deadwoodScripts, yahtzeeScripts];

/**
 * How the check plays `game`: its own scripts, else every variant at its fewest players with the
 * game's default options, the bot in the first seat and in the last.
 */
export function scriptsFor(game: GameDefinition): GameScripts {
  const own = OWN.find((s) => s.game === game.id);
  if (own !== undefined) return own;
  const variants = game.variants.length > 0 ? game.variants.map((v) => v.id) : [''];
  const scripts = variants.flatMap((variant): Script[] => {
    const [fewest] = playerRange(game, variant);
    return [...new Set([0, fewest - 1])].map((seat) => ({ variant, config: {}, players: fewest, seat }));
  });
  return { game: game.id, scripts };
}
