import type { z } from 'zod';
import type { BotFactory } from '../../src/core/bot.js';
import { paramsOf } from '../../src/core/bot-params.js';
import type { Rng } from '../../src/core/rng.js';
import type { ClueAction } from '../../src/games/clue/actions.js';
import type { ClueVariantId } from '../../src/games/clue/cards.js';
import type { ClueView } from '../../src/games/clue/view.js';
import type { Seat } from '../../src/core/seat.js';
import { isAccusationOf, type Triple } from './actions.js';
import { distancesOf, type Distances } from './distances.js';

/** What distinguishes the checklist, deduction and notebook players; the rest of play is shared. */
export interface Strategy {
  /** Reads what is new in the view (called first at every decision). */
  update(view: ClueView): void;
  /** The case file to accuse now, or null to wait. */
  accusation(view: ClueView): Triple | null;
  /** What a suggestion in each room (by name) is worth now; a room left out is worth nothing. */
  roomValues(view: ClueView): ReadonlyMap<string, number>;
  /** The suggestion to make: one of `options`, all in the room the pawn is in. */
  suggest(view: ClueView, options: readonly ClueAction[]): ClueAction;
  /** The card to show a suggester: one of `options`. */
  show(view: ClueView, options: readonly ClueAction[]): ClueAction;
}

/** A room reached a turn later is worth this much less. */
const DISCOUNT = 0.7;

/**
 * Plays a turn from a strategy: accuse when it says so (walking to the accused room first where
 * the rules want it), suggest on entering a room, and otherwise move toward the rooms it values,
 * each reached room worth its value discounted by the turns the empty board says it takes.
 */
export function decide(strategy: Strategy, distances: Distances, rng: Rng, view: ClueView, legal: readonly ClueAction[]): ClueAction {
  strategy.update(view);
  const first = legal[0]!;
  if (first.type === 'show') return strategy.show(view, legal);
  if (first.type === 'place') return legal[rng.int(legal.length)]!;
  const target = strategy.accusation(view);
  if (target !== null) {
    const accusation = legal.find((a) => isAccusationOf(a, target));
    if (accusation !== undefined) return accusation;
  }
  const suggestions = legal.filter((a) => a.type === 'suggest');
  if (suggestions.length > 0 && target === null && view.phase === 'suggest') return strategy.suggest(view, suggestions);
  if (legal.every((a) => a.type === 'pass' || a.type === 'accuse')) return legal.find((a) => a.type === 'pass') ?? first;
  // An accusation only possible from inside its room makes that room the only goal.
  const values = target !== null ? new Map([[target.room, 1]]) : strategy.roomValues(view);
  if (suggestions.length > 0 && target === null) {
    // A suggestion without moving, now, against heading for a better room: staying delays that
    // room by a turn, which costs (1 - DISCOUNT) of its discounted worth.
    const here = values.get(view.room!) ?? 0;
    let delay = 0;
    for (const [room, value] of values) {
      if (room === view.room) continue;
      delay = Math.max(delay, (1 - DISCOUNT) * value * DISCOUNT ** Math.max(1, turnsTo(distances, view.position, room)));
    }
    if (here > 0 && here >= delay) return strategy.suggest(view, suggestions);
  }
  const moves = legal.filter((a) => a.type === 'move');
  if (moves.length > 0) {
    let best: ClueAction | null = null;
    let bestValue = -1;
    for (const move of moves) {
      const value = placeValue(distances, values, (move as { to: string }).to) + rng.next() * 1e-9;
      if (value > bestValue) {
        bestValue = value;
        best = move;
      }
    }
    // Staying put is worth the room only where a pawn may suggest in a room it did not just enter:
    // under suggestions on entering, a pawn that stays suggests nothing, and a table of bots that
    // all stay (Clue-Less with mayStay) would pass until the cap.
    const pass = legal.find((a) => a.type === 'pass');
    const stay = view.room !== null && view.rules.suggestWhere === 'inRoom' ? (values.get(view.room) ?? 0) : 0;
    if (pass !== undefined && stay > bestValue) return pass;
    return best!;
  }
  const roll = legal.find((a) => a.type === 'roll');
  const passage = legal.find((a) => a.type === 'passage');
  if (passage !== undefined && view.room !== null) {
    const other = distances.passage.get(view.room)!;
    if ((values.get(other) ?? 0) >= rollValue(distances, values, view.room)) return passage;
  }
  if (roll !== undefined) return roll;
  return legal.find((a) => a.type === 'pass') ?? legal.find((a) => a.type !== 'accuse') ?? first;
}

function turnsTo(distances: Distances, from: string, room: string): number {
  const node = distances.index.get(from)!;
  const r = distances.index.get(room)!;
  return distances.turns[node * distances.rooms.length + r]!;
}

/** The best of the valued rooms seen from a place, discounted by the turns to reach them. */
function placeValue(distances: Distances, values: ReadonlyMap<string, number>, place: string): number {
  let best = 0;
  for (const [room, value] of values) best = Math.max(best, value * DISCOUNT ** turnsTo(distances, place, room));
  return best;
}

/** What rolling from a room is worth: the valued rooms elsewhere, one turn sooner than walking from here. */
function rollValue(distances: Distances, values: ReadonlyMap<string, number>, room: string): number {
  let best = 0;
  for (const [other, value] of values) {
    if (other === room) continue;
    best = Math.max(best, value * DISCOUNT ** Math.max(0, turnsTo(distances, room, other) - 1));
  }
  return best;
}

/** Uniform over `options`. */
export function anyOf<T>(options: readonly T[], rng: Rng): T {
  return options[rng.int(options.length)]!;
}

/** A System Player that plays with a strategy made per game and seat, with the parameters `params` declares. */
export function strategyBot<P extends z.ZodObject>(
  name: string,
  description: string,
  make: (variant: ClueVariantId, seat: Seat, rng: Rng, params: z.output<P>) => Strategy,
  params?: P,
): BotFactory<ClueView, ClueAction> {
  return {
    name,
    description,
    ...(params !== undefined ? { params } : {}),
    create: (ctx) => {
      const { variant, seat, rng } = ctx;
      const strategy = make(variant as ClueVariantId, seat, rng, (params === undefined ? {} : paramsOf(params, ctx)) as z.output<P>);
      // The game's rules (its view's) decide how far the rooms are; they do not change during a game.
      let distances: Distances | undefined;
      return { act: (view, legal) => decide(strategy, (distances ??= distancesOf(view.variant, view.rules)), rng, view, legal) };
    },
  };
}
