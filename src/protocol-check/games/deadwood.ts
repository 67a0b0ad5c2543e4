import type { GameScripts } from '../game-scripts.js';

/** Deadwood's check: a game of two, its day capped at a few turns a player (a stalling bot still ends). */
export const deadwoodScripts: GameScripts = {
  game: 'deadwood',
  scripts: [{ variant: '', config: { turnCap: 6 }, players: 2, seat: 0 }],
};
