import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yargs, { type Argv } from 'yargs';
import { COMMANDS } from './commands/index.js';
import { checkFlagValues, glueDashValues } from './flags.js';
import { packageRoot } from './paths.js';

function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

const COMMAND_NAMES = COMMANDS.map((c) => String(c.command).split(' ')[0]).join(', ');

/** yargs's own wording for a mistake, made to say what is wrong and what is expected. */
function explain(message: string, args: readonly string[]): string {
  const words = args.filter((a) => !a.startsWith('-'));
  const suggestion = /Did you mean (.*)\?/.exec(message);
  if (suggestion !== null) {
    const list = words.length > 1 ? `parlor ${words[0]} --help lists its commands` : `the commands: ${COMMAND_NAMES}`;
    return `unknown command ${words.join(' ')}: did you mean ${suggestion[1]}? (${list})`;
  }
  const unknown = /^Unknown arguments?: (.*)$/.exec(message);
  if (unknown !== null) return `unknown argument ${unknown[1]}: ${['parlor', ...words.slice(0, 1)].join(' ')} --help lists the flags and commands`;
  return message.replace(/\n/g, '; ');
}

/**
 * The `parlor` command line over `args` (without node and the script): every command, strict
 * flags, and `fail` called with one line for a user's mistake or the error a command threw.
 */
export function parlorParser(args: readonly string[], fail: (message: string, error: unknown) => never): Argv {
  const glued = glueDashValues(args);
  return yargs(glued)
    .scriptName('parlor')
    .command([...COMMANDS])
    .middleware((argv) => checkFlagValues(glued, argv), true)
    .demandCommand(1, `name a command: ${COMMAND_NAMES} (parlor --help)`)
    .strict()
    .recommendCommands()
    .fail((message, error) => fail(error === undefined || error === null ? explain(message, glued) : '', error))
    .version(packageVersion())
    .help()
    .wrap(100);
}
