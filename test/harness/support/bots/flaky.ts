import type { BotFactory } from '../../../../src/core/bot.js';

/** For any game: uniform over the legal actions, but 1 move in 30 throws and 1 in 30 is not legal. */
const flaky: BotFactory = {
  name: 'flaky',
  description: 'random, with a fault now and then',
  create: ({ rng }) => ({
    act: (_view, legal) => {
      const r = rng.int(30);
      if (r === 0) throw new Error('flaky bot gave up');
      if (r === 1) return { type: 'nonsense' };
      return legal[rng.int(legal.length)]!;
    },
  }),
};
export default flaky;
