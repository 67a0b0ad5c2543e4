import type { Seat } from '../../core/seat.js';
import type { ClueVariantId } from './cards.js';
import type { ClueEvent } from './events.js';

/**
 * Where a turn stands.
 * - placeWeapons: UC04, the placing seat puts the weapons in rooms before play (option placeWeapons).
 * - start: the player to move may roll, take a passage (classic), move (Clue-Less), pass, suggest
 *   where allowed without moving, or accuse.
 * - move: the dice are rolled (`dice`), the player chooses a destination.
 * - suggest: the player is in a room where it may (or, in Clue-Less, must) suggest.
 * - refute: `toAct` is the refuter, choosing which named card it holds to show (one or several).
 * - end: the move (and suggestion) is done; the player may accuse or pass.
 * - over: the game has ended.
 */
export type CluePhase = 'placeWeapons' | 'start' | 'move' | 'suggest' | 'refute' | 'end' | 'over';

export interface CluePlayer {
  readonly seat: Seat;
  readonly name: string;
  /** The suspect whose pawn this player moves. */
  readonly suspect: string;
  readonly handSize: number;
  /** Made an accusation that was wrong. */
  readonly accusedWrongly: boolean;
  /** Left the game (forfeit, a person who quit). */
  readonly departed: boolean;
  /** Still takes turns. */
  readonly inTurnOrder: boolean;
  /** Is still asked to refute suggestions (classic and Clue-Less wrong accusers are; Cluedo's are not). */
  readonly refutes: boolean;
  /** Played on for places: the place this player's correct accusation took (1 first); absent otherwise. */
  readonly place?: number;
}

export interface SuggestionInView {
  readonly seat: Seat;
  readonly suspect: string;
  readonly weapon: string;
  readonly room: string;
  readonly passed: readonly Seat[];
  readonly refuter: Seat | null;
}

/** Everything one seat may know of a Clue game, and nothing more. Read-only: it may share the state's objects. */
export interface ClueView {
  readonly variant: ClueVariantId;
  readonly seat: Seat;
  readonly suspect: string;
  /** My cards, canonical names. */
  readonly hand: readonly string[];
  /** Every player, indexed by seat. */
  readonly players: readonly CluePlayer[];
  /** The seats in turn order, starting with the first player; refutation runs along it (or backwards, in Cluedo). */
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
  /** The case file, once I may know it: after my own accusation (classic, Clue-Less) or at the end. */
  readonly caseFile: { readonly suspect: string; readonly weapon: string; readonly room: string } | null;
  readonly winner: Seat | null;
  /** My notebook: every event I have seen, as I saw it, starting with my dealt cards. */
  readonly notebook: readonly ClueEvent[];
}
