import { InputError } from '../core/errors.js';
import type { GameRecord } from '../core/record.js';
import { readUserLines, readUserText, STDIO } from '../core/user-files.js';
import { parseRecord } from '../referee/replay.js';

function unreadable(file: string, error: unknown): InputError {
  return new InputError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputError(`cannot read ${where} as JSON: ${(error as Error).message}`);
  }
}

/** A run's records.jsonl line ends with its gameIndex: read there, the lines of other games need no parsing. */
const TRAILING_INDEX = /"gameIndex":(\d+)\}\s*$/;

function* linesOf(file: string): Generator<string> {
  try {
    yield* readUserLines(file);
  } catch (error) {
    throw unreadable(file, error);
  }
}

/** The record of game `gameIndex` (or the first) in a records.jsonl, read a line at a time: a file of any size costs one game's memory. */
function chooseLine(file: string, gameIndex: number | undefined): GameRecord {
  // The first games of the file, for the message when the one asked for is not there (an eleventh says there are more).
  const indices: number[] = [];
  const note = (index: number): void => void (indices.length <= 10 && indices.push(index));
  let number = 0;
  let empty = true;
  for (const line of linesOf(file)) {
    number++;
    if (line.trim() === '') continue;
    empty = false;
    const trailing = TRAILING_INDEX.exec(line);
    if (gameIndex !== undefined && trailing !== null && Number(trailing[1]) !== gameIndex) {
      note(Number(trailing[1]));
      continue;
    }
    const raw = parseJson(line, `${file} line ${number}`);
    const index = (raw as { gameIndex?: unknown }).gameIndex;
    if (gameIndex === undefined || index === gameIndex) return parseRecord(raw, `${file} line ${number}`);
    if (typeof index === 'number') note(index);
  }
  if (empty) throw new InputError(`${file} is empty: expected a game record, or a run's records.jsonl`);
  if (indices.length === 0) throw new InputError(`${file} holds no record of game ${gameIndex}: its records have no gameIndex (a run's records.jsonl has); leave out --game-index to see the first`);
  const shown = indices.length > 10 ? `${indices.slice(0, 10).join(', ')}, ...` : indices.join(', ');
  throw new InputError(`${file} holds no record of game ${gameIndex}: its games are ${shown}`);
}

/**
 * The record to view or replay: a record file (`parlor play`, `parlor serve`) or one line of a
 * run's records.jsonl, chosen by its `gameIndex` (the first line when none is asked for). Any
 * problem is one line naming the file (and line).
 */
export function chooseRecord(file: string, gameIndex: number | undefined): GameRecord {
  if (file !== STDIO && file.endsWith('.jsonl')) return chooseLine(file, gameIndex);
  let text: string;
  try {
    text = readUserText(file);
  } catch (error) {
    throw unreadable(file, error);
  }
  if (text.trim() === '') throw new InputError(`${file} is empty: expected a game record, or a run's records.jsonl`);
  const raw = parseJson(text, file);
  const record = parseRecord(raw, file);
  const index = (raw as { gameIndex?: unknown }).gameIndex;
  if (gameIndex !== undefined && index !== undefined && index !== gameIndex) throw new InputError(`${file} holds game ${String(index)}, not game ${gameIndex}`);
  return record;
}
