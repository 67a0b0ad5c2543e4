import { describe, expect, test } from 'vitest';
import { Sfc32 } from '../../src/core/rng.js';
import { fitBradleyTerry } from '../../src/stats/bradley-terry.js';
import { eloToScore } from '../../src/stats/sprt.js';

/*
 * Seeded fields by the hundred: the separation bound's level and the ladder's shape on any field.
 * They take seconds a mutant under Stryker's instrumentation, so the mutation groups leave them out
 * (tools/mutation/groups.ts); ladder-tiers.test.ts pins the same code to numbers worked out by hand.
 */

describe('the ladder under complete separation, over seeded fields', () => {
  test('the bound holds at its level: 400 seeded fields with a weak third entrant', () => {
    // a = 0, b = -150, c = -1100 Elo; 300 games per pair. In some fields c never finishes ahead;
    // then its bound (on the scale of a and b's fitted mean) must lie above its true place, except
    // in at most 2.5% of all fields. The prior's point there would be no bound: it lies below the truth.
    const elos = [0, -150, -1100];
    const n = 3;
    let separated = 0;
    let pointBelowTruth = 0;
    const misses: string[] = [];
    for (let seed = 1; seed <= 400; seed++) {
      const rng = new Sfc32(seed, 7, 11, 13);
      const ahead = new Array<number>(n * n).fill(0);
      for (let a = 0; a < n; a++) {
        for (let b = a + 1; b < n; b++) {
          const p = eloToScore(elos[a]! - elos[b]!);
          for (let g = 0; g < 300; g++) ahead[rng.next() < p ? a * n + b : b * n + a]!++;
        }
      }
      const c = fitBradleyTerry(n, ahead, new Array<number>(n * n).fill(0))![2]!;
      if (c.separated === null) continue;
      separated++;
      // One pair in the anchor tier: equal weights, so the origin is the mean of a and b.
      const truth = elos[2]! - (elos[0]! + elos[1]!) / 2;
      if (c.elo < truth) pointBelowTruth++;
      if (c.separated.bound! < truth) misses.push(`seed ${seed}: bound ${c.separated.bound!.toFixed(1)} < truth ${truth}, counts ${ahead.join(',')}`);
    }
    expect(separated, 'separated fields').toBeGreaterThan(30);
    expect(pointBelowTruth).toBeGreaterThan(separated / 2);
    expect(misses.length / 400, misses.join('\n')).toBeLessThanOrEqual(0.05);
  });

  test('any field: finite ratings inside their intervals, one anchor tier, bounds on the anchor\'s side', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const rng = new Sfc32(seed, 3, 5, 8);
      const n = 2 + Math.floor(rng.next() * 6);
      const elos = Array.from({ length: n }, () => Math.floor(rng.next() * 4000) - 2000);
      const tieRate = rng.next() < 0.3 ? 0.02 : 0;
      const ahead = new Array<number>(n * n).fill(0);
      const tied = new Array<number>(n * n).fill(0);
      for (let a = 0; a < n; a++) {
        for (let b = a + 1; b < n; b++) {
          if (rng.next() < 0.4) continue;
          const meetings = 1 + Math.floor(rng.next() * 200);
          const p = eloToScore(elos[a]! - elos[b]!);
          for (let g = 0; g < meetings; g++) {
            const u = rng.next();
            if (u < tieRate) {
              tied[a * n + b]!++;
              tied[b * n + a]!++;
            } else ahead[rng.next() < p ? a * n + b : b * n + a]!++;
          }
        }
      }
      const ratings = fitBradleyTerry(n, ahead, tied);
      const record = `seed ${seed}: n ${n}, ahead ${ahead.join(',')}, tied ${tied.join(',')}`;
      if (ratings === null) continue;
      const anchorTiers = new Set(ratings.filter((r) => r.separated === null).map((r) => r.tier));
      expect(anchorTiers.size, record).toBe(1);
      for (const r of ratings) {
        expect(Number.isFinite(r.elo) && Number.isFinite(r.ci95[0]) && Number.isFinite(r.ci95[1]), record).toBe(true);
        expect(r.ci95[0], record).toBeLessThanOrEqual(r.elo + 1e-9);
        expect(r.ci95[1], record).toBeGreaterThanOrEqual(r.elo - 1e-9);
        if (r.separated?.side === 'below' && r.separated.bound !== null) expect(r.ci95[1], record).toBeLessThanOrEqual(r.separated.bound);
        if (r.separated?.side === 'above' && r.separated.bound !== null) expect(r.ci95[0], record).toBeGreaterThanOrEqual(r.separated.bound);
      }
    }
  });
});
