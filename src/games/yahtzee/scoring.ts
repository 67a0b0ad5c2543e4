/**
 * Yahtzee scoring for the specification's rule set: 13 categories, upper bonus 35 at an upper
 * total of 63 or more, no Yahtzee bonus and no joker rule (so five of a kind is no full house).
 * Shared by the engine, the bots and the optimal solver.
 */

export const CATEGORIES = [
  'ones',
  'twos',
  'threes',
  'fours',
  'fives',
  'sixes',
  'threeOfAKind',
  'fourOfAKind',
  'fullHouse',
  'smallStraight',
  'largeStraight',
  'yahtzee',
  'chance',
] as const;

export type Category = (typeof CATEGORIES)[number];

/** Index of a category in CATEGORIES; the upper section is 0..5 (face - 1). */
export const CATEGORY_INDEX: Readonly<Record<Category, number>> = Object.fromEntries(
  CATEGORIES.map((c, i) => [c, i]),
) as Record<Category, number>;

export const UPPER_BONUS_THRESHOLD = 63;
export const UPPER_BONUS = 35;
export const FULL_HOUSE_SCORE = 25;
export const SMALL_STRAIGHT_SCORE = 30;
export const LARGE_STRAIGHT_SCORE = 40;
export const YAHTZEE_SCORE = 50;

/** counts[f] = how many dice show face f (index 0 unused), from five faces 1..6. */
export function faceCounts(dice: readonly number[], into: number[] = [0, 0, 0, 0, 0, 0, 0]): number[] {
  into.fill(0);
  for (let i = 0; i < dice.length; i++) into[dice[i]!]!++;
  return into;
}

/** The score of category index `category` for dice with face counts `counts` (index 1..6). */
export function scoreCounts(category: number, counts: readonly number[]): number {
  let sum = 0;
  let most = 0;
  let pairs = 0;
  let triples = 0;
  for (let f = 1; f <= 6; f++) {
    const n = counts[f]!;
    sum += n * f;
    if (n > most) most = n;
    if (n === 2) pairs++;
    if (n === 3) triples++;
  }
  switch (category) {
    case 0:
    case 1:
    case 2:
    case 3:
    case 4:
    case 5:
      return counts[category + 1]! * (category + 1);
    case 6:
      return most >= 3 ? sum : 0;
    case 7:
      return most >= 4 ? sum : 0;
    case 8:
      return triples === 1 && pairs === 1 ? FULL_HOUSE_SCORE : 0;
    case 9:
      return runLength(counts) >= 4 ? SMALL_STRAIGHT_SCORE : 0;
    case 10:
      return runLength(counts) === 5 ? LARGE_STRAIGHT_SCORE : 0;
    case 11:
      return most === 5 ? YAHTZEE_SCORE : 0;
    case 12:
      return sum;
    default:
      throw new RangeError(`no category ${category}`);
  }
}

/** The longest run of consecutive faces present. */
function runLength(counts: readonly number[]): number {
  let best = 0;
  let run = 0;
  for (let f = 1; f <= 6; f++) {
    run = counts[f]! > 0 ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/** The score of `category` for five dice. */
export function scoreDice(category: Category, dice: readonly number[]): number {
  return scoreCounts(CATEGORY_INDEX[category], faceCounts(dice));
}

/** The upper bonus earned by an upper-section total. */
export function upperBonus(upperTotal: number): number {
  return upperTotal >= UPPER_BONUS_THRESHOLD ? UPPER_BONUS : 0;
}

/**
 * The 252 distinct rolls of five dice, numbered, with every category's score precomputed: the hot
 * path scores a roll with five table reads instead of counting faces.
 * A roll's code is the sum of 6^(face - 1) over its dice, i.e. its face counts in base 6.
 */
const POW6 = [0, 1, 6, 36, 216, 1296, 7776];
export const DISTINCT_ROLLS = 252;
const ROLL_OF_CODE = new Int16Array(5 * 7776 + 1).fill(-1);
const ROLL_SCORES = new Uint8Array(DISTINCT_ROLLS * CATEGORIES.length);
{
  let next = 0;
  const dice = [1, 1, 1, 1, 1];
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (let roll = 0; roll < 6 ** 5; roll++) {
    for (let i = 0, r = roll; i < 5; i++, r = Math.floor(r / 6)) dice[i] = 1 + (r % 6);
    const code = rollCode(dice);
    if (ROLL_OF_CODE[code] !== -1) continue;
    ROLL_OF_CODE[code] = next;
    faceCounts(dice, counts);
    for (let c = 0; c < CATEGORIES.length; c++) ROLL_SCORES[next * CATEGORIES.length + c] = scoreCounts(c, counts);
    next++;
  }
}

function rollCode(dice: readonly number[]): number {
  return POW6[dice[0]!]! + POW6[dice[1]!]! + POW6[dice[2]!]! + POW6[dice[3]!]! + POW6[dice[4]!]!;
}

/** The number (0..251) of five dice showing faces 1..6, the same for any order of the dice. */
export function rollNumber(dice: readonly number[]): number {
  return ROLL_OF_CODE[rollCode(dice)]!;
}

/** The score of distinct roll `roll` (see rollNumber) in category index `category`. */
export function rollScore(roll: number, category: number): number {
  return ROLL_SCORES[roll * CATEGORIES.length + category]!;
}

/** Whether some five dice score exactly `score` in category index `category`. */
export function isAchievableScore(category: number, score: number): boolean {
  for (let roll = 0; roll < DISTINCT_ROLLS; roll++) if (rollScore(roll, category) === score) return true;
  return false;
}
