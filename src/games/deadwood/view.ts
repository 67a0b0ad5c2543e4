import type { Seat } from '../../core/seat.js';
import { sceneCard, type SceneCard } from './data.js';
import type { DeadwoodState, RoleRef } from './state.js';

export interface PlayerView {
  readonly name: string;
  readonly room: string;
  readonly rank: number;
  readonly dollars: number;
  readonly credits: number;
  readonly role: RoleRef | null;
  readonly chips: number;
  readonly departed: boolean;
}

export interface SetView {
  readonly room: string;
  /** The card, once face up; null while face down and after the wrap. */
  readonly scene: SceneCard | null;
  readonly revealed: boolean;
  readonly wrapped: boolean;
  readonly shotsLeft: number;
  /** Who works each starring role; empty while the card is face down (its role count is hidden too). */
  readonly starring: readonly (Seat | null)[];
  readonly extras: readonly (Seat | null)[];
}

/** Everything public: the whole state but the face-down cards and the deck's order. */
export interface DeadwoodView {
  readonly seat: Seat;
  readonly day: number;
  readonly days: number;
  readonly current: Seat;
  readonly over: boolean;
  readonly turnsToday: number;
  readonly turnCap: number;
  /** What the player to act has done this turn. */
  readonly moved: boolean;
  readonly upgraded: boolean;
  readonly tookRole: boolean;
  readonly players: readonly PlayerView[];
  readonly sets: readonly SetView[];
  /** Cards left in the deck, face down. */
  readonly deckSize: number;
}

export function view(state: DeadwoodState, seat: Seat): DeadwoodView {
  return {
    seat,
    day: state.day,
    days: state.days,
    current: state.current,
    over: state.over,
    turnsToday: state.turnsToday,
    turnCap: state.turnCap,
    moved: state.turn.moved,
    upgraded: state.turn.upgraded,
    tookRole: state.turn.tookRole,
    players: state.players.map((p) => ({
      name: p.name,
      room: p.room,
      rank: p.rank,
      dollars: p.dollars,
      credits: p.credits,
      role: p.role,
      chips: p.chips,
      departed: p.departed,
    })),
    sets: state.sets.map((s) => ({
      room: s.room,
      scene: s.scene !== null && s.revealed ? sceneCard(s.scene) : null,
      revealed: s.revealed,
      wrapped: s.scene === null,
      shotsLeft: s.shotsLeft,
      starring: s.revealed ? s.starring.slice() : [],
      extras: s.extras.slice(),
    })),
    deckSize: state.deck.length,
  };
}
