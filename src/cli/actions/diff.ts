import { basename, resolve } from 'node:path';
import { diskFull, InputError } from '../../core/errors.js';
import { progressFor } from '../../harness/progress.js';
import { DIFF_HTML, DIFF_MARKDOWN, diffConsole, writeDiffReports } from '../../report/diff-report.js';
import { CHANGED_FILE, DIFF_JSON, diffRuns } from '../../tournament/diff.js';
import { checkOutputPath } from '../paths.js';
import { printJson } from '../shared.js';

export interface DiffArgs {
  runA: string;
  runB: string;
  out?: string;
  quiet: boolean;
  json: boolean;
}

/** Where the reports go unless --out says: beside the other results, named by both runs. */
export function defaultDiffOut(runA: string, runB: string): string {
  return `results/diff/${basename(resolve(runA))}-vs-${basename(resolve(runB))}`;
}

/** `parlor diff`: the comparison written into --out and printed. */
export function diffAction(args: DiffArgs): void {
  const out = args.out ?? defaultDiffOut(args.runA, args.runB);
  for (const run of [args.runA, args.runB]) if (resolve(run) === resolve(out)) throw new InputError(`--out ${out} is the run folder ${run}: write the diff into another folder`);
  checkOutputPath(out, 'folder');
  let summary;
  try {
    summary = diffRuns(args.runA, args.runB, { out, progress: progressFor(args.quiet || args.json, process.stderr, 'read'), reports: writeDiffReports });
  } catch (error) {
    throw diskFull(error, out) ?? error;
  }
  if (args.json) {
    printJson(summary);
    return;
  }
  console.log(diffConsole(summary));
  console.log(`diff: ${out}/${DIFF_HTML}, ${out}/${DIFF_MARKDOWN}, ${out}/${DIFF_JSON}, ${out}/${CHANGED_FILE}`);
}
