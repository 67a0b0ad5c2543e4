import type { CommandModule } from 'yargs';
import { withGameOptions, withJson } from '../shared.js';
import type { ExportBotArgs } from '../actions/export-bot.js';

export const exportBotCommand: CommandModule<object, ExportBotArgs> = {
  command: 'export-bot',
  describe: 'write one of the System Players as one self-contained ES module for browsers',
  builder: (yargs) =>
    withJson(withGameOptions(yargs))
      .option('bot', { type: 'string', demandOption: true, describe: "a built-in bot (see `parlor bots --game <id>`), with parameters ('notebook(shortlist=4)') or without, or a bot module (./my-bot.js)" })
      .option('out', { type: 'string', demandOption: true, describe: 'the module file to write, e.g. notebook.js (-: standard output)' }) as never,
  handler: async (args) => (await import('../actions/export-bot.js')).exportBotAction(args),
};
