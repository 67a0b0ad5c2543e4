import type { Seat } from '../../core/seat.js';

/**
 * What happens in a Clue game, as plain JSON. Every event is public except `dealt` and `caseFile`
 * (to one seat, nothing for the others), `refuted` (to the suggester and the refuter; the others
 * get the same event without `card`) and, in a game played on for places, a correct `accused`
 * (to the accuser alone: the others get `solved`, which names no card). A seat's notebook is these
 * events as it sees them, in order; `describe` words each one in spec 002's voice for that seat.
 */
export type ClueEvent =
  | DealtEvent
  | PlacedEvent
  | RolledEvent
  | MovedEvent
  | SuggestedEvent
  | RefutedEvent
  | UnrefutedEvent
  | AccusedEvent
  | EliminatedEvent
  | SolvedEvent
  | CaseFileEvent
  | PassedEvent
  | LeftEvent
  | GameOverEvent;

/** The cards a seat was dealt: the first line of its notebook (UC08). Private to `seat`. */
export interface DealtEvent {
  readonly type: 'dealt';
  readonly seat: Seat;
  readonly cards: readonly string[];
}

/** UC04: a weapon placed in a room by the seat placing them. */
export interface PlacedEvent {
  readonly type: 'placed';
  readonly seat: Seat;
  readonly weapon: string;
  readonly room: string;
}

export interface RolledEvent {
  readonly type: 'rolled';
  readonly seat: Seat;
  readonly dice: readonly [number, number];
  readonly total: number;
}

/**
 * A player's own move; `path` is every node entered after `from`, ending with `destination`. (Not
 * `to`: on an event that field names who may see it.)
 */
export interface MovedEvent {
  readonly type: 'moved';
  readonly seat: Seat;
  readonly suspect: string;
  readonly from: string;
  readonly destination: string;
  readonly path: readonly string[];
  /** 'dice': a roll's move; 'passage': the secret passage; 'step': a Clue-Less move. */
  readonly by: 'dice' | 'passage' | 'step';
}

/**
 * A suggestion (spec 002: a hypothesis), with the pawns it moved into the room and how the
 * refutation went, as everyone at the table sees it: the players asked who could not refute
 * (`passed`, in the order asked) and the one who will show a card (`refuter`, null if nobody can).
 */
export interface SuggestedEvent {
  readonly type: 'suggested';
  readonly seat: Seat;
  readonly suspect: string;
  readonly weapon: string;
  readonly room: string;
  /** Where the suspect's pawn was, or null when it was already in the room. */
  readonly suspectFrom: string | null;
  /** Where the weapon was, or null when it was already in the room. */
  readonly weaponFrom: string | null;
  readonly passed: readonly Seat[];
  readonly refuter: Seat | null;
}

/** The refuter (`seat`) showed `card` to the suggester; the others see no `card`. */
export interface RefutedEvent {
  readonly type: 'refuted';
  readonly seat: Seat;
  readonly suggester: Seat;
  readonly card?: string;
}

/** Nobody could refute the suggestion. */
export interface UnrefutedEvent {
  readonly type: 'unrefuted';
  readonly suggester: Seat;
}

export interface AccusedEvent {
  readonly type: 'accused';
  readonly seat: Seat;
  readonly suspect: string;
  readonly weapon: string;
  readonly room: string;
  readonly correct: boolean;
  /** Cluedo moves the accused suspect and weapon into the room; null when nothing moved. */
  readonly suspectFrom: string | null;
  readonly weaponFrom: string | null;
}

/**
 * A wrong accusation's consequence (UC23, G.17e-f, spec 002): the player makes no further moves and
 * still shows cards, or leaves the game with its cards kept secret.
 */
export interface EliminatedEvent {
  readonly type: 'eliminated';
  readonly seat: Seat;
  readonly stillShowsCards: boolean;
}

/**
 * Played on for places (option `placings`): `seat` accused correctly and takes `place`. The table
 * learns only that: the solver checked the case file privately and it stays hidden until the end.
 * The solver makes no further moves but stays at the table and still shows cards, in every variant.
 */
export interface SolvedEvent {
  readonly type: 'solved';
  readonly seat: Seat;
  readonly place: number;
}

/** UC21: the accuser looks at the case file, so no one else can see (classic, Clue-Less). */
export interface CaseFileEvent {
  readonly type: 'caseFile';
  readonly seat: Seat;
  readonly suspect: string;
  readonly weapon: string;
  readonly room: string;
}

/** The turn ends: `pass` by choice, `cannotMove` when no move is possible (G.15.3). */
export interface PassedEvent {
  readonly type: 'passed';
  readonly seat: Seat;
  readonly reason: 'pass' | 'cannotMove';
}

/** A player left the game (a person who quit, a System Player that failed). */
export interface LeftEvent {
  readonly type: 'left';
  readonly seat: Seat;
}

/** The end: the case file is displayed to everyone (UC25). */
export interface GameOverEvent {
  readonly type: 'gameOver';
  readonly winner: Seat | null;
  /**
   * solved: a correct accusation (played on for places: at most one player left in the turn order
   * after one); allAccused: every player accused wrongly or left; capped: maxTurns.
   */
  readonly reason: 'solved' | 'allAccused' | 'capped';
  /** Played on for places: the players who solved the case, in the order they did (`winner` first). */
  readonly solvers?: readonly Seat[];
  readonly caseFile: { readonly suspect: string; readonly weapon: string; readonly room: string };
}
