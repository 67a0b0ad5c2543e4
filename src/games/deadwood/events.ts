import type { Seat } from '../../core/seat.js';
import type { Payment } from './actions.js';
import type { RolePlace } from './state.js';

/**
 * Every Deadwood event is public: the only hidden things are face-down scenes and the deck. (No
 * field is called `to`: that name is the events' visibility list.)
 */
export type DeadwoodEvent =
  | { type: 'upgraded'; seat: Seat; from: number; rank: number; pay: Payment; price: number }
  | { type: 'moved'; seat: Seat; from: string; room: string }
  | { type: 'revealed'; set: string; scene: number; title: string; budget: number; roles: readonly { name: string; rank: number }[] }
  | { type: 'roleTaken'; seat: Seat; set: string; role: string; on: RolePlace; rank: number }
  | { type: 'rehearsed'; seat: Seat; set: string; chips: number }
  | {
      type: 'acted';
      seat: Seat;
      set: string;
      role: string;
      on: RolePlace;
      die: number;
      chips: number;
      budget: number;
      success: boolean;
      dollars: number;
      credits: number;
      shotsLeft: number;
    }
  | {
      type: 'wrapped';
      set: string;
      scene: number;
      /** The bonus dice, highest first; empty when no one was on the card (no bonus at all). */
      dice: readonly number[];
      payouts: readonly { seat: Seat; role: string; on: RolePlace; dollars: number }[];
      scenesLeft: number;
    }
  | { type: 'turnEnded'; seat: Seat }
  | { type: 'dayEnded'; day: number; set: string | null }
  | { type: 'dayStarted'; day: number; first: Seat }
  | { type: 'capped'; day: number; turns: number }
  | { type: 'forfeited'; seat: Seat }
  | { type: 'gameEnded'; scores: readonly number[]; winners: readonly Seat[] };
