import type { BotFactory } from '../../../../src/core/bot.js';

/** Thinks for 150 ms of wall clock before every move: over any move time limit below that. */
const slow: BotFactory = {
  name: 'slow',
  description: 'takes 150 ms a move',
  create: () => ({
    act: (_view, legal) => {
      const until = performance.now() + 150;
      while (performance.now() < until);
      return legal[0]!;
    },
  }),
};
export default slow;
