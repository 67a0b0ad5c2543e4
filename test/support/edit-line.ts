import { readFileSync, writeFileSync } from 'node:fs';

/** Edits line `number` (1-based) of a .jsonl file, as JSON changed in place: how the tests damage a run file. */
export function editLine(file: string, number: number, change: (value: any) => void): void {
  const lines = readFileSync(file, 'utf8').split('\n');
  const value = JSON.parse(lines[number - 1]!);
  change(value);
  lines[number - 1] = JSON.stringify(value);
  writeFileSync(file, lines.join('\n'));
}
