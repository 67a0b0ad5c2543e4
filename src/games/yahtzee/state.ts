import { outcomeFromScores, withForfeits, type Outcome } from '../../core/outcome.js';
import type { Seat } from '../../core/seat.js';
import { CATEGORIES, upperBonus } from './scoring.js';

export const DICE = 5;
export const ROUNDS = CATEGORIES.length;
export const MAX_ROLLS = 3;
/** A score sheet entry not yet scored. */
export const OPEN = -1;

export type Phase = 'order' | 'play' | 'over';

/**
 * The whole game as compact JSON: flat arrays of numbers, because `apply` runs millions of times
 * in a tournament. Mutated in place by `apply` and `forfeit` only.
 */
export interface YahtzeeState {
  readonly names: readonly string[];
  /** How many games make the series. */
  readonly series: number;
  phase: Phase;
  /** The game of the series being played, 1-based. */
  game: number;
  /** The turn each player is playing in this game, 1..13. */
  round: number;
  /** Seats in turn order; empty while the order phase lasts. */
  order: Seat[];
  /** The die each seat rolled for the turn order, 0 before it rolled. */
  orderDice: number[];
  /** Index in `order` of the player whose turn it is. */
  turn: number;
  /** The five dice of the turn, by position; 0 before the first roll. */
  dice: number[];
  /** Rolls made in this turn, 0..3. */
  rolls: number;
  /** seat * 13 + category index: the score entered, OPEN (-1) while not scored. */
  sheets: number[];
  /** Per seat, the totals of the games of the series it finished. */
  totals: number[][];
  /** Turns scored in the series, by every player. */
  turnsPlayed: number;
  /** Seats that left, in the order they left: their turns are skipped. */
  departed: Seat[];
}

export function sheetAt(seat: Seat): number {
  return seat * ROUNDS;
}

export function upperTotal(state: YahtzeeState, seat: Seat): number {
  let sum = 0;
  const at = sheetAt(seat);
  for (let c = 0; c < 6; c++) {
    const entry = state.sheets[at + c]!;
    if (entry > 0) sum += entry;
  }
  return sum;
}

/** The total of a seat's sheet so far: every entry, plus the upper bonus once it is earned. */
export function sheetTotal(state: YahtzeeState, seat: Seat): number {
  let sum = 0;
  const at = sheetAt(seat);
  for (let c = 0; c < ROUNDS; c++) {
    const entry = state.sheets[at + c]!;
    if (entry > 0) sum += entry;
  }
  return sum + upperBonus(upperTotal(state, seat));
}

export function scoredCount(state: YahtzeeState, seat: Seat): number {
  let n = 0;
  const at = sheetAt(seat);
  for (let c = 0; c < ROUNDS; c++) if (state.sheets[at + c]! !== OPEN) n++;
  return n;
}

export function seriesTotal(state: YahtzeeState, seat: Seat): number {
  let sum = 0;
  for (const total of state.totals[seat]!) sum += total;
  return sum;
}

/** Series totals decide: competition ranks, the best total(s) win, players who left rank last. */
export function seriesOutcome(state: YahtzeeState): Outcome {
  return withForfeits(outcomeFromScores(state.names.map((_, seat) => seriesTotal(state, seat))), state.departed);
}

/** The players who stayed with the best series total, or null when none stayed: the outcome's winners, announced. */
export function seriesWinners(state: YahtzeeState): { seats: Seat[]; score: number } | null {
  const { winners, score } = seriesOutcome(state);
  return winners.length === 0 ? null : { seats: [...winners], score: score![winners[0]!]! };
}

export function hasLeft(state: YahtzeeState, seat: Seat): boolean {
  return state.departed.length > 0 && state.departed.includes(seat);
}

/** A whole number from 1 to 6 (`x | 0` is x only for whole numbers in 32 bits, never for strings or NaN). */
export function isDieFace(value: unknown): value is number {
  return (value as number) === ((value as number) | 0) && (value as number) >= 1 && (value as number) <= 6;
}

/** The index in `order` of the first player still in the game (order.length when none is). */
export function firstToPlay(state: YahtzeeState): number {
  return nextToPlay(state, 0);
}

/** The index in `order`, from `from` on, of the next player still in the game. */
export function nextToPlay(state: YahtzeeState, from: number): number {
  let turn = from;
  while (turn < state.order.length && hasLeft(state, state.order[turn]!)) turn++;
  return turn;
}

/** The seat whose decision it is, or null once the series is over. */
export function toAct(state: YahtzeeState): Seat | null {
  if (state.phase === 'play') return state.order[state.turn]!;
  if (state.phase === 'over') return null;
  for (let seat = 0; seat < state.names.length; seat++) {
    if (state.orderDice[seat] === 0 && !hasLeft(state, seat)) return seat;
  }
  return null;
}
