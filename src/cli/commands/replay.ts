import type { CommandModule } from 'yargs';
import { GAME_INDEX_OPTION, withJson } from '../shared.js';
import type { ReplayArgs } from '../actions/replay.js';

export const replayCommand: CommandModule<object, ReplayArgs> = {
  command: 'replay <record>',
  describe: 'replay a game record and check it reproduces the recorded outcome, or engine error',
  builder: (yargs) =>
    withJson(yargs)
      .positional('record', { type: 'string', demandOption: true, describe: "a record file written by play or serve, a run's records.jsonl, or a golden .jsonl file" })
      .option('game-index', GAME_INDEX_OPTION)
      .option('log', { type: 'boolean', default: false, describe: 'print every event of the replay' })
      .option('verbose', { type: 'boolean', default: false, describe: "with an engine error, print its stack now and the record's" }) as never,
  handler: async (args) => (await import('../actions/replay.js')).replayAction(args),
};
