import type { Seat } from '../../core/seat.js';
import { ROLL_FOR_ORDER } from './messages.js';
import { perState } from './per-state.js';
import { upperBonus } from './scoring.js';
import {
  DICE,
  hasLeft,
  OPEN,
  ROUNDS,
  seriesTotal,
  seriesWinners,
  sheetAt,
  toAct,
  type Phase,
  type YahtzeeState,
} from './state.js';

/**
 * What one player may know: their own score sheet and totals, the dice while it is their turn, the
 * turn order, and at the end of the series only the winner's name and total. Never another
 * player's sheet or totals (UC-01 and UC-02 NFRs).
 */
export interface YahtzeeView {
  readonly seat: Seat;
  readonly names: readonly string[];
  phase: Phase;
  /** The game of the series being played, 1-based, and how many the series has. */
  game: number;
  readonly games: number;
  /** The turn being played in this game, 1..13. */
  round: number;
  toAct: Seat | null;
  /** Seats in turn order; empty until the order is thrown. */
  order: readonly Seat[];
  /** The dice while it is this player's turn and they have rolled, by position; else null. */
  dice: number[] | null;
  /** Rolls made in this player's turn (0 when it is not their turn). */
  rolls: number;
  /** This player's score sheet in category order (see CATEGORIES), null where not yet scored. */
  sheet: readonly (number | null)[];
  upper: number;
  bonus: number;
  /** This game's total so far, upper bonus included once earned. */
  total: number;
  /** This player's totals of the finished games, and their sum. */
  gameTotals: readonly number[];
  seriesTotal: number;
  /** What the player is asked to do now, in the spec's words, or null. */
  prompt: string | null;
  /** Announced at the end of a series of 2+ players. */
  winner: { readonly names: readonly string[]; readonly score: number } | null;
  left: boolean;
}

/** A seat's view and the array its dice are copied into (kept out of the view while not its turn). */
interface Reused {
  readonly view: YahtzeeView;
  readonly dice: number[];
  /**
   * What the sheet and totals were last read at: scoring changes them (`turnsPlayed`), and so do a
   * new game and the series' end, which a departure can bring about without a turn being scored.
   */
  turnsSeen: number;
  gameSeen: number;
  phaseSeen: Phase | null;
}

const EMPTY: readonly never[] = Object.freeze([]);

/** Per state: the names, frozen once for every seat's view, and each seat's reused view. */
const reusedOf = perState((state) => ({ names: Object.freeze(state.names.slice()), seats: [] as Reused[] }));

function fresh(state: YahtzeeState, seat: Seat, names: readonly string[]): Reused {
  const view: YahtzeeView = {
    seat,
    names,
    phase: state.phase,
    game: 0,
    games: state.series,
    round: 0,
    toAct: null,
    order: EMPTY,
    dice: null,
    rolls: 0,
    sheet: [null, null, null, null, null, null, null, null, null, null, null, null, null],
    upper: 0,
    bonus: 0,
    total: 0,
    gameTotals: EMPTY,
    seriesTotal: 0,
    prompt: null,
    winner: null,
    left: false,
  };
  return { view, dice: [0, 0, 0, 0, 0], turnsSeen: -1, gameSeen: -1, phaseSeen: null };
}

/**
 * The view of `seat`. One object per (state, seat), refreshed in place by each call, so it is
 * valid until the next `apply`: the hot path asks for a view at every step. Its arrays are copies
 * (the sheet and totals refreshed when a turn is scored, the dice at every call), so a bot that
 * writes into its view changes only its own copy, never the game. (Freezing them was a tenth of
 * the engine's time.)
 */
export function view(state: YahtzeeState, seat: Seat): YahtzeeView {
  const reused = reusedOf(state);
  const mine = (reused.seats[seat] ??= fresh(state, seat, reused.names));
  const v = mine.view;
  const acting = toAct(state);
  v.phase = state.phase;
  v.game = state.game;
  v.round = state.round;
  v.toAct = acting;
  if (v.order.length !== state.order.length) v.order = state.order.slice();
  const rolling = acting === seat && state.phase === 'play' && state.rolls > 0;
  v.rolls = acting === seat ? state.rolls : 0;
  v.dice = rolling ? copyDice(mine.dice, state.dice) : null;
  if (mine.turnsSeen !== state.turnsPlayed || mine.gameSeen !== state.game || mine.phaseSeen !== state.phase) {
    copySheet(state, seat, v);
    mine.turnsSeen = state.turnsPlayed;
    mine.gameSeen = state.game;
    mine.phaseSeen = state.phase;
  }
  v.prompt = state.phase === 'order' && acting === seat ? ROLL_FOR_ORDER : null;
  v.winner = state.phase === 'over' && state.names.length > 1 ? announcedWinner(state) : null;
  v.left = hasLeft(state, seat);
  return v;
}

function copySheet(state: YahtzeeState, seat: Seat, v: YahtzeeView): void {
  const at = sheetAt(seat);
  const sheet = v.sheet as (number | null)[];
  let upper = 0;
  let sum = 0;
  for (let c = 0; c < ROUNDS; c++) {
    const entry = state.sheets[at + c]!;
    if (entry === OPEN) {
      sheet[c] = null;
      continue;
    }
    sheet[c] = entry;
    sum += entry;
    if (c < 6) upper += entry;
  }
  v.upper = upper;
  v.bonus = upperBonus(upper);
  v.total = sum + v.bonus;
  if (v.gameTotals.length !== state.totals[seat]!.length) v.gameTotals = state.totals[seat]!.slice();
  v.seriesTotal = seriesTotal(state, seat);
}

function copyDice(into: number[], from: readonly number[]): number[] {
  for (let i = 0; i < DICE; i++) into[i] = from[i]!;
  return into;
}

function announcedWinner(state: YahtzeeState): YahtzeeView['winner'] {
  const best = seriesWinners(state);
  return best === null ? null : { names: best.seats.map((seat) => state.names[seat]!), score: best.score };
}
