import { randomBytes } from 'node:crypto';
import { accessSync, closeSync, constants, existsSync, lstatSync, mkdirSync, openSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { diskFull, InputError } from '../core/errors.js';
import { isPresent, replaceFile } from '../core/user-files.js';

export { packageRoot } from '../harness/provenance.js';

/**
 * Says, leaving nothing behind, whether `path` can be written as a `folder` or a `file`: it, or the
 * nearest part of it that exists, must be a writable folder (or, for a file, a regular file or a
 * symlink, which is replaced, never written through). A file in an existing folder is tried by
 * making a file beside it and removing it again, since permissions alone do not tell: root may
 * write anywhere, yet not create a file in /proc. Commands call it before doing any work, so a bad
 * --out costs one line, not a played run.
 */
export function checkOutputPath(path: string, kind: 'folder' | 'file'): void {
  const full = resolve(path);
  let existing = full;
  // A symlink that leads nowhere is there: it would be replaced.
  while (!isPresent(existing)) existing = dirname(existing);
  const isFolder = existsSync(existing) && statSync(existing).isDirectory();
  if (existing === full && kind === 'folder' && !isFolder) throw new InputError(`cannot write ${path}: it is a file; expected a folder`);
  if (existing === full && kind === 'file' && isFolder) throw new InputError(`cannot write ${path}: it is a folder; expected a file path`);
  if (existing !== full && !isFolder) throw new InputError(`cannot write ${path}: ${existing} is a file, not a folder`);
  const itself = existing === full ? lstatSync(full) : null;
  if (itself !== null && kind === 'file' && !itself.isFile() && !itself.isSymbolicLink()) {
    throw new InputError(`cannot write ${path}: it is not a regular file (a device, FIFO or socket); expected a file path`);
  }
  // A file is replaced through its folder: that is what must be writable.
  const folder = itself !== null && kind === 'file' ? dirname(full) : existing;
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    throw new InputError(`cannot write ${path}: ${folder} is not writable`);
  }
  if (kind === 'file' && (existing === full || existing === dirname(full))) {
    const probe = join(dirname(full), `.parlor-probe-${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      closeSync(openSync(probe, 'wx'));
      unlinkSync(probe);
    } catch (error) {
      throw new InputError(`cannot write ${path}: the system refuses it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
}

/** Writes a whole file the user named (see replaceFile), its folder made as needed; any failure is one line. */
export function writeOutputFile(path: string, text: string): void {
  checkOutputPath(path, 'file');
  try {
    mkdirSync(dirname(path), { recursive: true });
    replaceFile(path, text);
  } catch (error) {
    throw diskFull(error, path) ?? new InputError(`cannot write ${path}: ${(error as Error).message}`);
  }
}
