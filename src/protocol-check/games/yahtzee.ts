import type { GameScripts } from '../game-scripts.js';

/** Yahtzee's check: single games (not five-game series), alone and in the second seat of two. */
export const yahtzeeScripts: GameScripts = {
  game: 'yahtzee',
  scripts: [
    { variant: '', config: { series: 1 }, players: 1, seat: 0 },
    { variant: '', config: { series: 1 }, players: 2, seat: 1 },
  ],
};
