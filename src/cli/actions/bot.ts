import { createInterface } from 'node:readline';
import type { CommandModule } from 'yargs';
import { InputError } from '../../core/errors.js';
import { findGame, resolveVariant } from '../../games/registry.js';
import { loadBotFactory, parseEntrants } from '../../harness/entrants.js';
import { BotServer } from '../../protocol/serve.js';

interface BotArgs {
  game: string;
  variant?: string;
  bot: string;
}

export const botCommand: CommandModule<object, BotArgs> = {
  command: 'bot',
  describe: 'serve one System Player on stdin/stdout with the bot protocol (docs/protocol.md)',
  builder: (yargs) =>
    yargs
      .option('game', { type: 'string', demandOption: true, describe: 'game id (see `parlor games`)' })
      .option('variant', { type: 'string', describe: 'play only this variant (default: any the harness names)' })
      .option('bot', { type: 'string', demandOption: true, describe: 'a built-in bot of the game or a module path' }) as never,
  handler: async (args) => {
    const game = findGame(args.game);
    const variant = args.variant === undefined ? undefined : resolveVariant(game, args.variant);
    const entrants = parseEntrants(args.bot, game.id);
    if (entrants.length !== 1 || (entrants[0]!.source.kind !== 'builtin' && entrants[0]!.source.kind !== 'module')) {
      throw new InputError(`--bot ${args.bot}: expected one built-in bot name or module path`);
    }
    const server = new BotServer({ game, ...(variant !== undefined ? { variant } : {}), factory: await loadBotFactory(game.id, entrants[0]!.source) });
    let number = 0;
    for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
      number++;
      let answer: ReturnType<BotServer['receive']>;
      try {
        answer = server.receive(line);
      } catch (error) {
        throw new InputError(`line ${number}: ${(error as Error).message}`);
      }
      for (const reply of answer.replies) process.stdout.write(`${reply}\n`);
      if (answer.done) break;
    }
  },
};
