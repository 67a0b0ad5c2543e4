import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The path a user gives for standard input (or, for an output, standard output). */
export const STDIO = '-';

/**
 * The most parlor reads of one file it takes whole, or of one line of a `.jsonl` file: a game
 * record at the step limit (a million steps) is about 50 MB, and more would only fill memory.
 */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

const CHUNK_BYTES = 1 << 20;

/** What a path is when it is not a regular file, for a one-line refusal; null for a regular file (a symlink is looked through first). */
function otherThanFile(stat: Stats): string | null {
  if (stat.isFile()) return null;
  if (stat.isDirectory()) return 'a folder';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return stat.isFIFO() ? 'a FIFO (named pipe)' : 'a socket';
}

/**
 * A regular file opened for reading, or an error saying what else it is. Opened without blocking,
 * so that a FIFO is refused rather than waited on.
 */
function openRegularFile(path: string): number {
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  const other = otherThanFile(fstatSync(fd));
  if (other === null) return fd;
  closeSync(fd);
  throw new Error(`it is ${other}, not a file`);
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * `readSync` that waits for data on a non-blocking descriptor (standard input from a pipe can be
 * one) instead of failing with EAGAIN: a slow writer is read to its end.
 */
function readWaiting(fd: number, buffer: Buffer): number {
  for (;;) {
    try {
      return readSync(fd, buffer);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      Atomics.wait(pause, 0, 0, 20);
    }
  }
}

function tooLong(what: string): Error {
  return new Error(`${what} is over ${MAX_INPUT_BYTES / 1024 / 1024} MiB, the most parlor reads`);
}

/** The bytes of `fd` to its end, refused past MAX_INPUT_BYTES. */
function readToEnd(fd: number, what: string): Buffer {
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  const chunks: Buffer[] = [];
  let total = 0;
  for (let read = readWaiting(fd, chunk); read > 0; read = readWaiting(fd, chunk)) {
    total += read;
    if (total > MAX_INPUT_BYTES) throw tooLong(what);
    chunks.push(Buffer.from(chunk.subarray(0, read)));
  }
  return Buffer.concat(chunks, total);
}

/**
 * A file the user named, as text; `-` reads standard input to its end, however slowly it comes.
 * A file that is not a regular file (a device, a FIFO, a folder), or over MAX_INPUT_BYTES, is
 * refused. Errors are the caller's to word.
 */
export function readUserText(path: string): string {
  if (path === STDIO) return readToEnd(0, 'standard input').toString('utf8');
  const fd = openRegularFile(path);
  try {
    if (fstatSync(fd).size > MAX_INPUT_BYTES) throw tooLong('it');
    return readToEnd(fd, 'it').toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * The lines of a file the user named (a run's records.jsonl), read in chunks so that a file of any
 * size costs the memory of one line; a line over MAX_INPUT_BYTES is refused. Errors are the caller's to word.
 */
export function* readUserLines(path: string): Generator<string> {
  const fd = openRegularFile(path);
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let parts: Buffer[] = [];
  let partBytes = 0;
  let number = 1;
  const line = (piece: Buffer): string => {
    if (partBytes + piece.length > MAX_INPUT_BYTES) throw tooLong(`line ${number}`);
    const text = Buffer.concat([...parts, piece]).toString('utf8');
    parts = [];
    partBytes = 0;
    number++;
    return text;
  };
  try {
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) {
      const data = chunk.subarray(0, read);
      let from = 0;
      for (let at = data.indexOf(10); at !== -1; at = data.indexOf(10, from)) {
        yield line(data.subarray(from, at));
        from = at + 1;
      }
      partBytes += read - from;
      if (partBytes > MAX_INPUT_BYTES) throw tooLong(`line ${number}`);
      parts.push(Buffer.from(data.subarray(from)));
    }
    if (partBytes > 0) yield line(Buffer.alloc(0));
  } finally {
    closeSync(fd);
  }
}

/** Whether anything is at `path`, a symlink that leads nowhere included (`existsSync` follows links). */
export function isPresent(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a whole file as a new file beside it and renames it into place: a reader never sees half
 * of it, and a symlink at `path` is replaced, never followed. Only a regular file (or a symlink) is
 * replaced: a device or a FIFO named by mistake is refused.
 */
export function replaceFile(path: string, data: string | Uint8Array): void {
  let existing: Stats | null = null;
  try {
    existing = lstatSync(path);
  } catch {
    // Nothing there yet.
  }
  const other = existing === null || existing.isSymbolicLink() ? null : otherThanFile(existing);
  if (other !== null) throw new Error(`${path} is ${other}, not a file`);
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    // `wx`: a file made here, never one that a link at that name points to.
    writeFileSync(temporary, data, { flag: 'wx' });
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    // Named by the file the caller asked for, not the temporary one.
    if (error instanceof Error) (error as NodeJS.ErrnoException).path = path;
    throw error;
  }
}

interface Kind {
  readonly name: string;
  /** What to do with such a file, for a command that was given it by mistake. */
  readonly use: (file: string) => string;
  readonly is: (raw: Record<string, unknown>) => boolean;
}

const has = (raw: Record<string, unknown>, ...keys: string[]): boolean => keys.every((key) => key in raw);

/** The files parlor reads and writes, told apart by their fields. */
const KINDS = {
  record: { name: 'a game record', use: (file) => `parlor replay ${file} replays it, parlor play --load ${file} resumes an unfinished one`, is: (raw) => has(raw, 'game', 'seed', 'seats', 'steps') },
  fixture: { name: 'a fixture', use: (file) => `parlor scenarios ${file} plays it`, is: (raw) => has(raw, 'id', 'game', 'steps') && !has(raw, 'seats') },
  summary: { name: "a run's summary", use: (file) => `the run's folder holds its report; parlor merge reads whole run folders, not ${file}`, is: (raw) => has(raw, 'entrants', 'headToHead') },
  tally: { name: "a run's tally", use: (file) => `parlor merge reads the folder that holds ${file}`, is: (raw) => has(raw, 'spec') && has(raw, 'tally') },
  observations: { name: 'notebook observations', use: (file) => `parlor clue notebook --input ${file} reads them`, is: (raw) => has(raw, 'me', 'players') },
} satisfies Record<string, Kind>;

export type FileKind = keyof typeof KINDS;

/**
 * What a JSON file that is not the expected kind is instead ("a game record: parlor replay ... replays
 * it"), or null when it is none of parlor's files, or looks like the `expected` kind (whose own
 * checks then say what is wrong with it).
 */
export function otherKind(raw: unknown, file: string, expected: FileKind): string | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const found = (Object.keys(KINDS) as FileKind[]).find((k) => KINDS[k].is(raw as Record<string, unknown>));
  if (found === undefined || found === expected) return null;
  return `${KINDS[found].name}: ${KINDS[found].use(file)}`;
}
