import type { CommandModule } from 'yargs';
import { InputError } from '../../core/errors.js';
import { playerCountProblem, playerRange } from '../../games/registry.js';
import { parseEntrants } from '../../harness/entrants.js';
import { defaultWorkers, poolExecutor } from '../../harness/pool.js';
import { prepareRun } from '../../harness/prepare.js';
import { progressFor } from '../../harness/progress.js';
import { runSprt } from '../../tournament/sprt-run.js';
import { gameCount, MOVE_TIME_OPTION, printJson, resolveGameArgs, threadCount, withGameOptions, withJson, type GameArgs } from '../shared.js';
import { DEFAULT_SEED } from './run.js';

interface SprtArgs extends GameArgs {
  base: string;
  test: string;
  others?: string;
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
  seed: string;
  'max-games': number;
  workers?: number;
  'move-time-ms': number;
  quiet: boolean;
  json: boolean;
}

function probability(flag: string, value: number): void {
  if (!(value > 0 && value < 0.5)) throw new InputError(`--${flag} ${value}: expected a probability between 0 and 0.5, e.g. 0.05`);
}

export const sprtCommand: CommandModule<object, SprtArgs> = {
  command: 'sprt',
  describe: 'is bot B better than bot A? play duplicate deals until a sequential test decides',
  builder: (yargs) =>
    withJson(withGameOptions(yargs))
      .option('base', { type: 'string', demandOption: true, describe: 'the reference bot A' })
      .option('test', { type: 'string', demandOption: true, describe: 'the candidate bot B' })
      .option('others', { type: 'string', describe: 'more entrants to fill the other seats, e.g. random,random' })
      .option('elo0', { type: 'number', default: 0, describe: 'H0: B is at most this much stronger (Elo)' })
      .option('elo1', { type: 'number', default: 5, describe: 'H1: B is at least this much stronger (Elo)' })
      .option('alpha', { type: 'number', default: 0.05, describe: 'false positive rate (accepting H1 when H0 holds)' })
      .option('beta', { type: 'number', default: 0.05, describe: 'false negative rate' })
      .option('seed', { type: 'string', default: DEFAULT_SEED, describe: 'master seed' })
      .option('max-games', { type: 'number', default: 200_000, describe: 'give up (inconclusive) after this many games' })
      .option('workers', { type: 'number', describe: 'worker threads (default: the machine’s cores)' })
      .option('move-time-ms', MOVE_TIME_OPTION)
      .option('quiet', { type: 'boolean', default: false, describe: 'no progress output' }) as never,
  handler: async (args) => {
    probability('alpha', args.alpha);
    probability('beta', args.beta);
    if (!(args.elo1 > args.elo0)) throw new InputError(`--elo1 ${args.elo1} must be greater than --elo0 ${args.elo0}`);
    threadCount('workers', args.workers);
    for (const flag of ['elo0', 'elo1'] as const) {
      if (!(Math.abs(args[flag]) <= 1000)) throw new InputError(`--${flag} ${args[flag]}: expected an Elo difference from -1000 to 1000`);
    }
    const { game, variant, config } = resolveGameArgs(args);
    const maxGames = args['max-games'];
    gameCount('max-games', maxGames);
    const entrants = parseEntrants([args.base, args.test, ...(args.others ? [args.others] : [])].join(','), game.id);
    const problem = playerCountProblem(game, variant, entrants.length);
    if (problem !== null) {
      const [min, max] = playerRange(game, variant);
      const fix = entrants.length < min ? `name ${min - 2}-${max - 2} more with --others, e.g. --others ${Array(min - 2).fill('random').join(',')}` : `name at most ${max - 2} with --others`;
      throw new InputError(`${problem}: --base, --test and --others name ${entrants.length}; ${fix}`);
    }
    const spec = await prepareRun({
      game,
      variant,
      config,
      seed: args.seed,
      entrants,
      seating: 'duplicate',
      games: maxGames,
      record: 'faults',
      moveTimeMs: args['move-time-ms'],
      sprt: { base: 0, test: 1 },
    });
    const outcome = await runSprt(spec, poolExecutor(spec, args.workers ?? defaultWorkers()), args, { progress: progressFor(args.quiet || args.json) });
    const report = {
      schema: 1,
      game: spec.game,
      variant: spec.variant,
      seed: spec.seed,
      base: entrants[0]!.label,
      test: entrants[1]!.label,
      others: entrants.slice(2).map((e) => e.label),
      elo0: args.elo0,
      elo1: args.elo1,
      alpha: args.alpha,
      beta: args.beta,
      ...outcome,
    };
    if (args.json) {
      printJson(report);
      return;
    }
    const verdict =
      outcome.result === 'H1'
        ? `H1 accepted: ${report.test} is stronger than ${report.base} by at least about ${args.elo1} Elo`
        : outcome.result === 'H0'
          ? `H0 accepted: ${report.test} is not stronger than ${report.base} by ${args.elo1} Elo or more`
          : `inconclusive after ${outcome.games} games (raise --max-games)`;
    console.log(verdict);
    console.log(`LLR ${outcome.llr} (bounds ${outcome.bounds[0]} .. ${outcome.bounds[1]}) after ${outcome.blocks} deals, ${outcome.games} games`);
    const elo = outcome.elo === null ? `${outcome.score === 1 ? report.test : report.base} took every deal: no finite Elo difference` : `${outcome.elo >= 0 ? '+' : ''}${outcome.elo} Elo`;
    console.log(`paired score ${outcome.score} (${elo})${outcome.engineErrors > 0 ? `; ${outcome.engineErrors} deals left out on engine errors` : ''}`);
  },
};
