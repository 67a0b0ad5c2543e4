import type { CommandModule } from 'yargs';
import { FISHTEST_GAINS } from '../../tune/gains.js';
import { BREAK_LOCK_OPTION, withGameOptions } from '../shared.js';
import { DEFAULT_SEED } from './run.js';
import type { TuneArgs } from '../actions/tune.js';

export const tuneCommand: CommandModule<object, TuneArgs> = {
  command: 'tune',
  describe: "tune a bot's integer and real parameters by SPSA over paired games, then verify the result",
  builder: (yargs) =>
    withGameOptions(yargs)
      .option('bot', { type: 'string', demandOption: true, describe: 'the bot to tune: a built-in (with parameters: greedy(parWeight=1)) or a module path' })
      .option('params', { type: 'string', demandOption: true, describe: "the parameters to tune: 'key=start:min:max[:step],...'; start and range default to the bot's, step (c_end) to a twentieth of the range" })
      .option('against', { type: 'string', describe: 'opponents for the other seats (default: the two versions head to head)' })
      .option('players', { type: 'number', describe: 'seats a game: 1 + the opponents --against names (2 head to head)' })
      .option('games', { type: 'number', default: 20_000, describe: 'games of the whole tuning (whole iterations)' })
      .option('deals', { type: 'number', default: 8, describe: 'deals an iteration plays, each under every rotation, by both versions' })
      .option('seed', { type: 'string', default: DEFAULT_SEED, describe: 'master seed' })
      .option('out', { type: 'string', demandOption: true, describe: 'the folder for tune.json, tune.md, tune.html and the verification run' })
      .option('workers', { type: 'number', describe: 'worker threads (default: the machine’s cores)' })
      .option('resume', { type: 'boolean', default: false, describe: 'go on with the tuning in --out' })
      .option('force', { type: 'boolean', default: false, describe: 'replace a tuning already in --out' })
      .option('break-lock', BREAK_LOCK_OPTION)
      .option('verify', { type: 'boolean', default: false, describe: 'verify the values the tuning in --out has reached, now, without tuning further' })
      .option('verify-games', { type: 'number', default: 2000, describe: 'games of the verification: tuned against start on fresh deals (0: none)' })
      .option('alpha', { type: 'number', default: FISHTEST_GAINS.alpha, describe: "the step's decay: a_k = a / (A + k)^alpha" })
      .option('gamma', { type: 'number', default: FISHTEST_GAINS.gamma, describe: "the perturbation's decay: c_k = c / k^gamma" })
      .option('a-ratio', { type: 'number', default: FISHTEST_GAINS.aRatio, describe: "A as a share of the tuning's deals" })
      .option('r-end', { type: 'number', default: FISHTEST_GAINS.rEnd, describe: 'the learning rate at the last deal: a_end = r_end * c_end^2' })
      .option('quiet', { type: 'boolean', default: false, describe: 'no progress output' }) as never,
  handler: async (args) => (await import('../actions/tune.js')).tuneAction(args),
};
