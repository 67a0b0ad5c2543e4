import { accessSync, closeSync, constants, existsSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../core/errors.js';

function isParlorPackage(dir: string): boolean {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'parlor';
  } catch {
    return false;
  }
}

/** The folder holding parlor's package.json, whether running from src/ (tsx) or dist/src/. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!isParlorPackage(dir)) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the parlor package folder above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

/**
 * Says, leaving nothing behind, whether `path` can be written as a `folder` or a `file`: it, or the
 * nearest part of it that exists, must be a writable folder (or, for a file, a writable file). A
 * file in an existing folder is opened for appending (and removed again if it was not there), since
 * permissions alone do not tell: root may write anywhere, yet not create a file in /proc.
 * Commands call it before doing any work, so a bad --out costs one line, not a played run.
 */
export function checkOutputPath(path: string, kind: 'folder' | 'file'): void {
  const full = resolve(path);
  let existing = full;
  while (!existsSync(existing)) existing = dirname(existing);
  const isFolder = statSync(existing).isDirectory();
  if (existing === full && kind === 'folder' && !isFolder) throw new InputError(`cannot write ${path}: it is a file; expected a folder`);
  if (existing === full && kind === 'file' && isFolder) throw new InputError(`cannot write ${path}: it is a folder; expected a file path`);
  if (existing !== full && !isFolder) throw new InputError(`cannot write ${path}: ${existing} is a file, not a folder`);
  try {
    accessSync(existing, constants.W_OK);
  } catch {
    throw new InputError(`cannot write ${path}: ${existing} is not writable`);
  }
  if (kind === 'file' && (existing === full || existing === dirname(full))) {
    try {
      closeSync(openSync(full, 'a'));
      if (existing !== full) unlinkSync(full);
    } catch (error) {
      throw new InputError(`cannot write ${path}: the system refuses it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
}

/** Writes a file the user named, its folder made as needed; any failure is one line. */
export function writeOutputFile(path: string, text: string): void {
  checkOutputPath(path, 'file');
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  } catch (error) {
    throw new InputError(`cannot write ${path}: ${(error as Error).message}`);
  }
}
