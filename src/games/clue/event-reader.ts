import type { Seat } from '../../core/seat.js';
import type { Fact } from '../../deduction/facts.js';
import { accusationFacts, handFacts, suggestionFacts, type Suggestion } from '../../deduction/observations.js';
import type { ClueEvent, SuggestedEvent } from './events.js';
import type { Deck } from './deck.js';

/** What one observation taught: the facts, and the suggestion it completed if any. */
export interface Learned {
  readonly facts: readonly Fact[];
  readonly suggestion?: Suggestion;
}

/**
 * Reads a seat's events, as the seat sees them, into the deduction library's observations. A
 * suggestion is complete once its refutation is known (the `refuted` event may come after the
 * refuter's choice), or once its suggester left before the card was shown.
 */
export class EventReader {
  private pending: SuggestedEvent | null = null;

  constructor(
    private readonly deck: Deck,
    private readonly seat: Seat,
  ) {}

  /** The facts an event teaches (often none). */
  read(event: ClueEvent): Learned | null {
    const { index } = this.deck;
    switch (event.type) {
      case 'dealt':
        return event.seat === this.seat ? { facts: handFacts(this.seat, event.cards.map((c) => index.get(c)!)) } : null;
      case 'suggested':
        if (event.refuter !== null) {
          this.pending = event;
          return null;
        }
        return this.complete(event, null, undefined);
      case 'refuted': {
        const s = this.pending;
        this.pending = null;
        if (s === null) return null;
        return this.complete(s, event.seat, event.card === undefined ? undefined : index.get(event.card));
      }
      case 'accused':
        return { facts: accusationFacts({ by: event.seat, cards: this.cards(event), correct: event.correct }) };
      case 'caseFile':
        return { facts: [{ kind: 'caseFile', cards: this.cards(event) }] };
      case 'left': {
        // A suggester who leaves while its suggestion is being refuted ends the refutation unshown:
        // the table still learned that the refuter holds one of the cards.
        const s = this.pending;
        if (s === null || s.seat !== event.seat) return null;
        this.pending = null;
        return this.complete(s, s.refuter, undefined);
      }
      default:
        return null;
    }
  }

  /**
   * The facts of a suggestion still being refuted (its `refuted` event not yet seen): who could not
   * refute, and that the refuter holds one of the cards. Not `read` ones: a reader that took them
   * now would take them again, with the card, once the refutation comes.
   */
  pendingFacts(): readonly Fact[] {
    const s = this.pending;
    return s === null ? [] : this.complete(s, s.refuter, undefined).facts;
  }

  private cards(e: { suspect: string; weapon: string; room: string }): number[] {
    const { index } = this.deck;
    return [index.get(e.suspect)!, index.get(e.weapon)!, index.get(e.room)!];
  }

  private complete(event: SuggestedEvent, refutedBy: Seat | null, shown: number | undefined): Learned {
    const suggestion: Suggestion = {
      by: event.seat,
      cards: this.cards(event),
      passed: event.passed,
      refutedBy,
      ...(shown === undefined ? {} : { shown }),
    };
    return { facts: suggestionFacts(suggestion, this.seat), suggestion };
  }
}
