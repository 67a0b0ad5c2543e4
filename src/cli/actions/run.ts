import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { diskFull, InputError } from '../../core/errors.js';
import { checkComparable, compareRuns, CHANGES_FILE, type Comparison } from '../../tournament/compare.js';
import { parseEntrants } from '../../harness/entrants.js';
import { defaultWorkers, poolExecutor } from '../../harness/pool.js';
import { prepareRun } from '../../harness/prepare.js';
import { progressFor } from '../../harness/progress.js';
import { parseRecordPolicy } from '../../harness/record-policy.js';
import { RunLock } from '../../harness/run-lock.js';
import { makeSchedule, parseShard, shardBlocks, type Seating } from '../../harness/schedule.js';
import type { RunSpec } from '../../harness/spec.js';
import { runTournament } from '../../tournament/tournament.js';
import { runNotes } from '../../report/notes.js';
import { baselineIndex } from '../../report/summary.js';
import { workerCount } from '../../report/order.js';
import { consoleTable } from '../../report/console-table.js';
import { writeReports } from '../../report/write.js';
import { writeRunViewers, type RunViewers } from '../../viewer/run-viewers.js';
import { findGame } from '../../games/registry.js';
import { checkOutputPath } from '../paths.js';
import { analyzerOf } from '../../analysis/analyzers.js';
import { RECORDS_FILE } from '../../harness/run-files.js';
import { ANALYSIS_DIR, ANALYSIS_FILES } from '../../analysis/files.js';
import { gameCount, positiveInteger, printJson, resolveGameArgs, threadCount, type GameArgs } from '../shared.js';
import { printAnalysis, writeAnalysis } from './analyze.js';
import { viewerAssets } from './view.js';

/** The flags of `parlor run` that say which games it plays and how one process plays them. */
export interface RunPlayArgs extends GameArgs {
  bots: string;
  games: number;
  seed: string;
  workers?: number;
  players?: number;
  seating: Seating;
  record: string;
  'move-time-ms': number;
  'batch-games'?: number;
  quiet: boolean;
}

export interface RunArgs extends RunPlayArgs {
  out?: string;
  shard?: string;
  resume: boolean;
  compare?: string;
  force: boolean;
  viewers: boolean;
  analyze: boolean;
  baseline?: string;
  'break-lock': boolean;
  json: boolean;
}

function printComparison(comparison: Comparison, out: string): void {
  if (comparison.changed === 0) {
    console.log(`\nAll ${comparison.compared} games compared with ${comparison.against} have the same outcome.`);
    return;
  }
  const { winner, outcome, length } = comparison.byKind;
  console.log(`\n${comparison.changed} of ${comparison.compared} games changed outcome against ${comparison.against}: ${winner} another winner, ${outcome} the same winners with other ranks, scores, faults or cap, ${length} the length alone (all listed in ${out}/${CHANGES_FILE}):`);
  for (const change of comparison.first) {
    const show = (line: typeof change.before): string =>
      line.error !== undefined ? `engine error: ${line.error}` : `rank ${JSON.stringify(line.rank)}${line.score ? ` score ${JSON.stringify(line.score)}` : ''} in ${line.steps} steps`;
    console.log(`  game ${change.game} (${change.kind}): ${show(change.before)} -> ${show(change.after)}`);
  }
  if (comparison.changed > comparison.first.length) console.log(`  ... and ${comparison.changed - comparison.first.length} more`);
}

/** The run's spec from its flags, every one checked (entrants loaded once): a mistake is one line before anything plays. */
export async function runSpecFrom(args: RunPlayArgs): Promise<RunSpec> {
  threadCount('workers', args.workers);
  gameCount('games', args.games);
  positiveInteger('batch-games', args['batch-games']);
  const { game, variant, config } = resolveGameArgs(args);
  return prepareRun({
    game,
    variant,
    config,
    seed: args.seed,
    entrants: parseEntrants(args.bots, game.id),
    ...(args.players !== undefined ? { players: args.players } : {}),
    seating: args.seating,
    games: args.games,
    record: parseRecordPolicy(args.record),
    moveTimeMs: args['move-time-ms'],
  });
}

/** `parlor run`: the tournament played into --out (its lock held to the last file), its table printed. */
export async function runAction(args: RunArgs): Promise<void> {
  const spec = await runSpecFrom(args);
  const shard = args.shard === undefined ? null : parseShard(args.shard);
  baselineIndex(spec.entrants.map((e) => e.label), args.baseline);
  const out = args.out ?? `results/${spec.game}`;
  checkOutputPath(out, 'folder');
  if (args.compare !== undefined) {
    if (resolve(args.compare) === resolve(out)) throw new InputError(`--compare ${args.compare} is the --out folder: compare with an earlier run's folder`);
    checkComparable(args.compare, spec);
  }
  // Checked before the run: a run's worth of games is not lost to a viewer that cannot be built.
  const assets = args.viewers ? viewerAssets() : null;
  if (args.analyze) checkAnalyzable(spec);
  if (args.analyze && shard !== null) throw new InputError('--analyze analyses a whole run: merge the shards (parlor merge), then parlor analyze the merged folder');
  const workers = args.workers ?? defaultWorkers();
  const schedule = makeSchedule(spec.entrants.length, spec.players, spec.seating, spec.gamesAsked);
  const quiet = args.quiet || args.json;
  // Held until the last file is written (reports, viewers, changes.jsonl): one command writes a folder at a time.
  const lock = RunLock.acquire(out, { breakLock: args['break-lock'] });
  try {
    const finished = ['summary.json', 'checkpoint.jsonl'].some((file) => existsSync(join(out, file)));
    if (finished && !args.resume && !args.force) {
      throw new InputError(`${out} holds a run already: --resume finishes it, --force replaces it, or choose another --out`);
    }
    if (args.resume && !finished && !args.json) process.stderr.write(`no run to resume in ${out}: starting it\n`);

    // Every finished batch is already on disk (synchronous writes), so Ctrl-C or a SIGTERM only has
    // to say how to go on; the bots' watchdogs end their processes once this one is gone.
    const onSignal = (signal: NodeJS.Signals): void => {
      process.stderr.write(`\n${signal === 'SIGINT' ? 'interrupted' : 'terminated'}: the finished batches are kept in ${out}; finish the run with the same command and --resume\n`);
      process.exit(signal === 'SIGINT' ? 130 : 143);
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    const result = await runTournament({
      spec,
      shard,
      out,
      resume: args.resume,
      lock,
      executor: poolExecutor(spec, workers),
      ...(args['batch-games'] !== undefined ? { batchGames: args['batch-games'] } : {}),
      progress: progressFor(quiet),
      ...(args.baseline !== undefined ? { summary: { baseline: args.baseline } } : {}),
    })
      .catch((error: unknown) => {
        throw diskFull(error, out, '; free some space, then finish the run with the same command and --resume') ?? error;
      })
      .finally(() => {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
      });

    if (result.summary === null) {
      const [from, to] = shardBlocks(schedule.blocks, shard);
      const part = from === to ? `no games in this shard (${schedule.blocks} blocks for ${shard!.count} shards), its empty part` : `games ${from * schedule.blockSize}-${to * schedule.blockSize - 1}`;
      const message = `shard ${shard!.index}/${shard!.count}: ${part} written to ${out}; combine the shards with parlor merge <folders...> --out DIR`;
      if (args.json) printJson({ shard, games: [from * schedule.blockSize, to * schedule.blockSize], out, timing: result.timing });
      else console.log(message);
      return;
    }
    const comparison = args.compare === undefined ? null : compareRuns(args.compare, out);
    // The results come first: whatever the viewers meet, the run's table is printed.
    if (!args.json) {
      for (const note of runNotes(result.summary)) console.log(note);
      console.log(consoleTable(result.summary));
    }
    const analysis = args.analyze ? await writeAnalysis(join(out, RECORDS_FILE), join(out, ANALYSIS_DIR), workers) : null;
    const summary = analysis === null ? result.summary : { ...result.summary, analysis: analysis.summary };
    // After the analysis: the viewer pages read theirs from it.
    const viewers = assets === null ? null : writeRunViewers(out, assets, findGame(spec.game), analysis === null ? null : join(analysis.out, ANALYSIS_FILES.games));
    // Written again, the reports link the recorded games' viewer files and hold the analysis.
    if ((viewers !== null && viewers.written > 0) || analysis !== null) writeReports(out, summary);
    if (args.json) {
      printJson({
        ...summary,
        ...(comparison === null ? {} : { compare: { against: comparison.against, compared: comparison.compared, changed: comparison.changed, byKind: comparison.byKind } }),
      });
      return;
    }
    const { gamesPerSecond, workers: used } = result.summary.timing;
    console.log(`${gamesPerSecond} games/s on ${workerCount(used)}; report: ${out}/report.html, ${out}/report.md, ${out}/summary.json`);
    if (viewers !== null) console.log(viewersLine(viewers));
    if (comparison !== null) printComparison(comparison, out);
    if (analysis !== null) {
      console.log('');
      printAnalysis(analysis, join(out, RECORDS_FILE));
    }
  } finally {
    lock.release();
  }
}

/**
 * `--analyze` before a game is played: its game has an analysis, and the run records a fair share
 * of its games. Faulted games alone would bias every table.
 */
function checkAnalyzable(spec: RunSpec): void {
  analyzerOf(spec.game);
  if (spec.record === 'none' || spec.record === 'faults') {
    throw new InputError(`--analyze needs --record all or --record sample:N (got ${spec.record}): analysing only the games with a fault would bias every table`);
  }
}

function viewersLine(viewers: RunViewers): string {
  if (viewers.recorded === 0) return 'viewers: none written, the run recorded no game (see --record)';
  const listed = viewers.written + viewers.unwritten.length;
  const capped = listed < viewers.recorded ? ` (the first ${listed} of ${viewers.recorded} recorded games, those with a fault first: parlor view writes any other)` : '';
  const unwritten = viewers.unwritten.map(({ gameIndex, reason }) => `\n  game ${gameIndex} has none: ${reason}`).join('');
  return `viewers: ${viewers.written} in ${viewers.dir}${capped}${unwritten}`;
}
