import type { CommandModule } from 'yargs';
import { withJson } from '../shared.js';

export const gamesCommand: CommandModule<object, { json: boolean }> = {
  command: 'games',
  describe: 'list the games, their variants, player counts and what each is',
  builder: (yargs) => withJson(yargs),
  handler: async (args) => (await import('../actions/games.js')).gamesAction(args),
};
