import { isReadOnly, type Bot, type BotContext, type BotFactory } from '../core/bot.js';
import { frozenCopy } from '../core/frozen.js';

/**
 * The bot of one seat. A bot not declared read-only (a user's module) is handed frozen copies of
 * its context's config, its views, legal lists, events and outcome: a write throws, and nothing
 * it does reaches the game, its state or the next game. Its choice is mapped back to the game's
 * own legal action, so identity checks and records are as for any other bot.
 */
export function createSeatBot(factory: BotFactory, ctx: BotContext): Bot {
  if (isReadOnly(factory)) return factory.create(ctx);
  const bot = factory.create({ ...ctx, config: frozenCopy(ctx.config) });
  const observe = bot.observe?.bind(bot);
  const end = bot.end?.bind(bot);
  return {
    act(view, legal) {
      const handed = frozenCopy(legal);
      const chosen = bot.act(frozenCopy(view), handed);
      // Stryker disable ConditionalExpression,EqualityOperator: the referee finds a copy's legal action by value anyway; mapping it here only spares that search
      const at = handed === legal ? -1 : handed.indexOf(chosen);
      return at >= 0 ? legal[at] : chosen;
      // Stryker restore ConditionalExpression,EqualityOperator
    },
    ...(observe !== undefined ? { observe: (event) => observe(frozenCopy(event)) } : {}),
    ...(end !== undefined ? { end: (outcome) => end(frozenCopy(outcome)) } : {}),
  };
}
