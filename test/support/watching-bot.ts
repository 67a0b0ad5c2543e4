import type { Action } from '../../src/core/game.js';
import type { BotFactory } from '../../src/core/bot.js';

/** `base`, telling `decided` of each of its decisions (the view it decided from, the action, and the legal actions it chose from) as it makes it. */
export function watching<V, A extends Action>(base: BotFactory<V, A>, decided: (view: V, action: A, legal: readonly A[]) => void): BotFactory<V, A> {
  return {
    ...base,
    create: (ctx) => {
      const inner = base.create(ctx);
      return {
        act: (view, legal) => {
          const action = inner.act(view, legal);
          decided(view, action, legal);
          return action;
        },
      };
    },
  };
}
