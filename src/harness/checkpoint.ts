import { closeSync, existsSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import type { BatchResult, SprtBlock } from './batch.js';
import { ByteWriter } from './byte-writer.js';
import { writeOutcomeLines } from './outcome-line.js';
import { checkOutcomes, decisionsProblem, fileSize, partProblem, show, specProblem, sprtBlocksProblem, tallyProblem, type Batch } from './run-check.js';
import { CHECKPOINT_FILE, OUTCOMES_FILE, RECORDS_FILE } from './run-files.js';
import { makeSchedule } from './schedule.js';
import { specDifference, specOfFile, type RunPart, type RunSpec } from './spec.js';
import { emptyTally, mergeTallies, tallyJson, tallyOfJson, type TallyData, type TallyJson } from './tally.js';
import { mergeEntrantTimes, NO_DECISION_TIMES, type DecisionTimesData } from '../referee/decision-times.js';


interface Header {
  /** 2 since fair seating; 1 before it (`specOfFile`). */
  readonly checkpoint: 1 | 2;
  readonly spec: RunSpec;
  readonly part: RunPart;
}

/** One finished batch, appended after its outcome and record lines are written. */
interface Entry {
  readonly from: number;
  readonly to: number;
  /** As files hold it (`tallyJson`). */
  readonly tally: TallyJson;
  /** The sizes outcomes.jsonl and records.jsonl had once this batch's lines were written. */
  readonly outcomesBytes: number;
  readonly recordsBytes: number;
  /** Seconds spent playing so far, over every session of this run. */
  readonly seconds: number;
  /** The batch's decision times per entrant (absent in checkpoints of earlier versions). */
  readonly decisions?: readonly DecisionTimesData[];
  /** `parlor sprt`'s blocks: a resumed test goes on from them. */
  readonly sprt?: readonly SprtBlock[];
}

/** Where a run stands: its merged tally and the next block it must play. */
export interface Progress {
  readonly tally: TallyData;
  readonly nextBlock: number;
  readonly seconds: number;
  readonly decisions: readonly DecisionTimesData[];
  /** The finished batches' `parlor sprt` blocks, in order (none for other runs). */
  readonly sprt: readonly SprtBlock[];
}

/** What to do about a run folder whose files a resume refuses. */
export const RESUME_FIX = 'start the run over with --force instead of --resume';

/** A checkpoint line read back and checked: a batch with what the resume needs besides. */
export interface CheckedEntry extends Batch, Pick<Entry, 'recordsBytes' | 'seconds' | 'decisions'> {
  readonly outcomesBytes: number;
}

/** A checkpoint read back: its run, and its whole lines checked line by line. */
export interface Checkpoint {
  readonly path: string;
  /** As this version reads it (`specOfFile`). */
  readonly spec: RunSpec;
  readonly part: RunPart;
  readonly entries: readonly CheckedEntry[];
  /** The bytes of its whole lines: what a resume keeps of it. */
  readonly bytes: number;
}

/**
 * The checkpoint of `dir`, or null when it has none (or not even a whole header line). Every whole
 * line is checked against the header's run (`checkedEntry`); a line past the last whole one is a
 * batch a kill cut short, dropped. A damaged line is refused in one line naming it, ending in `fix`.
 */
export function readCheckpoint(dir: string, fix: string): Checkpoint | null {
  const path = join(dir, CHECKPOINT_FILE);
  if (fileSize(path, fix) === null) return null;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read ${path}: ${(error as Error).message}`);
  }
  const lines = text.split('\n');
  // The last piece is '' after a whole last line, or a line cut short by a kill: dropped either way.
  lines.pop();
  const headerLine = lines.shift();
  if (headerLine === undefined) return null;
  const header = parseLine(headerLine, path, 1, fix);
  if (header['checkpoint'] !== 1 && header['checkpoint'] !== 2) throw new InputError(`${path} is not a parlor checkpoint; ${fix}`);
  const problem = specProblem(header['spec']);
  if (problem !== null) throw new InputError(`${path} line 1: ${problem}; ${fix}`);
  const spec = specOfFile(header['spec'] as RunSpec, header['checkpoint']);
  const partIssue = partProblem(header['part'], spec);
  if (partIssue !== null) throw new InputError(`${path} line 1: ${partIssue}; ${fix}`);
  const part = header['part'] as RunPart;
  const entries: CheckedEntry[] = [];
  let bytes = Buffer.byteLength(headerLine) + 1;
  lines.forEach((line, i) => {
    const where = `${path} line ${i + 2}`;
    const entry = checkedEntry(parseLine(line, path, i + 2, fix), spec, part, entries.at(-1) ?? null, where);
    if (typeof entry === 'string') throw new InputError(`${where}: ${entry}; ${fix}`);
    entries.push(entry);
    bytes += Buffer.byteLength(line) + 1;
  });
  return { path, spec, part, entries, bytes };
}

/**
 * A checkpoint line as a batch, or what is wrong with it: its blocks follow the line before's and
 * lie in the part, its tally is whole and counts the games of those blocks, its file sizes grow,
 * and its timing and SPRT counts have their shape.
 */
function checkedEntry(raw: Record<string, unknown>, spec: RunSpec, part: RunPart, previous: CheckedEntry | null, where: string): CheckedEntry | string {
  const from = previous?.to ?? part.blocks[0];
  const end = part.blocks[1];
  const before = previous === null ? '' : ", the line before's";
  if (raw['from'] !== from) return `"from" is ${show(raw['from'])}, expected block ${from}, where ${previous === null ? 'the part begins' : 'the line before ends'}`;
  const to = raw['to'];
  if (!Number.isInteger(to) || (to as number) <= from || (to as number) > end) return `"to" is ${show(to)}, expected a block number after ${from}, at most ${end}`;
  const blocks = (to as number) - from;
  const problem = tallyProblem(raw['tally'], spec.entrants.length, spec.players);
  if (problem !== null) return problem;
  const tally = tallyOfJson(raw['tally'] as TallyJson);
  const { blockSize } = makeSchedule(spec.entrants.length, spec.players, spec.seating, spec.gamesAsked);
  if (tally.games[0] !== blocks * blockSize) return `its tally counts ${tally.games[0]} games, but blocks ${from}-${(to as number) - 1} hold ${blocks * blockSize}`;
  const outcomes = previous?.outcomesBytes ?? 0;
  if (!Number.isInteger(raw['outcomesBytes']) || (raw['outcomesBytes'] as number) <= outcomes) return `"outcomesBytes" is ${show(raw['outcomesBytes'])}, expected a size in bytes above ${outcomes}${before}`;
  const records = previous?.recordsBytes ?? 0;
  if (!Number.isInteger(raw['recordsBytes']) || (raw['recordsBytes'] as number) < records) return `"recordsBytes" is ${show(raw['recordsBytes'])}, expected a size in bytes of at least ${records}${before}`;
  const seconds = raw['seconds'];
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return `"seconds" is ${show(seconds)}, expected a time in seconds`;
  if (raw['decisions'] !== undefined) {
    const issue = decisionsProblem(raw['decisions'], spec.entrants.length);
    if (issue !== null) return issue;
  }
  if (spec.sprt !== undefined) {
    const issue = sprtBlocksProblem(raw['sprt'], blocks, blockSize);
    if (issue !== null) return issue;
  } else if (raw['sprt'] !== undefined) {
    return 'it has SPRT counts, but the run is no SPRT';
  }
  return {
    from,
    to: to as number,
    tally,
    outcomesBytes: raw['outcomesBytes'] as number,
    recordsBytes: raw['recordsBytes'] as number,
    seconds,
    where,
    ...(raw['decisions'] !== undefined ? { decisions: raw['decisions'] as DecisionTimesData[] } : {}),
    ...(raw['sprt'] !== undefined ? { sprt: raw['sprt'] as SprtBlock[] } : {}),
  };
}

/**
 * A run's output folder while it plays: outcomes.jsonl, records.jsonl and checkpoint.jsonl, all
 * appended with synchronous writes in block order. A batch counts as done once its checkpoint line
 * is whole; on resume anything after the last whole line is cut from the three files, so a kill at
 * any instant loses at most the batches in flight.
 */
export class RunFiles {
  private readonly outcomes: number;
  private readonly records: number;
  private readonly checkpoint: number;
  private outcomesBytes: number;
  /** The outcome lines of the batch being appended, in one buffer for the whole run rather than one per batch. */
  private readonly lines = new ByteWriter(1 << 20);
  private recordsBytes: number;

  private constructor(dir: string, restart: boolean, at: { outcomes: number; records: number; checkpoint: number }) {
    const open = (name: string, size: number): number => {
      const path = join(dir, name);
      if (restart || !existsSync(path)) return openSync(path, 'w');
      truncateSync(path, size);
      return openSync(path, 'a');
    };
    this.outcomes = open(OUTCOMES_FILE, at.outcomes);
    this.records = open(RECORDS_FILE, at.records);
    this.checkpoint = open(CHECKPOINT_FILE, at.checkpoint);
    this.outcomesBytes = at.outcomes;
    this.recordsBytes = at.records;
  }

  /** Starts the folder afresh, discarding any earlier run in it. */
  static create(dir: string, spec: RunSpec, part: RunPart): RunFiles {
    const files = new RunFiles(dir, true, { outcomes: 0, records: 0, checkpoint: 0 });
    const header: Header = { checkpoint: 2, spec, part };
    writeAll(files.checkpoint, `${JSON.stringify(header)}\n`);
    return files;
  }

  /**
   * Reopens an interrupted run: checks the checkpoint was written by the same run (same spec and
   * shard), that every file adds up (`readCheckpoint`, `checkOutcomes`), merges the finished
   * batches, and cuts a half-written tail from every file. Every check is made before any file is
   * cut, so a refused resume changes nothing.
   */
  static resume(dir: string, spec: RunSpec, part: RunPart): { files: RunFiles; progress: Progress } | null {
    const checkpoint = readCheckpoint(dir, RESUME_FIX);
    if (checkpoint === null) return null;
    const differs = specDifference(checkpoint.spec, spec) ?? partDifference(checkpoint.part, part);
    if (differs !== null) throw new InputError(`--resume: ${dir} holds another run: ${differs}; rerun it with its own flags or drop --resume to start over`);
    const last = checkpoint.entries.at(-1);
    const at = { outcomes: last?.outcomesBytes ?? 0, records: last?.recordsBytes ?? 0, checkpoint: checkpoint.bytes };
    for (const [name, size] of [[OUTCOMES_FILE, at.outcomes], [RECORDS_FILE, at.records]] as const) {
      const path = join(dir, name);
      if ((fileSize(path, RESUME_FIX) ?? 0) < size) throw new InputError(`${path} is shorter than its checkpoint says; ${RESUME_FIX}`);
    }
    checkOutcomes(join(dir, OUTCOMES_FILE), spec, checkpoint.entries, RESUME_FIX);

    let tally = emptyTally(spec.entrants.length, spec.players);
    let decisions: readonly DecisionTimesData[] = spec.entrants.map(() => NO_DECISION_TIMES);
    const sprt: SprtBlock[] = [];
    for (const entry of checkpoint.entries) {
      tally = mergeTallies(tally, entry.tally);
      if (entry.decisions !== undefined) decisions = mergeEntrantTimes(decisions, entry.decisions);
      for (const block of entry.sprt ?? []) sprt.push(block);
    }
    const files = new RunFiles(dir, false, at);
    return { files, progress: { tally, nextBlock: last?.to ?? part.blocks[0], seconds: last?.seconds ?? 0, decisions, sprt } };
  }

  /** Appends a finished batch: its outcome and record lines, then its checkpoint line. */
  append(batch: BatchResult, seconds: number): void {
    this.lines.clear();
    writeOutcomeLines(batch.outcomes, this.lines);
    this.outcomesBytes += writeAll(this.outcomes, this.lines.take());
    this.recordsBytes += writeAll(this.records, batch.records);
    const entry: Entry = {
      from: batch.from,
      to: batch.to,
      tally: tallyJson(batch.tally),
      outcomesBytes: this.outcomesBytes,
      recordsBytes: this.recordsBytes,
      seconds,
      decisions: batch.decisions,
      ...(batch.sprt !== null ? { sprt: batch.sprt } : {}),
    };
    writeAll(this.checkpoint, `${JSON.stringify(entry)}\n`);
  }

  close(): void {
    closeSync(this.outcomes);
    closeSync(this.records);
    closeSync(this.checkpoint);
  }
}

/** Appends all of `data` (text as UTF-8), returning its size in bytes. */
function writeAll(fd: number, data: string | Uint8Array): number {
  if (data.length === 0) return 0;
  const buffer = typeof data === 'string' ? Buffer.from(data) : data;
  let written = 0;
  while (written < buffer.length) written += writeSync(fd, buffer, written, buffer.length - written);
  return buffer.length;
}

function parseLine(line: string, path: string, number: number, fix: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new InputError(`${path} line ${number} is not JSON: the checkpoint is damaged; ${fix}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InputError(`${path} line ${number} is not a JSON object: the checkpoint is damaged; ${fix}`);
  return value as Record<string, unknown>;
}

function partDifference(a: RunPart, b: RunPart): string | null {
  return JSON.stringify(a) === JSON.stringify(b) ? null : `the shard differs (${JSON.stringify(a)} vs ${JSON.stringify(b)})`;
}
