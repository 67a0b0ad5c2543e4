import { describe, expect, test } from 'vitest';
import type { Outcome } from '../../src/core/outcome.js';
import { mergeTallies, TallyBuilder, tallyShapeProblem, winnerLineupOf, type TallyData } from '../../src/harness/tally.js';
import type { MatchResult } from '../../src/referee/match.js';

/** A finished game as the referee gives it: its outcome (null on an engine error) and the seats that left. */
function game(outcome: Outcome | null, departed: number[] = []): MatchResult {
  return { outcome, steps: 10, faults: [], departed, record: () => ({}) as never, ...(outcome === null ? { engineError: 'Error: x' } : {}) };
}

/** Blocks of games: each block its lineup (ascending) and its games as [entrants by seat, result]. */
function tallyOf(entrants: number, players: number, blocks: [number[], [number[], MatchResult][]][], winnerLineups = false): TallyData {
  const builder = new TallyBuilder(entrants, players, { winnerLineups });
  for (const [lineup, games] of blocks) {
    builder.beginBlock(lineup);
    for (const [seats, result] of games) builder.addGame(seats, result);
    builder.endBlock();
  }
  return builder.finish();
}

describe("the ladder's counts take whole blocks", () => {
  // Three entrants at three seats; two blocks of two games each (the rotations are not all played:
  // only the counts matter here). In block 0, entrant 0 wins both; in block 1, game 1 fails.
  const ok: [number[], [number[], MatchResult][]] = [
    [0, 1, 2],
    [
      [[0, 1, 2], game({ winners: [0], rank: [1, 2, 3] })],
      [[1, 2, 0], game({ winners: [2], rank: [2, 3, 1] })],
    ],
  ];
  const failing: [number[], [number[], MatchResult][]] = [
    [0, 1, 2],
    [
      [[0, 1, 2], game({ winners: [1], rank: [2, 1, 3] })],
      [[1, 2, 0], game(null)],
    ],
  ];

  test('a block with an engine error adds nothing to the pairwise counts, the decisive blocks or the block sums', () => {
    const alone = tallyOf(3, 3, [ok]);
    const withFailure = tallyOf(3, 3, [ok, failing]);
    for (const key of ['ahead', 'tied', 'decisiveBlocks', 'ladderBlocks', 'blockPoints', 'blockPointMeets', 'blockMeets', 'blocks', 'blockWins'] as const) {
      expect(withFailure[key], key).toEqual(alone[key]);
    }
    // The failed block's finished game still counts as a game of its entrants (the failed one has no outcome).
    expect(withFailure.entrantGames).toEqual([3, 3, 3]);
    expect(withFailure.engineErrors).toEqual([1]);
  });

  test('by hand: ahead counts per game, decisive blocks per block', () => {
    const tally = tallyOf(3, 3, [ok]);
    // Game 1: 0 ahead of 1 and 2, 1 ahead of 2. Game 2 (seats 1, 2, 0 with ranks 2, 3, 1): 0 ahead of 1 and 2, 1 ahead of 2.
    expect(tally.ahead).toEqual([0, 2, 2, 0, 0, 2, 0, 0, 0]);
    expect(tally.tied).toEqual(new Array(9).fill(0));
    expect(tally.decisiveBlocks).toEqual([0, 1, 1, 1, 0, 1, 1, 1, 0]);
  });
});

describe('how games ended', () => {
  test('drawn, capped, and won with the non-winners tied (the seats that left not counted)', () => {
    const tally = tallyOf(4, 4, [
      [
        [0, 1, 2, 3],
        [
          [[0, 1, 2, 3], game({ winners: [], rank: [1, 1, 1, 1] })],
          [[1, 2, 3, 0], game({ winners: [], rank: [1, 1, 1, 1], capped: true })],
          [[2, 3, 0, 1], game({ winners: [0], rank: [1, 2, 2, 2] })],
          // Non-winners 1 and 2 tied, seat 3 left: a tie of two that stayed.
          [[3, 0, 1, 2], game({ winners: [0], rank: [1, 2, 2, 4] }, [3])],
        ],
      ],
      [
        [0, 1, 2, 3],
        [
          // Only one seat stayed besides the winner: no tie among the non-winners.
          [[0, 1, 2, 3], game({ winners: [0], rank: [1, 2, 4, 3] }, [2, 3])],
          [[1, 2, 3, 0], game({ winners: [1], rank: [2, 1, 3, 4] })],
        ],
      ],
    ]);
    expect(tally.drawn).toEqual([2]);
    expect(tally.capped).toEqual([1]);
    expect(tally.tiedNonWinners).toEqual([2]);
  });

  test("a forfeited game's partial score is summed apart", () => {
    const tally = tallyOf(2, 2, [
      [
        [0, 1],
        [
          [[0, 1], game({ winners: [0], rank: [1, 2], score: [30, 12] }, [1])],
          [[1, 0], game({ winners: [1], rank: [2, 1], score: [20, 25] })],
        ],
      ],
    ]);
    // Entrant 0 scored 30 and 25; entrant 1 left game 1 at 12 and scored 20 in game 2.
    expect(tally.scoreSum).toEqual([55, 20]);
    expect(tally.scoresLeftOut).toEqual([0, 1]);
    expect(tally.leftOutScoreSum).toEqual([0, 12]);
  });
});

describe('the Plackett-Luce sums of games that rank only their winners', () => {
  test('by hand: per lineup, blocks, games won, wins in units, and their block products', () => {
    // Three seats: win unit lcm(1, 2, 3) = 6. Lineup [0, 1, 2], two blocks.
    // Block A: game 1 won by 0, game 2 shared by 1 and 2 (3 units each), game 3 drawn: W = (6, 3, 3), g = 2.
    // Block B: games 1 and 2 won by 2: W = (0, 0, 12), g = 2.
    const winner = (winners: number[]): Outcome => ({ winners, rank: [0, 1, 2].map((s) => (winners.includes(s) ? 1 : winners.length + 1)) });
    const tally = tallyOf(
      3,
      3,
      [
        [
          [0, 1, 2],
          [
            [[0, 1, 2], game(winner([0]))],
            [[1, 2, 0], game(winner([0, 1]))],
            [[2, 0, 1], game({ winners: [], rank: [1, 1, 1] })],
          ],
        ],
        [
          [0, 1, 2],
          [
            [[0, 1, 2], game(winner([2]))],
            [[1, 2, 0], game(winner([1]))],
          ],
        ],
      ],
      true,
    );
    expect(tally.winnerLineups).toHaveLength(1);
    expect(winnerLineupOf(tally.winnerLineups[0]!)).toEqual({
      members: [0, 1, 2],
      blocks: 2,
      games: 4,
      wins: [6, 3, 15],
      // Sum over blocks of W_i W_j, i <= j: (36, 18, 18, 9, 9, 9) + (0, 0, 0, 0, 0, 144).
      winProducts: [36, 18, 18, 9, 9, 153],
      // Sum of g W_i: 2 (6, 3, 3) + 2 (0, 0, 12).
      winGames: [12, 6, 30],
      gamesSquared: 8,
    });
  });

  test('kept only when asked for', () => {
    const tally = tallyOf(2, 2, [[[0, 1], [[[0, 1], game({ winners: [0], rank: [1, 2] })]]]]);
    expect(tally.winnerLineups).toEqual([]);
  });
});

describe('blocks the ladder reads', () => {
  test('a tie in the first block counts as a tie of that pair (the tie slots are the whole square of seats)', () => {
    const tally = tallyOf(3, 3, [[[0, 1, 2], [[[0, 1, 2], game({ winners: [0], rank: [1, 2, 2] })]]]]);
    // Entrant 0 ahead of 1 and of 2; 1 and 2 tied.
    expect(tally.ahead).toEqual([0, 1, 1, 0, 0, 0, 0, 0, 0]);
    expect(tally.tied).toEqual([0, 0, 0, 0, 0, 1, 0, 1, 0]);
  });

  test('a pair decided either way over the block is decisive once; a pair tied in every game is not', () => {
    const tally = tallyOf(3, 3, [
      [
        [0, 1, 2],
        [
          [[0, 1, 2], game({ winners: [0], rank: [1, 2, 2] })],
          [[1, 0, 2], game({ winners: [1], rank: [1, 2, 2] })],
        ],
      ],
    ]);
    // 0 ahead of 1 once and 1 ahead of 0 once: decisive, once. 1 and 2, 0 and 2: 0 ahead of 2 in game 1, 1 ahead of 2 in game 2.
    expect(tally.ahead).toEqual([0, 1, 1, 1, 0, 1, 0, 0, 0]);
    expect(tally.decisiveBlocks).toEqual([0, 1, 1, 1, 0, 1, 1, 1, 0]);
    const allTied = tallyOf(2, 2, [[[0, 1], [[[0, 1], game({ winners: [], rank: [1, 1] })], [[1, 0], game({ winners: [], rank: [1, 1] })]]]]);
    expect(allTied.tied).toEqual([0, 2, 2, 0]);
    expect(allTied.decisiveBlocks).toEqual([0, 0, 0, 0]);
  });

  test('a block without a game counts as a block of its entrants but adds nothing to the ladder', () => {
    const builder = new TallyBuilder(2, 2);
    builder.beginBlock([0, 1]);
    builder.endBlock();
    expect(builder.lastBlock()).toEqual({ counted: false, lineup: [0, 1], points: [0, 0], wins: [0, 0], games: 0, wonGames: 0 });
    const tally = builder.finish();
    expect(tally.ladderBlocks).toEqual([0]);
    expect(tally.blockMeets).toEqual([]);
    expect(tally.blocks).toEqual([1, 1]);
  });

  test('the last block as parlor diff reads it: its lineup, points, win units and games; not counted after an engine error', () => {
    const builder = new TallyBuilder(3, 2);
    builder.beginBlock([0, 2]);
    builder.addGame([0, 2], game({ winners: [0], rank: [1, 2] }));
    builder.addGame([2, 0], game({ winners: [], rank: [1, 1] }));
    builder.endBlock();
    // Points: 2 for a finish ahead, 1 each for a tie; win units at two seats: 2 a sole win.
    expect(builder.lastBlock()).toEqual({ counted: true, lineup: [0, 2], points: [3, 0, 1], wins: [2, 0, 0], games: 2, wonGames: 1 });
    builder.beginBlock([1, 2]);
    builder.addGame([1, 2], game(null));
    builder.endBlock();
    expect(builder.lastBlock().counted).toBe(false);
  });
});

describe('how games ended, counted apart', () => {
  test('non-winners tied: counted in won games only, never in a drawn one, and never with a seat that left', () => {
    const tally = tallyOf(3, 3, [
      [
        [0, 1, 2],
        [
          [[0, 1, 2], game({ winners: [], rank: [1, 1, 1] })],
          [[1, 2, 0], game({ winners: [0], rank: [1, 2, 2] })],
          [[2, 0, 1], game({ winners: [1], rank: [2, 1, 2] })],
          // Seat 1 left and shares seat 2's rank: one seat stayed besides the winner, no tie.
          [[0, 1, 2], game({ winners: [0], rank: [1, 2, 2] }, [1])],
        ],
      ],
    ]);
    expect(tally.drawn).toEqual([1]);
    expect(tally.tiedNonWinners).toEqual([2]);
  });
});

describe('the winner lineups of several blocks and tallies', () => {
  const winner = (winners: number[]): Outcome => ({ winners, rank: [0, 1].map((s) => (winners.includes(s) ? 1 : 2)) });
  const blockOf = (lineup: number[], winnerSeats: number[][]): [number[], [number[], MatchResult][]] => [lineup, winnerSeats.map((w) => [lineup, game(winner(w))])];

  test('a block whose games were all drawn adds no lineup; lineups are listed in key order whatever order they came in', () => {
    const tally = tallyOf(3, 2, [blockOf([1, 2], [[0]]), blockOf([0, 2], [[]]), blockOf([0, 1], [[1]])], true);
    expect(tally.winnerLineups.map(([key]) => key)).toEqual(['0,1', '1,2']);
  });

  test('merged tallies hold the lineups of both in key order, the sums of a shared lineup added', () => {
    const first = [blockOf([1, 2], [[0], [1]]), blockOf([0, 1], [[0]])];
    const second = [blockOf([0, 2], [[1]]), blockOf([1, 2], [[1]])];
    const whole = tallyOf(3, 2, [...first, ...second], true);
    const a = tallyOf(3, 2, first, true);
    const b = tallyOf(3, 2, second, true);
    expect(whole.winnerLineups.map(([key]) => key)).toEqual(['0,1', '0,2', '1,2']);
    expect(mergeTallies(a, b).winnerLineups).toEqual(whole.winnerLineups);
    expect(mergeTallies(b, a).winnerLineups).toEqual(whole.winnerLineups);
    // Lineup 1,2: blocks 2, games 3, wins (2 units a win at two seats) entrant 1: 2, entrant 2: 2 + 2.
    expect(winnerLineupOf(whole.winnerLineups[2]!)).toMatchObject({ blocks: 2, games: 3, wins: [2, 4] });
  });

  test('a tally file without winner lineups is refused in one line', () => {
    const tally = tallyOf(2, 2, [blockOf([0, 1], [[0]])]);
    expect(tallyShapeProblem(tally)).toBeNull();
    const { winnerLineups: _, ...old } = tally;
    expect(tallyShapeProblem(old as TallyData)).toBe('it has no winnerLineups sums, which this version of parlor keeps');
  });
});
