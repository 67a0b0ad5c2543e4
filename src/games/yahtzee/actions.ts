import { z } from 'zod';
import type { Seat } from '../../core/seat.js';
import { CATEGORIES, DISTINCT_ROLLS, rollNumber, rollScore, type Category } from './scoring.js';
import { perState } from './per-state.js';
import { MAX_ROLLS, OPEN, ROUNDS, sheetAt, toAct, type YahtzeeState } from './state.js';

/**
 * Roll the un-held dice. `hold` is a mask by die position: bit i keeps die i (0 on a turn's first
 * roll). `dice`, for people rolling physical dice, gives the values of the un-held dice in
 * position order instead of drawing them; bots are never offered it.
 */
export interface RollAction {
  readonly type: 'roll';
  readonly hold: number;
  readonly dice?: readonly number[];
}

/** Score the turn in `category`, entering `score`; the engine checks it against the dice. */
export interface ScoreAction {
  readonly type: 'score';
  readonly category: Category;
  readonly score: number;
}

/** Roll the die that decides the turn order; `die` is a physical die's value typed in. */
export interface RollOrderAction {
  readonly type: 'rollOrder';
  readonly die?: number;
}

export type YahtzeeAction = RollAction | ScoreAction | RollOrderAction;

/** Values out of range pass the schema on purpose, so that the engine answers with the spec's message. */
export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('roll'), hold: z.number().int().min(0).max(31).default(0), dice: z.array(z.number()).optional() }).strict(),
  z.object({ type: z.literal('score'), category: z.enum(CATEGORIES), score: z.number() }).strict(),
  z.object({ type: z.literal('rollOrder'), die: z.number().optional() }).strict(),
]);

export const ALL_HOLDS = 32;
const MAX_SCORE = 50;

export const ROLL_ACTIONS: readonly RollAction[] = Object.freeze(
  Array.from({ length: ALL_HOLDS }, (_, hold) => Object.freeze({ type: 'roll' as const, hold })),
);
const ROLL_ORDER: RollOrderAction = Object.freeze({ type: 'rollOrder' });
const NONE: readonly YahtzeeAction[] = Object.freeze([]);

const scoreActions: (ScoreAction | undefined)[] = Array.from({ length: ROUNDS * (MAX_SCORE + 1) }, () => undefined);

/** The one frozen action object for (category, score), so listing legal actions allocates nothing. */
export function scoreAction(category: number, score: number): ScoreAction {
  const at = category * (MAX_SCORE + 1) + score;
  return (scoreActions[at] ??= Object.freeze({ type: 'score' as const, category: CATEGORIES[category]!, score }));
}

/** SCORE_OF_ROLL[roll * 13 + c]: the correct score action of distinct roll `roll` in category c. */
const SCORE_OF_ROLL: readonly ScoreAction[] = Array.from({ length: DISTINCT_ROLLS * ROUNDS }, (_, i) =>
  scoreAction(i % ROUNDS, rollScore(Math.floor(i / ROUNDS), i % ROUNDS)),
);

/**
 * Per state: the list after a roll with rolls left (the 32 rolls stay, scores follow), after the
 * third, and the one-action lists. All are plain arrays: a frozen one among them makes every
 * caller's element loads polymorphic, which showed up as generic IC calls in instruction counts.
 */
interface Lists {
  readonly withRolls: YahtzeeAction[];
  readonly scoresOnly: YahtzeeAction[];
  readonly firstRoll: YahtzeeAction[];
  readonly rollOrder: YahtzeeAction[];
}

// Sliced from an unfrozen copy: a slice of the frozen ROLL_ACTIONS is slow to make, grow and shrink.
const ROLLS_TO_SLICE: YahtzeeAction[] = ROLL_ACTIONS.map((action) => action);
const listsOf = perState<Lists>(() => ({
  withRolls: ROLLS_TO_SLICE.slice(),
  scoresOnly: [],
  firstRoll: ROLLS_TO_SLICE.slice(0, 1),
  rollOrder: [ROLL_ORDER],
}));

/**
 * The actions a bot chooses from: the first roll of a turn is one roll (hold 0); after it, one
 * roll per hold mask while rolls remain, and one score per open category carrying its correct
 * score. The arrays are reused per state: valid until the next `apply`.
 */
export function legalActions(state: YahtzeeState, seat: Seat): readonly YahtzeeAction[] {
  if (toAct(state) !== seat) return NONE;
  const mine = listsOf(state);
  if (state.phase === 'order') return mine.rollOrder;
  if (state.rolls === 0) return mine.firstRoll;
  const rollsLeft = state.rolls < MAX_ROLLS;
  const legal = rollsLeft ? mine.withRolls : mine.scoresOnly;
  // Overwritten in place, grown by push and trimmed by pop: setting `length` is a slow runtime call.
  const scores = rollNumber(state.dice) * ROUNDS;
  const at = sheetAt(seat);
  let n = rollsLeft ? ALL_HOLDS : 0;
  for (let c = 0; c < ROUNDS; c++) {
    if (state.sheets[at + c] !== OPEN) continue;
    if (n < legal.length) legal[n] = SCORE_OF_ROLL[scores + c]!;
    else legal.push(SCORE_OF_ROLL[scores + c]!);
    n++;
  }
  while (legal.length > n) legal.pop();
  return legal;
}
