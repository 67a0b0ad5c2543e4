import type { Argv, CommandModule } from 'yargs';
import { CATEGORIES } from '../../games/yahtzee/scoring.js';
import { defaultThreads } from '../../games/yahtzee/solver/build.js';
import { withJson } from '../shared.js';
import type { AdviseArgs, SolveArgs } from '../actions/yahtzee.js';

const solveCommand: CommandModule<object, SolveArgs> = {
  command: 'solve',
  describe: 'build the table of the optimal strategy (every turn-start state) and cache it',
  builder: (yargs) =>
    withJson(yargs)
      .option('cache', { type: 'boolean', default: true, describe: 'write the table to the cache (--no-cache: build only)' })
      .option('threads', { type: 'number', describe: `threads building the table (default: ${defaultThreads()}, the cores)` })
      .option('distribution', { type: 'boolean', default: false, describe: 'also the exact distribution of the final score (a few seconds more)' }) as never,
  handler: async (args) => (await import('../actions/yahtzee.js')).solveAction(args),
};

const adviseCommand: CommandModule<object, AdviseArgs> = {
  command: 'advise',
  describe: 'the best keep or category for a Yahtzee card and dice, and the value of every option',
  builder: (yargs) =>
    withJson(yargs)
      .option('dice', { type: 'string', describe: 'the five dice of the turn, e.g. 3,3,5,5,6 (without: the turn-start value)' })
      .option('rolls-left', { type: 'number', describe: 'rolls left in the turn with --dice: 2, 1 or 0' })
      .option('used', { type: 'string', default: '', describe: `categories already scored, comma-separated: ${CATEGORIES.join(' ')}` })
      .option('upper', { type: 'number', describe: 'the upper section total so far (63 or more: bonus earned); needed once ones..sixes are used' })
      .example('$0 yahtzee advise --dice 3,3,5,5,6 --rolls-left 2 --used ones,fives,chance --upper 18', '') as never,
  handler: async (args) => (await import('../actions/yahtzee.js')).adviseAction(args),
};

export const yahtzeeCommand: CommandModule<object, object> = {
  command: 'yahtzee',
  describe: "Yahtzee's optimal strategy: solve its table, ask the advisor",
  builder: (yargs: Argv) => yargs.command(solveCommand).command(adviseCommand).demandCommand(1, 'name a yahtzee command: solve or advise') as never,
  handler: () => {},
};
