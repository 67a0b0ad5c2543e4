import { InputError } from '../core/errors.js';
import type { MatchResult } from './match.js';

/**
 * One game of outcomes.jsonl, compact and written by hand (this runs once per game in the hot loop):
 * `{"game":i,"entrants":[e by seat],"rank":[...],"winners":[...],"score":[...],"steps":n}`, plus
 * `"faults":[{"seat","kind"}]` when a bot faulted and `"error"` (and no rank) on an engine error.
 */
export function outcomeLine(index: number, seats: readonly number[], result: MatchResult): string {
  let line = `{"game":${index},"entrants":[${seats.join(',')}]`;
  const outcome = result.outcome;
  if (outcome !== null) {
    line += `,"rank":[${outcome.rank.join(',')}],"winners":[${outcome.winners.join(',')}]`;
    if (outcome.score !== undefined) line += `,"score":[${outcome.score.join(',')}]`;
    if (outcome.capped === true) line += `,"capped":true`;
  }
  line += `,"steps":${result.steps}`;
  if (result.faults.length > 0) line += `,"faults":${JSON.stringify(result.faults.map((f) => ({ seat: f.seat, kind: f.kind })))}`;
  if (result.engineError !== undefined) line += `,"error":${JSON.stringify(result.engineError)}`;
  return `${line}}\n`;
}

export interface OutcomeLine {
  readonly game: number;
  readonly entrants: readonly number[];
  readonly rank?: readonly number[];
  readonly winners?: readonly number[];
  readonly score?: readonly number[];
  readonly steps: number;
  readonly faults?: readonly { seat: number; kind: string }[];
  readonly error?: string;
}

export function parseOutcomeLine(line: string, where: string): OutcomeLine {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new InputError(`${where}: not a JSON line`);
  }
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as OutcomeLine).game !== 'number') {
    throw new InputError(`${where}: not an outcomes.jsonl line (expected {"game": n, ...})`);
  }
  return parsed as OutcomeLine;
}
