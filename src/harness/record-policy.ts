import { InputError } from '../core/errors.js';

/**
 * Which game records a run saves to records.jsonl. The record of a game with a fault or an engine
 * error is always saved, whatever the policy, so it can be replayed; `none` and `faults` therefore
 * save the same, and `sample:N` adds N games spread evenly over the run.
 */
export type RecordPolicy = 'none' | 'faults' | 'all' | `sample:${number}`;

export function parseRecordPolicy(text: string): RecordPolicy {
  if (text === 'none' || text === 'faults' || text === 'all') return text;
  const match = /^sample:(\d+)$/.exec(text);
  if (match && Number(match[1]) >= 1) return `sample:${Number(match[1])}`;
  throw new InputError(`--record ${text}: expected none, faults, sample:N (N >= 1) or all`);
}

/**
 * Whether game `index` of `games` is kept without a fault: under sample:N exactly the N games
 * where floor(i * N / games) steps up, the same whichever worker or shard plays them.
 */
export function recordsWithoutFault(policy: RecordPolicy, index: number, games: number): boolean {
  if (policy === 'all') return true;
  if (policy === 'none' || policy === 'faults') return false;
  const n = Number(policy.slice(7));
  if (n >= games) return true;
  return Math.floor(((index + 1) * n) / games) > Math.floor((index * n) / games);
}

/** Whether a run keeps game `index`'s record: always for a fault or an engine error, else as its policy samples. */
export function keepsRecord(policy: RecordPolicy, index: number, games: number, faulted: boolean, failed: boolean): boolean {
  return faulted || failed || recordsWithoutFault(policy, index, games);
}
