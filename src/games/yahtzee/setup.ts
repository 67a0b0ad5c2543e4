import { InputError } from '../../core/errors.js';
import type { SetupContext } from '../../core/game.js';
import type { YahtzeeConfig, YahtzeeForced } from './config.js';
import { checkName } from './names.js';
import { CATEGORIES, isAchievableScore } from './scoring.js';
import { DICE, OPEN, ROUNDS, type YahtzeeState } from './state.js';

export const PLAYERS: readonly [number, number] = [1, 5];

/** A new series: score sheets are created (UC-02 step 1); with 2+ players the turn order is thrown first. */
export function setup(ctx: SetupContext<YahtzeeConfig>): YahtzeeState {
  const names = ctx.seats.map((seat) => seat.name);
  const n = names.length;
  if (n < PLAYERS[0] || n > PLAYERS[1]) throw new InputError(`Yahtzee takes ${PLAYERS[0]}-${PLAYERS[1]} players, got ${n}`);
  names.forEach((name, i) => {
    const refused = checkName(name, names.slice(0, i));
    if (refused !== null) throw new InputError(`${refused} (got "${name}": letters only, not taken by another player)`);
  });
  const state: YahtzeeState = {
    names,
    series: ctx.config.series,
    phase: n === 1 ? 'play' : 'order',
    game: 1,
    round: 1,
    order: n === 1 ? [0] : [],
    orderDice: filled(n, 0),
    turn: 0,
    dice: filled(DICE, 0),
    rolls: 0,
    sheets: filled(n * ROUNDS, OPEN),
    totals: names.map(() => []),
    turnsPlayed: 0,
    departed: [],
  };
  if (ctx.forced !== undefined) applyForced(state, ctx.forced as YahtzeeForced);
  return state;
}

/** A packed array (`new Array(n)` makes a holey one, slower to read on the hot path). */
function filled(length: number, value: number): number[] {
  const array: number[] = [];
  for (let i = 0; i < length; i++) array.push(value);
  return array;
}

function bad(message: string): never {
  throw new InputError(`forced setup: ${message}`);
}

function applyForced(state: YahtzeeState, forced: YahtzeeForced): void {
  const n = state.names.length;
  if (forced.order !== undefined) {
    const order = forced.order;
    if (order.length !== n || new Set(order).size !== n || order.some((seat) => seat >= n)) {
      bad(`order must list each of the ${n} seats once, got ${JSON.stringify(order)}`);
    }
    state.order = order.slice();
    state.phase = 'play';
  }
  const game = forced.game ?? 1;
  if (game > state.series) bad(`game ${game} is past the series of ${state.series}`);
  state.game = game;
  const totals = forced.totals ?? (game === 1 ? state.totals : bad(`game ${game} needs the totals of the ${game - 1} games before it`));
  if (totals.length !== n || totals.some((t) => t.length !== game - 1)) {
    bad(`totals must give each of the ${n} players ${game - 1} game totals`);
  }
  state.totals = totals.map((t) => t.slice());
  if (forced.sheets !== undefined) applySheets(state, forced.sheets);
}

/** Sheets part-way through a game: every player has scored the same number of turns, each entry a score some dice can make. */
function applySheets(state: YahtzeeState, sheets: readonly (readonly (number | null)[])[]): void {
  const n = state.names.length;
  if (sheets.length !== n) bad(`sheets must give one score sheet per player (${n})`);
  const filled = sheets.map((sheet) => sheet.filter((entry) => entry !== null).length);
  if (filled.some((count) => count !== filled[0])) bad(`every sheet must have the same number of scored categories, got ${filled.join(', ')}`);
  if (filled[0]! >= ROUNDS) bad('a sheet with all 13 categories scored leaves no turn to play');
  sheets.forEach((sheet, seat) => {
    sheet.forEach((entry, c) => {
      if (entry === null) return;
      if (!isAchievableScore(c, entry)) bad(`${state.names[seat]}'s ${CATEGORIES[c]} cannot be ${entry}: no dice score that`);
      state.sheets[seat * ROUNDS + c] = entry;
    });
  });
  state.round = filled[0]! + 1;
}
