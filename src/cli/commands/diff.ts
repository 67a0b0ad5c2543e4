import type { CommandModule } from 'yargs';
import { withJson } from '../shared.js';
import type { DiffArgs } from '../actions/diff.js';

export const diffCommand: CommandModule<object, DiffArgs> = {
  command: 'diff <runA> <runB>',
  describe: 'compare two finished runs of the same games (seed, entrants, seating) played with other options or code, paired by game',
  builder: (yargs) =>
    withJson(yargs)
      .positional('runA', { type: 'string', demandOption: true, describe: 'the run folder to compare against (A)' })
      .positional('runB', { type: 'string', demandOption: true, describe: 'the run folder compared (B): differences are B − A' })
      .option('out', { type: 'string', describe: 'folder for diff.json, diff.md, diff.html and changed.jsonl (default results/diff/<A>-vs-<B>)' })
      .option('quiet', { type: 'boolean', default: false, describe: 'no progress output' }) as never,
  handler: async (args) => (await import('../actions/diff.js')).diffAction(args),
};
