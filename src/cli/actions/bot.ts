import { createInterface } from 'node:readline';
import { InputError } from '../../core/errors.js';
import { findGame, resolveVariant } from '../../games/registry.js';
import { loadBotFactory, parseEntrants } from '../../harness/entrants.js';
import { BotServer } from '../../protocol/serve.js';

export interface BotArgs {
  game: string;
  variant?: string;
  bot: string;
}

/** `parlor bot`: answers the harness line by line until it says the match is over. */
export async function botAction(args: BotArgs): Promise<void> {
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
}
