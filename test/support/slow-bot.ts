import type { BotContext, BotFactory } from '../../src/core/bot.js';

/**
 * `factory`'s bots, each decision taking at least `ms` of busy time (a move-time fault to provoke),
 * each context noted in `contexts` when given.
 */
export function slowly(factory: BotFactory, ms: number, contexts: BotContext[] = []): BotFactory {
  return {
    name: `slow ${factory.name}`,
    description: `${factory.name}, slowly`,
    create(ctx) {
      contexts.push(ctx);
      const bot = factory.create(ctx);
      return {
        act(view, legal) {
          const until = performance.now() + ms;
          while (performance.now() < until);
          return bot.act(view, legal);
        },
      };
    },
  };
}
