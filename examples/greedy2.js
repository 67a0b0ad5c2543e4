// greedy2.js: parlor's greedy Yahtzee player, except that it saves Chance for the last rounds,
// scoring the best other open category instead while one is worth as much. A bot module: enter it
// with --bots ./examples/greedy2.js, or test it against greedy with parlor sprt.
import { createBot } from 'parlor';

export default {
  name: 'greedy2',
  description: 'greedy, but saves Chance for the last three rounds',
  create: (ctx) => {
    const greedy = createBot({ game: 'yahtzee', bot: 'greedy', seat: ctx.seat, seats: ctx.seats, rng: ctx.rng, config: ctx.config });
    return {
      act(view, legal) {
        const choice = greedy.act(view, legal);
        if (choice.type !== 'score' || choice.category !== 'chance' || view.round > 10) return choice;
        const others = legal.filter((a) => a.type === 'score' && a.category !== 'chance' && a.score >= choice.score);
        return others.length > 0 ? others.reduce((best, a) => (a.score > best.score ? a : best)) : choice;
      },
      observe: (event) => greedy.observe?.(event),
    };
  },
};
