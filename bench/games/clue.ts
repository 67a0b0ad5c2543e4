import type { GameBench } from '../game-bench.js';

export const clueBench: GameBench = {
  game: 'clue',
  searchBar: { variant: 'classic', set: {}, others: ['notebook', 'deduction', 'checklist'] },
  protocol: { variant: 'clueless', config: {}, bot: 'notebook', others: ['checklist', 'checklist'], games: 20 },
  calibration: [
    { variant: 'classic', bots: 'notebook,deduction,deduction,deduction', set: [] },
    { variant: 'clueless', bots: 'notebook,checklist,checklist,checklist,checklist,checklist', set: ['placings=true'] },
  ],
  exported: { flags: 'clue --variant classic', bots: ['random', 'checklist', 'deduction', 'notebook', 'ismcts'] },
  screenshots: [
    { name: 'clue-classic', file: 'clue.classic.3p.jsonl', seat: null, at: 0.5 },
    { name: 'clue-clueless-as-seat', file: 'clue.clueless.3p.jsonl', seat: 0, at: 0.6 },
  ],
};
