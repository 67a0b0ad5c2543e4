import type { BotFactory } from '../../src/core/bot.js';
import { checklistBot } from './checklist.js';
import { deductionBot } from './deduction.js';
import { notebookBot } from './notebook.js';
import { randomClueBot } from './random.js';

/** Clue's System Players, weakest first. */
export const clueBots: readonly BotFactory[] = [randomClueBot, checklistBot, deductionBot, notebookBot];
