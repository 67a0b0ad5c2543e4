import type { GameDefinition } from '../../core/game.js';
import type { GameScreen } from '../game-screen.js';
import { genericScreen } from '../generic-screen.js';
import { clueScreen } from './clue.js';
import { deadwoodScreen } from './deadwood.js';
import { yahtzeeScreen } from './yahtzee.js';

/** The games with a screen of their own; each screen names its game. */
const SCREENS: readonly GameScreen[] = [clueScreen, deadwoodScreen, yahtzeeScreen];

/** How a game meets a person at the terminal: its own screen, or the generic one every game has. */
export function screenOf(game: GameDefinition): GameScreen {
  return SCREENS.find((screen) => screen.gameId === game.id) ?? genericScreen(game);
}
