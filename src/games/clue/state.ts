import type { Seat } from '../../core/seat.js';
import { classicBoard, cluelessBoard, isRoom, type Board } from './board.js';
import type { ClueVariantId } from './cards.js';
import type { GameEvent } from '../../core/events.js';
import { VARIANTS, type ClueRules, type ClueVariant } from './rules.js';

export interface CaseFile {
  readonly suspect: string;
  readonly weapon: string;
  readonly room: string;
}

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

/** A player's public record: `apply` updates it in place; every seat's view shares it. */
export interface PlayerState {
  readonly seat: Seat;
  readonly name: string;
  /** The suspect whose pawn this player moves. */
  readonly suspect: string;
  handSize: number;
  /** Made an accusation that was wrong. */
  accusedWrongly: boolean;
  /** Left the game (forfeit, a person who quit). */
  departed: boolean;
  /** Still takes turns. */
  inTurnOrder: boolean;
  /** Is still asked to refute suggestions (classic and Clue-Less wrong accusers are; Cluedo's are not). */
  refutes: boolean;
  /** Played on for places: the place this player's correct accusation took (1 first); absent otherwise. */
  place?: number;
}

/** The suggestion of the turn while it is refuted or just after. */
export interface SuggestionState {
  readonly seat: Seat;
  readonly suspect: string;
  readonly weapon: string;
  readonly room: string;
  readonly passed: readonly Seat[];
  readonly refuter: Seat | null;
}

/**
 * A Clue game in progress: plain JSON that `apply` mutates in place. Hidden: `hands` and
 * `caseFile`; every other field is public or belongs to one seat's notebook.
 */
export interface ClueState {
  readonly variant: ClueVariantId;
  /** The rules this game is played by: the variant's, with the options' in their place. Frozen, shared by every seat's view. */
  readonly rules: ClueRules;
  readonly names: readonly string[];
  /** The seats in turn order, first player first. */
  readonly order: readonly Seat[];
  readonly hands: readonly (readonly string[])[];
  readonly caseFile: CaseFile;
  /** Suspect -> node name, for all six pawns. */
  pawns: Record<string, string>;
  /** Weapon -> room (only placed weapons during UC04's placement). */
  weapons: Record<string, string>;
  players: PlayerState[];
  phase: CluePhase;
  /** The player whose turn it is (or who places the weapons). */
  turn: Seat | null;
  toAct: Seat | null;
  turnNumber: number;
  readonly maxTurns: number;
  /** Play on for places (option `placings`): a correct accusation does not end the game. */
  readonly placings: boolean;
  /** The players who accused correctly, in the order they did (at most one without `placings`). */
  solvers: Seat[];
  dice: [number, number] | null;
  /** The room the player's pawn left this turn. */
  leftRoom: string | null;
  /** The room the player's pawn stood in when the turn began (UC13.3: passages only from there). */
  startRoom: string | null;
  /** The player's own move this turn ended in a room: a suggestion may follow. */
  entered: boolean;
  suggested: boolean;
  /** Per seat: a suggestion moved its pawn into a room since its last turn. */
  movedBySuggestion: boolean[];
  /** Per seat: it has seen the case file (its own accusation, where the variant shows it). */
  knowsCaseFile: boolean[];
  suggestion: SuggestionState | null;
  /** Once the game is over: the first player who accused correctly, or null. */
  winner: Seat | null;
  endReason: 'solved' | 'allAccused' | 'capped' | null;
  /**
   * Every event once, with its visibility (`to`, `redacted`), from each seat's dealt cards on: the
   * seats' notebooks are read from it (notebook.ts), so a state's JSON holds each event once.
   */
  log: GameEvent[];
  /** Bumped by every change: keys the caches of legal actions. */
  version: number;
}

/** The game's variant: its cards, board and seating. */
export function variantOf(state: ClueState): ClueVariant {
  return VARIANTS[state.variant];
}

const boards = new Map<ClueVariantId, Board>();

/** The variant's board, looked up once per variant (the hot path asks for it at every step). */
export function boardOf(variant: ClueVariant): Board {
  let board = boards.get(variant.id);
  if (board === undefined) {
    board = variant.board === 'classic' ? classicBoard() : cluelessBoard(variant.seating);
    boards.set(variant.id, board);
  }
  return board;
}

export function suspectOf(state: ClueState, seat: Seat): string {
  return state.players[seat]!.suspect;
}

/** The room `seat`'s pawn is in, or null. */
export function roomOf(state: ClueState, seat: Seat): string | null {
  const at = state.pawns[suspectOf(state, seat)]!;
  return isRoom(boardOf(variantOf(state)).index.get(at)!) ? at : null;
}

/** The seat playing `suspect`, or -1 when nobody plays it. */
export function seatPlaying(state: ClueState, suspect: string): Seat {
  return state.players.findIndex((player) => player.suspect === suspect);
}
