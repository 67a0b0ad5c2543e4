import type { Seat } from '../../core/seat.js';
import type { Category } from './scoring.js';

/**
 * What happens in a Yahtzee game. Dice are on the table for everyone to see; what a player scores
 * and their totals are theirs alone (UC-01 and UC-02 NFRs), so those events are private and the
 * others see at most that the turn was scored.
 */
export type YahtzeeEvent =
  | { readonly type: 'orderPrompt' }
  | { readonly type: 'orderRoll'; readonly seat: Seat; readonly die: number }
  | { readonly type: 'order'; readonly order: readonly Seat[]; readonly dice: readonly number[]; readonly tie: boolean }
  | { readonly type: 'roll'; readonly seat: Seat; readonly roll: number; readonly hold: number; readonly dice: readonly number[] }
  | ScoredEvent
  | { readonly type: 'scored'; readonly seat: Seat }
  | GameTotalEvent
  | { readonly type: 'gameStart'; readonly game: number; readonly games: number }
  | SeriesTotalEvent
  | { readonly type: 'winner'; readonly winners: readonly Seat[]; readonly score: number }
  | { readonly type: 'left'; readonly seat: Seat };

/** Type aliases, not interfaces, so that they fit GameEvent's index signature. */
type Private = { readonly to: readonly Seat[] };

export type ScoredEvent = Private & {
  readonly type: 'scored';
  readonly seat: Seat;
  readonly category: Category;
  readonly score: number;
  readonly redacted: { readonly type: 'scored'; readonly seat: Seat };
};

export type GameTotalEvent = Private & {
  readonly type: 'gameTotal';
  readonly seat: Seat;
  readonly game: number;
  readonly upper: number;
  readonly bonus: number;
  readonly total: number;
};

export type SeriesTotalEvent = Private & {
  readonly type: 'seriesTotal';
  readonly seat: Seat;
  /** Each game's total, in order. */
  readonly games: readonly number[];
  readonly total: number;
};

const ONLY: (readonly Seat[])[] = [];
const SCORED_REDACTED: { readonly type: 'scored'; readonly seat: Seat }[] = [];

/** `to: [seat]`, one frozen array per seat: events are built on the hot path. */
export function only(seat: Seat): readonly Seat[] {
  return (ONLY[seat] ??= Object.freeze([seat]));
}

export function scoredEvent(seat: Seat, category: Category, score: number): ScoredEvent {
  const redacted = (SCORED_REDACTED[seat] ??= Object.freeze({ type: 'scored' as const, seat }));
  return { type: 'scored', seat, category, score, to: only(seat), redacted };
}

export const ORDER_PROMPT: YahtzeeEvent = Object.freeze({ type: 'orderPrompt' });
