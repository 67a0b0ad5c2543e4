import type { GameGoldenCase } from '../harness/golden-cases.js';
import { VARIANT_IDS } from '../../src/games/clue/cards.js';

/**
 * Clue's golden playthroughs, every variant at 3 and 6 players: its strongest bots at the table, so
 * that the records hold refutations and accusations, not only wandering.
 */
export const GOLDEN: readonly GameGoldenCase[] = VARIANT_IDS.flatMap((variant) => [
  { file: `clue.${variant}.3p.jsonl`, variant, bots: ['notebook', 'deduction', 'checklist'], games: 2 },
  { file: `clue.${variant}.6p.jsonl`, variant, bots: ['notebook', 'deduction', 'checklist', 'random', 'deduction', 'notebook'], games: 2 },
]);
