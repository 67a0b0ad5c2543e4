import type { Seat } from '../../src/core/seat.js';
import type { ClueEvent } from '../../src/games/clue/events.js';
import type { Deck } from '../../src/games/clue/deck.js';

/**
 * A beginner's notebook: the cards I hold and the cards shown to me are crossed off; the case file
 * is solved when one card of each category is left.
 */
export class ChecklistNotes {
  private readonly crossed: boolean[];
  /** Rooms where my last suggestion went unrefuted since I last crossed a card: nothing to learn there now. */
  readonly fruitless = new Set<string>();
  private suggestedIn: string | null = null;
  /** How much of the seat's notebook has been read. */
  private read = 0;

  constructor(
    private readonly deck: Deck,
    private readonly seat: Seat,
  ) {
    this.crossed = deck.names.map(() => false);
  }

  /** Reads the notebook entries not read yet (a view's notebook only grows). */
  catchUp(notebook: readonly ClueEvent[]): void {
    for (; this.read < notebook.length; this.read++) this.note(notebook[this.read]!);
  }

  private note(event: ClueEvent): void {
    if (event.type === 'dealt' && event.seat === this.seat) for (const card of event.cards) this.cross(card);
    else if (event.type === 'refuted' && event.suggester === this.seat && event.card !== undefined) this.cross(event.card);
    else if (event.type === 'suggested' && event.seat === this.seat) this.suggestedIn = event.room;
    else if (event.type === 'unrefuted' && event.suggester === this.seat && this.suggestedIn !== null) this.fruitless.add(this.suggestedIn);
  }

  private cross(card: string): void {
    const c = this.deck.index.get(card)!;
    if (!this.crossed[c]) this.fruitless.clear();
    this.crossed[c] = true;
  }

  isCrossed(card: number): boolean {
    return this.crossed[card]!;
  }

  /** The cards left of each category: suspects, weapons, rooms. */
  left(): number[][] {
    return this.deck.byCategory.map((cards) => cards.filter((c) => !this.crossed[c]));
  }

  /** The case file (suspect, weapon, room names) when one card of each category is left, else null. */
  solution(): { suspect: string; weapon: string; room: string } | null {
    const left = this.left();
    if (left.some((cards) => cards.length !== 1)) return null;
    const [suspect, weapon, room] = left.map((cards) => this.deck.names[cards[0]!]!);
    return { suspect: suspect!, weapon: weapon!, room: room! };
  }
}
