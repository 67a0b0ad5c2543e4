import { describe, expect, test } from 'vitest';
import type { OutcomeLine } from '../../src/harness/outcome-line.js';
import { PairedTally, type PairedGame } from '../../src/harness/paired-tally.js';
import { pairedChanges } from '../../src/report/diff-summary.js';

/**
 * Two runs of three duplicate blocks of two games (entrants e0 and e1, seats 0 and 1), written out by
 * hand with what each game's pair of lines should count. Win units: lcm(1, 2) = 2 a win.
 */
const line = (game: number, entrants: number[], o: Partial<OutcomeLine>): OutcomeLine => ({ game, entrants, steps: 0, ...o });

const blocks: PairedGame[][] = [
  [
    // Game 0 the same; game 1 two steps longer in B: its length alone.
    { a: line(0, [0, 1], { rank: [1, 2], winners: [0], steps: 10 }), b: line(0, [0, 1], { rank: [1, 2], winners: [0], steps: 10 }) },
    { a: line(1, [1, 0], { rank: [1, 2], winners: [0], steps: 12 }), b: line(1, [1, 0], { rank: [1, 2], winners: [0], steps: 14 }) },
  ],
  [
    // Game 2: e1 (seat 1) won in A, e0 (seat 0) in B. Game 3: e0 (seat 1) won in A; B capped it, a draw.
    { a: line(2, [0, 1], { rank: [2, 1], winners: [1], steps: 8 }), b: line(2, [0, 1], { rank: [1, 2], winners: [0], steps: 8 }) },
    { a: line(3, [1, 0], { rank: [2, 1], winners: [1], steps: 9 }), b: line(3, [1, 0], { rank: [1, 1], winners: [], capped: true, steps: 20 }) },
  ],
  [
    // Game 4: the same winner, another score. Game 5: an engine error in A: the block is left out of the pairs.
    { a: line(4, [0, 1], { rank: [1, 2], winners: [0], score: [5, 3], steps: 7 }), b: line(4, [0, 1], { rank: [1, 2], winners: [0], score: [6, 3], steps: 7 }) },
    { a: line(5, [1, 0], { error: 'the game did not end within 3 steps', steps: 3, faults: [{ seat: 1, kind: 'threw' }] }), b: line(5, [1, 0], { rank: [2, 1], winners: [1], steps: 11 }) },
  ],
];

function paired() {
  const tally = new PairedTally(2, 2, 2);
  const kinds = blocks.map((block) => tally.addBlock(block));
  return { kinds, data: tally.finish() };
}

describe('two runs read side by side, counted by hand', () => {
  test('what changed in each game, and the endings of both runs', () => {
    const { kinds, data } = paired();
    expect(kinds).toEqual([['same', 'length'], ['winner', 'winner'], ['outcome', 'winner']]);
    expect(data.changes).toEqual({ same: 1, length: 1, outcome: 1, winner: 3 });
    expect({ blocks: data.blocks, games: data.games, leftOut: data.leftOut }).toEqual({ blocks: 3, games: 6, leftOut: 1 });
    expect(data.capped).toEqual({ a: 0, b: 1, onlyA: 0, onlyB: 1 });
    expect(data.drawn).toEqual({ a: 0, b: 1, onlyA: 0, onlyB: 1 });
    expect(data.engineErrors).toEqual({ a: 1, b: 0, onlyA: 1, onlyB: 0 });
    expect(data.faults[0].threw).toBe(1);
    expect(data.faults[1].threw).toBe(0);
    expect(data.lengths).toEqual([
      [[3, 1], [7, 1], [8, 1], [9, 1], [10, 1], [12, 1]],
      [[7, 1], [8, 1], [10, 1], [11, 1], [14, 1], [20, 1]],
    ]);
  });

  test('the pairs: blocks 0 and 1, each entrant\'s and each seat\'s wins and ranks, and the steps', () => {
    const { data } = paired();
    // Wins in units of 2. Block 0: each entrant one win in both runs. Block 1: A one each; B e0 one, e1 none.
    expect(data.wins).toEqual([{ pairs: 2, a: 4, b: 4, diffSq: 0 }, { pairs: 2, a: 4, b: 2, diffSq: 4 }]);
    // Ranks summed over a block's games. Block 0: 3 and 3 in both. Block 1: A 3 and 3; B e0 1 + 1, e1 2 + 1.
    expect(data.ranks).toEqual([{ pairs: 2, a: 6, b: 5, diffSq: 1 }, { pairs: 2, a: 6, b: 6, diffSq: 0 }]);
    // By seat. Block 0: seat 0 won both games in both runs. Block 1: A seat 1 both; B seat 0 one (and a draw).
    expect(data.seatWins).toEqual([{ pairs: 2, a: 4, b: 6, diffSq: 4 }, { pairs: 2, a: 4, b: 0, diffSq: 16 }]);
    // Steps: block 0 22 and 24, block 1 17 and 28.
    expect(data.steps).toEqual({ pairs: 2, a: 39, b: 52, diffSq: 4 + 121 });
  });

  test('as rates: e1\'s win rate 1/2 in A and 1/4 in B, seat 1\'s 1/2 and 0', () => {
    const { wins, seats, steps } = pairedChanges(paired().data);
    // e1: per block (a rate in units of 4) 0 then -2: mean -2 / 2 / 4 = -0.25; variance (2·4 - 4) / 2 = 2
    // units², 1/8 in rate²; se sqrt(1/8 / 2) = 0.25; t(1) = 12.706205, far past the range: clipped.
    expect(wins[1]).toMatchObject({ a: 0.5, b: 0.25, diff: -0.25, ci95: [-1, 1], excludesZero: false });
    expect(seats[1]!.winRate).toMatchObject({ a: 0.5, b: 0, diff: -0.5 });
    // Steps per game: 39 / 4 = 9.75 and 13; differences 1 and 5.5 a game: mean 3.25, sd 3.181981,
    // se 2.25, t(1) 12.706205: half width 28.588961.
    expect(steps).toMatchObject({ a: 9.75, b: 13, diff: 3.25 });
    expect(steps.ci95![1] - 3.25).toBeCloseTo(28.588961, 5);
  });

  test('scores: each entrant\'s over a block\'s games, a forfeited one left out; games without scores have none', () => {
    expect(paired().data.scores).toBeNull();
    const tally = new PairedTally(2, 2, 2);
    tally.addBlock([
      { a: line(0, [0, 1], { rank: [1, 2], winners: [0], score: [5, 3] }), b: line(0, [0, 1], { rank: [1, 2], winners: [0], score: [6, 3] }) },
      // In B e1 (seat 0) threw and forfeited: its 2 is no result.
      { a: line(1, [1, 0], { rank: [1, 2], winners: [0], score: [7, 4] }), b: line(1, [1, 0], { rank: [2, 1], winners: [1], score: [2, 4], faults: [{ seat: 0, kind: 'threw' }] }) },
    ]);
    const [e0, e1] = tally.finish().scores!;
    // e0: A 5 + 4 over 2 games, B 6 + 4 over 2; e1: A 3 + 7 over 2, B 3 over 1.
    expect(e0).toMatchObject({ blocks: 1, nA: 2, sA: 9, nB: 2, sB: 10 });
    expect(e1).toMatchObject({ blocks: 1, nA: 2, sA: 10, nB: 1, sB: 3 });
  });

  test('two lines of one game that seat other entrants are not the same game', () => {
    const tally = new PairedTally(2, 2, 1);
    expect(() => tally.addBlock([{ a: line(0, [0, 1], { rank: [1, 2], winners: [0] }), b: line(0, [1, 0], { rank: [1, 2], winners: [0] }) }])).toThrow(
      'game 0 seats entrants [0,1] in one run and game 0 [1,0] in the other: they are not the same games',
    );
  });
});
