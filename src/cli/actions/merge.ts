import type { CommandModule } from 'yargs';
import { diskFull } from '../../core/errors.js';
import { mergeShards } from '../../tournament/merge.js';
import { runNotes } from '../../report/notes.js';
import { consoleTable } from '../../report/console-table.js';
import { checkOutputPath } from '../paths.js';
import { BASELINE_OPTION, BREAK_LOCK_OPTION, printJson, withJson } from '../shared.js';

interface MergeArgs {
  shards: string[];
  out: string;
  baseline?: string;
  'break-lock': boolean;
  json: boolean;
}

export const mergeCommand: CommandModule<object, MergeArgs> = {
  command: 'merge <shards..>',
  describe: 'merge the shard folders of one run into the summary and report of the whole run',
  builder: (yargs) =>
    withJson(yargs)
      .positional('shards', { type: 'string', array: true, demandOption: true, describe: 'the --out folders of the shards' })
      .option('out', { type: 'string', demandOption: true, describe: 'folder for the merged run' })
      .option('baseline', BASELINE_OPTION)
      .option('break-lock', BREAK_LOCK_OPTION) as never,
  handler: (args) => {
    checkOutputPath(args.out, 'folder');
    let summary;
    try {
      summary = mergeShards(args.shards, args.out, { breakLock: args['break-lock'], ...(args.baseline === undefined ? {} : { baseline: args.baseline }) });
    } catch (error) {
      throw diskFull(error, args.out) ?? error;
    }
    if (args.json) {
      printJson(summary);
      return;
    }
    for (const note of runNotes(summary)) console.log(note);
    console.log(consoleTable(summary));
    console.log(`merged ${args.shards.length} shards; report: ${args.out}/report.html, ${args.out}/report.md, ${args.out}/summary.json`);
  },
};
