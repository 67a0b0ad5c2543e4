import { describe, expect, test } from 'vitest';
import { competitionRanks, outcomeFromScores, withForfeits } from '../../src/core/outcome.js';

describe('ranks and winners, worked by hand', () => {
  test('competition ranking: 1, 2, 2, 4; the highest score first', () => {
    expect(competitionRanks([5, 7, 7, 1])).toEqual([3, 1, 1, 4]);
    expect(competitionRanks([3, 3, 3])).toEqual([1, 1, 1]);
    expect(competitionRanks([-2, 0])).toEqual([2, 1]);
  });

  test('scores decide, ties share the win', () => {
    expect(outcomeFromScores([5, 7, 7, 1])).toEqual({ winners: [1, 2], rank: [3, 1, 1, 4], score: [5, 7, 7, 1] });
    expect(outcomeFromScores([9])).toEqual({ winners: [0], rank: [1], score: [9] });
  });

  test('seats that left rank last, the last to leave highest among them; the best who stayed win', () => {
    // Ranks 3, 1, 1, 4 with seat 1 then seat 3 leaving: the stayers 0 and 2 rank 2 and 1 among
    // themselves; seat 3 (left last) ranks 3, seat 1 (left first) 4. Seat 2 alone wins.
    const outcome = outcomeFromScores([5, 7, 7, 1]);
    expect(withForfeits(outcome, [1, 3])).toEqual({ winners: [2], rank: [2, 4, 1, 3], score: [5, 7, 7, 1] });
    // The stayers tied for the best share the win; the input is left as it was.
    expect(withForfeits(outcomeFromScores([4, 4, 9]), [2])).toEqual({ winners: [0, 1], rank: [1, 1, 3], score: [4, 4, 9] });
    expect(outcome).toEqual({ winners: [1, 2], rank: [3, 1, 1, 4], score: [5, 7, 7, 1] });
    // No one left: the outcome itself.
    expect(withForfeits(outcome, [])).toBe(outcome);
  });

  test('a draw stays a draw: no winner, whoever left', () => {
    expect(withForfeits({ winners: [], rank: [1, 1, 1], capped: true }, [0])).toEqual({ winners: [], rank: [3, 1, 1], capped: true });
  });

  test('everyone left: ranks by order of leaving, no winner', () => {
    expect(withForfeits(outcomeFromScores([1, 2]), [1, 0])).toEqual({ winners: [], rank: [1, 2], score: [1, 2] });
  });
});
