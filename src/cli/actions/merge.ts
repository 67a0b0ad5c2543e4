import { diskFull } from '../../core/errors.js';
import { mergeShards } from '../../tournament/merge.js';
import { runNotes } from '../../report/notes.js';
import { consoleTable } from '../../report/console-table.js';
import { checkOutputPath } from '../paths.js';
import { printJson } from '../shared.js';

export interface MergeArgs {
  shards: string[];
  out: string;
  baseline?: string;
  'break-lock': boolean;
  json: boolean;
}

/** `parlor merge`: the shards merged into --out and the table printed. */
export function mergeAction(args: MergeArgs): void {
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
}
