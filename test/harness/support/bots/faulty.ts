import type { BotFactory } from '../../../../src/core/bot.js';

/** Rolls, but now and then (from its own stream, so reproducibly) throws or returns an illegal action. */
const faulty: BotFactory = {
  name: 'faulty',
  description: 'rolls; throws 1 move in 40, plays an illegal move 1 in 40',
  create: ({ rng }) => ({
    act: (_view, legal) => {
      const r = rng.int(40);
      if (r === 0) throw new Error('faulty bot gave up');
      if (r === 1) return { type: 'fly' };
      return legal.find((a) => a.type === 'roll')!;
    },
  }),
};
export default faulty;
