/** The files a run writes into its folder, by name: the commands' flags and help name them without loading the harness. */
export const CHECKPOINT_FILE = 'checkpoint.jsonl';
export const OUTCOMES_FILE = 'outcomes.jsonl';
export const RECORDS_FILE = 'records.jsonl';
