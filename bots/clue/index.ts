import type { GameBots } from '../game-bots.js';
import { checklistBot } from './checklist.js';
import { deductionBot } from './deduction.js';
import { notebookBot } from './notebook.js';
import { randomClueBot } from './random.js';

/**
 * Clue's System Players, weakest first. The search rolls out and is advised by `deduction`: its
 * rollouts end as soon as `checklist`'s and cost about the same (docs/bots.md#ismcts).
 */
export const clueBots: GameBots = {
  game: 'clue',
  bots: [randomClueBot, checklistBot, deductionBot, notebookBot],
  search: { rollout: 'deduction', advisor: 'deduction', iterations: 24, margin: 2 },
  takeover: 'notebook',
};
