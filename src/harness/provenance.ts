import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

export function packageVersion(root = packageRoot()): string {
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The code that played a run: parlor's version, and when it runs from a git checkout of its own,
 * the commit and whether tracked files were changed since (`modified`: the commit alone does not
 * name the code then). `parlor diff` shows where two runs' differ.
 */
export interface Provenance {
  readonly version: string;
  /** null outside a git checkout (an installed package), or where git cannot say. */
  readonly commit: string | null;
  readonly modified: boolean;
}

function git(root: string, args: readonly string[]): string | null {
  try {
    return execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
  } catch {
    return null;
  }
}

/** The provenance of the parlor package in `root`. */
export function provenanceAt(root: string): Provenance {
  // Only a checkout whose top is parlor's own folder: a parlor installed inside another project's
  // repository would otherwise report that project's commit.
  const top = git(root, ['rev-parse', '--show-toplevel']);
  const own = top !== null && realpathSync(top) === realpathSync(root);
  const commit = own ? git(root, ['rev-parse', 'HEAD']) : null;
  const status = commit === null ? '' : (git(root, ['status', '--porcelain', '--untracked-files=no']) ?? '');
  return { version: packageVersion(root), commit: commit === '' ? null : commit, modified: status !== '' };
}

let cached: Provenance | null = null;

/** This process's provenance, read once (a summary is built thousands of times in the calibration). */
export function provenance(): Provenance {
  return (cached ??= provenanceAt(packageRoot()));
}
