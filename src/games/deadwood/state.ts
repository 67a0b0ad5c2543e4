import type { Seat } from '../../core/seat.js';

/** Where a role is printed: on the scene card (starring) or on the set (an extra). */
export type RolePlace = 'card' | 'set';

/** The role a player works. It is always in the player's room; the object is never mutated. */
export interface RoleRef {
  readonly on: RolePlace;
  /** Index in the card's roles or the set's extras (both lowest rank first). */
  readonly index: number;
  readonly name: string;
  readonly rank: number;
}

export interface PlayerState {
  readonly name: string;
  /** A room id of the board data. */
  room: string;
  rank: number;
  dollars: number;
  credits: number;
  role: RoleRef | null;
  /** Rehearsal chips on the current role. */
  chips: number;
  departed: boolean;
}

export interface SetState {
  readonly room: string;
  /** The scene card's id; null once the scene has wrapped. */
  scene: number | null;
  /** The card is face up: someone has entered the set this day. */
  revealed: boolean;
  shotsLeft: number;
  /** Who works each starring role (card order, lowest rank first); null when free. */
  starring: (Seat | null)[];
  /** Who works each extra (board order, lowest rank first); null when free. */
  extras: (Seat | null)[];
}

/** What the player to act has already done this turn. */
export interface TurnProgress {
  moved: boolean;
  upgraded: boolean;
  tookRole: boolean;
}

export interface DeadwoodState {
  readonly days: number;
  day: number;
  readonly players: PlayerState[];
  /** One per set, in board order. */
  readonly sets: SetState[];
  /** The face-down deck, top card first: hidden from every view. */
  deck: number[];
  current: Seat;
  readonly turn: TurnProgress;
  /** Turns ended so far today. */
  turnsToday: number;
  /** A day that reaches this many turns ends the game as a draw. */
  readonly turnCap: number;
  over: boolean;
  capped: boolean;
  /** Seats that left the game, in the order they left. */
  readonly departed: Seat[];
}
