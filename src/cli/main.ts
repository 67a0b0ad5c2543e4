#!/usr/bin/env node
import { hideBin } from 'yargs/helpers';
import { DiskFullError, diskFull, InputError } from '../core/errors.js';
import { parlorParser } from './parser.js';

/** EX_IOERR of sysexits.h, as 70 (a bug) is its EX_SOFTWARE. */
const DISK_FULL_EXIT = 74;

/** A user's mistake is one line and exit 2, a full disk one line and exit 74; anything else is a bug and keeps its stack. */
function exitOn(error: unknown): never {
  if (error instanceof InputError) {
    process.stderr.write(`parlor: ${error.message}\n`);
    process.exit(2);
  }
  const full = error instanceof DiskFullError ? error : diskFull(error, 'a file');
  if (full !== null) {
    process.stderr.write(`parlor: ${full.message}\n`);
    process.exit(DISK_FULL_EXIT);
  }
  process.stderr.write(`parlor: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(70);
}

async function main(): Promise<void> {
  // A check in yargs's middleware throws before parseAsync has a promise to reject.
  try {
    await parlorParser(hideBin(process.argv), (message, error) => exitOn(error ?? new InputError(message))).parseAsync();
  } catch (error) {
    exitOn(error);
  }
}

void main();
