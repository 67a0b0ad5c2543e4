import type { GameGoldenCase } from '../harness/golden-cases.js';

/** Yahtzee's golden playthroughs: every built-in strength at one table. */
export const GOLDEN: readonly GameGoldenCase[] = [{ file: 'yahtzee.jsonl', variant: '', bots: ['random', 'greedy', 'optimal'], games: 3 }];
