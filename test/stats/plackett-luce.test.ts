import { describe, expect, test } from 'vitest';
import { fitWinnerLadder, ladderRatings } from '../../src/stats/bradley-terry.js';
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

  test('the upper triangle of a lineup of three, row by row', () => {
    const at = [[0, 0], [0, 1], [0, 2], [1, 1], [1, 2], [2, 2]].map(([i, j]) => triangleIndex(i!, j!, 3));
    expect(at).toEqual([0, 1, 2, 3, 4, 5]);
  });

  test('win units: 2 wins and 1 of 3 games counted at 2 units a win fit 2.5 : 1.5 as in whole wins', () => {
    const fit = fitWinnerModel(2, [lineupOf([0, 1], [[3, [2, 1]]], 2)], 2)!;
    expect(fit.strength[0]! - fit.strength[1]!).toBeCloseTo(Math.log(2.5 / 1.5), 12);
  });

  test('at the fit, each entrant\'s wins equal its expected wins (the likelihood equations), strengths of mean 0', () => {
    // Few games, two lineups and the prior game between every pair that met: no closed form, so the
    // fit is held to the equations that define it: W_a + 1/2 a met pair = sum_L g_L p_a / S_L + sum_pairs p_a / (p_a + p_b).
    const lineups = [lineupOf([0, 1, 2], [[3, [2, 1, 0]], [2, [0, 1, 1]]]), lineupOf([0, 1], [[4, [1, 3]]])];
    const fit = fitWinnerModel(3, lineups, 1)!;
    const p = fit.strength.map(Math.exp);
    const pairs: [number, number][] = [[0, 1], [0, 2], [1, 2]];
    for (const a of [0, 1, 2]) {
      const wins = [2 + 0 + 1, 1 + 1 + 3, 0 + 1][a]! + pairs.filter((pair) => pair.includes(a)).length / 2;
      const expected =
        (5 * p[a]!) / (p[0]! + p[1]! + p[2]!) + (a < 2 ? (4 * p[a]!) / (p[0]! + p[1]!) : 0) + pairs.filter((pair) => pair.includes(a)).reduce((sum, [x, y]) => sum + p[a]! / (p[x]! + p[y]!), 0);
      expect(expected, `entrant ${a}`).toBeCloseTo(wins, 10);
    }
    expect(fit.strength.reduce((x, y) => x + y, 0)).toBeCloseTo(0, 12);
  });

  test('the information: g q (1 - q) between two who met, the prior game counted, 0 between two who never did', () => {
    // Lineups {0, 1} (3 games) and {1, 2} (2 games): 0 and 2 never met.
    const fit = fitWinnerModel(3, [lineupOf([0, 1], [[3, [2, 1]]]), lineupOf([1, 2], [[2, [1, 1]]])], 1)!;
    const p = fit.strength.map(Math.exp);
    const q01 = p[0]! / (p[0]! + p[1]!);
    const q12 = p[1]! / (p[1]! + p[2]!);
    expect(fit.info[0 * 3 + 1]).toBeCloseTo(-(3 + 1) * q01 * (1 - q01), 12);
    expect(fit.info[1 * 3 + 2]).toBeCloseTo(-(2 + 1) * q12 * (1 - q12), 12);
    expect(fit.info[0 * 3 + 2]).toBe(0);
    // Symmetric, each row summing to 0.
    expect(fit.info[1 * 3 + 0]).toBe(fit.info[0 * 3 + 1]);
    expect(fit.info[2 * 3 + 1]).toBe(fit.info[1 * 3 + 2]);
    expect(fit.info[1 * 3 + 0]! + fit.info[1 * 3 + 1]! + fit.info[1 * 3 + 2]!).toBeCloseTo(0, 12);
    expect(fit.info[1 * 3 + 1]).toBeCloseTo(4 * q01 * (1 - q01) + 3 * q12 * (1 - q12), 12);
  });

  test('the block-robust spread of uneven blocks, in units of 2: q = 7/12, meat 153/144', () => {
    // Blocks: 2 games both won by 0; 2 games one each; 1 game won by 1. Wins 3 + 0.5 of 5 + 1 games: q0 = 7/12.
    // u = W - g q0: 2 - 14/12 = 10/12, 1 - 14/12 = -2/12, 0 - 7/12; sum u^2 = (100 + 4 + 49) / 144.
    const fit = fitWinnerModel(2, [lineupOf([0, 1], [[2, [2, 0]], [2, [1, 1]], [1, [0, 1]]], 2)], 2)!;
    const m = 153 / 144;
    expect(Array.from(fit.meat!)).toEqual([expect.closeTo(m, 12), expect.closeTo(-m, 12), expect.closeTo(-m, 12), expect.closeTo(m, 12)]);
  });

  test('the spread of a lineup of three from its sums equals the sum over its blocks of u u^T (shared wins in units of 6)', () => {
    const blocks: [number, number[]][] = [[3, [2, 0.5, 0.5]], [2, [0, 1, 1]], [1, [0, 0, 1]], [4, [1, 2, 1]]];
    const fit = fitWinnerModel(3, [lineupOf([0, 1, 2], blocks, 6)], 6)!;
    const p = fit.strength.map(Math.exp);
    const q = p.map((x) => x / (p[0]! + p[1]! + p[2]!));
    const meat = new Array<number>(9).fill(0);
    for (const [g, w] of blocks) {
      const u = w.map((x, a) => x - g * q[a]!);
      for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) meat[a * 3 + b]! += u[a]! * u[b]!;
    }
    expect(Array.from(fit.meat!).map((x) => Number(x.toFixed(10)))).toEqual(meat.map((x) => Number(x.toFixed(10))));
  });

  test('one block has no spread between blocks (no block-robust covariance); one entrant, or a lineup with no game won, gives no scale', () => {
    expect(fitWinnerLadder(2, [lineupOf([0, 1], [[3, [2, 1]]])], 1)!.sandwich).toBeNull();
    expect(fitWinnerModel(1, [lineupOf([0], [[3, [3]]])], 1)).toBeNull();
    expect(fitWinnerModel(3, [lineupOf([0, 1], [[2, [1, 1]]]), lineupOf([1, 2], [])], 1)).toBeNull();
    // Connected through entrant 2 only, reached from 0 and left towards 1.
    expect(fitWinnerModel(3, [lineupOf([1, 2], [[2, [1, 1]]]), lineupOf([0, 2], [[2, [1, 1]]])], 1)).not.toBeNull();
  });

  test('the winner ladder\'s block-robust variance of a difference, by hand: 918 / 1225 from three uneven blocks', () => {
    // The blocks of the uneven-blocks case: meat m (1 -1; -1 1), m = 153/144; information i (1 -1; -1 1),
    // i = 6 (7/12)(5/12) = 35/24. With E = (1 -1; -1 1), E^3 = 4E: P J P = m / (4 i^2) E, and the
    // small-sample factor G / (G - 1) = 3/2, so Var(d) = 4 m / (4 i^2) * 3/2 = (612 / 1225) * 3/2.
    const fit = fitWinnerLadder(2, [lineupOf([0, 1], [[2, [2, 0]], [2, [1, 1]], [1, [0, 1]]], 2)], 2)!;
    const v = fit.sandwich!;
    expect(v[0]! + v[3]! - 2 * v[1]!).toBeCloseTo(918 / 1225, 12);
    expect(fitWinnerLadder(2, [lineupOf([0, 1], [[3, [2, 1]]])], 1)!.sandwich).toBeNull();
  });

  test('an entrant apart from the anchor tier by wins has no bound, though it finished behind an anchor entrant by leaving', () => {
    // A (0) and B (1) win two games each with C (2); D (3) wins all three with A and E (4). Wins order
    // D above {A, B} above C, and nothing orders E with {A, B}: neither A nor B won a game E played,
    // and E won none. E left two of those games, ranked last: two blocks where A finished ahead of it.
    const AB = [[1, [1, 0, 0]], [1, [0, 1, 0]], [1, [1, 0, 0]], [1, [0, 1, 0]]] as [number, number[]][];
    const DE = [[1, [0, 1, 0]], [1, [0, 1, 0]], [1, [0, 1, 0]]] as [number, number[]][];
    const fit = fitWinnerLadder(5, [lineupOf([0, 1, 2], AB), lineupOf([0, 3, 4], DE)], 1)!;
    // Blocks in which one of a pair finished ahead of the other, a winner ahead of the rest and E behind A twice.
    const decisive = new Array<number>(25).fill(0);
    for (const [a, b, blocks] of [[0, 1, 4], [0, 2, 2], [1, 2, 2], [3, 0, 3], [3, 4, 3], [0, 4, 2]] as const) decisive[a * 5 + b] = decisive[b * 5 + a] = blocks;
    const ratings = ladderRatings(fit, decisive);
    expect(ratings.map((r) => r.separated?.side ?? null)).toEqual([null, null, 'below', 'above', 'apart']);
    const e = ratings[4]!;
    expect(e.separated).toEqual({ side: 'apart', bound: null });
    expect((e.ci95[0] + e.ci95[1]) / 2).toBeCloseTo(e.elo, 9);
  });
});
