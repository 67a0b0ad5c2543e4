/**
 * The advisor: for a card and, optionally, the dice of a turn, the value of every option, best
 * first. Values are the expected points still to come under optimal play from that moment (the
 * upper bonus included while it is still to be earned), an option's value including the points it
 * scores now.
 */
import { InputError } from '../../../core/errors.js';
import { CATEGORIES, CATEGORY_INDEX, faceCounts, type Category } from '../scoring.js';
import { FACES, keepDice, keepOfCounts, ROLL_SUBKEEP_START, ROLL_SUBKEEPS } from './dice.js';
import { FULL_MASK, upperTotalReachable } from './states.js';
import type { OptimalTable } from './table.js';
import { TurnSolver } from './turn.js';

export interface AdviceQuery {
  /** Category ids already scored. */
  readonly used: readonly string[];
  /** The upper section's total so far (63 or more: the bonus is earned). */
  readonly upper: number;
  /** Five dice of the turn, if a turn is under way. */
  readonly dice?: readonly number[];
  /** Rolls left in the turn (0, 1 or 2), with `dice`. */
  readonly rollsLeft?: number;
}

export type AdviceOption =
  | { readonly keep: number[]; readonly expectedScore: number }
  | { readonly category: Category; readonly expectedScore: number };

export interface Advice {
  /** The value of the state: the best option's value, or without dice the turn-start value. */
  readonly expectedScore: number;
  readonly options: AdviceOption[];
}

const ROLLS_PER_TURN = 3;

function usedMask(used: readonly string[]): number {
  let mask = 0;
  for (const id of used) {
    if (!(CATEGORIES as readonly string[]).includes(id)) throw new InputError(`unknown category "${id}": expected one of ${CATEGORIES.join(' ')}`);
    const bit = 1 << CATEGORY_INDEX[id as Category];
    if (mask & bit) throw new InputError(`--used names ${id} twice`);
    mask |= bit;
  }
  return mask;
}

function checkUpper(used: number, upper: number): void {
  if (upperTotalReachable(used, upper)) return;
  const faces = CATEGORIES.slice(0, FACES).filter((_, f) => used & (1 << f));
  if (!Number.isInteger(upper) || upper < 0) throw new InputError(`--upper ${upper}: expected a whole number of points, 0 or more`);
  if (faces.length === 0) throw new InputError(`--upper ${upper} is impossible: no upper category (ones ... sixes) is used, so the upper total is 0`);
  throw new InputError(`--upper ${upper} is impossible with ${faces.join(', ')} used: the upper total is what those categories scored, up to five dice of each face`);
}

function checkDice(dice: readonly number[]): void {
  if (dice.length !== 5) throw new InputError(`--dice needs five dice, got ${dice.length} (${dice.join(',')})`);
  for (const die of dice) {
    if (!Number.isInteger(die) || die < 1 || die > 6) throw new InputError(`--dice ${dice.join(',')}: ${die} is not a die face (1 to 6)`);
  }
}

/** Throws an InputError saying what is wrong with `query`, if anything; returns its used mask. */
export function checkAdviceQuery(query: AdviceQuery): number {
  const used = usedMask(query.used);
  checkUpper(used, query.upper);
  if (query.dice === undefined) {
    if (query.rollsLeft !== undefined) throw new InputError('--rolls-left goes with --dice: without dice the advice is the value of the turn-start state');
    return used;
  }
  checkDice(query.dice);
  const rollsLeft = query.rollsLeft;
  if (rollsLeft === undefined) throw new InputError('--dice needs --rolls-left: 2 after the first roll, 1 after the second, 0 after the third');
  if (!Number.isInteger(rollsLeft) || rollsLeft < 0 || rollsLeft >= ROLLS_PER_TURN) throw new InputError(`--rolls-left ${rollsLeft}: expected 0, 1 or 2`);
  if (used === FULL_MASK) throw new InputError('every category is used: the game is over, there is nothing to score the dice in');
  return used;
}

/** The options of the card (and turn) in `query`, best first, from `table`. */
export function advise(table: OptimalTable, query: AdviceQuery): Advice {
  const used = checkAdviceQuery(query);
  if (query.dice === undefined) return { expectedScore: table.value(used, query.upper), options: [] };
  const rollsLeft = query.rollsLeft!;
  const turn = new TurnSolver(table).solve(used, query.upper);
  const roll = keepOfCounts(faceCounts(query.dice));
  const options: AdviceOption[] = [];
  if (rollsLeft === 0) {
    CATEGORIES.forEach((category, c) => {
      if (!(used & (1 << c))) options.push({ category, expectedScore: turn.categoryValue(roll, c) });
    });
  } else {
    const values = turn.keepValues(rollsLeft as 1 | 2);
    for (let i = ROLL_SUBKEEP_START[roll]!; i < ROLL_SUBKEEP_START[roll + 1]!; i++) {
      const k = ROLL_SUBKEEPS[i]!;
      options.push({ keep: keepDice(k), expectedScore: values[k]! });
    }
  }
  // A stable sort keeps the tie order of the bot: more dice kept, then category order.
  options.sort((a, b) => b.expectedScore - a.expectedScore);
  return { expectedScore: options[0]!.expectedScore, options };
}
