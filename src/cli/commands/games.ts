import type { CommandModule } from 'yargs';
import { plainTable } from '../../report/console-table.js';
import { GAMES } from '../../games/registry.js';
import { printJson, withJson } from '../shared.js';

export const gamesCommand: CommandModule<object, { json: boolean }> = {
  command: 'games',
  describe: 'list the games, their variants and player counts',
  builder: (yargs) => withJson(yargs),
  handler: (args) => {
    const games = GAMES.map((g) => ({
      id: g.id,
      title: g.title,
      players: [...g.players],
      variants: g.variants.map((v) => ({ id: v.id, players: [...v.players] })),
    }));
    if (args.json) {
      printJson({ games });
      return;
    }
    const table = plainTable({ head: ['game', 'title', 'players', 'variants (first is the default)'] });
    for (const g of GAMES) {
      table.push([
        g.id,
        g.title,
        `${g.players[0]}-${g.players[1]}`,
        g.variants.map((v) => `${v.id} (${v.players[0]}-${v.players[1]})`).join(', ') || '-',
      ]);
    }
    console.log(table.toString());
  },
};
