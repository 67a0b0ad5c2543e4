import type { CommandModule } from 'yargs';
import { plainTable } from '../../report/console-table.js';
import { builtinBots } from '../../../bots/registry.js';
import { paramList, type BotParamInfo } from '../../core/bot-params.js';
import { findGame } from '../../games/registry.js';
import { printJson, withJson } from '../shared.js';

export const botsCommand: CommandModule<object, { game: string; json: boolean }> = {
  command: 'bots',
  describe: 'list the System Players of a game',
  builder: (yargs) => withJson(yargs.option('game', { type: 'string', demandOption: true, describe: 'game id' })),
  handler: (args) => {
    const game = findGame(args.game);
    const bots = builtinBots(game.id).map((b) => ({ name: b.name, description: b.description, params: paramList(b) }));
    if (args.json) {
      printJson({ game: game.id, bots });
      return;
    }
    const table = plainTable({ head: ['bot', 'plays', 'parameters'] });
    for (const b of bots) table.push([b.name, b.description, b.params.map(paramText).join('\n')]);
    console.log(table.toString());
    console.log("Parameters go in parentheses: --bots 'name(key=value,...)' (docs/bots.md).");
    console.log('A module path (./my-bot.js) also names a bot: see "Adding a bot" in the README.');
  },
};

/** "iterations=2000: iterations per decision (integer)". */
function paramText(p: BotParamInfo): string {
  return `${p.name}${p.default !== undefined ? `=${String(p.default)}` : ''}: ${p.description} (${p.type})`;
}
