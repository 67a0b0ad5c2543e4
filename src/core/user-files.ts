import { readFileSync } from 'node:fs';

/** The path a user gives for standard input (or, for an output, standard output). */
export const STDIO = '-';

/** A file the user named, as text; `-` reads standard input. Errors are the caller's to word. */
export function readUserText(path: string): string {
  return readFileSync(path === STDIO ? 0 : path, 'utf8');
}

interface Kind {
  readonly name: string;
  /** What to do with such a file, for a command that was given it by mistake. */
  readonly use: (file: string) => string;
  readonly is: (raw: Record<string, unknown>) => boolean;
}

const has = (raw: Record<string, unknown>, ...keys: string[]): boolean => keys.every((key) => key in raw);

/** The files parlor reads and writes, told apart by their fields. */
const KINDS: readonly Kind[] = [
  { name: 'a game record', use: (file) => `parlor replay ${file} replays it, parlor play --load ${file} resumes an unfinished one`, is: (raw) => has(raw, 'game', 'seed', 'seats', 'steps') },
  { name: 'a fixture', use: (file) => `parlor scenarios ${file} plays it`, is: (raw) => has(raw, 'id', 'game', 'steps') && !has(raw, 'seats') },
  { name: "a run's summary", use: (file) => `the run's folder holds its report; parlor merge reads whole run folders, not ${file}`, is: (raw) => has(raw, 'entrants', 'headToHead') },
  { name: "a run's tally", use: (file) => `parlor merge reads the folder that holds ${file}`, is: (raw) => has(raw, 'spec') && has(raw, 'tally') },
  { name: 'notebook observations', use: (file) => `parlor clue notebook --input ${file} reads them`, is: (raw) => has(raw, 'me', 'players') },
];

/**
 * What a JSON file that is not the expected kind is instead ("a game record: parlor replay ... replays
 * it"), or null when it is none of parlor's files.
 */
export function otherKind(raw: unknown, file: string): string | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const kind = KINDS.find((k) => k.is(raw as Record<string, unknown>));
  return kind === undefined ? null : `${kind.name}: ${kind.use(file)}`;
}
