import type { BotFactory } from '../../src/core/bot.js';
import { randomClueBot } from './random.js';

/** Clue's System Players, weakest first. */
export const clueBots: readonly BotFactory[] = [randomClueBot];
