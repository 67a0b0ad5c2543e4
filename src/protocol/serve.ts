import type { Bot, BotFactory } from '../core/bot.js';
import { describeIssues } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import { botRng } from '../core/rng.js';
import { resolveVariant } from '../games/registry.js';
import { parseHarnessLine, PROTOCOL_VERSION, type Hello } from './messages.js';

/** What `parlor bot` serves: one System Player of one game (and, when given, one variant). */
export interface ServedBot {
  readonly game: GameDefinition;
  readonly variant?: string;
  readonly factory: BotFactory;
}

/**
 * The bot side of the protocol, one line at a time: the same bot, given `hello`'s seed and index,
 * draws exactly the numbers it draws in-process (stream `bot:<seat>` of (seed, index)), sees the
 * same events and views, and so plays the same game. Returns the reply lines, and whether to stop.
 */
export class BotServer {
  private bot: Bot | null = null;

  constructor(private readonly served: ServedBot) {}

  /** The lines to write for one line received; `done` after bye. Throws on a line that breaks the protocol. */
  receive(line: string): { replies: string[]; done: boolean } {
    if (line.trim() === '') return { replies: [], done: false };
    const message = parseHarnessLine(line);
    if (typeof message === 'string') throw new Error(message);
    switch (message.type) {
      case 'hello':
        return { replies: [JSON.stringify(this.hello(message))], done: false };
      case 'event':
        this.bot?.observe?.(message.event);
        return { replies: [], done: false };
      case 'act': {
        if (this.bot === null) throw new Error(`act ${message.id} before a hello for ${this.served.game.id}`);
        const action = this.bot.act(message.view, message.legal);
        return { replies: [JSON.stringify({ type: 'action', id: message.id, action })], done: false };
      }
      case 'result':
        this.bot?.end?.(message.outcome);
        this.bot = null;
        return { replies: [], done: false };
      case 'bye':
        return { replies: [], done: true };
    }
  }

  /** A new game: the bot is made as the harness makes it, or none when the game is not this bot's. */
  private hello(hello: Hello): object {
    const { game, variant, factory } = this.served;
    const games = variant === undefined ? [game.id] : [{ game: game.id, variants: [variant] }];
    this.bot = null;
    if (hello.game !== game.id || (variant !== undefined && hello.variant !== variant)) return { type: 'ready', name: factory.name, games };
    const config = game.configSchema.safeParse(hello.config);
    if (!config.success) throw new Error(`hello's config for ${game.id}: ${describeIssues(config.error.issues)}`);
    this.bot = factory.create({
      game: hello.game,
      variant: resolveVariant(game, hello.variant),
      config: config.data,
      seat: hello.seat,
      seats: hello.seats,
      rng: botRng(hello.seed, hello.index, hello.seat),
      seed: hello.seed,
      index: hello.index,
    });
    return { type: 'ready', name: factory.name, games, protocol: PROTOCOL_VERSION };
  }
}
