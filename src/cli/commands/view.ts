import type { CommandModule } from 'yargs';
import { GAME_INDEX_OPTION } from '../shared.js';
import type { ViewArgs } from '../actions/view.js';

export const viewCommand: CommandModule<object, ViewArgs> = {
  command: 'view <record>',
  describe: 'write a game as one HTML page to step through, from every seat or one',
  builder: (yargs) =>
    yargs
      .positional('record', { type: 'string', demandOption: true, describe: "a record file (parlor play, parlor serve), a run's records.jsonl, or a run folder" })
      .option('game-index', GAME_INDEX_OPTION)
      .option('as', { type: 'string', describe: "a seat number or a player's name: show only what that seat knew (default: everything)" })
      .option('out', { type: 'string', describe: 'the HTML file to write (default: beside the record)' })
      .option('open', { type: 'boolean', default: false, describe: 'also open it in the browser' })
      .option('analyze', { type: 'boolean', default: false, describe: 'also score each decision against the exact answer (parlor analyze) beside it, and chart the losses' }) as never,
  handler: async (args) => (await import('../actions/view.js')).viewAction(args),
};
