import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { InputError } from '../core/errors.js';
import { readUserText, replaceFile } from '../core/user-files.js';
import type { GameRecord } from '../core/record.js';
import { parseRecord } from '../referee/replay.js';

/** Where `parlor play` saves a game's record when `--record` names no file. */
export function defaultRecordFile(gameId: string, variant: string, seed: string): string {
  return join('results', 'play', `${gameId}${variant ? `-${variant}` : ''}-${seed}.json`);
}

export function saveRecord(file: string, record: GameRecord): void {
  mkdirSync(dirname(file), { recursive: true });
  replaceFile(file, `${JSON.stringify(record)}\n`);
}

/** A record file, read and checked: any problem with it is one line. */
export function readRecordFile(file: string): GameRecord {
  let raw: unknown;
  try {
    raw = JSON.parse(readUserText(file));
  } catch (error) {
    throw new InputError(`cannot read ${file} as JSON: ${(error as Error).message}`);
  }
  return parseRecord(raw, file);
}

/** A saved game to resume: a record file, checked, of a game that is not over. */
export function readRecord(file: string): GameRecord {
  const record = readRecordFile(file);
  if (record.outcome !== null) throw new InputError(`the game in ${file} is over: there is nothing to resume (parlor replay ${file} shows it)`);
  if (record.engineError !== undefined) throw new InputError(`the game in ${file} stopped on an engine error: it cannot be resumed`);
  return record;
}

/** The record file of the n-th game of a sitting (1-based): the second of `a.json` is `a-2.json`. */
export function nthRecordFile(file: string, n: number): string {
  if (n === 1) return file;
  const dot = file.endsWith('.json') ? file.length - 5 : file.length;
  return `${file.slice(0, dot)}-${n}${file.slice(dot)}`;
}
