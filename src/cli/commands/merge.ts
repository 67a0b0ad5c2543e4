import type { CommandModule } from 'yargs';
import { BASELINE_OPTION, BREAK_LOCK_OPTION, withJson } from '../shared.js';
import type { MergeArgs } from '../actions/merge.js';

export const mergeCommand: CommandModule<object, MergeArgs> = {
  command: 'merge <shards..>',
  describe: 'merge the shard folders of one run into the summary and report of the whole run',
  builder: (yargs) =>
    withJson(yargs)
      .positional('shards', { type: 'string', array: true, demandOption: true, describe: 'the --out folders of the shards' })
      .option('out', { type: 'string', demandOption: true, describe: 'folder for the merged run' })
      .option('baseline', BASELINE_OPTION)
      .option('break-lock', BREAK_LOCK_OPTION) as never,
  handler: async (args) => (await import('../actions/merge.js')).mergeAction(args),
};
