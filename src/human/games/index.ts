import type { GameScreen } from '../game-screen.js';
import { clueScreen } from './clue.js';
import { deadwoodScreen } from './deadwood.js';
import { yahtzeeScreen } from './yahtzee.js';

const SCREENS: Readonly<Record<string, GameScreen>> = {
  clue: clueScreen,
  deadwood: deadwoodScreen,
  yahtzee: yahtzeeScreen,
};

/** How a game meets a person at the terminal, or undefined for a game people cannot play yet. */
export function screenOf(gameId: string): GameScreen | undefined {
  return SCREENS[gameId];
}
