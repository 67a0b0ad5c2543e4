import type { BotFactory } from '../src/core/bot.js';

/** The built-in System Players of each game, by game id; the first is the default opponent. */
const BOTS: Readonly<Record<string, readonly BotFactory[]>> = {};

export function builtinBots(gameId: string): readonly BotFactory[] {
  return BOTS[gameId] ?? [];
}
