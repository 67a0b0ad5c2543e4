import type { Rng } from '../../src/core/rng.js';
import type { ClueAction } from '../../src/games/clue/actions.js';
import type { ClueVariantId } from '../../src/games/clue/cards.js';
import type { ClueView } from '../../src/games/clue/view.js';
import type { Triple } from './actions.js';
import { Knowing } from './mind.js';
import { anyOf, strategyBot, type Strategy } from './policy.js';

/** A room whose card is known is still worth a little: a place to suggest from on the way. */
const KNOWN_ROOM = 0.05;

/**
 * Complete logical deduction: knows every card-owner pair that all (or none) of the deals
 * consistent with its observations agree on. Suggests cards that may still be in the case file
 * (or its own, to learn about the others), heads for rooms that may be, and accuses only when the
 * case file is certain.
 */
class DeductionStrategy extends Knowing implements Strategy {
  constructor(
    variant: ClueVariantId,
    seat: number,
    private readonly rng: Rng,
  ) {
    super(variant, seat);
  }

  accusation(): Triple | null {
    return this.known.certainCaseFile();
  }

  /** May the card still be in the case file (neither known in a hand nor known to be the case file's)? */
  private open(card: number): boolean {
    return this.known.knowledge.status(card, this.known.knowledge.shape.caseFile) === 'maybe';
  }

  roomValues(): ReadonlyMap<string, number> {
    const { deck } = this.known;
    const values = new Map<string, number>();
    for (const room of deck.byCategory[2]!) values.set(deck.names[room]!, this.open(room) ? 1 : KNOWN_ROOM);
    return values;
  }

  suggest(_view: ClueView, options: readonly ClueAction[]): ClueAction {
    const { deck, knowledge, seat } = this.known;
    const pick = (category: number): string => {
      const cards = deck.byCategory[category]!;
      const open = cards.filter((c) => this.open(c));
      const mine = cards.filter((c) => knowledge.status(c, seat) === 'yes');
      return deck.names[anyOf(open.length > 0 ? open : mine.length > 0 ? mine : cards, this.rng)]!;
    };
    const suspect = pick(0);
    const weapon = pick(1);
    return options.find((a) => a.type === 'suggest' && a.suspect === suspect && a.weapon === weapon) ?? anyOf(options, this.rng);
  }

  show(_view: ClueView, options: readonly ClueAction[]): ClueAction {
    return anyOf(options, this.rng);
  }
}

export const deductionBot = strategyBot(
  'deduction',
  'complete logical deduction from every observation; accuses only when the case file is certain',
  (variant, seat, rng) => new DeductionStrategy(variant, seat, rng),
);
