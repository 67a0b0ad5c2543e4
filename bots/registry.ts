import { declareReadOnly, type BotFactory } from '../src/core/bot.js';
import { InputError } from '../src/core/errors.js';
import { greedyBot as deadwoodGreedy } from './deadwood/greedy.js';
import { plannerBot as deadwoodPlanner } from './deadwood/planner.js';
import { clueBots } from './clue/index.js';
import { randomBot } from './generic/random.js';
import { greedyBot } from './yahtzee/greedy.js';
import { optimalBot } from './yahtzee/optimal.js';

/**
 * The built-in System Players of each game, by game id, weakest first: the last is the strongest,
 * the one that takes over the seat of a person who leaves a game.
 * They only read what they are handed (test/hand-outs.test.ts), so the referee need not copy it.
 */
const BOTS: Readonly<Record<string, readonly BotFactory[]>> = {
  yahtzee: [randomBot, greedyBot, optimalBot].map(declareReadOnly),
  deadwood: [randomBot, deadwoodGreedy, deadwoodPlanner].map(declareReadOnly),
  clue: clueBots.map(declareReadOnly),
};

export function builtinBots(gameId: string): readonly BotFactory[] {
  return BOTS[gameId] ?? [];
}

/** The built-in bot `name` of a game; one line naming the game's bots when there is none (plus `otherwise`). */
export function findBuiltinBot(gameId: string, name: string, otherwise = ''): BotFactory {
  const bots = builtinBots(gameId);
  const bot = bots.find((b) => b.name === name);
  if (bot === undefined) throw new InputError(`unknown bot "${name}" for ${gameId}: expected one of ${bots.map((b) => b.name).join(', ')}${otherwise}`);
  return bot;
}
