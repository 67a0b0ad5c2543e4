import type { Seat } from '../../core/seat.js';
import { Knowledge } from '../../deduction/knowledge.js';
import { deckOf, layoutOf, type Deck } from '../../games/clue/deck.js';
import { EventReader } from '../../games/clue/event-reader.js';
import type { ClueView } from '../../games/clue/view.js';

/**
 * One seat's exact notebook as a game goes on, from its view alone: its hand, the hand sizes and
 * every event of its notebook (what it saw, as it saw it), never the hidden state. The model of
 * `parlor clue notebook`: every deal consistent with the observations is equally likely, and which
 * card a refuter chose to show teaches nothing beyond that it holds it.
 */
export class SeatKnowledge {
  readonly deck: Deck;
  readonly seat: Seat;
  private readonly knowledge: Knowledge;
  private readonly reader: EventReader;
  /** How much of the seat's notebook is read. */
  private read = 0;

  constructor(first: ClueView) {
    this.deck = deckOf(first.variant);
    this.seat = first.seat;
    this.knowledge = new Knowledge(layoutOf(this.deck, first.players.map((p) => p.handSize)));
    this.reader = new EventReader(this.deck, first.seat);
    for (const card of first.hand) this.knowledge.add({ kind: 'holds', player: first.seat, card: this.deck.index.get(card)! });
    this.catchUp(first);
  }

  /** Reads what the seat's notebook gained since the last call; the notebook only grows. */
  catchUp(view: ClueView): void {
    for (; this.read < view.notebook.length; this.read++) {
      for (const fact of this.reader.read(view.notebook[this.read]!)?.facts ?? []) this.knowledge.add(fact);
    }
  }

  /**
   * The seat's knowledge now, with a suggestion still being refuted counted for what the seat
   * already knows of it (who could not refute, that the refuter holds one of the cards).
   */
  now(): Knowledge {
    for (const fact of this.reader.pendingFacts()) this.knowledge.add(fact);
    if (!this.knowledge.consistent) throw new Error(`clue analysis: seat ${this.seat}'s observations contradict each other`);
    return this.knowledge;
  }
}
