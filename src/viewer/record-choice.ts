import { InputError } from '../core/errors.js';
import type { GameRecord } from '../core/record.js';
import { readUserText } from '../core/user-files.js';
import { parseRecord } from '../referee/replay.js';

/**
 * The record to view: a record file (`parlor play`, `parlor serve`) or one line of a run's
 * records.jsonl, chosen by its `gameIndex` (the first line when none is asked for). Any problem is
 * one line naming the file (and line).
 */
export function chooseRecord(file: string, gameIndex: number | undefined): GameRecord {
  let text: string;
  try {
    text = readUserText(file);
  } catch (error) {
    throw new InputError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 0) throw new InputError(`${file} is empty: expected a game record, or a run's records.jsonl`);
  const parse = (line: string, where: string): unknown => {
    try {
      return JSON.parse(line);
    } catch (error) {
      throw new InputError(`cannot read ${where} as JSON: ${(error as Error).message}`);
    }
  };
  if (lines.length === 1 || !file.endsWith('.jsonl')) {
    const raw = parse(lines.length === 1 ? lines[0]! : text, file);
    const record = parseRecord(raw, file);
    const index = (raw as { gameIndex?: unknown }).gameIndex;
    if (gameIndex !== undefined && index !== undefined && index !== gameIndex) throw new InputError(`${file} holds game ${String(index)}, not game ${gameIndex}`);
    return record;
  }
  const indices: number[] = [];
  for (const [i, line] of lines.entries()) {
    const raw = parse(line, `${file} line ${i + 1}`);
    const index = (raw as { gameIndex?: unknown }).gameIndex;
    if (gameIndex === undefined || index === gameIndex) return parseRecord(raw, `${file} line ${i + 1}`);
    if (typeof index === 'number') indices.push(index);
  }
  if (indices.length === 0) throw new InputError(`${file} holds no record of game ${gameIndex}: its records have no gameIndex (a run's records.jsonl has); leave out --game-index to see the first`);
  const shown = indices.length > 10 ? `${indices.slice(0, 10).join(', ')}, ...` : indices.join(', ');
  throw new InputError(`${file} holds no record of game ${gameIndex}: its games are ${shown}`);
}
