import type { GameBench } from '../game-bench.js';

export const deadwoodBench: GameBench = {
  game: 'deadwood',
  searchBar: { variant: '', set: {}, others: ['planner', 'greedy'] },
  calibration: [{ variant: '', bots: 'planner,greedy,greedy,greedy', set: [] }],
  exported: { flags: 'deadwood', bots: ['random', 'greedy', 'planner', 'ismcts'] },
  screenshots: [{ name: 'deadwood', file: 'deadwood.2p.jsonl', seat: null, at: 0.3 }],
};
