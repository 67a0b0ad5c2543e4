import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import type { GameRecord } from '../core/record.js';
import { readUserLines, readUserText, STDIO } from '../core/user-files.js';
import { RECORDS_FILE } from '../harness/run-files.js';
import { trailingGameIndex } from '../harness/records-line.js';
import { parseRecord } from '../referee/replay.js';

function unreadable(file: string, error: unknown): InputError {
  return new InputError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
}

function emptyFile(file: string): InputError {
  return new InputError(`${file} is empty: expected a game record, or a run's records.jsonl`);
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputError(`cannot read ${where} as JSON: ${(error as Error).message}`);
  }
}

function* linesOf(file: string): Generator<string> {
  try {
    yield* readUserLines(file);
  } catch (error) {
    throw unreadable(file, error);
  }
}

/** `0, 1, 2`, or the first ten and `...`: the games a file holds, for a message. */
function gameList(numbers: readonly number[], count: number): string {
  const shown = numbers.slice(0, 10).join(', ');
  return count > 10 ? `${shown}, ...` : shown;
}

function holds(count: number): string {
  return count === 1 ? 'its one game is' : `its ${count} games are`;
}

/**
 * The record of game `gameIndex` among a file's lines, one record a line, read a line at a time: a
 * file of any size costs one game's memory. A line's game is its `gameIndex` (a run's
 * records.jsonl), else its place among the file's records from 0 (the golden playthroughs, records
 * joined by hand). Without `gameIndex`, the file must hold one game.
 */
function chooseLine(file: string, lines: Iterable<string>, gameIndex: number | undefined): GameRecord {
  // The first games of the file, for the message when the one asked for is not there (an eleventh says there are more).
  const numbers: number[] = [];
  let count = 0;
  let first: { line: string; number: number } | null = null;
  let number = 0;
  for (const line of lines) {
    number++;
    if (line.trim() === '') continue;
    const where = `${file} line ${number}`;
    const trailing = trailingGameIndex(line);
    // Parsed only where the game's number is not at the end of the line: no other line is parsed but the one returned.
    const game = trailing !== null ? trailing : line.includes('"gameIndex"') ? (parseJson(line, where) as { gameIndex?: unknown }).gameIndex : count;
    const index = typeof game === 'number' ? game : count;
    count++;
    if (numbers.length <= 10) numbers.push(index);
    if (gameIndex !== undefined && index === gameIndex) return parseRecord(parseJson(line, where), where);
    first ??= { line, number };
  }
  if (first === null) throw emptyFile(file);
  if (gameIndex !== undefined) throw new InputError(`${file} holds no game ${gameIndex}: ${holds(count)} ${gameList(numbers, count)}`);
  if (count > 1) throw new InputError(`${file} holds ${count} games (${gameList(numbers, count)}): choose one with --game-index N`);
  return parseRecord(parseJson(first.line, `${file} line ${first.number}`), `${file} line ${first.number}`);
}

/** Whether a text that is not one JSON value is JSON lines instead: several lines, the first a JSON object alone. */
function isJsonLines(text: string): boolean {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < 2) return false;
  try {
    const first: unknown = JSON.parse(lines[0]!);
    return typeof first === 'object' && first !== null && !Array.isArray(first);
  } catch {
    return false;
  }
}

/** A record's game number: its `gameIndex` (a run's records), else its place in its file. */
function gameNumber(raw: unknown, place: number): number {
  const found = (raw as { gameIndex?: unknown }).gameIndex;
  return typeof found === 'number' ? found : place;
}

/** A file as one JSON value, or as lines of one record each. */
type Source = { readonly raw: unknown } | { readonly lines: Iterable<string> };

function sourceOf(file: string): Source {
  if (file !== STDIO && file.endsWith('.jsonl')) return { lines: linesOf(file) };
  let text: string;
  try {
    text = readUserText(file);
  } catch (error) {
    throw unreadable(file, error);
  }
  if (text.trim() === '') throw emptyFile(file);
  try {
    return { raw: JSON.parse(text) };
  } catch (error) {
    if (isJsonLines(text)) return { lines: text.split('\n') };
    throw new InputError(`cannot read ${file} as JSON: ${(error as Error).message}`);
  }
}

/**
 * The record to view or replay: a record file (`parlor play`, `parlor serve`), or one game of a
 * file of records a line (a run's records.jsonl, a golden .jsonl; standard input may be either),
 * chosen with `gameIndex`. Any problem is one line naming the file (and line): a game that is not
 * there, or a file of several games and no `gameIndex`, lists the games it holds.
 */
export function chooseRecord(file: string, gameIndex: number | undefined): GameRecord {
  const source = sourceOf(file);
  if ('lines' in source) return chooseLine(file, source.lines, gameIndex);
  const record = parseRecord(source.raw, file);
  const index = gameNumber(source.raw, 0);
  if (gameIndex !== undefined && index !== gameIndex) throw new InputError(`${file} holds no game ${gameIndex}: its one game is ${index}`);
  return record;
}

/**
 * Every record of a file, in its order, one at a time (a file of any size costs one game's memory),
 * each with its game's number as `chooseRecord` reads it.
 */
export function* eachRecord(file: string): Generator<{ readonly record: GameRecord; readonly gameIndex: number }> {
  const source = sourceOf(file);
  if ('raw' in source) {
    yield { record: parseRecord(source.raw, file), gameIndex: gameNumber(source.raw, 0) };
    return;
  }
  let count = 0;
  let number = 0;
  for (const line of source.lines) {
    number++;
    if (line.trim() === '') continue;
    const where = `${file} line ${number}`;
    const raw = parseJson(line, where);
    yield { record: parseRecord(raw, where), gameIndex: gameNumber(raw, count) };
    count++;
  }
  if (count === 0) throw emptyFile(file);
}

/**
 * The records file of an input: a run folder's records.jsonl, or the file itself; a run folder that
 * kept no records is one line saying how to keep them, `to` what the command would do with them.
 */
export function recordsOf(input: string, to: string): string {
  if (input === STDIO || !existsSync(input) || !statSync(input).isDirectory()) return input;
  const file = join(input, RECORDS_FILE);
  if (!existsSync(file)) throw new InputError(`${input} holds no ${RECORDS_FILE}: run it with --record all or --record sample:N ${to}`);
  return file;
}
