/**
 * An independent, slow reference for end-game states: every ordered outcome of the dice, every
 * keep by die position, the upper total kept exactly (no merging), values memoised per card.
 * Shares nothing with the solver but the scoring rules.
 */
import { scoreCounts, UPPER_BONUS, UPPER_BONUS_THRESHOLD } from '../../src/games/yahtzee/scoring.js';

const ALL_USED = (1 << 13) - 1;
const memo = new Map<string, number>();

function counts(dice: readonly number[]): number[] {
  const c = [0, 0, 0, 0, 0, 0, 0];
  for (const d of dice) c[d]!++;
  return c;
}

/** A number naming the multiset of `dice` and the rolls left. */
function code(dice: readonly number[], left: number): number {
  let k = left;
  for (const d of dice) k += 8 ** d;
  return k;
}

/** OUTCOMES[n]: every ordered way to roll n dice, each equally likely. */
const OUTCOMES: number[][][] = [[[]]];
for (let n = 1; n <= 5; n++) OUTCOMES.push(OUTCOMES[n - 1]!.flatMap((o) => [1, 2, 3, 4, 5, 6].map((d) => [...o, d])));

/** The expected points still to come from the start of a turn of the card (used mask, upper total). */
export function referenceValue(used: number, upper: number): number {
  if (used === ALL_USED) return 0;
  const key = `${used}:${Math.min(upper, UPPER_BONUS_THRESHOLD)}`;
  const known = memo.get(key);
  if (known !== undefined) return known;

  const final = (dice: readonly number[]): number => {
    let best = -Infinity;
    for (let c = 0; c < 13; c++) {
      if (used & (1 << c)) continue;
      const points = scoreCounts(c, counts(dice));
      let now = points;
      let nextUpper = upper;
      if (c < 6) {
        nextUpper = upper + points;
        if (upper < UPPER_BONUS_THRESHOLD && nextUpper >= UPPER_BONUS_THRESHOLD) now += UPPER_BONUS;
      }
      best = Math.max(best, now + referenceValue(used | (1 << c), nextUpper));
    }
    return best;
  };
  // The value of a roll with `left` rerolls still allowed: keep any dice (by position), reroll the rest.
  const rollCache = new Map<number, number>();
  const keptCache = new Map<number, number>();
  const withRolls = (dice: readonly number[], left: number): number => {
    const k = code(dice, left);
    const seen = rollCache.get(k);
    if (seen !== undefined) return seen;
    let best = final(dice);
    for (let hold = 0; left > 0 && hold < 31; hold++) best = Math.max(best, rerolled(dice.filter((_, i) => hold & (1 << i)), left));
    rollCache.set(k, best);
    return best;
  };
  const rerolled = (kept: readonly number[], left: number): number => {
    const k = code(kept, left);
    const seen = keptCache.get(k);
    if (seen !== undefined) return seen;
    const rolls = OUTCOMES[5 - kept.length]!;
    let sum = 0;
    for (const o of rolls) sum += withRolls([...kept, ...o], left - 1);
    keptCache.set(k, sum / rolls.length);
    return sum / rolls.length;
  };
  let sum = 0;
  const first = OUTCOMES[5]!;
  for (const o of first) sum += withRolls(o, 2);
  const value = sum / first.length;
  memo.set(key, value);
  return value;
}
