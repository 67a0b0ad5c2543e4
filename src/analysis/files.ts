/** The folder an analysis is written into (beside the records, or in a run's folder), and what it holds. */
export const ANALYSIS_DIR = 'analysis';
export const ANALYSIS_FILES = { summary: 'analysis.json', markdown: 'analysis.md', games: 'games.jsonl' } as const;
