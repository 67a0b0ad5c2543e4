import type { Rng } from '../../src/core/rng.js';
import type { ClueAction } from '../../src/games/clue/actions.js';
import type { ClueView } from '../../src/games/clue/view.js';
import type { Triple } from './actions.js';
import { ChecklistNotes } from './checklist-notes.js';
import { deckOf, type Deck } from '../../src/games/clue/deck.js';
import { anyOf, strategyBot, type Strategy } from './policy.js';

/** A room already crossed off is still worth a little: a place to suggest from on the way. */
const CROSSED_ROOM = 0.05;

/**
 * A beginner: crosses off its own cards and the cards shown to it, suggests cards it has not
 * crossed off, heads for rooms it has not crossed off (leaving one where its suggestion went
 * unrefuted until it crosses something new), and accuses when one card per category is left.
 */
class ChecklistStrategy implements Strategy {
  private readonly notes: ChecklistNotes;

  constructor(
    private readonly deck: Deck,
    seat: number,
    private readonly rng: Rng,
  ) {
    this.notes = new ChecklistNotes(deck, seat);
  }

  update(view: ClueView): void {
    this.notes.catchUp(view.notebook);
  }

  accusation(): Triple | null {
    return this.notes.solution();
  }

  roomValues(): ReadonlyMap<string, number> {
    const values = new Map<string, number>();
    for (const room of this.deck.byCategory[2]!) {
      const name = this.deck.names[room]!;
      values.set(name, this.notes.isCrossed(room) || this.notes.fruitless.has(name) ? CROSSED_ROOM : 1);
    }
    return values;
  }

  suggest(_view: ClueView, options: readonly ClueAction[]): ClueAction {
    const open = (name: string): boolean => !this.notes.isCrossed(this.deck.index.get(name)!);
    const both = options.filter((a) => a.type === 'suggest' && open(a.suspect) && open(a.weapon));
    if (both.length > 0) return anyOf(both, this.rng);
    const one = options.filter((a) => a.type === 'suggest' && (open(a.suspect) || open(a.weapon)));
    return anyOf(one.length > 0 ? one : options, this.rng);
  }

  show(_view: ClueView, options: readonly ClueAction[]): ClueAction {
    return anyOf(options, this.rng);
  }
}

export const checklistBot = strategyBot(
  'checklist',
  "a beginner's notebook: crosses off its own and shown cards, accuses when one per category is left",
  (variant, seat, rng) => new ChecklistStrategy(deckOf(variant), seat, rng),
);
