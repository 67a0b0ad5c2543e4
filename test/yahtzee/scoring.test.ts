import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  DISTINCT_ROLLS,
  isAchievableScore,
  rollNumber,
  rollScore,
  scoreDice,
  upperBonus,
  type Category,
} from '../../src/games/yahtzee/scoring.js';

const cases: [Category, number[], number][] = [
  ['ones', [1, 1, 3, 1, 6], 3],
  ['ones', [2, 3, 4, 5, 6], 0],
  ['twos', [2, 2, 2, 2, 1], 8],
  ['threes', [3, 1, 3, 5, 6], 6],
  ['fours', [4, 4, 4, 4, 4], 20],
  ['fives', [5, 1, 2, 3, 4], 5],
  ['sixes', [6, 6, 6, 1, 1], 18],
  ['threeOfAKind', [3, 3, 3, 5, 6], 20],
  ['threeOfAKind', [3, 3, 5, 5, 6], 0],
  ['threeOfAKind', [2, 2, 2, 2, 2], 10],
  ['fourOfAKind', [6, 6, 6, 6, 1], 25],
  ['fourOfAKind', [6, 6, 6, 1, 1], 0],
  ['fourOfAKind', [4, 4, 4, 4, 4], 20],
  ['fullHouse', [2, 2, 3, 3, 3], 25],
  ['fullHouse', [5, 6, 5, 6, 5], 25],
  ['fullHouse', [2, 2, 3, 3, 4], 0],
  ['fullHouse', [4, 4, 4, 4, 1], 0],
  ['smallStraight', [1, 2, 3, 4, 6], 30],
  ['smallStraight', [3, 4, 5, 6, 1], 30],
  ['smallStraight', [1, 2, 3, 4, 5], 30],
  ['smallStraight', [1, 2, 2, 3, 4], 30],
  ['smallStraight', [4, 3, 5, 3, 6], 30],
  ['smallStraight', [1, 2, 3, 5, 6], 0],
  ['smallStraight', [1, 1, 2, 2, 3], 0],
  ['largeStraight', [5, 4, 3, 2, 1], 40],
  ['largeStraight', [2, 3, 4, 5, 6], 40],
  ['largeStraight', [1, 2, 3, 4, 4], 0],
  ['largeStraight', [1, 2, 3, 4, 6], 0],
  ['yahtzee', [3, 3, 3, 3, 3], 50],
  ['yahtzee', [3, 3, 3, 3, 2], 0],
  ['chance', [1, 2, 3, 4, 6], 16],
  ['chance', [6, 6, 6, 6, 6], 30],
];

describe('scoring (spec 003: no Yahtzee bonus, no joker)', () => {
  it.each(cases)('%s of %j scores %i', (category, dice, points) => {
    expect(scoreDice(category, dice)).toBe(points);
  });

  it('does not count five of a kind as a full house, for every face', () => {
    for (let face = 1; face <= 6; face++) {
      const dice = [face, face, face, face, face];
      expect(scoreDice('fullHouse', dice)).toBe(0);
      expect(scoreDice('yahtzee', dice)).toBe(50);
    }
  });

  it('gives the upper bonus of 35 from an upper total of 63 on', () => {
    expect(upperBonus(0)).toBe(0);
    expect(upperBonus(62)).toBe(0);
    expect(upperBonus(63)).toBe(35);
    expect(upperBonus(105)).toBe(35);
  });

  it('numbers the 252 distinct rolls the same in any order of the dice, and its table agrees with scoreDice on all 7776 rolls', () => {
    const seen = new Set<number>();
    const dice = [0, 0, 0, 0, 0];
    for (let roll = 0; roll < 6 ** 5; roll++) {
      for (let i = 0, r = roll; i < 5; i++, r = Math.floor(r / 6)) dice[i] = 1 + (r % 6);
      const number = rollNumber(dice);
      expect(number).toBe(rollNumber([...dice].sort()));
      seen.add(number);
      CATEGORIES.forEach((category, c) => {
        if (rollScore(number, c) !== scoreDice(category, dice)) throw new Error(`${category} of ${dice.join(' ')}: table ${rollScore(number, c)}, scoreDice ${scoreDice(category, dice)}`);
      });
    }
    expect(seen.size).toBe(DISTINCT_ROLLS);
    expect(Math.min(...seen)).toBe(0);
    expect(Math.max(...seen)).toBe(DISTINCT_ROLLS - 1);
  });

  it('knows which scores some dice can make in each category', () => {
    expect(isAchievableScore(0, 5)).toBe(true);
    expect(isAchievableScore(0, 6)).toBe(false);
    expect(isAchievableScore(5, 27)).toBe(false);
    expect(isAchievableScore(5, 30)).toBe(true);
    expect(isAchievableScore(6, 4)).toBe(false);
    expect(isAchievableScore(6, 5)).toBe(true);
    expect(isAchievableScore(8, 25)).toBe(true);
    expect(isAchievableScore(8, 20)).toBe(false);
    expect(isAchievableScore(11, 0)).toBe(true);
    expect(isAchievableScore(12, 0)).toBe(false);
    expect(isAchievableScore(12, 31)).toBe(false);
  });
});
