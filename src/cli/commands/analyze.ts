import type { CommandModule } from 'yargs';
import { ANALYSIS_DIR, ANALYSIS_FILES } from '../../analysis/files.js';
import { GAME_INDEX_OPTION, withJson } from '../shared.js';
import type { AnalyzeArgs } from '../actions/analyze.js';

export const analyzeCommand: CommandModule<object, AnalyzeArgs> = {
  command: 'analyze <input>',
  describe: 'score every decision of recorded games against the exact answer (Yahtzee: the optimal expected score; Clue: the exact notebook)',
  builder: (yargs) =>
    withJson(yargs)
      .positional('input', { type: 'string', demandOption: true, describe: "a record file, a run's records.jsonl, or a run folder" })
      .option('game-index', GAME_INDEX_OPTION)
      .option('workers', { type: 'number', describe: 'worker threads analysing the records (default: the machine’s cores; fewer than 50 records are analysed in one)' })
      .option('out', { type: 'string', describe: `the folder to write ${Object.values(ANALYSIS_FILES).join(', ')} into (default: ${ANALYSIS_DIR}/ beside the input)` }) as never,
  handler: async (args) => (await import('../actions/analyze.js')).analyzeAction(args),
};
