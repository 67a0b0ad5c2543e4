import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AnalysisSummary, GameAnalysis } from '../../analysis/analysis.js';
import { analyzerOf } from '../../analysis/analyzers.js';
import { AnalysisTally } from '../../analysis/entrants.js';
import { ANALYSIS_DIR, ANALYSIS_FILES } from '../../analysis/files.js';
import { analyzeRecords } from '../../analysis/pool.js';
import { analysisLines, analysisMarkdown } from '../../analysis/text.js';
import { InputError } from '../../core/errors.js';
import type { GameRecord } from '../../core/record.js';
import { STDIO } from '../../core/user-files.js';
import { defaultWorkers } from '../../harness/pool.js';
import { chooseRecord, eachRecord, recordsOf } from '../../viewer/record-choice.js';
import { checkOutputPath, writeOutputFile } from '../paths.js';
import { gameIndexArg, printJson, threadCount } from '../shared.js';

export interface AnalyzeArgs {
  input: string;
  workers?: number;
  'game-index'?: number;
  out?: string;
  json: boolean;
}

/** A record and its game's number. */
type Numbered = { readonly record: GameRecord; readonly gameIndex: number };

/** What an analysis of records wrote. */
export interface WrittenAnalysis {
  readonly summary: AnalysisSummary;
  /** The analysis of the one game, when one game was analysed. */
  readonly only: GameAnalysis | null;
  /** The records file holds that one game alone: `parlor view` needs no --game-index for it. */
  readonly single: boolean;
  readonly out: string;
}

/** The games to analyse, one at a time: one game with `gameIndex`, else every game of the file. */
function* gamesOf(records: string, gameIndex: number | undefined): Generator<Numbered> {
  if (gameIndex === undefined) yield* eachRecord(records);
  else yield { record: chooseRecord(records, gameIndex), gameIndex };
}

/** The records as they are read, refused in one line when their game has no analysis or changes midway. */
function* ofOneGame(records: string, games: Iterable<Numbered>): Generator<Numbered> {
  let game: string | null = null;
  for (const numbered of games) {
    const { record, gameIndex } = numbered;
    if (game === null) analyzerOf(record.game);
    else if (record.game !== game) throw new InputError(`${records} holds games of ${game} and ${record.game} (game ${gameIndex}): analyse one game's records at a time`);
    game = record.game;
    yield numbered;
  }
}

/**
 * Every game of `records` (or game `gameIndex`) analysed on `workers` threads, read one record at
 * a time: the summary over them into `out`/analysis.json and analysis.md, each game's analysis a
 * line of games.jsonl, in the file's order.
 */
export async function writeAnalysis(records: string, out: string, workers: number, gameIndex?: number): Promise<WrittenAnalysis> {
  checkOutputPath(out, 'folder');
  const tally = new AnalysisTally();
  let first: GameAnalysis | null = null;
  let count = 0;
  let fd: number | null = null;
  try {
    await analyzeRecords(ofOneGame(records, gamesOf(records, gameIndex)), workers, (analysis) => {
      if (fd === null) {
        mkdirSync(out, { recursive: true });
        fd = openSync(join(out, ANALYSIS_FILES.games), 'w');
      }
      writeSync(fd, `${JSON.stringify(analysis)}\n`);
      tally.add(analysis);
      first ??= analysis;
      count++;
    });
  } finally {
    if (fd !== null) closeSync(fd);
  }
  const summary = tally.summary();
  const single = count === 1 && gameIndex === undefined;
  writeOutputFile(join(out, ANALYSIS_FILES.summary), `${JSON.stringify(summary, null, 2)}\n`);
  writeOutputFile(join(out, ANALYSIS_FILES.markdown), analysisMarkdown(summary, records, single));
  return { summary, only: count === 1 ? first : null, single, out };
}

/** The analysis for a terminal, and where it was written. */
export function printAnalysis(written: WrittenAnalysis, records: string): void {
  for (const line of analysisLines(written.summary, records, written.single)) console.log(line);
  const { summary, markdown, games } = ANALYSIS_FILES;
  console.log(`\nanalysis: ${join(written.out, summary)}, ${join(written.out, markdown)}, ${join(written.out, games)}`);
}

/** `parlor analyze`. */
export async function analyzeAction(args: AnalyzeArgs): Promise<void> {
  threadCount('workers', args.workers);
  const gameIndex = gameIndexArg(args['game-index']);
  const records = recordsOf(args.input, 'to analyse its games');
  const out = args.out ?? join(records === STDIO ? '.' : dirname(records), ANALYSIS_DIR);
  const written = await writeAnalysis(records, out, args.workers ?? defaultWorkers(), gameIndex);
  if (args.json) printJson({ ...written.summary, ...(written.only !== null ? { analysis: written.only } : {}) });
  else printAnalysis(written, records);
}
