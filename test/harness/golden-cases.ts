/**
 * The golden playthroughs: which games are recorded, by whom, into which file of
 * scenarios/golden/. Each file holds `games` whole games of seed "golden" (game indices 0, 1, ...),
 * seat s played by bots[s]. Clue and Deadwood put their strongest bots at the table, so that the
 * records hold refutations, accusations, upgrades and wrapped scenes, not only wandering.
 */
export interface GoldenCase {
  readonly file: string;
  readonly game: string;
  /** '' for a game without variants. */
  readonly variant: string;
  /** Built-in bot names, one per seat. */
  readonly bots: readonly string[];
  readonly games: number;
}

const clue = (variant: string): GoldenCase[] => [
  { file: `clue.${variant}.3p.jsonl`, game: 'clue', variant, bots: ['notebook', 'deduction', 'checklist'], games: 2 },
  { file: `clue.${variant}.6p.jsonl`, game: 'clue', variant, bots: ['notebook', 'deduction', 'checklist', 'random', 'deduction', 'notebook'], games: 2 },
];

export const GOLDEN_CASES: readonly GoldenCase[] = [
  { file: 'yahtzee.jsonl', game: 'yahtzee', variant: '', bots: ['random', 'greedy', 'optimal'], games: 3 },
  ...clue('classic'),
  ...clue('clueless'),
  ...clue('cluedo'),
  { file: 'deadwood.2p.jsonl', game: 'deadwood', variant: '', bots: ['planner', 'greedy'], games: 2 },
  { file: 'deadwood.5p.jsonl', game: 'deadwood', variant: '', bots: ['planner', 'greedy', 'random', 'greedy', 'planner'], games: 2 },
];
