import type { BotFactory } from '../../../../src/core/bot.js';

/** Always rolls: the stronger policy in the dice race. */
const roller: BotFactory = {
  name: 'roller',
  description: 'always rolls',
  create: () => ({ act: (_view, legal) => legal.find((a) => a.type === 'roll')! }),
};
export default roller;
