import { closeSync, existsSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import { OUTCOMES_FILE } from '../harness/run-files.js';
import { readLines } from '../harness/lines.js';
import { readTallyFile } from './tally-file.js';
import { changeKind, parseOutcomeLine, type ChangeKind, type OutcomeLine } from '../harness/outcome-line.js';
import { specValue, type RunSpec } from '../harness/spec.js';

export const CHANGES_FILE = 'changes.jsonl';

export interface OutcomeChange {
  readonly game: number;
  /** What changed (`changeKind`): the winners, the rest of the outcome, or the length alone. */
  readonly kind: Exclude<ChangeKind, 'same'>;
  readonly before: OutcomeLine;
  readonly after: OutcomeLine;
}

export interface Comparison {
  readonly against: string;
  /** Games present in both runs. */
  readonly compared: number;
  readonly changed: number;
  /** The changed games by what changed: another winner, the same winners with another outcome, the length alone. */
  readonly byKind: Record<OutcomeChange['kind'], number>;
  /** The first changes, for the console; changes.jsonl in the new run's folder has them all. */
  readonly first: readonly OutcomeChange[];
}

/** What must match for two runs' game i to be the same game: everything that decides who plays what. */
const SAME_GAMES: readonly (keyof RunSpec)[] = ['game', 'variant', 'config', 'seed', 'entrants', 'players', 'seating'];

/**
 * Checks that `earlierDir` holds a finished run of the same games as `spec` (same seed, entrants
 * and config), so a run can refuse a bad --compare before it plays.
 */
export function checkComparable(earlierDir: string, spec: RunSpec): void {
  const file = readTallyFile(earlierDir);
  const shard = file.part.shard;
  if (shard !== null) throw new InputError(`--compare ${earlierDir}: that folder holds shard ${shard.index}/${shard.count} of a run; merge the shards and compare with the merged folder`);
  const earlier = file.spec;
  for (const key of SAME_GAMES) {
    if (JSON.stringify(earlier[key]) === JSON.stringify(spec[key])) continue;
    // Other options play the same deals to other ends: that is parlor diff's question, with intervals, not a list of changes.
    const diff = key === 'config' ? `: compare runs of other options with parlor diff ${earlierDir} <this run's --out>, paired by game` : ', so its games are not these games';
    throw new InputError(`--compare ${earlierDir}: that run has another ${key} (${specValue(earlier, key)}; this run: ${specValue(spec, key)})${diff}`);
  }
  if (!existsSync(join(earlierDir, OUTCOMES_FILE))) throw new InputError(`--compare ${earlierDir}: no ${OUTCOMES_FILE} there`);
}

/**
 * Lists every game whose outcome (ranks, winners, scores, length, faults, engine error, not its
 * stack) differs between an earlier run and this one, each with what changed (another winner, the
 * same winners with another outcome, the length alone), for a rules maintainer checking what a
 * change altered. Both outcomes files are in game order, so they are read side by side, never held
 * in memory.
 */
export function compareRuns(earlierDir: string, laterDir: string, keep = 20): Comparison {
  checkComparable(earlierDir, readTallyFile(laterDir).spec);
  const beforePath = join(earlierDir, OUTCOMES_FILE);
  const before = readLines(beforePath);
  const after = readLines(join(laterDir, OUTCOMES_FILE));
  const out = openSync(join(laterDir, CHANGES_FILE), 'w');
  const first: OutcomeChange[] = [];
  const byKind = { winner: 0, outcome: 0, length: 0 };
  let compared = 0;
  let changed = 0;
  try {
    for (;;) {
      const a = before.next();
      const b = after.next();
      if (a.done || b.done) break;
      compared++;
      if (a.value === b.value) continue;
      const beforeLine = parseOutcomeLine(a.value, `${beforePath} line ${compared}`);
      const afterLine = parseOutcomeLine(b.value, `${join(laterDir, OUTCOMES_FILE)} line ${compared}`);
      // An engine error's stack moves with any edit of the files it passes through: the same error is no change.
      if (JSON.stringify({ ...beforeLine, stack: undefined }) === JSON.stringify({ ...afterLine, stack: undefined })) continue;
      // Lines that differ beyond the stack differ in some field: `same` would mean a field changelessly rewritten.
      const kind = changeKind(beforeLine, afterLine);
      const change: OutcomeChange = { game: beforeLine.game, kind: kind === 'same' ? 'outcome' : kind, before: beforeLine, after: afterLine };
      byKind[change.kind]++;
      changed++;
      if (first.length < keep) first.push(change);
      writeSync(out, `${JSON.stringify(change)}\n`);
    }
  } finally {
    closeSync(out);
    before.return(undefined);
    after.return(undefined);
  }
  return { against: earlierDir, compared, changed, byKind, first };
}
