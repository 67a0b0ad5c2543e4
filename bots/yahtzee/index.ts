import type { GameBots } from '../game-bots.js';
import { greedyBot } from './greedy.js';
import { optimalBot } from './optimal.js';

/**
 * Yahtzee's System Players, weakest first (after the generic `random`). The search rolls out at
 * random, which affords the iterations to tell a roll's 45 actions apart (docs/bots.md#ismcts).
 */
export const yahtzeeBots: GameBots = {
  game: 'yahtzee',
  bots: [greedyBot, optimalBot],
  search: { rollout: 'random', advisor: 'random', iterations: 3000, margin: 0 },
  takeover: 'optimal',
};
