import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import type { DecisionTimesData } from '../referee/decision-times.js';
import type { Timing } from '../report/summary.js';
import { CHECKPOINT_FILE } from '../harness/run-files.js';
import { decisionsProblem, partProblem, show, specProblem, tallyProblem } from '../harness/run-check.js';
import { specOfFile, type RunPart, type RunSpec } from '../harness/spec.js';
import { tallyJson, tallyOfJson, type TallyData, type TallyJson } from '../harness/tally.js';

export const TALLY_FILE = 'tally.json';

/** tally.json: a finished run or shard, everything `parlor merge` needs. */
export interface TallyFile {
  /** 2 since fair seating; 1 before it (`specOfFile`). */
  readonly tally: 1 | 2;
  readonly spec: RunSpec;
  readonly part: RunPart;
  readonly data: TallyData;
  readonly timing: Timing;
  /** Per entrant, its decision times as a histogram, for a merge to add up (absent in files of earlier versions). */
  readonly decisions?: readonly DecisionTimesData[];
}

/** The file's text: its tally as files hold it (`tallyJson`), one line. */
export function tallyFileText(file: TallyFile): string {
  return `${JSON.stringify({ ...file, data: tallyJson(file.data) })}\n`;
}

export function readTallyFile(dir: string): TallyFile {
  const path = join(dir, TALLY_FILE);
  if (!existsSync(path)) {
    if (existsSync(join(dir, CHECKPOINT_FILE))) throw new InputError(`${dir} holds an unfinished run: finish it with the same command and --resume`);
    throw new InputError(`${dir} holds no parlor run (no ${TALLY_FILE})`);
  }
  let file: Omit<TallyFile, 'data'> & { readonly data: TallyJson };
  try {
    file = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new InputError(`${path} is not JSON`);
  }
  // A number or a string has no `tally` field: only null needs a test of its own.
  if (file === null || (file.tally !== 1 && file.tally !== 2) || typeof file.spec !== 'object' || typeof file.part !== 'object' || typeof file.data !== 'object' || file.data === null) throw new InputError(`${path} is not a parlor tally file`);
  const problem = specProblem(file.spec);
  if (problem !== null) throw new InputError(`${path}: ${problem}; run it again with --force`);
  const spec = specOfFile(file.spec, file.tally);
  const tallyIssue = tallyProblem(file.data, spec.entrants.length, spec.players);
  if (tallyIssue !== null) throw new InputError(`${path}: ${tallyIssue}; run it again with this version`);
  const other = partProblem(file.part, spec) ?? timingProblem(file.timing) ?? (file.decisions === undefined ? null : decisionsProblem(file.decisions, spec.entrants.length));
  if (other !== null) throw new InputError(`${path}: ${other}; run it again with --force`);
  return { ...file, spec, data: tallyOfJson(file.data) };
}

/** What is wrong with a tally file's timing (what a merge adds up), or null. */
function timingProblem(timing: unknown): string | null {
  const { seconds, workers } = (typeof timing === 'object' && timing !== null ? timing : {}) as Partial<Record<keyof Timing, unknown>>;
  // Number.isFinite is false for anything but a number (no coercion), JSON's 1e999 (Infinity) too.
  const ok = Number.isFinite(seconds) && (seconds as number) >= 0 && Number.isInteger(workers) && (workers as number) >= 0;
  return ok ? null : `its timing is ${show(timing)}, not {"seconds", "workers", ...}`;
}
