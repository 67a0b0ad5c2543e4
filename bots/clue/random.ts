import type { BotFactory } from '../../src/core/bot.js';
import type { ClueAction } from '../../src/games/clue/actions.js';
import type { ClueVariantId } from '../../src/games/clue/cards.js';
import type { ClueView } from '../../src/games/clue/view.js';
import { ChecklistNotes } from './checklist-notes.js';
import { deckOf } from '../../src/games/clue/deck.js';
import { isAccusationOf } from './actions.js';

/** Uniform over the legal actions, except that it accuses only when its checklist is solved, and then does. */
export const randomClueBot: BotFactory<ClueView, ClueAction> = {
  name: 'random',
  description: 'uniform over legal actions; accuses only (and at once) when its checklist is solved',
  create: ({ variant, seat, rng }) => {
    const notes = new ChecklistNotes(deckOf(variant as ClueVariantId), seat);
    return {
      act(view, legal) {
        notes.catchUp(view.notebook);
        const solution = notes.solution();
        if (solution !== null) {
          const accusation = legal.find((a) => isAccusationOf(a, solution));
          if (accusation !== undefined) return accusation;
        }
        let others = 0;
        for (const a of legal) if (a.type !== 'accuse') others++;
        let pick = rng.int(others);
        for (const a of legal) if (a.type !== 'accuse' && pick-- === 0) return a;
        return legal[0]!;
      },
    };
  },
};
