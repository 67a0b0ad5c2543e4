import { findBuiltinBot } from '../../bots/registry.js';
import type { Bot, BotFactory } from '../core/bot.js';
import { canonicalParams, paramsLabel, type BotParams } from '../core/bot-params.js';
import type { GameDefinition } from '../core/game.js';
import { resolveOptions } from '../core/options.js';
import { findGame, playerRange, resolveVariant } from '../games/registry.js';
import { startBot, type BotSeating } from './seeded-bot.js';

/** A built-in System Player of a game, by name; one clear line naming the ones there are otherwise. */
export function findBot(game: GameDefinition, name: string): BotFactory {
  return findBuiltinBot(game, name);
}

/** A built-in bot and its parameters, checked by its schema and written canonically (defaults left out). */
export interface CheckedBot {
  readonly factory: BotFactory;
  readonly params: BotParams;
}

/** The built-in bot `name` of `game` with `given` parameters; an InputError naming what is wrong otherwise. */
export function checkedBuiltin(game: GameDefinition, name: string, given: BotParams = {}): CheckedBot {
  const factory = findBot(game, name);
  return { factory, params: canonicalParams(factory, given, `params of ${paramsLabel(factory.name, given)}`) };
}

export interface CreateBotOptions extends BotSeating {
  /** A game id: `clue`, `deadwood`, `yahtzee`. */
  readonly game: string;
  /** The game's variant; its default (the first `parlor games` lists) when absent. */
  readonly variant?: string;
  /** A built-in bot's name, as `parlor bots --game <id>` lists them. */
  readonly bot: string;
  /** The game's options (as `--set` gives them), validated against its schema; the defaults when absent. */
  readonly config?: unknown;
  /** The bot's parameters, as `parlor bots --game <id> --json` lists them; the defaults when absent. */
  readonly params?: BotParams;
}

/**
 * One of parlor's System Players for one seat of one game, for a program that runs the game
 * itself: feed it its seat's view and legal actions (`act`) and every event its seat may see
 * (`observe`, see `seenEvent`). Unknown names and bad seatings throw an InputError saying what exists.
 */
export function createBot(options: CreateBotOptions): Bot {
  const game = findGame(options.game);
  const variant = resolveVariant(game, options.variant);
  const { factory, params } = checkedBuiltin(game, options.bot, options.params);
  const config = resolveOptions(game, variant, options.config);
  return startBot(factory, { game: game.id, variant, config, players: playerRange(game, variant), params }, options);
}
