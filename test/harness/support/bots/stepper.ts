import type { BotFactory } from '../../../../src/core/bot.js';

/** Always steps 1: the weaker policy in the dice race. */
const stepper: BotFactory = {
  name: 'stepper',
  description: 'always steps',
  create: () => ({ act: (_view, legal) => legal.find((a) => a.type === 'step')! }),
};
export default stepper;
