import type { BotFactory } from '../../../../src/core/bot.js';

/** Uniform over the legal actions, from its own stream. */
const coin: BotFactory = {
  name: 'coin',
  description: 'uniform over the legal actions',
  create: ({ rng }) => ({ act: (_view, legal) => legal[rng.int(legal.length)]! }),
};
export default coin;
