import type { GameGoldenCase } from '../harness/golden-cases.js';

/** Deadwood's golden playthroughs at 2 and 5 players: `planner` at the table, so that the records hold upgrades and wrapped scenes. */
export const GOLDEN: readonly GameGoldenCase[] = [
  { file: 'deadwood.2p.jsonl', variant: '', bots: ['planner', 'greedy'], games: 2 },
  { file: 'deadwood.5p.jsonl', variant: '', bots: ['planner', 'greedy', 'random', 'greedy', 'planner'], games: 2 },
];
