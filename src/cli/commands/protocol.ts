import type { CommandModule } from 'yargs';
import { withJson } from '../shared.js';
import type { CheckArgs } from '../actions/protocol.js';

const checkCommand: CommandModule<object, CheckArgs> = {
  command: 'check [command..]',
  describe: 'run a bot (the command after --) through scripted games of each game it claims; exit 1 on any failure',
  builder: (yargs) =>
    withJson(yargs)
      .positional('command', { type: 'string', array: true, describe: 'the bot command, after --' })
      .option('game', { type: 'string', describe: 'check only this game' })
      .option('move-ms', { type: 'number', describe: 'time for each decision (default 1000)' })
      .option('bank-ms', { type: 'number', describe: 'time per game beyond --move-ms, drawn on by slower decisions (default 10000, or 0 with --move-ms)' })
      .option('handshake-ms', { type: 'number', default: 10_000, describe: 'time from hello to ready, the process start included' }) as never,
  handler: async (args) => (await import('../actions/protocol.js')).checkAction(args),
};

export const protocolCommand: CommandModule = {
  command: 'protocol',
  describe: 'the bot protocol: parlor protocol check -- <bot command>',
  builder: (yargs) => yargs.command(checkCommand as CommandModule).demandCommand(1, 'name a subcommand: check'),
  handler: () => {},
};
