import { readdirSync, realpathSync, statSync, type Stats } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { describeIssues, InputError } from '../core/errors.js';
import { otherKind, readUserText, STDIO } from '../core/user-files.js';
import { fixtureSchema, type Fixture } from './fixture.js';
import { playFixture } from './play-fixture.js';

export interface FixtureResult {
  readonly id: string;
  readonly file: string;
  readonly ok: boolean;
  readonly error?: string;
}

/** A file or folder named, or found in a folder named: one that cannot be reached is one line. */
function statOf(path: string): Stats {
  try {
    return statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw new InputError(`${path} is a symlink loop (it leads back to itself): expected a fixture file or a folder of them`);
    throw new InputError(`no such file or folder: ${path}${code === 'ENOENT' ? '' : ` (${code})`}`);
  }
}

/**
 * Every .json file under the given files and folders, sorted, so runs list them in a stable order.
 * A folder reached again through a symlink is walked once.
 */
export function collectFixtureFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  const walked = new Set<string>();
  const visit = (path: string): void => {
    if (path === STDIO) {
      files.push(path);
      return;
    }
    if (!statOf(path).isDirectory()) {
      files.push(path);
      return;
    }
    const real = realpathSync(path);
    if (walked.has(real)) return;
    walked.add(real);
    for (const entry of readdirSync(path).sort()) {
      const child = join(path, entry);
      if (entry.endsWith('.json') || statOf(child).isDirectory()) visit(child);
    }
  };
  paths.forEach(visit);
  return files;
}

export type ReadFixture = { readonly id: string; readonly file: string } & ({ readonly fixture: Fixture } | { readonly error: string });

/** One fixture file read and validated: the fixture, or what is malformed about the file. */
function readFixture(file: string, cwd: string): ReadFixture {
  // Paths as the user typed them; an absolute one inside the working folder (the default scenarios/), relative to it.
  const inside = relative(cwd, file);
  const shown = isAbsolute(file) && inside !== '' && !inside.startsWith('..') ? inside : file;
  let text: string;
  try {
    text = readUserText(file);
  } catch (error) {
    return { id: shown, file: shown, error: `cannot be read: ${(error as Error).message}` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { id: shown, file: shown, error: `not valid JSON: ${(error as Error).message}; expected a parlor fixture file (fix or remove it)` };
  }
  const parsed = fixtureSchema.safeParse(raw);
  const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : shown;
  if (!parsed.success) {
    const other = otherKind(raw, shown, 'fixture');
    return { id, file: shown, error: other !== null ? `not a fixture but ${other}` : `not a valid fixture: ${describeIssues(parsed.error.issues)}; expected a parlor fixture file (fix or remove it)` };
  }
  return { id, file: shown, fixture: parsed.data };
}

/**
 * Reads a list of fixture files, refusing one with none in it or a malformed one (not JSON, not a
 * fixture): the user's mistake, told before any fixture is played, unlike a fixture that fails its checks.
 */
export function readFixtureFiles(files: readonly string[], paths: readonly string[], cwd = process.cwd()): ReadFixture[] {
  if (files.length === 0) throw new InputError(`no fixtures found in ${paths.join(', ')}: expected .json fixture files or folders holding them`);
  return files.map((file) => {
    const read = readFixture(file, cwd);
    if ('error' in read) throw new InputError(`${read.file}: ${read.error}`);
    return read;
  });
}

/**
 * Replays one fixture as read; any failure, including a malformed file, is a result, not a crash.
 * With `folderGame`, the game whose folder holds the file, a fixture of another game fails too.
 */
export function runFixture(read: ReadFixture, folderGame?: string): FixtureResult {
  const { id, file } = read;
  if ('error' in read) return { id, file, ok: false, error: read.error };
  if (folderGame !== undefined && read.fixture.game !== folderGame) {
    return { id, file, ok: false, error: `a fixture of ${read.fixture.game} in the folder of ${folderGame}: expected it in the folder named for its game` };
  }
  try {
    playFixture(read.fixture);
    return { id, file, ok: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { id, file, ok: false, error: message };
  }
}

/** Replays one fixture file (see runFixture). */
export function runFixtureFile(file: string, folderGame?: string, cwd = process.cwd()): FixtureResult {
  return runFixture(readFixture(file, cwd), folderGame);
}
