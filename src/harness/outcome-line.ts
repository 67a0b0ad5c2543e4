import { InputError } from '../core/errors.js';
import { bytesOf, type ByteWriter } from './byte-writer.js';
import type { MatchResult } from './match.js';

const GAME = bytesOf('{"game":');
const ENTRANTS = bytesOf(',"entrants":');
const RANK = bytesOf(',"rank":');
const WINNERS = bytesOf(',"winners":');
const SCORE = bytesOf(',"score":');
const CAPPED = bytesOf(',"capped":true');
const STEPS = bytesOf(',"steps":');
const FAULTS = bytesOf(',"faults":');
const ERROR = bytesOf(',"error":');
const END = bytesOf('}\n');

/**
 * One game of outcomes.jsonl, compact and written as bytes (this runs once per game in the hot loop):
 * `{"game":i,"entrants":[e by seat],"rank":[...],"winners":[...],"score":[...],"steps":n}`, plus
 * `"faults":[{"seat","kind"}]` when a bot faulted and `"error"` (and no rank) on an engine error.
 */
export function writeOutcomeLine(out: ByteWriter, index: number, seats: readonly number[], result: MatchResult): void {
  out.bytes(GAME);
  out.number(index);
  out.bytes(ENTRANTS);
  out.numbers(seats);
  const outcome = result.outcome;
  if (outcome !== null) {
    out.bytes(RANK);
    out.numbers(outcome.rank);
    out.bytes(WINNERS);
    out.numbers(outcome.winners);
    if (outcome.score !== undefined) {
      out.bytes(SCORE);
      out.numbers(outcome.score);
    }
    if (outcome.capped === true) out.bytes(CAPPED);
  }
  out.bytes(STEPS);
  out.number(result.steps);
  if (result.faults.length > 0) {
    out.bytes(FAULTS);
    out.text(JSON.stringify(result.faults.map((f) => ({ seat: f.seat, kind: f.kind }))));
  }
  if (result.engineError !== undefined) {
    out.bytes(ERROR);
    out.text(JSON.stringify(result.engineError));
  }
  out.bytes(END);
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
