import { closeSync, existsSync, openSync, readFileSync, statSync, truncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import type { BatchResult, SprtBlock } from './batch.js';
import { ByteWriter } from './byte-writer.js';
import { writeOutcomeLines } from './outcome-line.js';
import { specDifference, specOfFile, type RunPart, type RunSpec } from './spec.js';
import { emptyTally, mergeTallies, tallyJson, tallyOfJson, tallyShapeProblem, type TallyData, type TallyJson } from './tally.js';
import { mergeEntrantTimes, NO_DECISION_TIMES, type DecisionTimesData } from '../referee/decision-times.js';

export const CHECKPOINT_FILE = 'checkpoint.jsonl';
export const OUTCOMES_FILE = 'outcomes.jsonl';
export const RECORDS_FILE = 'records.jsonl';

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
    if (!restart) {
      // Every file is checked before any is cut, so a refused resume changes nothing.
      for (const [name, size] of [[OUTCOMES_FILE, at.outcomes], [RECORDS_FILE, at.records]] as const) {
        const path = join(dir, name);
        const actual = existsSync(path) ? statSync(path).size : 0;
        if (actual < size) throw new InputError(`${path} is shorter than its checkpoint says: drop --resume to start over`);
      }
    }
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
   * shard), merges the finished batches, and cuts a half-written tail from every file.
   */
  static resume(dir: string, spec: RunSpec, part: RunPart): { files: RunFiles; progress: Progress } | null {
    const path = join(dir, CHECKPOINT_FILE);
    if (!existsSync(path)) return null;
    const text = readFileSync(path, 'utf8');
    const lines = text.split('\n');
    // The last piece is '' after a whole last line, or a line cut short by a kill: dropped either way.
    lines.pop();
    const headerLine = lines.shift();
    if (headerLine === undefined) return null;
    const header = parseLine<Header>(headerLine, path, 1);
    if (header.checkpoint !== 1 && header.checkpoint !== 2) throw new InputError(`${path} is not a parlor checkpoint`);
    const differs = specDifference(specOfFile(header.spec, header.checkpoint), spec) ?? partDifference(header.part, part);
    if (differs !== null) throw new InputError(`--resume: ${dir} holds another run: ${differs}; rerun it with its own flags or drop --resume to start over`);

    let tally = emptyTally(spec.entrants.length, spec.players);
    let decisions: readonly DecisionTimesData[] = spec.entrants.map(() => NO_DECISION_TIMES);
    let nextBlock = part.blocks[0];
    let last: Entry | null = null;
    const sprt: SprtBlock[] = [];
    let bytes = Buffer.byteLength(headerLine) + 1;
    lines.forEach((line, i) => {
      const entry = parseLine<Entry>(line, path, i + 2);
      if (entry.from !== nextBlock) throw new InputError(`${path} line ${i + 2}: blocks ${entry.from}.. follow block ${nextBlock}: the file was edited`);
      const entryTally = tallyOfJson(entry.tally);
      const problem = tallyShapeProblem(entryTally);
      if (problem !== null) throw new InputError(`${path} line ${i + 2}: ${problem}; drop --resume to start over`);
      tally = mergeTallies(tally, entryTally);
      if (entry.decisions !== undefined) decisions = mergeEntrantTimes(decisions, entry.decisions);
      for (const block of entry.sprt ?? []) sprt.push(block);
      nextBlock = entry.to;
      last = entry;
      bytes += Buffer.byteLength(line) + 1;
    });
    const done = last as Entry | null;
    const files = new RunFiles(dir, false, {
      outcomes: done?.outcomesBytes ?? 0,
      records: done?.recordsBytes ?? 0,
      checkpoint: bytes,
    });
    return { files, progress: { tally, nextBlock, seconds: done?.seconds ?? 0, decisions, sprt } };
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

function parseLine<T>(line: string, path: string, number: number): T {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new InputError(`${path} line ${number} is not JSON: the checkpoint is damaged; drop --resume to start over`);
  }
  if (typeof value !== 'object' || value === null) throw new InputError(`${path} line ${number} is not a JSON object: the checkpoint is damaged; drop --resume to start over`);
  return value as T;
}

function partDifference(a: RunPart, b: RunPart): string | null {
  return JSON.stringify(a) === JSON.stringify(b) ? null : `the shard differs (${JSON.stringify(a)} vs ${JSON.stringify(b)})`;
}
