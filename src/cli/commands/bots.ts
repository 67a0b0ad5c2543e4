import type { CommandModule } from 'yargs';
import { withJson } from '../shared.js';
import type { BotsArgs } from '../actions/bots.js';

export const botsCommand: CommandModule<object, BotsArgs> = {
  command: 'bots',
  describe: 'list the System Players of a game',
  builder: (yargs) => withJson(yargs.option('game', { type: 'string', demandOption: true, describe: 'game id' })),
  handler: async (args) => (await import('../actions/bots.js')).botsAction(args),
};
