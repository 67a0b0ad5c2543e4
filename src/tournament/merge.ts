import { closeSync, existsSync, mkdirSync, openSync, readSync, writeFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { InputError } from '../core/errors.js';
import { mergeEntrantTimes, NO_DECISION_TIMES } from '../referee/decision-times.js';
import { baselineIndex, buildSummary, decisionTiming, type Summary, type SummaryOptions, type Timing } from '../report/summary.js';
import { writeReports } from '../report/write.js';
import { OUTCOMES_FILE, RECORDS_FILE } from '../harness/checkpoint.js';
import { makeSchedule } from '../harness/schedule.js';
import { specDifference } from '../harness/spec.js';
import { mergeTallies } from '../harness/tally.js';
import { readTallyFile, TALLY_FILE, tallyFileText, type TallyFile } from './tally-file.js';

/** Appends the file at `from` to the open file `to`, in chunks (an outcomes file may be gigabytes). */
function appendFile(to: number, from: string): void {
  if (!existsSync(from)) return;
  const fd = openSync(from, 'r');
  const buffer = Buffer.allocUnsafe(1 << 20);
  try {
    let read: number;
    while ((read = readSync(fd, buffer, 0, buffer.length, null)) > 0) {
      let written = 0;
      // Stryker disable next-line EqualityOperator,ArithmeticOperator: a file takes a chunk whole in one writeSync; the loop only guards a partial write, which no test can provoke
      while (written < read) written += writeSync(to, buffer, written, read - written);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Merges the shards of one run into `out`: the tallies (exactly, so the summary equals the single
 * run's but for timing), and outcomes.jsonl and records.jsonl concatenated in game order. The
 * shards must be parts of the same run and cover every block exactly once.
 */
export function mergeShards(dirs: readonly string[], out: string, options: SummaryOptions = {}): Summary {
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

  const tally = parts.map((p) => p.file.data).reduce(mergeTallies);
  const seconds = parts.reduce((sum, p) => sum + p.file.timing.seconds, 0);
  const decisions = parts.map((p) => p.file.decisions ?? spec.entrants.map(() => NO_DECISION_TIMES)).reduce(mergeEntrantTimes);
  const timing: Timing = {
    seconds: Math.round(seconds * 1000) / 1000,
    gamesPerSecond: seconds > 0 ? Math.round(tally.games[0]! / seconds) : 0,
    workers: Math.max(...parts.map((p) => p.file.timing.workers)),
    decisions: decisionTiming(spec.entrants.map((e) => e.label), decisions),
  };
  mkdirSync(out, { recursive: true });
  for (const name of [OUTCOMES_FILE, RECORDS_FILE]) {
    const fd = openSync(join(out, name), 'w');
    try {
      for (const { dir } of parts) appendFile(fd, join(dir, name));
    } finally {
      closeSync(fd);
    }
  }
  const merged: TallyFile = { tally: 2, spec, part: { shard: null, blocks: [0, schedule.blocks] }, data: tally, timing, decisions };
  writeFileSync(join(out, TALLY_FILE), tallyFileText(merged));
  const summary = buildSummary(spec, tally, timing, options);
  writeReports(out, summary);
  return summary;
}
