import type { CommandModule } from 'yargs';
import type { BotArgs } from '../actions/bot.js';

export const botCommand: CommandModule<object, BotArgs> = {
  command: 'bot',
  describe: 'serve one System Player on stdin/stdout with the bot protocol (docs/protocol.md)',
  builder: (yargs) =>
    yargs
      .option('game', { type: 'string', demandOption: true, describe: 'game id (see `parlor games`)' })
      .option('variant', { type: 'string', describe: 'play only this variant (default: any the harness names)' })
      .option('bot', { type: 'string', demandOption: true, describe: 'a built-in bot of the game or a module path' }) as never,
  handler: async (args) => (await import('../actions/bot.js')).botAction(args),
};
