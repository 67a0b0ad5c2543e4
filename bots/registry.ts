import { declareReadOnly, type BotFactory } from '../src/core/bot.js';
import { InputError } from '../src/core/errors.js';
import { greedyBot as deadwoodGreedy } from './deadwood/greedy.js';
import { plannerBot as deadwoodPlanner } from './deadwood/planner.js';
import { clueBots } from './clue/index.js';
import { randomBot } from './generic/random.js';
import { greedyBot } from './yahtzee/greedy.js';
import { optimalBot } from './yahtzee/optimal.js';

/**
 * The built-in System Players of each game, by game id, weakest first. They only read what they
 * are handed (test/bots-read-only.test.ts), so the referee need not copy it.
 */
const BOTS: Readonly<Record<string, readonly BotFactory[]>> = {
  yahtzee: [randomBot, greedyBot, optimalBot].map(declareReadOnly),
  deadwood: [randomBot, deadwoodGreedy, deadwoodPlanner].map(declareReadOnly),
  clue: clueBots.map(declareReadOnly),
};

/** By game id, the built-in that takes the seat of a person who leaves a game at the terminal. */
const TAKEOVER: Readonly<Record<string, BotFactory>> = {
  yahtzee: optimalBot,
  deadwood: deadwoodPlanner,
  clue: clueBots.find((bot) => bot.name === 'notebook')!,
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

/** The System Player that takes a departing person's seat: the game's named one, else the generic random player. */
export function takeoverBuiltin(gameId: string): BotFactory {
  return TAKEOVER[gameId] ?? randomBot;
}
