import { describe, expect, test } from 'vitest';
import type { Outcome } from '../../src/core/outcome.js';
import type { FaultKind } from '../../src/core/record.js';
import { blockSumsOf, mergeTallies, TallyBuilder, tallyJson, tallyOfJson, tallyShapeProblem, winUnit, type TallyData } from '../../src/harness/tally.js';
import type { MatchResult } from '../../src/referee/match.js';

/**
 * Hand-built games and the counts a person works out from them, written out in full: the tally is
 * where a tie, a shared win or a departure becomes a number, and the statistics trust those numbers.
 */

interface HandGame {
  readonly outcome: Outcome | null;
  readonly departed?: readonly number[];
  readonly faults?: readonly { seat: number; kind: FaultKind }[];
  readonly steps?: number;
  readonly metrics?: readonly Record<string, number | null>[];
}

function result(g: HandGame): MatchResult {
  return {
    outcome: g.outcome,
    steps: g.steps ?? 10,
    faults: (g.faults ?? []).map((f) => ({ ...f, detail: 'by hand' })),
    departed: g.departed ?? [],
    ...(g.metrics !== undefined ? { metrics: g.metrics } : {}),
    record: () => {
      throw new Error('not recorded');
    },
  };
}

/** Blocks of games: each block its lineup and its games as [entrant in each seat, game]. */
function tallyOf(entrants: number, players: number, blocks: readonly { lineup: number[]; games: [number[], HandGame][] }[]): TallyData {
  const builder = new TallyBuilder(entrants, players);
  for (const block of blocks) {
    builder.beginBlock(block.lineup);
    for (const [seats, game] of block.games) builder.addGame(seats, result(game));
    builder.endBlock();
  }
  return builder.finish();
}

describe('the tally of hand-built games', () => {
  // Three entrants, three seats. Block 1 is one deal under its three rotations:
  //   A  seats (e0, e1, e2)  ranks 1, 2, 2   e0 wins alone; e1 and e2 tie for second
  //   B  seats (e1, e2, e0)  ranks 1, 1, 3   e1 and e2 share the win
  //   C  seats (e2, e0, e1)  ranks 3, 1, 2   e2 throws and forfeits (its score 5 is no result); e0 wins
  // Block 2, same lineup:
  //   D  seats (e0, e1, e2)  a draw: no winner, every seat ranked 1, no scores
  //   E  seats (e1, e2, e0)  an engine error: no outcome
  const three = () =>
    tallyOf(3, 3, [
      {
        lineup: [0, 1, 2],
        games: [
          [[0, 1, 2], { outcome: { winners: [0], rank: [1, 2, 2], score: [30, 20, 20] }, steps: 7, metrics: [{ m: 2 }, { m: null }, { m: 5 }] }],
          [[1, 2, 0], { outcome: { winners: [0, 1], rank: [1, 1, 3], score: [40, 40, 10] }, steps: 9, metrics: [{ m: 1 }, { m: 1 }, { m: 3 }] }],
          [[2, 0, 1], { outcome: { winners: [1], rank: [3, 1, 2], score: [5, 50, 25] }, departed: [0], faults: [{ seat: 0, kind: 'threw' }], steps: 7 }],
        ],
      },
      {
        lineup: [0, 1, 2],
        games: [
          [[0, 1, 2], { outcome: { winners: [], rank: [1, 1, 1] }, steps: 12 }],
          [[1, 2, 0], { outcome: null, steps: 3 }],
        ],
      },
    ]);

  test('games, engine errors, lengths and faults', () => {
    const t = three();
    expect(t.games).toEqual([5]);
    expect(t.engineErrors).toEqual([1]);
    expect(t.gameLengths).toEqual([[3, 1], [7, 2], [9, 1], [12, 1]]);
    // Fault kinds in FAULT_KINDS order: illegal, threw, timeout, left, crash, malformed.
    expect(t.faults).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
  });

  test('games, draws and ranks per entrant and seat (the engine error counts in none)', () => {
    const t = three();
    expect(t.entrantGames).toEqual([4, 4, 4]);
    expect(t.draws).toEqual([1, 1, 1]);
    // e0: 1 (A) + 3 (B) + 1 (C) + 1 (D); e1: 2 + 1 + 2 + 1; e2: 2 + 1 + 3 + 1.
    expect(t.rankSum).toEqual([6, 6, 7]);
    // [entrant * 3 + seat]
    expect(t.seatGames).toEqual([2, 1, 1, 1, 2, 1, 1, 1, 2]);
    expect(t.seatDraws).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(t.seatRankSum).toEqual([2, 1, 3, 1, 3, 2, 3, 1, 3]);
  });

  test('a sole win counts once, a win shared two ways counts in the two-way slot, a draw is no win', () => {
    const t = three();
    // [entrant * 3 + (ways - 1)]: e0 won A and C alone; e1 and e2 shared B.
    expect(t.winsByTie).toEqual([2, 0, 0, 0, 1, 0, 0, 1, 0]);
    // [(entrant * 3 + seat) * 3 + (ways - 1)]: e0 alone from seats 0 and 1; e1 shared from seat 0, e2 from seat 1.
    const seatWins = new Array<number>(27).fill(0);
    seatWins[0] = 1;
    seatWins[3] = 1;
    seatWins[(1 * 3 + 0) * 3 + 1] = 1;
    seatWins[(2 * 3 + 1) * 3 + 1] = 1;
    expect(t.seatWinsByTie).toEqual(seatWins);
  });

  test('who finished ahead of whom, and who tied', () => {
    const t = three();
    // ahead[a * 3 + b]: e0 ahead of e1 in A and C, of e2 in A and C; e1 ahead of e0 in B, of e2 in C;
    // e2 ahead of e0 in B. Ties: e1 and e2 in A and B. Block 2 holds an engine error, so the ladder
    // leaves it out whole, the draw D with it: a block counts with all its rotations or not at all.
    expect(t.ahead).toEqual([0, 2, 2, 1, 0, 1, 1, 0, 0]);
    expect(t.tied).toEqual([0, 0, 0, 0, 0, 2, 0, 2, 0]);
  });

  test('a forfeited score is left out and counted; a draw without scores adds none', () => {
    const t = three();
    expect(t.scoresLeftOut).toEqual([0, 0, 1]);
    expect(t.scored).toEqual([3, 3, 2]);
    expect(t.scoreSum).toEqual([30 + 10 + 50, 20 + 40 + 25, 20 + 40]);
    expect(t.scoreSq).toEqual([900 + 100 + 2500, 400 + 1600 + 625, 400 + 1600]);
    expect(t.scores).toEqual([[[10, 1], [30, 1], [50, 1]], [[20, 1], [25, 1], [40, 1]], [[20, 1], [40, 1]]]);
    expect(t.seatScored).toEqual([1, 1, 1, 1, 1, 1, 0, 1, 1]);
    expect(t.seatScoreSum).toEqual([30, 50, 10, 40, 20, 25, 0, 40, 20]);
  });

  test('metrics: count, sum and sum of squares of the non-null values', () => {
    // e0: 2 (A), 3 (B); e1: null (A), 1 (B); e2: 5 (A), 1 (B). [count x3, sum x3, squares x3]
    expect(three().metrics).toEqual({ m: [2, 1, 2, 5, 1, 6, 13, 1, 26] });
  });

  test('blocks: the block with an engine error is left out of the block means and of the ladder', () => {
    const t = three();
    // Block wins in units of 1/lcm(1, 2, 3) = 1/6: e0 two whole wins (12), e1 and e2 half a win (3).
    expect(winUnit(3)).toBe(6);
    expect(t.blocks).toEqual([1, 1, 1]);
    expect(t.blockWins).toEqual([12, 3, 3]);
    expect(t.blockWinsSq).toEqual([144, 9, 9]);
    expect(t.ladderBlocks).toEqual([1]);
    // The same per seat, block 1 only: seat 0 won A alone and shared B (6 + 3), seat 1 shared B and
    // won C (3 + 6), seat 2 nothing.
    expect(t.seatBlockWins).toEqual([9, 9, 0]);
    expect(t.seatBlockWinsSq).toEqual([81, 81, 0]);
  });

  test('the ladder\'s block sums', () => {
    const t = three();
    // Pairwise points w (2 per opponent finished ahead of, 1 per tie) in block 1: e0 4 (A) + 4 (C) = 8,
    // e1 1 + 3 + 2 = 6, e2 1 + 3 + 0 = 4, over 3 games; block 2 (an engine error) adds nothing.
    // points [a * 3 + b, a <= b]: sum of w[a] w[b].
    expect(t.blockPoints).toEqual([[0, 64], [1, 48], [2, 32], [4, 36], [5, 24], [8, 16]]);
    // pointMeets [(a * 3 + b) * 3 + c, b < c]: sum of w[a] g over blocks holding b and c.
    const wg = [8 * 3, 6 * 3, 4 * 3];
    expect(t.blockPointMeets).toEqual([
      [1, wg[0]], [2, wg[0]], [5, wg[0]],
      [10, wg[1]], [11, wg[1]], [14, wg[1]],
      [19, wg[2]], [20, wg[2]], [23, wg[2]],
    ]);
    // meets [set key]: sum of g^2 over blocks holding the set; keys in base 4 with digits entrant + 1:
    // {0,1} = 1*4 + 2, {0,2} = 1*4 + 3, {1,2} = 2*4 + 3, {0,1,2} = (1*4 + 2)*4 + 3.
    expect(t.blockMeets).toEqual([[6, 9], [7, 9], [11, 9], [27, 9]]);
  });

  test('two seats: a tie for first is a win shared two ways and a tie, not a finish ahead', () => {
    const t = tallyOf(2, 2, [{ lineup: [0, 1], games: [[[1, 0], { outcome: { winners: [0, 1], rank: [1, 1], score: [3, 3] } }], [[0, 1], { outcome: { winners: [1], rank: [2, 1], score: [1, 4] } }]] }]);
    expect(t.winsByTie).toEqual([0, 1, 1, 1]);
    expect(t.ahead).toEqual([0, 0, 1, 0]);
    expect(t.tied).toEqual([0, 1, 1, 0]);
    expect(t.draws).toEqual([0, 0]);
    // lcm(1, 2) = 2: e0 half a win, e1 one and a half.
    expect(t.blockWins).toEqual([1, 3]);
    // By seat: seat 0 half a win (the shared first), seat 1 one and a half (shared, then won).
    expect(t.seatBlockWins).toEqual([1, 3]);
    expect(t.seatBlockWinsSq).toEqual([1, 9]);
  });

  test('eight seats: a three-way shared first place, a tie further down, two departures', () => {
    // Entrant e sits in seat 7 - e. Ranks by seat: three share first, two tie for 5th; seats 6 and 7 left.
    const seats = [7, 6, 5, 4, 3, 2, 1, 0];
    const rank = [1, 1, 1, 4, 5, 5, 8, 7];
    const t = tallyOf(8, 8, [{ lineup: [0, 1, 2, 3, 4, 5, 6, 7], games: [[seats, { outcome: { winners: [0, 1, 2], rank, score: [9, 9, 9, 7, 5, 5, 2, 3] }, departed: [6, 7] }]] }]);
    const E = 8;
    const wins = new Array<number>(E * 8).fill(0);
    for (const e of [7, 6, 5]) wins[e * 8 + 2] = 1;
    expect(t.winsByTie).toEqual(wins);
    // lcm(1..8) = 840; a third of a win is 280.
    expect(winUnit(8)).toBe(840);
    expect(t.blockWins).toEqual([0, 0, 0, 0, 0, 280, 280, 280]);
    // Ties: the three winners pairwise, and the two fifths (seats 4 and 5: entrants 3 and 2).
    const tiedPairs = [[7, 6], [7, 5], [6, 5], [3, 2]];
    for (const [a, b] of tiedPairs) {
      expect(t.tied[a! * E + b!]).toBe(1);
      expect(t.tied[b! * E + a!]).toBe(1);
    }
    expect(t.tied.reduce((s, x) => s + x, 0)).toBe(2 * tiedPairs.length);
    // 28 pairs, 4 tied, so 24 finishes ahead: e.g. the winner e7 ahead of e4 (rank 4), e4 ahead of e3
    // (rank 5), e1 (seat 6, rank 8) behind e0 (seat 7, rank 7), nobody ahead of e7.
    expect(t.ahead.reduce((s, x) => s + x, 0)).toBe(24);
    expect(t.ahead[7 * E + 4]).toBe(1);
    expect(t.ahead[4 * E + 3]).toBe(1);
    expect(t.ahead[0 * E + 1]).toBe(1);
    expect(t.ahead[1 * E + 0]).toBe(0);
    expect(Array.from({ length: E }, (_, a) => t.ahead[a * E + 7])).toEqual(new Array<number>(E).fill(0));
    expect(t.scoresLeftOut).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
    expect(t.scoreSum).toEqual([0, 0, 5, 5, 7, 9, 9, 9]);
    expect(t.rankSum).toEqual([7, 8, 5, 5, 4, 1, 1, 1]);
  });

  test('merging adds every count and histogram, and a tally survives its file form', () => {
    const a = three();
    const b = tallyOf(3, 3, [{ lineup: [0, 1, 2], games: [[[2, 1, 0], { outcome: { winners: [2], rank: [3, 2, 1], score: [1, 2, 60] }, steps: 9, metrics: [{ m: 4 }, { m: 4 }, { m: null }] }]] }]);
    const merged = mergeTallies(a, b);
    expect(merged.games).toEqual([6]);
    expect(merged.winsByTie).toEqual([3, 0, 0, 0, 1, 0, 0, 1, 0]);
    expect(merged.ahead).toEqual([0, 3, 3, 1, 0, 2, 1, 0, 0]);
    expect(merged.gameLengths).toEqual([[3, 1], [7, 2], [9, 2], [12, 1]]);
    expect(merged.scores[0]).toEqual([[10, 1], [30, 1], [50, 1], [60, 1]]);
    expect(merged.metrics).toEqual({ m: [2, 2, 3, 5, 5, 10, 13, 17, 42] });
    expect(merged.blockMeets).toEqual([[6, 10], [7, 10], [11, 10], [27, 10]]);
    expect(mergeTallies(b, a)).toEqual(merged);
    // A metric only one side has is copied, not shared: merging more into the result leaves the input as it was.
    for (const alone of [mergeTallies(a, tallyOf(3, 3, [])), mergeTallies(tallyOf(3, 3, []), a)]) {
      expect(alone.metrics).toEqual(a.metrics);
      expect(alone.metrics['m']).not.toBe(a.metrics['m']);
    }
    expect(() => mergeTallies(a, tallyOf(3, 2, []))).toThrow('cannot merge tallies of 3x3 and 3x2');
    expect(() => mergeTallies(a, tallyOf(2, 3, []))).toThrow('cannot merge tallies of 3x3 and 2x3');
    const json = tallyJson(merged);
    expect(Object.keys(json)).toContain('length');
    expect(Object.keys(json)).not.toContain('gameLengths');
    expect(tallyOfJson(json)).toEqual(merged);
    expect(tallyShapeProblem(merged)).toBeNull();
    expect(tallyShapeProblem({ ...merged, blockMeets: undefined as never })).toBe('it has no blockMeets sums, which this version of parlor keeps');
  });

  test('three entrants at two seats: a block counts only for its lineup', () => {
    // Block 1: lineup {0, 2}, e2 wins both games. Block 2: lineup {1, 2}, its only game an engine
    // error: no outcome, so no ladder block either.
    const t = tallyOf(3, 2, [
      { lineup: [0, 2], games: [[[0, 2], { outcome: { winners: [1], rank: [2, 1], score: [1, 5] } }], [[2, 0], { outcome: { winners: [0], rank: [1, 2], score: [6, 2] } }]] },
      { lineup: [1, 2], games: [[[1, 2], { outcome: null }]] },
    ]);
    expect(t.blocks).toEqual([1, 0, 1]);
    expect(t.blockWins).toEqual([0, 0, 4]);
    // Block 1's winners sat in seat 1, then seat 0: one win each (2 units); block 2 is left out.
    expect(t.seatBlockWins).toEqual([2, 2]);
    expect(t.seatBlockWinsSq).toEqual([4, 4]);
    expect(t.ladderBlocks).toEqual([1]);
    // Block sums of block 1 only, over its lineup {0, 2}: w = (0, 4) (e2 ahead of e0 twice), g = 2.
    expect(blockSumsOf(t)).toEqual({ blocks: 1, points: [[0, 0], [2, 0], [8, 16]], pointMeets: [[(2 * 3 + 0) * 3 + 2, 8]], meets: [[1 * 4 + 3, 4]] });
  });

  test('a game without scores adds none and leaves none out, departures or not', () => {
    const t = tallyOf(2, 2, [{ lineup: [0, 1], games: [[[0, 1], { outcome: { winners: [1], rank: [2, 1] }, departed: [0] }]] }]);
    expect(t.scoresLeftOut).toEqual([0, 0]);
    expect(t.scored).toEqual([0, 0]);
  });

  test('histograms: the values at the ends of the array counter and past them', () => {
    const builder = new TallyBuilder(1, 1);
    builder.beginBlock([0]);
    for (const [score, steps] of [[2047, 0], [2048, 2048], [0, 2047], [-1, 1]]) builder.addGame([0], result({ outcome: { winners: [0], rank: [1], score: [score!] }, steps: steps! }));
    builder.endBlock();
    const t = builder.finish();
    expect(t.scores[0]).toEqual([[-1, 1], [0, 1], [2047, 1], [2048, 1]]);
    // A block of one entrant has no pairs: nothing for the ladder's block sums.
    expect([t.blockPoints, t.blockPointMeets, t.blockMeets]).toEqual([[], [], []]);
    expect(t.gameLengths).toEqual([[0, 1], [1, 1], [2047, 1], [2048, 1]]);
  });

  test('metrics in any order from game to game, a missing value skipped, names in order', () => {
    const t = tallyOf(1, 1, [
      {
        lineup: [0],
        games: [
          [[0], { outcome: { winners: [0], rank: [1] }, metrics: [{ z: 1, a: 2 }] }],
          [[0], { outcome: { winners: [0], rank: [1] }, metrics: [{ a: 3, z: 4 }] }],
          [[0], { outcome: { winners: [0], rank: [1] }, metrics: [{ a: undefined as never, z: 5 }] }],
        ],
      },
    ]);
    expect(Object.keys(t.metrics)).toEqual(['a', 'z']);
    expect(t.metrics).toEqual({ a: [2, 5, 13], z: [3, 10, 42] });
    const other = tallyOf(1, 1, [{ lineup: [0], games: [[[0], { outcome: { winners: [0], rank: [1] }, metrics: [{ m: 1 }] }]] }]);
    expect(Object.keys(mergeTallies(t, other).metrics)).toEqual(['a', 'm', 'z']);
  });

  test('a score or metric that is not a whole number is refused', () => {
    const builder = new TallyBuilder(1, 1);
    builder.beginBlock([0]);
    expect(() => builder.addGame([0], result({ outcome: { winners: [0], rank: [1], score: [1.5] } }))).toThrow('seat 0 scored 1.5: the harness sums scores exactly and needs whole numbers');
    expect(() => builder.addGame([0], result({ outcome: { winners: [0], rank: [1] }, metrics: [{ m: 0.5 }] }))).toThrow('metric m is 0.5: the harness sums metrics exactly and needs whole numbers');
  });
});
