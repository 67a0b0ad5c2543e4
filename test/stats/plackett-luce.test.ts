import { describe, expect, test } from 'vitest';
import { fitWinnerModel, triangleIndex, type WinnerLineup } from '../../src/stats/plackett-luce.js';

/** A lineup's sums from its blocks, each block [games with a winner, wins per member]: what a tally adds up. */
function lineupOf(members: number[], blocks: [number, number[]][], unit = 1): WinnerLineup {
  const m = members.length;
  const winProducts = new Array<number>((m * (m + 1)) / 2).fill(0);
  const winGames = new Array<number>(m).fill(0);
  const wins = new Array<number>(m).fill(0);
  let games = 0;
  let gamesSquared = 0;
  for (const [g, w] of blocks) {
    games += g;
    gamesSquared += g * g;
    for (let i = 0; i < m; i++) {
      wins[i]! += w[i]!;
      winGames[i]! += g * w[i]!;
      for (let j = i; j < m; j++) winProducts[triangleIndex(i, j, m)]! += w[i]! * w[j]!;
    }
  }
  return { members, blocks: blocks.length, games, wins: wins.map((w) => w * unit), winProducts: winProducts.map((x) => x * unit * unit), winGames: winGames.map((x) => x * unit), gamesSquared };
}

describe('Plackett-Luce on the winner', () => {
  test('two entrants: the prior game adds half a win each, so 2 wins of 3 fit the odds 2.5 : 1.5', () => {
    const fit = fitWinnerModel(2, [lineupOf([0, 1], [[3, [2, 1]]])], 1)!;
    expect(fit.strength[0]! - fit.strength[1]!).toBeCloseTo(Math.log(2.5 / 1.5), 12);
  });

  test('one lineup of three, many games: the strengths are the shares of wins (5 : 3 : 2), the prior negligible', () => {
    const fit = fitWinnerModel(3, [lineupOf([0, 1, 2], [[1_000_000, [500_000, 300_000, 200_000]]])], 1)!;
    expect(fit.strength[0]! - fit.strength[1]!).toBeCloseTo(Math.log(5 / 3), 5);
    expect(fit.strength[1]! - fit.strength[2]!).toBeCloseTo(Math.log(3 / 2), 5);
  });

  test('a shared win counts 1/k of a win in win units (unit 6: a 2-way share is 3)', () => {
    // Three games: 0 wins one alone (6 units), 0 and 1 share one (3 + 3), 1 wins one alone (6): 9 : 9.
    const fit = fitWinnerModel(2, [lineupOf([0, 1], [[3, [9, 9]]], 1)], 6)!;
    expect(fit.strength[0]! - fit.strength[1]!).toBeCloseTo(0, 12);
  });

  test('the block-robust spread, by hand: two blocks of two games, one won twice by each', () => {
    // Fit: wins 2 + 0.5 each of 4 + 1 games, q = 1/2. Scores in d = theta0 - theta1: u = W0 - g q0 =
    // 2 - 1 = 1 and 0 - 1 = -1, so the meat is 1 + 1 = 2 on d; the information is (4 + 1) q (1 - q) =
    // 1.25. On centred strengths (d/2, -d/2) the meat's entries are +-2 and the model's variance of d
    // is 1/1.25 = 0.8.
    const fit = fitWinnerModel(2, [lineupOf([0, 1], [[2, [2, 0]], [2, [0, 2]]])], 1)!;
    expect(Array.from(fit.meat!)).toEqual([2, -2, -2, 2]);
    const varianceOfD = fit.fisher[0]! + fit.fisher[3]! - 2 * fit.fisher[1]!;
    expect(varianceOfD).toBeCloseTo(0.8, 12);
    expect(fit.blocks).toBe(2);
  });

  test('who won a game with whom: the relation the tiers are made of', () => {
    const fit = fitWinnerModel(3, [lineupOf([0, 1, 2], [[4, [3, 1, 0]]])], 1)!;
    expect(Array.from(fit.wonWith)).toEqual([0, 1, 1, 1, 0, 1, 0, 0, 0]);
  });

  test('entrants that never shared a game with a winner have no common scale', () => {
    expect(fitWinnerModel(4, [lineupOf([0, 1], [[2, [1, 1]]]), lineupOf([2, 3], [[2, [1, 1]]])], 1)).toBeNull();
  });
});
