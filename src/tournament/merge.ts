import { closeSync, existsSync, openSync, readSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError } from '../core/errors.js';
import { mergeEntrantTimes, NO_DECISION_TIMES } from '../referee/decision-times.js';
import { baselineIndex, buildSummary, decisionTiming, type Summary, type SummaryOptions, type Timing } from '../report/summary.js';
import { writeReports } from '../report/write.js';
import { readCheckpoint } from '../harness/checkpoint.js';
import { CHECKPOINT_FILE, OUTCOMES_FILE, RECORDS_FILE } from '../harness/run-files.js';
import { checkOutcomes, fileSize, tallyDifference, type Batch } from '../harness/run-check.js';
import { keepLocksAlive, liveLockHolder, RunLock } from '../harness/run-lock.js';
import { makeSchedule } from '../harness/schedule.js';
import { specDifference } from '../harness/spec.js';
import { emptyTally, mergeTallies } from '../harness/tally.js';
import { readTallyFile, TALLY_FILE, tallyFileText, type TallyFile } from './tally-file.js';

/** Appends the file at `from` to the open file `to`, in chunks (an outcomes file may be gigabytes). */
function appendFile(to: number, from: string): void {
  if (!existsSync(from)) return;
  const fd = openSync(from, 'r');
  const buffer = Buffer.allocUnsafe(1 << 20);
  try {
    let read: number;
    while ((read = readSync(fd, buffer, 0, buffer.length, null)) > 0) {
      keepLocksAlive();
      let written = 0;
      // Stryker disable next-line EqualityOperator,ArithmeticOperator: a file takes a chunk whole in one writeSync; the loop only guards a partial write, which no test can provoke
      while (written < read) written += writeSync(to, buffer, written, read - written);
    }
  } finally {
    closeSync(fd);
  }
}

/** What to do about a shard folder whose files a merge refuses. */
const SHARD_FIX = 'play that shard again (its parlor run command with --force)';

/**
 * Checks a finished run or shard folder's files against each other before a merge copies them or a
 * diff reads them (run-check.ts): no run writing it, its checkpoint (when it has one) of the same
 * run and part as tally.json, finished, its batches adding up to tally.json's tally, records.jsonl
 * as long as it says, and outcomes.jsonl holding exactly the games of its batches (a folder without
 * a checkpoint, such as a merged one: the games of tally.json), their tallies recomputed from its
 * lines. A refusal ends with `fix`, or for a live run says to `verb` once it has ended; `onBlock`
 * hears of each block's games as they are checked.
 */
export function checkRunFolder(dir: string, file: TallyFile, how: { readonly fix: string; readonly verb: string; readonly onBlock?: (games: number) => void }): void {
  const { fix, onBlock } = how;
  const holder = liveLockHolder(dir);
  if (holder !== null) throw new InputError(`${dir} is in use by ${holder}: ${how.verb} once that run has ended`);
  const tallyPath = join(dir, TALLY_FILE);
  const [from, to] = file.part.blocks;
  const checkpoint = readCheckpoint(dir, fix);
  let batches: readonly Batch[] = [{ from, to, tally: file.data, outcomesBytes: null, where: tallyPath }];
  if (checkpoint !== null) {
    const differs = specDifference(checkpoint.spec, file.spec) ?? (JSON.stringify(checkpoint.part) === JSON.stringify(file.part) ? null : `the part differs (${JSON.stringify(checkpoint.part)} vs ${JSON.stringify(file.part)})`);
    if (differs !== null) throw new InputError(`${checkpoint.path} and ${tallyPath} are of different runs: ${differs}; ${fix}`);
    const last = checkpoint.entries.at(-1);
    if ((last?.to ?? from) !== to) throw new InputError(`${checkpoint.path} ends at block ${last?.to ?? from}, before the ${file.part.shard === null ? 'run' : 'shard'}'s end at block ${to}, yet ${tallyPath} says it is finished; ${fix}`);
    const sum = checkpoint.entries.reduce((tally, entry) => mergeTallies(tally, entry.tally), emptyTally(file.spec.entrants.length, file.spec.players));
    const difference = tallyDifference(file.data, sum);
    if (difference !== null) throw new InputError(`${tallyPath}: its tally is not the sum of the batches in ${checkpoint.path} (${difference} there); ${fix}`);
    const records = join(dir, RECORDS_FILE);
    const recordsBytes = fileSize(records, fix);
    // No records.jsonl: a shard written before runs kept one, merged without.
    if (recordsBytes !== null && recordsBytes !== (last?.recordsBytes ?? 0)) throw new InputError(`${records} holds ${recordsBytes} bytes, but ${checkpoint.path} says ${last?.recordsBytes ?? 0}; ${fix}`);
    batches = checkpoint.entries;
  }
  const outcomes = join(dir, OUTCOMES_FILE);
  const end = checkOutcomes(outcomes, file.spec, batches, fix, onBlock);
  const size = fileSize(outcomes, fix) ?? 0;
  if (size !== end) throw new InputError(`${outcomes} goes on past its last game (${size - end} bytes from byte ${end}); ${fix}`);
}

export interface MergeOptions extends SummaryOptions {
  /** Remove the lock of another process on `out` first (`--break-lock`). */
  readonly breakLock?: boolean;
}

/**
 * Merges the shards of one run into `out`: the tallies (exactly, so the summary equals the single
 * run's but for timing), and outcomes.jsonl and records.jsonl concatenated in game order. The
 * shards must be parts of the same run and cover every block exactly once.
 */
export function mergeShards(dirs: readonly string[], out: string, options: MergeOptions = {}): Summary {
  if (dirs.length === 0) throw new InputError('name the shard folders to merge');
  if (dirs.some((d) => resolve(d) === resolve(out))) throw new InputError(`--out ${out} is one of the shards: merge into another folder`);
  const parts = dirs.map((dir) => ({ dir, file: readTallyFile(dir) }));
  const spec = parts[0]!.file.spec;
  // Stryker disable next-line MethodExpression: comparing the first part with itself finds no difference
  for (const { dir, file } of parts.slice(1)) {
    const differs = specDifference(spec, file.spec);
    if (differs !== null) throw new InputError(`${dir} is from another run than ${parts[0]!.dir}: ${differs}`);
  }
  baselineIndex(spec.entrants.map((e) => e.label), options.baseline);
  parts.sort((a, b) => a.file.part.blocks[0] - b.file.part.blocks[0]);
  const schedule = makeSchedule(spec.entrants.length, spec.players, spec.seating, spec.gamesAsked);
  let covered = 0;
  for (const { dir, file } of parts) {
    const [from, to] = file.part.blocks;
    if (from < covered) throw new InputError(`${dir} overlaps another shard (blocks ${from}-${to - 1}): name each shard once`);
    if (from > covered) throw new InputError(`blocks ${covered}-${from - 1} are missing: no shard folder covers them`);
    covered = to;
  }
  if (covered < schedule.blocks) throw new InputError(`blocks ${covered}-${schedule.blocks - 1} are missing: no shard folder covers them`);
  for (const { dir, file } of parts) checkRunFolder(dir, file, { fix: SHARD_FIX, verb: 'merge' });

  const tally = parts.map((p) => p.file.data).reduce(mergeTallies);
  const seconds = parts.reduce((sum, p) => sum + p.file.timing.seconds, 0);
  const decisions = parts.map((p) => p.file.decisions ?? spec.entrants.map(() => NO_DECISION_TIMES)).reduce(mergeEntrantTimes);
  const timing: Timing = {
    seconds: Math.round(seconds * 1000) / 1000,
    gamesPerSecond: seconds > 0 ? Math.round(tally.games[0]! / seconds) : 0,
    workers: Math.max(...parts.map((p) => p.file.timing.workers)),
    decisions: decisionTiming(spec.entrants.map((e) => e.label), decisions),
  };
  const { breakLock, ...summaryOptions } = options;
  const lock = RunLock.acquire(out, { breakLock: breakLock ?? false });
  try {
    // A merged run has no checkpoint: one an earlier run left in `out` would contradict its tally.json.
    rmSync(join(out, CHECKPOINT_FILE), { force: true });
    for (const name of [OUTCOMES_FILE, RECORDS_FILE]) {
      const fd = openSync(join(out, name), 'w');
      try {
        for (const { dir } of parts) appendFile(fd, join(dir, name));
      } finally {
        closeSync(fd);
      }
    }
    const merged: TallyFile = { tally: 2, spec, part: { shard: null, blocks: [0, schedule.blocks] }, data: tally, timing, decisions };
    lock.check();
    writeFileSync(join(out, TALLY_FILE), tallyFileText(merged));
    const summary = buildSummary(spec, tally, timing, summaryOptions);
    writeReports(out, summary);
    return summary;
  } finally {
    lock.release();
  }
}
