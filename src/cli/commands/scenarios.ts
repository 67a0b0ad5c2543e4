import type { CommandModule } from 'yargs';
import { withJson } from '../shared.js';
import type { ScenariosArgs } from '../actions/scenarios.js';

export const scenariosCommand: CommandModule<object, ScenariosArgs> = {
  command: 'scenarios [paths..]',
  describe: "replay the spec's use cases from fixtures: the failures, then how many passed",
  builder: (yargs) =>
    withJson(yargs)
      .positional('paths', { type: 'string', array: true, default: [] as string[], describe: 'fixture files or folders (default: all of scenarios/)' })
      .option('verbose', { type: 'boolean', default: false, describe: 'a table of every fixture and its result' }) as never,
  handler: async (args) => (await import('../actions/scenarios.js')).scenariosAction(args),
};
