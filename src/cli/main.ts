#!/usr/bin/env node
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { InputError } from '../core/errors.js';
import { COMMANDS } from './commands/index.js';

/** A user's mistake is one line and exit 2; anything else is a bug and keeps its stack. */
function exitOn(error: unknown): never {
  if (error instanceof InputError) {
    process.stderr.write(`parlor: ${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`parlor: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(70);
}

async function main(): Promise<void> {
  await yargs(hideBin(process.argv))
    .scriptName('parlor')
    .command([...COMMANDS])
    .demandCommand(1, 'name a command: parlor --help lists them')
    .strict()
    .recommendCommands()
    .fail((message, error) => {
      if (error !== undefined && error !== null) exitOn(error);
      process.stderr.write(`parlor: ${message}\n`);
      process.exit(2);
    })
    .help()
    .wrap(100)
    .parseAsync();
}

main().catch(exitOn);
