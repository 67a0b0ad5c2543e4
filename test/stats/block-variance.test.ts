import { describe, expect, test } from 'vitest';
import { Sfc32 } from '../../src/core/rng.js';
import { addBlockSums, blockScoreSpread } from '../../src/stats/block-variance.js';

describe('the block sums of the sandwich', () => {
  test('give sum over blocks of u u^T exactly as the blocks themselves do, for any lineups and strengths', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rng = new Sfc32(seed, 7, 11, 13);
      const E = 2 + Math.floor(rng.next() * 7);
      const p = Array.from({ length: E }, () => Math.exp(rng.next() * 3 - 1.5));
      const sums = { points: new Map<number, number>(), pointMeets: new Map<number, number>(), meets: new Map<number, number>() };
      const direct = new Float64Array(E * E);
      const blocks = 5 + Math.floor(rng.next() * 30);
      for (let b = 0; b < blocks; b++) {
        const lineup = Array.from({ length: E }, (_, e) => e).filter(() => rng.next() < 0.7);
        if (lineup.length < 2) continue;
        const games = 1 + Math.floor(rng.next() * 8);
        const w = new Array<number>(E).fill(0);
        for (const a of lineup) w[a] = Math.floor(rng.next() * 2 * games * (lineup.length - 1));
        addBlockSums(E, lineup, w, games, sums);
        const u = new Array<number>(E).fill(0);
        for (const a of lineup) {
          u[a] = w[a]! / 2;
          for (const c of lineup) if (c !== a) u[a] -= (games * p[a]!) / (p[a]! + p[c]!);
        }
        for (let a = 0; a < E; a++) for (let c = 0; c < E; c++) direct[a * E + c]! += u[a]! * u[c]!;
      }
      const sorted = (m: Map<number, number>) => [...m.entries()].sort((x, y) => x[0] - y[0]);
      const spread = blockScoreSpread(E, { blocks, points: sorted(sums.points), pointMeets: sorted(sums.pointMeets), meets: sorted(sums.meets) }, p);
      for (let i = 0; i < E * E; i++) expect(spread[i]!, `seed ${seed}, entry ${i}`).toBeCloseTo(direct[i]!, 6);
    }
  });

  test('a lineup of five meets in its C(5,2) + C(5,3) + C(5,4) = 25 subsets of 2 to 4, g^2 each', () => {
    const sums = { points: new Map<number, number>(), pointMeets: new Map<number, number>(), meets: new Map<number, number>() };
    addBlockSums(5, [0, 1, 2, 3, 4], [2, 0, 4, 2, 2], 3, sums);
    expect(sums.meets.size).toBe(25);
    expect(new Set(sums.meets.values())).toEqual(new Set([9]));
    // Points: every pair a <= b of the lineup, 15 keys; point meets: the 4 entrants with points, times C(5, 2) pairs.
    expect(sums.points.size).toBe(15);
    expect(sums.pointMeets.size).toBe(4 * 10);
  });
});
