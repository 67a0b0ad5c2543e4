import type { CommandModule } from 'yargs';
import { InputError } from '../../core/errors.js';
import { shellLine } from '../../core/shell.js';
import { processLimitsSchema } from '../../protocol/process-limits.js';
import { checkBot, describeGame } from '../../protocol-check/check.js';
import { printJson, withJson } from '../shared.js';

interface CheckArgs {
  command?: string[];
  _: (string | number)[];
  game?: string;
  'move-ms': number;
  'handshake-ms': number;
  json: boolean;
}

const checkCommand: CommandModule<object, CheckArgs> = {
  command: 'check [command..]',
  describe: 'run a bot (the command after --) through scripted games of each game it claims; exit 1 on any failure',
  builder: (yargs) =>
    withJson(yargs)
      .positional('command', { type: 'string', array: true, describe: 'the bot command, after --' })
      .option('game', { type: 'string', describe: 'check only this game' })
      .option('move-ms', { type: 'number', default: 1000, describe: 'time for each decision' })
      .option('handshake-ms', { type: 'number', default: 10_000, describe: 'time from hello to ready, the process start included' }) as never,
  handler: (args) => {
    const words = [...(args.command ?? []), ...args._.slice(2).map(String)];
    if (words.length === 0) throw new InputError('name the bot command after --, e.g. parlor protocol check -- python3 examples/python/parlor_bot.py');
    const limits = processLimitsSchema.safeParse({ moveMs: args['move-ms'], handshakeMs: args['handshake-ms'] });
    if (!limits.success) throw new InputError(`--move-ms ${args['move-ms']} / --handshake-ms ${args['handshake-ms']}: expected whole numbers of milliseconds >= 1`);
    const report = checkBot(shellLine(words), limits.data, args.game);
    if (args.json) printJson(report);
    else {
      console.log(`protocol ${report.protocol} check of: ${report.command}`);
      console.log(`claims: ${report.claims.length > 0 ? report.claims.join(', ') : 'none'}`);
      for (const g of report.games) {
        const choices = g.refutationChoices > 0 ? `, ${g.refutationChoices} refutation choice${g.refutationChoices === 1 ? '' : 's'}` : '';
        console.log(`${g.fault === null && g.engineError === undefined ? 'ok  ' : 'FAIL'}  ${describeGame(g)}: ${g.decisions} decisions${choices}`);
      }
      for (const note of report.notes) console.log(`note: ${note}`);
      for (const failure of report.failures) console.log(`failed: ${failure}`);
      console.log(report.failures.length === 0 ? 'passed' : `${report.failures.length} failure${report.failures.length === 1 ? '' : 's'}`);
    }
    if (report.failures.length > 0) process.exitCode = 1;
  },
};

export const protocolCommand: CommandModule = {
  command: 'protocol',
  describe: 'the bot protocol: parlor protocol check -- <bot command>',
  builder: (yargs) => yargs.command(checkCommand as CommandModule).demandCommand(1, 'name a subcommand: check'),
  handler: () => {},
};
