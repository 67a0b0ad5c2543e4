import type { Seat } from '../../src/core/seat.js';
import { Knowledge } from '../../src/deduction/knowledge.js';
import type { Suggestion } from '../../src/deduction/observations.js';
import type { ClueVariantId } from '../../src/games/clue/cards.js';
import type { ClueView } from '../../src/games/clue/view.js';
import { deckOf, layoutOf, type Deck } from '../../src/games/clue/deck.js';
import { EventReader } from '../../src/games/clue/event-reader.js';

/**
 * Everything a seat knows, exactly: its notebook read into the deduction library. The view's
 * notebook only grows, so each decision reads just the new entries.
 */
export class Mind {
  readonly deck: Deck;
  readonly knowledge: Knowledge;
  /** The suggestions I have seen answered, in order. */
  readonly suggestions: Suggestion[] = [];
  /** shownTo[player]: the cards I have shown that player. */
  readonly shownTo: Set<number>[];
  /** Grows whenever a fact is learned: what was computed from the knowledge at an older version is stale. */
  version = 0;
  private readonly reader: EventReader;
  private read = 0;

  constructor(
    variant: ClueVariantId,
    readonly seat: Seat,
    view: ClueView,
  ) {
    this.deck = deckOf(variant);
    this.knowledge = new Knowledge(layoutOf(this.deck, view.players.map((p) => p.handSize)));
    this.reader = new EventReader(this.deck, seat);
    this.shownTo = view.players.map(() => new Set<number>());
  }

  /** Reads the notebook entries not read yet. */
  catchUp(view: ClueView): void {
    const { notebook } = view;
    for (; this.read < notebook.length; this.read++) {
      const event = notebook[this.read]!;
      const learned = this.reader.read(event);
      if (learned === null) continue;
      for (const fact of learned.facts) this.knowledge.add(fact);
      if (learned.facts.length > 0) this.version++;
      const s = learned.suggestion;
      if (s === undefined) continue;
      this.suggestions.push(s);
      if (s.refutedBy === this.seat && s.shown !== undefined) this.shownTo[s.by]!.add(s.shown);
    }
  }

  /** The case file when it is certain, as names. */
  certainCaseFile(): { suspect: string; weapon: string; room: string } | null {
    const solution = this.knowledge.solution();
    if (solution === null) return null;
    const [suspect, weapon, room] = solution.map((c) => this.deck.names[c]!);
    return { suspect: suspect!, weapon: weapon!, room: room! };
  }
}

/** The part of a strategy that reasons from a Mind: made at the first decision, caught up at each. */
export abstract class Knowing {
  private mind: Mind | null = null;

  constructor(
    protected readonly variant: ClueVariantId,
    protected readonly seat: Seat,
  ) {}

  protected get known(): Mind {
    return this.mind!;
  }

  update(view: ClueView): void {
    this.mind ??= new Mind(this.variant, this.seat, view);
    this.mind.catchUp(view);
  }
}
