import type { GameEvent } from '../core/events.js';
import type { Action, GameDefinition } from '../core/game.js';
import type { Outcome } from '../core/outcome.js';
import type { Seat } from '../core/seat.js';
import type { MenuEntry } from './menu.js';

/**
 * What a seat's screen is drawn from. `state` is there only for the game's public helpers (the
 * board drawing, action labels): everything private comes from `view`, what the seat may know.
 */
export interface SeatContext<S = any, V = any, A extends Action = any> {
  readonly game: GameDefinition<S, A, V>;
  readonly variant: string;
  readonly state: S;
  readonly view: V;
  readonly seat: Seat;
  readonly names: readonly string[];
}

/** The end of a game as everyone at the table may see it. */
export interface TableEnd<S = any> {
  readonly game: GameDefinition<S>;
  readonly state: S;
  readonly outcome: Outcome;
  /** Every event of the game, with full visibility: the finale describes only public ones. */
  readonly events: readonly GameEvent[];
  readonly variant: string;
  readonly names: readonly string[];
  readonly labels: readonly string[];
}

/**
 * How one game meets a person at the terminal: the screen of a turn, the numbered menu of its
 * legal actions, the typed commands where a menu is clumsy, its rules for `help`, and its end.
 * A game without a screen of its own is played through the generic one (generic-screen.ts).
 */
export interface GameScreen<S = any, A extends Action = any, V = any> {
  /** The id of the game it draws. */
  readonly gameId: string;
  /** The rules in a few lines, for `help`. */
  readonly rules: readonly string[];
  /** The game's typed commands, one line each, for `help`. */
  readonly commands: readonly string[];
  /** What the seat sees before choosing: its board, hand, sheet, room... */
  screen(ctx: SeatContext<S, V>): string[];
  menu(legal: readonly A[], ctx: SeatContext<S, V>): MenuEntry<A>[];
  /**
   * A typed command as an action, or null when `words` is not one of this game's commands. A
   * malformed command throws an InputError saying what is expected.
   */
  parse(words: readonly string[], ctx: SeatContext<S, V>, legal: readonly A[]): A | null;
  /** A yes/no question for a person who has just seen `events` (a new game of a Yahtzee series), or null. */
  interlude?(events: readonly GameEvent[]): string | null;
  /** The final screen: outcome, case file, scores or winners, as far as everyone may see them. */
  finale(end: TableEnd<S>): string[];
}

/** The public events of these types, in the narrator's words: what a final screen may show everyone. */
export function publicLines(end: TableEnd, types: readonly string[]): string[] {
  return end.events.filter((e) => e.to === undefined && types.includes(e.type)).map((e) => end.game.describe(e, null, end.names, end.variant));
}
