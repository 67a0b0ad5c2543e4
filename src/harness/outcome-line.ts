import { InputError } from '../core/errors.js';
import { bytesOf, ByteWriter, withRoom } from './byte-writer.js';
import type { MatchResult } from '../referee/match.js';

const GAME = bytesOf('{"game":');
const ENTRANTS = bytesOf(',"entrants":');
const RANK = bytesOf(',"rank":');
const WINNERS = bytesOf(',"winners":');
const SCORE = bytesOf(',"score":');
const CAPPED = bytesOf(',"capped":true');
const STEPS = bytesOf(',"steps":');
const FAULTS = bytesOf(',"faults":');
const ERROR = bytesOf(',"error":');
const STACK = bytesOf(',"stack":');
const END = bytesOf('}\n');

/** What a game's row says beside its numbers. */
const HAS_OUTCOME = 1;
const HAS_SCORE = 2;
const CAPPED_FLAG = 4;
const HAS_NOTE = 8;

/** The text of a game that a row holds apart: its faults and its engine error with its stack, all rare. */
interface OutcomeNote {
  readonly faults?: readonly { seat: number; kind: string }[];
  readonly error?: string;
  readonly stack?: string;
}

/** A batch's games as numbers, sent from a worker to the main thread (the array moves, not a copy). */
export interface OutcomeRowsData {
  readonly numbers: Float64Array;
  readonly notes: readonly OutcomeNote[];
}

/**
 * The games of a batch, for outcomes.jsonl, as a worker plays them: a few numbers a game. The
 * main thread writes the lines (writeOutcomeLines) on its own core; written in the worker, the
 * JSON text cost ~3% of a 1-player Yahtzee tournament. A game's row is
 * `index, steps, flags, N, K, entrants[N]`, then with an outcome `rank[N], winners[K]`, and with
 * a score `score[N]`.
 */
export class OutcomeRows {
  private numbers: Float64Array;
  private at = 0;
  private readonly notes: OutcomeNote[] = [];

  constructor(capacity: number) {
    this.numbers = new Float64Array(Math.max(64, capacity));
  }

  add(index: number, seats: readonly number[], result: MatchResult): void {
    const n = seats.length;
    const outcome = result.outcome;
    const k = outcome === null ? 0 : outcome.winners.length;
    const numbers = this.room(5 + 4 * n);
    let at = this.at;
    let flags = 0;
    numbers[at++] = index;
    numbers[at++] = result.steps;
    const flagsAt = at++;
    numbers[at++] = n;
    numbers[at++] = k;
    for (let s = 0; s < n; s++) numbers[at++] = seats[s]!;
    if (outcome !== null) {
      flags |= HAS_OUTCOME;
      for (let s = 0; s < n; s++) numbers[at++] = outcome.rank[s]!;
      for (let w = 0; w < k; w++) numbers[at++] = outcome.winners[w]!;
      if (outcome.score !== undefined) {
        flags |= HAS_SCORE;
        for (let s = 0; s < n; s++) numbers[at++] = outcome.score[s]!;
      }
      if (outcome.capped === true) flags |= CAPPED_FLAG;
    }
    if (result.faults.length > 0 || result.engineError !== undefined) {
      flags |= HAS_NOTE;
      this.notes.push({
        ...(result.faults.length > 0 ? { faults: result.faults.map((f) => ({ seat: f.seat, kind: f.kind })) } : {}),
        ...(result.engineError !== undefined ? { error: result.engineError } : {}),
        ...(result.engineStack !== undefined ? { stack: result.engineStack } : {}),
      });
    }
    numbers[flagsAt] = flags;
    this.at = at;
  }

  /** Room for `more` numbers past the end (a row is at most 5 + 4N of them). */
  private room(more: number): Float64Array {
    return (this.numbers = withRoom(this.numbers, this.at, more));
  }

  take(): OutcomeRowsData {
    return { numbers: this.numbers.subarray(0, this.at), notes: this.notes };
  }
}

/**
 * outcomes.jsonl's lines for a batch's rows, compact, in game order:
 * `{"game":i,"entrants":[e by seat],"rank":[...],"winners":[...],"score":[...],"steps":n}`, plus
 * `"faults":[{"seat","kind"}]` when a bot faulted and `"error"` and `"stack"` (and no rank) on an
 * engine error.
 */
export function writeOutcomeLines(rows: OutcomeRowsData, out: ByteWriter): void {
  const { numbers, notes } = rows;
  let note = 0;
  for (let at = 0; at < numbers.length; ) {
    const index = numbers[at++]!;
    const steps = numbers[at++]!;
    const flags = numbers[at++]!;
    const n = numbers[at++]!;
    const k = numbers[at++]!;
    out.bytes(GAME);
    out.number(index);
    out.bytes(ENTRANTS);
    out.numbers(numbers, at, (at += n));
    if ((flags & HAS_OUTCOME) !== 0) {
      out.bytes(RANK);
      out.numbers(numbers, at, (at += n));
      out.bytes(WINNERS);
      out.numbers(numbers, at, (at += k));
      if ((flags & HAS_SCORE) !== 0) {
        out.bytes(SCORE);
        out.numbers(numbers, at, (at += n));
      }
      if ((flags & CAPPED_FLAG) !== 0) out.bytes(CAPPED);
    }
    out.bytes(STEPS);
    out.number(steps);
    if ((flags & HAS_NOTE) !== 0) {
      const { faults, error, stack } = notes[note++]!;
      if (faults !== undefined) {
        out.bytes(FAULTS);
        out.text(JSON.stringify(faults));
      }
      if (error !== undefined) {
        out.bytes(ERROR);
        out.text(JSON.stringify(error));
      }
      if (stack !== undefined) {
        out.bytes(STACK);
        out.text(JSON.stringify(stack));
      }
    }
    out.bytes(END);
  }
}

export interface OutcomeLine {
  readonly game: number;
  readonly entrants: readonly number[];
  readonly rank?: readonly number[];
  readonly winners?: readonly number[];
  readonly score?: readonly number[];
  readonly capped?: true;
  readonly steps: number;
  readonly faults?: readonly { seat: number; kind: string }[];
  readonly error?: string;
  /** The engine error's stack where it was thrown (src/referee/engine-stack.ts). */
  readonly stack?: string;
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

/**
 * How one game's outcome differs between two runs of it (the same deal, lineup and seats): `winner`,
 * another set of winners (a draw, or an engine error, counting as its own ending); `outcome`, the
 * same winners but other ranks, scores, faults or cap; `length`, only the number of steps; `same`.
 * A rules maintainer reads the first two as changed results and the third as the same result reached
 * in another number of steps.
 */
export type ChangeKind = 'same' | 'length' | 'outcome' | 'winner';

export function changeKind(a: OutcomeLine, b: OutcomeLine): ChangeKind {
  const ending = (o: OutcomeLine): string => (o.error !== undefined ? 'error' : JSON.stringify(o.winners ?? []));
  if (ending(a) !== ending(b)) return 'winner';
  const rest = (o: OutcomeLine): string => JSON.stringify([o.rank, o.score, o.faults, o.error, o.capped === true]);
  if (rest(a) !== rest(b)) return 'outcome';
  return a.steps === b.steps ? 'same' : 'length';
}
