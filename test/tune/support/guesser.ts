import { z } from 'zod';
import { paramsOf } from '../../../src/core/bot-params.js';
import type { BotFactory } from '../../../src/core/bot.js';
import type { GuessAction } from './guess.js';

const params = z.object({
  x: z.number().int().min(0).max(100).default(10).describe('the x it guesses'),
  y: z.number().min(0).max(1).default(0.9).describe('the y it guesses (played to the hundredth)'),
  loud: z.boolean().default(false).describe('a boolean, for the refusal'),
});

/** Guesses its parameters, whatever it sees: its best setting is the game's median point, (70, 0.25). */
const guesser: BotFactory = {
  name: 'guesser',
  description: 'guesses (x, y)',
  params,
  create: (ctx) => {
    const { x, y } = paramsOf(params, ctx);
    return {
      act: (_view, legal) => {
        const type = (legal[0] as GuessAction).type;
        const want = type === 'x' ? x : y;
        return (legal as GuessAction[]).reduce((best, a) => (Math.abs(a.value - want) < Math.abs(best.value - want) ? a : best));
      },
    };
  },
};
export default guesser;
