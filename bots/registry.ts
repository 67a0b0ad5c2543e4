import type { BotFactory } from '../src/core/bot.js';
import { greedyBot as deadwoodGreedy } from './deadwood/greedy.js';
import { plannerBot as deadwoodPlanner } from './deadwood/planner.js';
import { clueBots } from './clue/index.js';
import { randomBot } from './generic/random.js';
import { greedyBot } from './yahtzee/greedy.js';
import { optimalBot } from './yahtzee/optimal.js';

/**
 * The built-in System Players of each game, by game id, weakest first: the last is the strongest,
 * the one that takes over the seat of a person who leaves a game.
 */
const BOTS: Readonly<Record<string, readonly BotFactory[]>> = {
  yahtzee: [randomBot, greedyBot, optimalBot],
  deadwood: [randomBot, deadwoodGreedy, deadwoodPlanner],
  clue: clueBots,
};

export function builtinBots(gameId: string): readonly BotFactory[] {
  return BOTS[gameId] ?? [];
}
