/**
 * Yahtzee's within-turn expectations worked out by plain enumeration, for checking the analysis:
 * every die a re-roll can show, every hold, no keep tables, no kernels. A roll is keyed by the sum
 * of 6^(face - 1) over its dice, which is the same for every order of the same dice.
 */
import { CATEGORIES, scoreDice } from '../../src/games/yahtzee/scoring.js';

const FACES = 6;
const UPPER = 6;
const BONUS_AT = 63;
const BONUS = 35;
const POW = [1, 6, 36, 216, 1296, 7776];
const KEYS = 5 * POW[5]! + 1;

/** The keys of every sequence of k dice (6^k of them, equally likely), k = 0..5. */
const SEQUENCES: number[][] = [[0]];
for (let k = 1; k <= 5; k++) SEQUENCES.push(SEQUENCES[k - 1]!.flatMap((key) => Array.from({ length: FACES }, (_, f) => key + POW[f]!)));

export function keyOf(dice: readonly number[]): number {
  return dice.reduce((key, d) => key + POW[d - 1]!, 0);
}

function diceOf(key: number): number[] {
  const dice: number[] = [];
  for (let f = 0; f < FACES; f++) for (let n = Math.floor(key / POW[f]!) % FACES; n > 0; n--) dice.push(f + 1);
  return dice;
}

/** What a card is worth at the start of a turn, from (used mask, upper total). */
export type AfterTurn = (used: number, upper: number) => number;

/** One turn of one card (used categories, upper total so far), by enumeration. */
export class TurnByHand {
  private readonly memo = [new Float64Array(KEYS).fill(NaN), new Float64Array(KEYS).fill(NaN), new Float64Array(KEYS).fill(NaN)];

  constructor(
    private readonly used: number,
    private readonly upper: number,
    private readonly after: AfterTurn,
  ) {}

  /** Scoring `dice` in category c now: its points, the bonus if they earn it, and the card after. */
  scoreValue(dice: readonly number[], c: number): number {
    const points = scoreDice(CATEGORIES[c]!, dice);
    const upper = c < UPPER ? this.upper + points : this.upper;
    const bonus = this.upper < BONUS_AT && upper >= BONUS_AT ? BONUS : 0;
    return points + bonus + this.after(this.used | (1 << c), upper);
  }

  /** Holding the dice at the positions of `hold` and re-rolling the others, `rollsLeft` rolls left before it. */
  rollValue(dice: readonly number[], hold: number, rollsLeft: number): number {
    let held = 0;
    let free = 0;
    dice.forEach((d, i) => (hold & (1 << i) ? (held += POW[d - 1]!) : free++));
    const outcomes = SEQUENCES[free]!;
    let sum = 0;
    for (const s of outcomes) sum += this.value(held + s, rollsLeft - 1);
    return sum / outcomes.length;
  }

  /** The best of every option with these dice: score now in an open category, or (rolls left) re-roll any of them. */
  value(key: number, rollsLeft: number): number {
    const known = this.memo[rollsLeft]![key]!;
    if (!Number.isNaN(known)) return known;
    const dice = diceOf(key);
    let best = -Infinity;
    for (let c = 0; c < CATEGORIES.length; c++) if (!(this.used & (1 << c))) best = Math.max(best, this.scoreValue(dice, c));
    if (rollsLeft > 0) for (let hold = 0; hold < 32; hold++) best = Math.max(best, this.rollValue(dice, hold, rollsLeft));
    this.memo[rollsLeft]![key] = best;
    return best;
  }

  /** The turn from its start: the expectation over the first roll of the best play after it. */
  start(): number {
    return this.rollValue([1, 1, 1, 1, 1], 0, 3);
  }
}

/** Every category used: the game is over. */
export const FULL = (1 << CATEGORIES.length) - 1;

/** A card's value at the start of a turn by enumeration alone, from the end of the game back (no table). */
export function cardByHand(): AfterTurn {
  const memo = new Map<string, number>();
  const value: AfterTurn = (used, upper) => {
    if (used === FULL) return 0;
    const key = `${used}:${Math.min(upper, BONUS_AT)}`;
    let v = memo.get(key);
    if (v === undefined) {
      v = new TurnByHand(used, upper, value).start();
      memo.set(key, v);
    }
    return v;
  };
  return value;
}
