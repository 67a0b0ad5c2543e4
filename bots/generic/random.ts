import { pick, type BotFactory } from '../../src/core/bot.js';

/** Uniform over the legal actions, for any game. */
export const randomBot: BotFactory = {
  name: 'random',
  description: 'uniform over the legal actions',
  create: ({ rng }) => ({
    act: (_view, legal) => pick(legal, rng.int(legal.length)),
  }),
};
