import type { CommandModule } from 'yargs';
import { DEFAULT_MAX_FAULT_RATE } from '../../protocol/process-limits.js';
import { BREAK_LOCK_OPTION, MOVE_TIME_OPTION, withGameOptions, withJson } from '../shared.js';
import { DEFAULT_SEED } from './run.js';
import type { SprtArgs } from '../actions/sprt.js';

export const sprtCommand: CommandModule<object, SprtArgs> = {
  command: 'sprt',
  describe: 'is bot B better than bot A? play duplicate deals until a sequential test decides',
  builder: (yargs) =>
    withJson(withGameOptions(yargs))
      .option('base', { type: 'string', demandOption: true, describe: 'the reference bot A' })
      .option('test', { type: 'string', demandOption: true, describe: 'the candidate bot B' })
      .option('others', { type: 'string', describe: 'more entrants to fill the other seats, e.g. random,random' })
      .option('elo0', { type: 'number', default: 0, describe: 'H0: B is at most this much stronger (Elo, the ladder\'s scale)' })
      .option('elo1', { type: 'number', default: 5, describe: 'H1: B is at least this much stronger (Elo, the ladder\'s scale)' })
      .option('alpha', { type: 'number', default: 0.05, describe: 'false positive rate (accepting H1 when H0 holds)' })
      .option('beta', { type: 'number', default: 0.05, describe: 'false negative rate' })
      .option('seed', { type: 'string', default: DEFAULT_SEED, describe: 'master seed' })
      .option('max-games', { type: 'number', default: 200_000, describe: 'give up (inconclusive) after this many games' })
      .option('max-fault-rate', { type: 'number', default: DEFAULT_MAX_FAULT_RATE, describe: 'stop when base or test has more faults per game than this (checked from 20 games on)' })
      .option('workers', { type: 'number', describe: 'worker threads (default: the machine’s cores; with --move-time-ms at most them)' })
      .option('move-time-ms', MOVE_TIME_OPTION)
      .option('out', { type: 'string', describe: 'also write the run\'s files and sprt.json into this folder' })
      .option('resume', { type: 'boolean', default: false, describe: 'go on with the interrupted test in --out' })
      .option('force', { type: 'boolean', default: false, describe: 'replace a run already in --out' })
      .option('break-lock', BREAK_LOCK_OPTION)
      .option('quiet', { type: 'boolean', default: false, describe: 'no progress output' }) as never,
  handler: async (args) => (await import('../actions/sprt.js')).sprtAction(args),
};
