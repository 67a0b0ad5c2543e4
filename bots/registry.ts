import { declareReadOnly, type BotFactory } from '../src/core/bot.js';
import { InputError } from '../src/core/errors.js';
import { greedyBot as deadwoodGreedy } from './deadwood/greedy.js';
import { plannerBot as deadwoodPlanner } from './deadwood/planner.js';
import { clueBots } from './clue/index.js';
import { ismctsBot, type SearchDefaults } from './generic/ismcts.js';
import { randomBot } from './generic/random.js';
import { clueGame } from '../src/games/clue/game.js';
import { deadwood } from '../src/games/deadwood/game.js';
import { yahtzee } from '../src/games/yahtzee/game.js';
import type { GameDefinition } from '../src/core/game.js';
import { greedyBot } from './yahtzee/greedy.js';
import { optimalBot } from './yahtzee/optimal.js';

/**
 * The search player's rollout bot, advisor and budget per game, chosen by measurement
 * (docs/bots.md#ismcts): the budget keeps a decision's mean within 50 ms on one core; the margin is
 * how far the search trusts its advisor's choice over its most visited action (none for a random one).
 */
const SEARCH: Readonly<Record<string, Omit<SearchDefaults, 'bots'>>> = {
  yahtzee: { rollout: 'random', advisor: 'random', iterations: 3000, margin: 0 },
  deadwood: { rollout: 'greedy', advisor: 'planner', iterations: 150, margin: 3 },
  clue: { rollout: 'deduction', advisor: 'deduction', iterations: 24, margin: 2 },
};

const searchPlayers = new WeakSet<BotFactory>();

/** The hand-written players of a game, weakest first, then `ismcts` before the strongest (which stays last: the terminal's default). */
function withSearch(game: GameDefinition, bots: readonly BotFactory[]): readonly BotFactory[] {
  const search = ismctsBot(game, { bots, ...SEARCH[game.id]! });
  searchPlayers.add(search);
  return [...bots.slice(0, -1), search, bots.at(-1)!];
}

/**
 * Whether `factory` is a search player: it simulates the game itself, tens of milliseconds a
 * decision at its defaults, so hosts that decide on their event loop or in a page refuse it.
 */
export function isSearchPlayer(factory: BotFactory): boolean {
  return searchPlayers.has(factory);
}

/**
 * The built-in System Players of each game, by game id. They only read what they are handed
 * (test/bots-read-only.test.ts), so the referee need not copy it.
 */
const BOTS: Readonly<Record<string, readonly BotFactory[]>> = {
  yahtzee: withSearch(yahtzee, [randomBot, greedyBot, optimalBot]).map(declareReadOnly),
  deadwood: withSearch(deadwood, [randomBot, deadwoodGreedy, deadwoodPlanner]).map(declareReadOnly),
  clue: withSearch(clueGame, clueBots).map(declareReadOnly),
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
