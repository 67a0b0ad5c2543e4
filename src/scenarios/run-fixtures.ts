import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describeIssues, InputError } from '../core/errors.js';
import { fixtureSchema } from './fixture.js';
import { playFixture } from './play-fixture.js';

export interface FixtureResult {
  readonly id: string;
  readonly file: string;
  readonly ok: boolean;
  readonly error?: string;
}

/** Every .json file under the given files and folders, sorted, so runs list them in a stable order. */
export function collectFixtureFiles(paths: readonly string[]): string[] {
  const files: string[] = [];
  const visit = (path: string): void => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      throw new InputError(`no such file or folder: ${path}`);
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path).sort()) {
        const child = join(path, entry);
        if (statSync(child).isDirectory() || entry.endsWith('.json')) visit(child);
      }
    } else {
      files.push(path);
    }
  };
  paths.forEach(visit);
  return files;
}

/** Replays one fixture file; any failure, including a malformed file, is a result, not a crash. */
export function runFixtureFile(file: string, cwd = process.cwd()): FixtureResult {
  const shown = relative(cwd, file) || file;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { id: shown, file: shown, ok: false, error: `not valid JSON: ${(error as Error).message}` };
  }
  const parsed = fixtureSchema.safeParse(raw);
  const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : shown;
  if (!parsed.success) return { id, file: shown, ok: false, error: `not a valid fixture: ${describeIssues(parsed.error.issues)}` };
  try {
    playFixture(parsed.data);
    return { id, file: shown, ok: true };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { id, file: shown, ok: false, error: message };
  }
}
