import type { CommandModule, Options } from 'yargs';
import { ANALYSIS_DIR } from '../../analysis/files.js';
import { SEATINGS, type Seating } from '../../harness/schedule.js';
import { LISTED_GAMES } from '../../report/recorded-games.js';
import { BASELINE_OPTION, BREAK_LOCK_OPTION, GAME_OPTIONS, MOVE_TIME_OPTION, withJson } from '../shared.js';
import type { RunArgs, RunPlayArgs } from '../actions/run.js';

export const DEFAULT_SEED = 'parlor';

/** The flags of {@link RunPlayArgs}: `parlor cluster` takes them too and hands them to every shard. */
export const RUN_PLAY_OPTIONS = {
  ...GAME_OPTIONS,
  bots: { type: 'string', demandOption: true, describe: 'entrants, comma-separated: greedy,random,./my-bot.js (a repeated name is another entrant)' },
  games: { type: 'number', default: 1000, describe: 'games to play (rounded up to whole blocks)' },
  seed: { type: 'string', default: DEFAULT_SEED, describe: 'master seed: game i depends only on (seed, i)' },
  workers: { type: 'number', describe: 'worker threads (default: the machine’s cores)' },
  players: { type: 'number', describe: 'seats per game (default: the number of entrants)' },
  seating: { choices: SEATINGS, default: 'duplicate' as Seating, describe: 'duplicate: each deal under every rotation of a lineup drawn per deal; rotations: the same, one fixed order per lineup (before fair seating); random: random seats' },
  record: { type: 'string', default: 'faults', describe: 'records.jsonl: none|faults|sample:N|all (fault games always)' },
  'move-time-ms': MOVE_TIME_OPTION,
  'batch-games': { type: 'number', describe: 'games per worker task (default: sized to ~0.1 s; results do not depend on it)' },
  quiet: { type: 'boolean', default: false, describe: 'no progress output' },
} satisfies Record<string, Options>;

export const runCommand: CommandModule<object, RunArgs> = {
  command: 'run',
  describe: 'play a tournament between bots across worker threads and write its report',
  builder: (yargs) =>
    withJson(yargs.options(RUN_PLAY_OPTIONS))
      .option('out', { type: 'string', describe: 'output folder (default results/<game>)' })
      .option('shard', { type: 'string', describe: 'play only shard k of N (k/N), to merge later with parlor merge' })
      .option('resume', { type: 'boolean', default: false, describe: 'finish the interrupted run in --out' })
      .option('compare', { type: 'string', describe: 'an earlier run folder of the same seed: list every game whose outcome changed' })
      .option('force', { type: 'boolean', default: false, describe: 'replace a run already in --out' })
      .option('viewers', { type: 'boolean', default: false, describe: `also write a viewer page for each recorded game into <out>/viewers (at most ${LISTED_GAMES}); with --analyze, each decision's score beside it` })
      .option('analyze', { type: 'boolean', default: false, describe: `also score every decision of the recorded games (needs --record all or sample:N) into <out>/${ANALYSIS_DIR}, and put the table into the reports` })
      .option('baseline', BASELINE_OPTION)
      .option('break-lock', BREAK_LOCK_OPTION) as never,
  handler: async (args) => (await import('../actions/run.js')).runAction(args),
};
