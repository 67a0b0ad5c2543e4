import yargs, { type Argv, type CommandModule } from 'yargs';
import { GAMES } from '../games/registry.js';
import { COMMANDS, WITH_SUBCOMMANDS } from './commands/index.js';
import { checkFlagValues, checkRepeats, glueDashValues, restoreStdin } from './flags.js';
import { packageVersion } from '../harness/provenance.js';

const commandName = (c: CommandModule<any, any>): string => String(c.command).split(' ')[0]!;
const COMMAND_NAMES = COMMANDS.map(commandName).join(', ');

/** Commands with subcommands: their help is the subcommand's. */
const NESTED = new Set(WITH_SUBCOMMANDS.map(commandName));

/** What a flag's value looks like in a message ("--game <id>"). */
const VALUE_OF: Readonly<Record<string, string>> = { game: 'id', input: 'file', bots: 'a,b,...', base: 'bot', test: 'bot', bot: 'name' };

/** yargs's own wording for a mistake, made to say what is wrong and what is expected. */
function explain(message: string, args: readonly string[]): string {
  const words = args.filter((a) => !a.startsWith('-'));
  const command = ['parlor', ...words.slice(0, NESTED.has(words[0] ?? '') ? 2 : 1)].join(' ');
  const suggestion = /Did you mean (.*)\?/.exec(message);
  if (suggestion !== null) {
    const list = words.length > 1 ? `parlor ${words[0]} --help lists its commands` : `the commands: ${COMMAND_NAMES}`;
    return `unknown command ${words.join(' ')}: did you mean ${suggestion[1]}? (${list})`;
  }
  const missing = /^Missing required arguments?: (.*)$/.exec(message);
  if (missing !== null) {
    const flags = missing[1]!.split(', ');
    const games = flags.includes('game') ? ` (the games: ${GAMES.map((g) => g.id).join(', ')})` : '';
    return `${command} needs ${flags.map((f) => `--${f}`).join(' and ')}: expected ${flags.map((f) => `--${f} <${VALUE_OF[f] ?? 'value'}>`).join(' ')}${games}`;
  }
  const invalid = /Argument: (\S+), Given: "(.*)", Choices: (.*)$/.exec(message.replace(/\n/g, ' '));
  if (invalid !== null) return `--${invalid[1]} ${invalid[2]}: expected one of ${invalid[3]!.replace(/"/g, '')}`;
  if (/^Not enough non-option arguments/.test(message)) {
    const usage = COMMANDS.map((c) => String(c.command)).find((c) => c.split(' ')[0] === words[0]) ?? '';
    const needed = usage.split(' ').slice(1).join(' ');
    return `${command} needs ${needed}: expected ${command} ${needed} (${command} --help)`;
  }
  const unknown = /^Unknown arguments?: (.*)$/.exec(message);
  if (unknown !== null) {
    const extra = unknown[1]!.split(', ');
    // The unexpected words stand together, after the value yargs took: find that run from the end.
    let at = args.length - extra.length;
    while (at > 0 && extra.some((word, i) => args[at + i] !== word)) at--;
    const flag = args.slice(0, at).reverse().find((a) => a.startsWith('--'));
    if (!extra[0]!.startsWith('-') && flag !== undefined && at > 0 && args[at - 2] === flag) {
      return `${flag} takes one value, not "${args.slice(at - 1, at + extra.length).join(' ')}": join a list with commas (${flag} ${args.slice(at - 1, at + extra.length).join(',')})`;
    }
    return `unknown argument ${unknown[1]}: ${command} --help lists the flags and commands`;
  }
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
    .middleware((argv) => {
      restoreStdin(argv);
      checkRepeats(glued);
      checkFlagValues(glued, argv);
    }, true)
    .demandCommand(1, `name a command: ${COMMAND_NAMES} (parlor --help)`)
    .strict()
    .recommendCommands()
    .fail((message, error) => fail(error === undefined || error === null ? explain(message, glued) : '', error))
    .version(packageVersion())
    .help()
    .wrap(100);
}
