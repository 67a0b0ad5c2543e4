import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import yargs from 'yargs';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { parlorParser } from '../../src/cli/parser.js';
import { InputError } from '../../src/core/errors.js';

/** `parlor ...` parsed by the real commands in this process, its output captured. */
export async function parlor(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  vi.spyOn(console, 'log').mockImplementation((...parts) => void (stdout += `${parts.join(' ')}\n`));
  try {
    await yargs(args)
      .command([...COMMANDS])
      .strict()
      .fail((message, error) => {
        throw error ?? new InputError(message);
      })
      .parseAsync();
  } finally {
    vi.restoreAllMocks();
  }
  return { stdout, stderr };
}

/**
 * `parlor ...` through the real command line's parser in this process (its messages in the house
 * style): the one-line message a mistake gives, or null, and the output.
 */
export async function parlorParsed(...args: string[]): Promise<{ error: string | null; stdout: string }> {
  let stdout = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  vi.spyOn(console, 'log').mockImplementation((...parts) => void (stdout += `${parts.join(' ')}\n`));
  try {
    await parlorParser(args, (message, error) => {
      throw error ?? new InputError(message);
    })
      .exitProcess(false)
      .parseAsync();
    return { error: null, stdout };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { error: error.message, stdout };
  } finally {
    vi.restoreAllMocks();
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ProcessResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The real `parlor` process (from source, through tsx): exit code and both streams. */
export function parlorProcess(...args: string[]): ProcessResult {
  return parlorIn(ROOT, args);
}

/** The real `parlor` process of the checkout at `root` (a copy of this one), run there with `input` on its standard input. */
export function parlorIn(root: string, args: readonly string[], input = '', timeout = 60_000): ProcessResult {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), ...args], { cwd: root, input, encoding: 'utf8', timeout });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
