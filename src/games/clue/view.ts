import type { Seat } from '../../core/seat.js';
import type { ClueVariantId } from './cards.js';
import type { ClueEvent } from './events.js';
import type { ClueRules } from './rules.js';
import type { CluePhase, PlayerState, SuggestionState } from './state.js';

export type { CluePhase } from './state.js';

/** A player as every seat sees it: the state's own record, read-only. */
export type CluePlayer = Readonly<PlayerState>;

/** The suggestion being refuted, as every seat sees it. */
export type SuggestionInView = Readonly<SuggestionState>;

/** Everything one seat may know of a Clue game, and nothing more. Read-only: it may share the state's objects. */
export interface ClueView {
  readonly variant: ClueVariantId;
  /**
   * The rules this game is played by: the variant's, with the options' in their place (rules.ts).
   * Public, like the rules read out before a game; bots, notebooks and clients read them here.
   */
  readonly rules: ClueRules;
  readonly seat: Seat;
  readonly suspect: string;
  /** My cards, canonical names. */
  readonly hand: readonly string[];
  /** Every player, indexed by seat. */
  readonly players: readonly CluePlayer[];
  /** The seats in turn order, starting with the first player; refutation runs along it (or backwards: `rules.refutation`). */
  readonly order: readonly Seat[];
  /** Whose turn it is (the player moving), null once the game is over. */
  readonly turn: Seat | null;
  /** Who must decide now: the player whose turn it is, or the refuter. */
  readonly toAct: Seat | null;
  /** Turns played so far, counting the current one (1 in the first turn). */
  readonly turnNumber: number;
  readonly maxTurns: number;
  readonly phase: CluePhase;
  /** The roll of the turn in progress, once rolled (everyone sees it). */
  readonly dice: readonly [number, number] | null;
  /** My pawn's position (a node name, see actions.ts). */
  readonly position: string;
  /** The room my pawn is in, or null. */
  readonly room: string | null;
  /** The room the player to move left this turn, which it may not re-enter (classic, Cluedo). */
  readonly leftRoom: string | null;
  /** A suggestion moved my pawn into this room since my last turn: I may suggest there without moving. */
  readonly movedBySuggestion: boolean;
  /** Every suspect's pawn, played or not: suspect -> position. */
  readonly pawns: Readonly<Record<string, string>>;
  /** Every weapon: weapon -> room. */
  readonly weapons: Readonly<Record<string, string>>;
  /** The suggestion of this turn, while it is being refuted or just after. */
  readonly suggestion: SuggestionInView | null;
  /** When I am the refuter: the named cards I hold, one of which I must show. */
  readonly mayShow: readonly string[];
  /** I have made my one accusation. */
  readonly accused: boolean;
  /** The case file, once I may know it: after my own accusation (where `rules.accuserSeesCaseFile`) or at the end. */
  readonly caseFile: { readonly suspect: string; readonly weapon: string; readonly room: string } | null;
  readonly winner: Seat | null;
  /** My notebook: every event I have seen, as I saw it, starting with my dealt cards. */
  readonly notebook: readonly ClueEvent[];
}
