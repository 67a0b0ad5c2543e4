import type { CommandModule } from 'yargs';
import { MOVE_TIME_OPTION, withGameOptions, withJson } from '../shared.js';
import type { PlayArgs } from '../actions/play.js';

export const playCommand: CommandModule<object, PlayArgs> = {
  command: 'play',
  describe: 'play one game: between System Players its log is printed as one seat sees it; human:Name seats play at the terminal',
  builder: (yargs) =>
    withJson(withGameOptions(yargs))
      .option('bots', { type: 'string', describe: 'one entrant per seat: greedy,random,./my-bot.js, human:Ann (a person at this terminal); without it the table is set up by asking' })
      .option('load', { type: 'string', describe: 'resume a game saved at the terminal from its record (its game, options and seats)' })
      .option('takeover', { type: 'string', describe: "the System Player that takes the seat of a person who leaves (default: the game's strongest)" })
      // With --load the game is the record's: --game need not be given.
      .middleware((argv) => {
        if (argv['load'] !== undefined && argv['game'] === undefined) argv['game'] = '';
      }, true)
      .option('seed', { type: 'string', describe: 'seed (default: a new one, printed)' })
      .option('as', { type: 'string', describe: 'the seat whose log is printed: a seat number (0-based) or player name; default 0' })
      .option('reveal', { type: 'boolean', default: false, describe: 'print every event, hidden ones included' })
      .option('record', { type: 'string', describe: 'where to save the game record (default results/play/<game>-<seed>.json)' })
      .option('move-time-ms', MOVE_TIME_OPTION) as never,
  handler: async (args) => (await import('../actions/play.js')).playAction(args),
};
