import type { GameBots } from '../game-bots.js';
import { greedyBot } from './greedy.js';
import { plannerBot } from './planner.js';

/**
 * Deadwood's System Players, weakest first (after the generic `random`). The search rolls out with
 * `greedy` and overrides `planner`, its advisor, only on a clear lead (docs/bots.md#ismcts).
 */
export const deadwoodBots: GameBots = {
  game: 'deadwood',
  bots: [greedyBot, plannerBot],
  search: { rollout: 'greedy', advisor: 'planner', iterations: 150, margin: 3 },
  takeover: 'planner',
};
