import type { Seat } from '../../core/seat.js';
import { classicBoard, cluelessBoard, isRoom, type Board } from './board.js';
import type { ClueVariantId } from './cards.js';
import type { GameEvent } from '../../core/events.js';
import { VARIANTS, type VariantRules } from './rules.js';
import type { CluePhase, CluePlayer, SuggestionInView } from './view.js';

export interface CaseFile {
  readonly suspect: string;
  readonly weapon: string;
  readonly room: string;
}

export type PlayerState = { -readonly [K in keyof CluePlayer]: CluePlayer[K] };

/**
 * A Clue game in progress: plain JSON that `apply` mutates in place. Hidden: `hands` and
 * `caseFile`; every other field is public or belongs to one seat's notebook.
 */
export interface ClueState {
  readonly variant: ClueVariantId;
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
  suggestion: SuggestionInView | null;
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

export function rulesOf(state: ClueState): VariantRules {
  return VARIANTS[state.variant];
}

const boards = new Map<ClueVariantId, Board>();

/** The variant's board, looked up once per variant (the hot path asks for it at every step). */
export function boardOf(rules: VariantRules): Board {
  let board = boards.get(rules.id);
  if (board === undefined) {
    board = rules.board === 'classic' ? classicBoard() : cluelessBoard(rules.seating);
    boards.set(rules.id, board);
  }
  return board;
}

export function suspectOf(state: ClueState, seat: Seat): string {
  return state.players[seat]!.suspect;
}

/** The room `seat`'s pawn is in, or null. */
export function roomOf(state: ClueState, seat: Seat): string | null {
  const at = state.pawns[suspectOf(state, seat)]!;
  return isRoom(boardOf(rulesOf(state)).index.get(at)!) ? at : null;
}

/** The seat playing `suspect`, or -1 when nobody plays it. */
export function seatPlaying(state: ClueState, suspect: string): Seat {
  return state.players.findIndex((player) => player.suspect === suspect);
}
