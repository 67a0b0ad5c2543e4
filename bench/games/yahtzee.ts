import type { GameBench } from '../game-bench.js';

/** Yahtzee's benches play single games: a five-game series would only multiply the same decisions. */
export const yahtzeeBench: GameBench = {
  game: 'yahtzee',
  searchBar: { variant: '', set: { series: 1 }, others: [] },
  protocol: { variant: '', config: { series: 1 }, bot: 'greedy', others: [], games: 200 },
  exported: { flags: 'yahtzee', bots: ['random', 'greedy', 'optimal', 'ismcts'] },
  screenshots: [{ name: 'yahtzee', file: 'yahtzee.jsonl', seat: null, at: 0.1 }],
};
