import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeEntrantTimes, NO_DECISION_TIMES, type DecisionTimesData } from '../referee/decision-times.js';
import { buildSummary, decisionTiming, type Summary, type SummaryOptions, type Timing } from '../report/summary.js';
import { HTML_FILE, MARKDOWN_FILE, SUMMARY_FILE, writeReports } from '../report/write.js';
import type { BatchResult, SprtBlock } from '../harness/batch.js';
import { RunFiles } from '../harness/checkpoint.js';
import { RunLock } from '../harness/run-lock.js';
import { CHANGES_FILE } from './compare.js';
import { adaptiveSizer, dispatchInOrder, fixedSizer } from '../harness/dispatch.js';
import type { Executor } from '../harness/pool.js';
import { silentProgress, type ProgressSink } from '../harness/progress.js';
import { makeSchedule, shardBlocks, type Shard } from '../harness/schedule.js';
import type { RunPart, RunSpec } from '../harness/spec.js';
import { emptyTally, mergeTallies, type TallyData } from '../harness/tally.js';
import { TALLY_FILE, tallyFileText, type TallyFile } from './tally-file.js';

export interface TournamentOptions {
  readonly spec: RunSpec;
  readonly shard: Shard | null;
  /** null: play without writing anything (`parlor sprt` without --out). */
  readonly out: string | null;
  /** Finish the run found in `out` instead of starting over. */
  readonly resume: boolean;
  readonly executor: Executor;
  /** Games per batch; by default sized from the measured speed (results do not depend on it). */
  readonly batchGames?: number;
  readonly progress?: ProgressSink;
  /**
   * Ends the run early (`parlor sprt`): handed the SPRT blocks in block order, a resumed run's
   * finished ones first, from block `from` on; returns the block the run ends at, or null to go on.
   */
  readonly until?: (blocks: readonly SprtBlock[], from: number) => number | null;
  readonly summary?: SummaryOptions;
  /**
   * The lock of `out`, when the caller holds it for longer than the run (the command line writes
   * viewers, comparisons and sprt.json after it); else the run takes the lock itself, and a folder
   * another process writes is refused.
   */
  readonly lock?: RunLock;
}

/** `parlor sprt`'s verdict in its --out folder; stale, like the reports, once a run starts there again. */
export const SPRT_FILE = 'sprt.json';

export interface TournamentResult {
  readonly part: RunPart;
  readonly tally: TallyData;
  readonly timing: Timing;
  /** null for a shard: a shard's numbers mean something only once merged. */
  readonly summary: Summary | null;
  /** The block the run started from: past 0 when it resumed an earlier one. */
  readonly resumedAt: number;
}

/**
 * Plays a run (or one shard of it) into `out`: outcomes.jsonl, records.jsonl, the checkpoint,
 * tally.json, and for a whole run summary.json, report.md and report.html.
 */
export async function runTournament(options: TournamentOptions): Promise<TournamentResult> {
  const { spec, out } = options;
  const schedule = makeSchedule(spec.entrants.length, spec.players, spec.seating, spec.gamesAsked);
  const part: RunPart = { shard: options.shard, blocks: shardBlocks(schedule.blocks, options.shard) };
  if (out === null) return play(options, part, null);
  let lock: RunLock;
  try {
    lock = options.lock ?? RunLock.acquire(out);
  } catch (error) {
    await options.executor.close();
    throw error;
  }
  try {
    return await play(options, part, lock);
  } finally {
    if (options.lock === undefined) lock.release();
  }
}

/** The run of `runTournament`, into `options.out` under `lock` (none without a folder). */
async function play(options: TournamentOptions, part: RunPart, lock: RunLock | null): Promise<TournamentResult> {
  const { spec, out, executor, until } = options;
  const progress = options.progress ?? silentProgress;
  const schedule = makeSchedule(spec.entrants.length, spec.players, spec.seating, spec.gamesAsked);
  const [firstBlock, endBlock] = part.blocks;
  // Checked before anything is deleted: a refused --resume leaves the folder as it was.
  let resumed: ReturnType<typeof RunFiles.resume> = null;
  try {
    if (options.resume && out !== null) resumed = RunFiles.resume(out, spec, part);
  } catch (error) {
    await executor.close();
    throw error;
  }
  // Whatever an earlier run left finished is stale from now on: a merge must not read it.
  if (out !== null) for (const file of [TALLY_FILE, SUMMARY_FILE, MARKDOWN_FILE, HTML_FILE, CHANGES_FILE, SPRT_FILE]) rmSync(join(out, file), { force: true });
  const files = out === null ? null : (resumed?.files ?? RunFiles.create(out, spec, part));
  let tally = resumed?.progress.tally ?? emptyTally(spec.entrants.length, spec.players);
  const resumedAt = resumed?.progress.nextBlock ?? firstBlock;
  const earlierSeconds = resumed?.progress.seconds ?? 0;
  let decisions: readonly DecisionTimesData[] = resumed?.progress.decisions ?? spec.entrants.map(() => NO_DECISION_TIMES);

  let firstStart = Infinity;
  const sessionSeconds = (): number => (firstStart === Infinity ? 0 : (performance.timeOrigin + performance.now() - firstStart) / 1000);
  const sizer = options.batchGames !== undefined ? fixedSizer(Math.max(1, Math.ceil(options.batchGames / schedule.blockSize))) : adaptiveSizer(executor.workers);
  const take = (batch: BatchResult): void => {
    firstStart = Math.min(firstStart, batch.startedAt);
    tally = mergeTallies(tally, batch.tally);
    decisions = mergeEntrantTimes(decisions, batch.decisions);
    // Before every write: a process that took the folder over stops this one from writing into it.
    lock?.check();
    files?.append(batch, earlierSeconds + sessionSeconds());
    progress.update((batch.to - firstBlock) * schedule.blockSize);
  };
  // A run `until` ended was cut at its end block, so a resumed one that ended plays nothing more.
  let endAt = resumed !== null && until !== undefined ? until(resumed.progress.sprt, firstBlock) : null;
  let cut = null as BatchResult | null;
  progress.start((endBlock - firstBlock) * schedule.blockSize, (resumedAt - firstBlock) * schedule.blockSize);
  try {
    if (endAt === null) {
      await dispatchInOrder(executor, resumedAt, endBlock, sizer, (batch: BatchResult) => {
        endAt = until?.(batch.sprt!, batch.from) ?? null;
        if (endAt !== null && endAt < batch.to) cut = batch;
        else take(batch);
        return endAt !== null;
      });
    }
    // The batch the end fell inside is played again up to the end, so the files and the tally hold
    // exactly the games counted: every game is a function of (seed, index) alone.
    if (cut !== null) take(await executor.run({ from: cut.from, to: endAt! }));
  } finally {
    progress.stop();
    files?.close();
    await executor.close();
  }

  const seconds = earlierSeconds + sessionSeconds();
  const timing: Timing = {
    seconds: Math.round(seconds * 1000) / 1000,
    gamesPerSecond: seconds > 0 ? Math.round(tally.games[0]! / seconds) : 0,
    workers: executor.workers,
    peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    decisions: decisionTiming(spec.entrants.map((e) => e.label), decisions),
  };
  const file: TallyFile = { tally: 2, spec, part, data: tally, timing, decisions };
  lock?.check();
  if (out !== null) writeFileSync(join(out, TALLY_FILE), tallyFileText(file));
  const summary = options.shard === null ? buildSummary(spec, tally, timing, options.summary) : null;
  if (summary !== null && out !== null) writeReports(out, summary);
  return { part, tally, timing, summary, resumedAt };
}
