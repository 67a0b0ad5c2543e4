import type { CommandModule } from 'yargs';
import { plainTable } from '../../report/console-table.js';
import { builtinBots } from '../../../bots/registry.js';
import { findGame } from '../../games/registry.js';
import { printJson, withJson } from '../shared.js';

export const botsCommand: CommandModule<object, { game: string; json: boolean }> = {
  command: 'bots',
  describe: 'list the System Players of a game',
  builder: (yargs) => withJson(yargs.option('game', { type: 'string', demandOption: true, describe: 'game id' })),
  handler: (args) => {
    const game = findGame(args.game);
    const bots = builtinBots(game.id).map((b) => ({ name: b.name, description: b.description }));
    if (args.json) {
      printJson({ game: game.id, bots });
      return;
    }
    const table = plainTable({ head: ['bot', 'plays'] });
    for (const b of bots) table.push([b.name, b.description]);
    console.log(table.toString());
    console.log('A module path (./my-bot.js) also names a bot: see "Adding a bot" in the README.');
  },
};
