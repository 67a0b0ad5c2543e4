import { z } from 'zod';
import { RuleError } from '../../src/core/errors.js';
import type { GameEvent } from '../../src/core/events.js';
import type { GameDefinition, PublicSetup, PublishedFact } from '../../src/core/game.js';
import { outcomeFromScores, withForfeits, type Outcome } from '../../src/core/outcome.js';
import type { RandomStreams, Rng } from '../../src/core/rng.js';
import type { Seat } from '../../src/core/seat.js';

/**
 * Hidden cups, a dice game written for the leak checker's own tests: the smallest game whose chance
 * is private. Each of 2-4 players rolls three dice into a cup only it looks into. Three rounds
 * follow; in each, every player in seat order either re-rolls some of its own dice, privately (the
 * table learns which dice, never what came up), or keeps its cup as it is. Then the cups are
 * lifted, and the highest total wins, ties sharing the win.
 */
const DICE = 3;
const ROUNDS = 3;
const SIDES = 6;

export type CupsAction = { readonly type: 'reroll'; readonly dice: readonly number[] } | { readonly type: 'keep' };

export interface CupsState {
  /** Each seat's dice. */
  readonly cups: number[][];
  /** 1 to ROUNDS while play goes on, one more once the cups are lifted. */
  round: number;
  /** Seats that left the game, in the order they did. */
  readonly left: Seat[];
  /** Who decides now; null once the cups are lifted. */
  current: Seat | null;
}

export interface CupsView {
  readonly seat: Seat;
  /** My own dice. */
  readonly cup: readonly number[];
  readonly round: number;
  readonly left: readonly Seat[];
  readonly current: Seat | null;
  /** Every cup once they are lifted, null before. */
  readonly cups: readonly (readonly number[])[] | null;
}

const configSchema = z.object({}).strict();
type CupsConfig = z.infer<typeof configSchema>;

const actionSchema: z.ZodType<CupsAction> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reroll'), dice: z.array(z.number().int()) }).strict(),
  z.object({ type: z.literal('keep') }).strict(),
]);

/** Re-rolling each non-empty set of dice, as positions in ascending order, then keeping the cup. */
const ACTIONS: readonly CupsAction[] = Object.freeze([
  ...Array.from({ length: 2 ** DICE - 1 }, (_, mask) => {
    const dice = Array.from({ length: DICE }, (_, die) => die).filter((die) => ((mask + 1) >> die) & 1);
    return Object.freeze({ type: 'reroll' as const, dice: Object.freeze(dice) });
  }),
  Object.freeze({ type: 'keep' as const }),
]);

/** The turn passes to the next seat still in, the round to the next after the last seat; after the last round the cups are lifted. */
function passOn(state: CupsState, seat: Seat, events: GameEvent[]): void {
  for (let next = seat + 1; ; next++) {
    if (next === state.cups.length) {
      next = 0;
      if (++state.round > ROUNDS) break;
    }
    if (!state.left.includes(next)) {
      state.current = next;
      return;
    }
  }
  state.current = null;
  events.push({ type: 'lifted', cups: state.cups.map((cup) => cup.slice()) });
}

function apply(state: CupsState, seat: Seat, action: CupsAction, rng: RandomStreams): readonly GameEvent[] {
  if (state.current !== seat) throw new RuleError('It is not your turn.', { action });
  const events: GameEvent[] = [];
  if (action.type === 'keep') events.push({ type: 'kept', seat });
  else {
    if (action.type !== 'reroll') throw new RuleError('Re-roll some of your dice, or keep your cup as it is.', { action });
    const dice = action.dice;
    if (!Array.isArray(dice) || dice.length === 0 || dice.some((die, i) => !Number.isInteger(die) || die < 0 || die >= DICE || (i > 0 && die <= dice[i - 1]!))) {
      throw new RuleError(`Name the dice to re-roll by position, 0 to ${DICE - 1}, in ascending order.`, { action });
    }
    const dieRng = rng.stream('dice');
    const values = dice.map(() => dieRng.die(SIDES));
    dice.forEach((die, i) => (state.cups[seat]![die] = values[i]!));
    events.push({ type: 'rerolled', seat, dice: dice.slice(), values, to: [seat], redacted: { type: 'rerolled', seat, dice: dice.slice() } });
  }
  passOn(state, seat, events);
  return events;
}

function forfeit(state: CupsState, seat: Seat): readonly GameEvent[] {
  if (state.current === null || state.left.includes(seat)) return [];
  state.left.push(seat);
  const events: GameEvent[] = [{ type: 'left', seat }];
  if (state.current === seat) passOn(state, seat, events);
  return events;
}

function viewOf(state: CupsState, seat: Seat): CupsView {
  return {
    seat,
    cup: state.cups[seat]!.slice(),
    round: state.round,
    left: state.left.slice(),
    current: state.current,
    cups: state.current === null ? state.cups.map((cup) => cup.slice()) : null,
  };
}

function outcome(state: CupsState): Outcome | null {
  if (state.current !== null) return null;
  return withForfeits(
    outcomeFromScores(state.cups.map((cup) => cup.reduce((sum, die) => sum + die, 0))),
    state.left,
  );
}

/** Which dice a player re-rolled is public; what came up is its own. */
function published(events: readonly GameEvent[]): PublishedFact[] {
  return events.flatMap((event): PublishedFact[] => {
    if (event.type !== 'rerolled') return [{ ...event }];
    const seat = event['seat'] as Seat;
    return [
      { type: 'rerolled', seat, dice: event['dice'] },
      { type: 'rolled', seat, values: event['values'], to: [seat] },
    ];
  });
}

/**
 * The public game is all in the view, and so is the seat's own cup. Every other die is drawn
 * uniformly: nothing about its value is published before the cups are lifted (a game that is over
 * is out of reach, as the contract allows), and a re-rolled die is as uniform as a first one. This
 * is a prior over the unseen dice, not a model of why players re-roll what they do.
 */
function sampleState(info: PublicSetup<CupsConfig>, seat: Seat, view: CupsView, _seen: readonly GameEvent[], rng: Rng): CupsState {
  return {
    cups: info.seats.map((_, other) => (other === seat ? view.cup.slice() : Array.from({ length: DICE }, () => rng.die(SIDES)))),
    round: view.round,
    left: view.left.slice(),
    current: view.current,
  };
}

function clone(state: CupsState): CupsState {
  return {
    cups: state.cups.map((cup) => cup.slice()),
    round: state.round,
    left: state.left.slice(),
    current: state.current,
  };
}

function describeEvent(event: GameEvent, viewer: Seat | null, names: readonly string[]): string {
  const who = (seat: unknown): string => (seat === viewer ? 'I' : names[seat as Seat]!);
  switch (event.type) {
    case 'rerolled':
      return `${who(event['seat'])} re-rolled dice ${(event['dice'] as number[]).join(', ')}${event['values'] === undefined ? '' : `: ${(event['values'] as number[]).join(', ')}`}.`;
    case 'kept':
      return `${who(event['seat'])} kept the cup as it was.`;
    case 'left':
      return `${who(event['seat'])} left the game.`;
    default:
      return `The cups are lifted: ${(event['cups'] as number[][]).map((cup, seat) => `${names[seat]} ${cup.join(' ')}`).join(', ')}.`;
  }
}

export const hiddenCups: GameDefinition<CupsState, CupsAction, CupsView, CupsConfig> = {
  id: 'hidden-cups',
  title: 'Hidden cups',
  summary: 'three dice in a cup only you see; three rounds of re-rolling some in secret; the highest total wins',
  players: [2, 4],
  variants: [],
  configSchema,
  actionSchema,
  setup: ({ seats, rng }) => {
    const dice = rng.stream('dice');
    return {
      cups: seats.map(() => Array.from({ length: DICE }, () => dice.die(SIDES))),
      round: 1,
      left: [],
      current: 0,
    };
  },
  toAct: (state) => state.current,
  legalActions: (state, seat) => (state.current === seat ? ACTIONS : []),
  apply,
  view: viewOf,
  outcome,
  forfeit,
  describe: describeEvent,
  describeAction: (action) => (action.type === 'keep' ? 'Keep the cup as it is' : `Re-roll dice ${action.dice.join(', ')}`),
  sampleState,
  clone,
  published,
};
