/**
 * A line of a run's records.jsonl: a game record with its `gameIndex` added last (batch.ts writes it
 * so), which is read from the end of the line without parsing the record.
 */
const TRAILING_INDEX = /"gameIndex":(\d+)\}\s*$/;

/** The game index that ends a records.jsonl line, or null for a line that does not end with one. */
export function trailingGameIndex(line: string): number | null {
  const match = TRAILING_INDEX.exec(line);
  return match === null ? null : Number(match[1]);
}
