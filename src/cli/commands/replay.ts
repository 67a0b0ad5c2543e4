import type { CommandModule } from 'yargs';
import { findGame } from '../../games/registry.js';
import { replayRecord } from '../../referee/replay.js';
import { chooseRecord } from '../../viewer/record-choice.js';
import { logLine, outcomeLines } from '../log.js';
import { GAME_INDEX_OPTION, gameIndexArg, printJson, withJson } from '../shared.js';

interface ReplayArgs {
  record: string;
  'game-index'?: number;
  log: boolean;
  json: boolean;
}

export const replayCommand: CommandModule<object, ReplayArgs> = {
  command: 'replay <record>',
  describe: 'replay a game record and check it reproduces the recorded outcome',
  builder: (yargs) =>
    withJson(yargs)
      .positional('record', { type: 'string', demandOption: true, describe: "a record file written by play or serve, or a run's records.jsonl" })
      .option('game-index', GAME_INDEX_OPTION)
      .option('log', { type: 'boolean', default: false, describe: 'print every event of the replay' }) as never,
  handler: (args) => {
    const record = chooseRecord(args.record, gameIndexArg(args['game-index']));
    const replay = replayRecord(record);
    const names = record.seats.map((s) => s.name);
    if (args.json) {
      printJson({ ok: replay.mismatch === null, outcome: replay.outcome, steps: record.steps.length, ...(replay.mismatch !== null ? { mismatch: replay.mismatch } : {}) });
    } else {
      if (args.log) {
        const game = findGame(record.game);
        for (const event of replay.events) console.log(logLine(game, record.variant, event, null, names));
        console.log('');
      }
      if (replay.outcome !== null) for (const line of outcomeLines(findGame(record.game), replay.outcome, names, record.seats.map((s) => s.bot), null)) console.log(line);
      console.log(replay.mismatch === null ? `ok: ${record.steps.length} steps replayed, same outcome as recorded` : `MISMATCH: ${replay.mismatch}`);
    }
    if (replay.mismatch !== null) process.exitCode = 1;
  },
};
