import { describe, expect, test } from 'vitest';
import { fitBradleyTerry, type Rating } from '../../src/stats/bradley-terry.js';
import { leastGap } from '../../src/stats/separation-bound.js';
import { comparisonTiers } from '../../src/stats/tiers.js';
import { counts } from './support/counts.js';

const ELO_PER_NAT = 400 / Math.LN10;

function overlap(x: Rating, y: Rating): boolean {
  return x.ci95[0] <= y.ci95[1] && y.ci95[0] <= x.ci95[1];
}

/**
 * The 4-player Deadwood ladder of seed "parlor": planner (0) ahead of greedy (1) in 636 of 900
 * games, 16 ties; neither ever behind random (2) or random#2 (3), which split their games.
 */
function fourPlayers(randomGames = 900) {
  const share = randomGames / 900;
  return counts(4, [
    [0, 1, 636, 248, 16],
    [0, 2, 900, 0, 0],
    [0, 3, 900, 0, 0],
    [1, 2, 900, 0, 0],
    [1, 3, 900, 0, 0],
    [2, 3, Math.round(434 * share), Math.round(449 * share), Math.round(17 * share)],
  ]);
}

describe('tiers of the comparison graph', () => {
  test('entrants that finished ahead of each other share a tier; tiers are listed top first', () => {
    const { ahead, tied } = fourPlayers();
    const tiers = comparisonTiers(4, ahead, tied, [0, 0, 0, 0]);
    expect(tiers.members).toEqual([[0, 1], [2, 3]]);
    expect(tiers.tierOf).toEqual([0, 0, 1, 1]);
    expect(tiers.reaches(0, 1)).toBe(true);
    expect(tiers.reaches(1, 0)).toBe(false);
  });

  test('tiers apart and reached by as many entrants are listed by their mean strength, not their total', () => {
    // 0 and 1 tied (strengths 1, 1); 2 ahead of 3 (strengths 5, 1.5). {0, 1} and {3} are each reached
    // by two entrants; {3}'s mean, 1.5, is above {0, 1}'s 1, though its total is below.
    const { ahead, tied } = counts(4, [
      [0, 1, 0, 0, 3],
      [2, 3, 4, 0, 0],
    ]);
    const tiers = comparisonTiers(4, ahead, tied, [1, 1, 5, 1.5]);
    expect(tiers.members).toEqual([[2], [3], [0, 1]]);
    expect(tiers.tierOf).toEqual([2, 2, 0, 1]);
  });

  test('one tie joins two tiers', () => {
    const { ahead, tied } = counts(3, [
      [0, 1, 60, 40, 0],
      [0, 2, 100, 0, 0],
      [1, 2, 99, 0, 1],
    ]);
    expect(comparisonTiers(3, ahead, tied, [0, 0, 0]).members).toEqual([[0, 1, 2]]);
  });
});

describe('the one-way bound', () => {
  test('0 wins in m games: the exact one-sided bound, as the rule of three is for a proportion', () => {
    for (const m of [1, 10, 50, 900, 1e6]) {
      const g = leastGap(m, 0.025);
      // All m meetings going one way has probability tail at the least gap.
      expect(m * Math.log(1 / (1 + Math.exp(-g)))).toBeCloseTo(Math.log(0.025), 9);
    }
    // The rule of three: for large m the losing side's chance is at most about 3.69 / m at 2.5%.
    expect(1 / (1 + Math.exp(leastGap(10_000, 0.025)))).toBeCloseTo(3.689 / 10_000, 6);
    expect(leastGap(900, 0.025)).toBeGreaterThan(leastGap(300, 0.025));
  });

  test('a separated pair: the lower entrant is bounded above by the games, its interval ends at the bound', () => {
    const ratings = fitBradleyTerry(2, [0, 50, 0, 0], [0, 0, 0, 0])!;
    const [top, bottom] = ratings as [Rating, Rating];
    expect(top.separated).toBeNull();
    expect(top.elo).toBe(0);
    expect(bottom.separated!.side).toBe('below');
    expect(bottom.separated!.bound).toBeCloseTo(-leastGap(50, 0.025) * ELO_PER_NAT, 6);
    expect(bottom.elo).toBeLessThan(bottom.separated!.bound!);
    // The prior's interval would reach past the bound, towards the anchor: the games rule that out.
    expect(bottom.ci95[1]).toBe(bottom.separated!.bound!);
    expect(bottom.ci95[0]).toBeLessThan(bottom.elo);
  });
});

describe('the ladder under complete separation', () => {
  test('4-player Deadwood: planner and greedy apart, both above the random tier', () => {
    const { ahead, tied } = fourPlayers();
    const [planner, greedy, random, random2] = fitBradleyTerry(4, ahead, tied)! as [Rating, Rating, Rating, Rating];
    expect([planner.tier, greedy.tier, random.tier, random2.tier]).toEqual([1, 1, 2, 2]);
    expect(planner.separated).toBeNull();
    expect(overlap(planner, greedy)).toBe(false);
    expect(overlap(greedy, random)).toBe(false);
    expect(overlap(greedy, random2)).toBe(false);
    for (const r of [random, random2]) {
      expect(r.separated!.side).toBe('below');
      expect(r.elo).toBeLessThan(r.separated!.bound!);
      expect(r.ci95[1]).toBeLessThanOrEqual(r.separated!.bound!);
      // Two separated entrants share the 2.5% tail; each bound is the tightest of those from its 900
      // meetings with each anchor entrant (greedy's, the lower), each at half of that share; never pooled.
      expect(r.separated!.bound!).toBeCloseTo(greedy.elo - leastGap(900, 0.025 / 2 / 2) * ELO_PER_NAT, 6);
    }
    // The identified contrast: planner and greedy on their own give the same gap and intervals.
    const alone = fitBradleyTerry(2, [0, 636, 248, 0], [0, 16, 16, 0])! as [Rating, Rating];
    expect(planner.elo - greedy.elo).toBeCloseTo(alone[0].elo - alone[1].elo, -1);
    expect(planner.ci95[1] - planner.ci95[0]).toBeCloseTo(alone[0].ci95[1] - alone[0].ci95[0], -1);
  });

  test('how much the separated tier played among itself does not move the anchor tier\'s intervals', () => {
    const base = fitBradleyTerry(4, fourPlayers(900).ahead, fourPlayers(900).tied)!;
    const more = fitBradleyTerry(4, fourPlayers(9000).ahead, fourPlayers(9000).tied)!;
    for (const a of [0, 1]) {
      expect(more[a]!.elo).toBeCloseTo(base[a]!.elo, 0);
      expect(more[a]!.ci95[1] - more[a]!.ci95[0]).toBeCloseTo(base[a]!.ci95[1] - base[a]!.ci95[0], 0);
    }
  });

  test('the ladder does not depend on the order of the entrants', () => {
    const { ahead, tied } = fourPlayers();
    const order = [3, 1, 0, 2];
    const n = 4;
    const permuted = (m: number[]) => Array.from({ length: n * n }, (_, i) => m[order[Math.floor(i / n)]! * n + order[i % n]!]!);
    const direct = fitBradleyTerry(n, ahead, tied)!;
    const shuffled = fitBradleyTerry(n, permuted(ahead), permuted(tied))!;
    order.forEach((entrant, i) => {
      expect(shuffled[i]!.elo).toBeCloseTo(direct[entrant]!.elo, 6);
      expect(shuffled[i]!.ci95[0]).toBeCloseTo(direct[entrant]!.ci95[0], 6);
      expect(shuffled[i]!.ci95[1]).toBeCloseTo(direct[entrant]!.ci95[1], 6);
      expect(shuffled[i]!.tier).toBe(direct[entrant]!.tier);
      expect(shuffled[i]!.separated?.side).toBe(direct[entrant]!.separated?.side);
      expect(shuffled[i]!.separated?.bound ?? 0).toBeCloseTo(direct[entrant]!.separated?.bound ?? 0, 6);
    });
  });

  test('an unbeaten single entrant above a measured field: the field is the anchor, the leader bounded below', () => {
    // 3 ahead of everyone always; 0, 1, 2 at 60/40 between neighbours.
    const { ahead, tied } = counts(4, [
      [0, 1, 600, 400, 0],
      [1, 2, 600, 400, 0],
      [0, 2, 690, 310, 0],
      [3, 0, 500, 0, 0],
      [3, 1, 500, 0, 0],
      [3, 2, 500, 0, 0],
    ]);
    const ratings = fitBradleyTerry(4, ahead, tied)!;
    const leader = ratings[3]!;
    expect(leader.tier).toBe(1);
    expect(leader.separated!.side).toBe('above');
    expect(leader.elo).toBeGreaterThan(leader.separated!.bound!);
    expect(leader.ci95[0]).toBeGreaterThanOrEqual(leader.separated!.bound!);
    const field = fitBradleyTerry(3, [0, 600, 690, 400, 0, 600, 310, 400, 0], new Array<number>(9).fill(0))!;
    [0, 1, 2].forEach((a) => {
      expect(ratings[a]!.tier).toBe(2);
      expect(ratings[a]!.separated).toBeNull();
      expect(ratings[a]!.ci95[1] - ratings[a]!.ci95[0]).toBeCloseTo(field[a]!.ci95[1] - field[a]!.ci95[0], -1);
    });
    expect(overlap(ratings[0]!, ratings[1]!)).toBe(false);
    expect(overlap(ratings[1]!, ratings[2]!)).toBe(false);
  });

  test('tiers that never met are apart, with no bound', () => {
    // 0 and 1 never met; both always ahead of 2.
    const { ahead, tied } = counts(3, [
      [0, 2, 40, 0, 0],
      [1, 2, 40, 0, 0],
    ]);
    const ratings = fitBradleyTerry(3, ahead, tied)!;
    expect(ratings.map((r) => r.tier)).toEqual([1, 2, 3]);
    expect(ratings[0]!.separated).toBeNull();
    expect(ratings[1]!.separated).toEqual({ side: 'apart', bound: null });
    expect(ratings[2]!.separated!.side).toBe('below');
    expect(ratings[2]!.separated!.bound).not.toBeNull();
    // Apart: the prior's interval around the point, both ways.
    const [lo, hi] = ratings[1]!.ci95;
    expect((lo + hi) / 2).toBeCloseTo(ratings[1]!.elo, 9);
    expect(hi - lo).toBeGreaterThan(100);
  });

  test('an entrant below a tier that met the anchor, but never met the anchor itself, has no bound of its own', () => {
    // Anchor {0, 1}; 2 always behind both; 3 always behind 2 and never met 0 or 1.
    const { ahead, tied } = counts(4, [
      [0, 1, 10, 10, 0],
      [0, 2, 6, 0, 0],
      [1, 2, 6, 0, 0],
      [2, 3, 6, 0, 0],
    ]);
    const ratings = fitBradleyTerry(4, ahead, tied)!;
    expect(ratings[3]!.separated).toEqual({ side: 'below', bound: null });
    expect((ratings[3]!.ci95[0] + ratings[3]!.ci95[1]) / 2).toBeCloseTo(ratings[3]!.elo, 9);
  });

  test('an entrant below with no bound keeps the prior\'s interval around its point, even reaching above the anchor\'s mean', () => {
    // As above with one game a pairing: 3 behind 2 once, the prior's interval wide enough to reach past 0.
    const { ahead, tied } = counts(4, [
      [0, 1, 1, 1, 0],
      [0, 2, 1, 0, 0],
      [1, 2, 1, 0, 0],
      [2, 3, 1, 0, 0],
    ]);
    const rating = fitBradleyTerry(4, ahead, tied)![3]!;
    expect(rating.separated).toEqual({ side: 'below', bound: null });
    expect(rating.elo).toBeLessThan(0);
    expect(rating.ci95[1]).toBeGreaterThan(0);
    expect((rating.ci95[0] + rating.ci95[1]) / 2).toBeCloseTo(rating.elo, 9);
  });

  test('the bounds of several separated entrants, above and below, share the tail: 2.5% / 2 each, then / the anchor entrants met', () => {
    // Anchor {0, 1}, 10 games each way; 2 won all 5 games with each, 3 lost all 7.
    const { ahead, tied } = counts(4, [
      [0, 1, 10, 10, 0],
      [2, 0, 5, 0, 0],
      [2, 1, 5, 0, 0],
      [0, 3, 7, 0, 0],
      [1, 3, 7, 0, 0],
    ]);
    const ratings = fitBradleyTerry(4, ahead, tied)!;
    const gap = (m: number, t: number): number => Math.log(t ** (1 / m) / (1 - t ** (1 / m)));
    // Against the origin (the anchor's weighted mean), anchor entrant a's strength is its Elo / ELO_PER_NAT.
    expect(ratings[2]!.separated!.side).toBe('above');
    expect(ratings[2]!.separated!.bound).toBeCloseTo(Math.max(...[0, 1].map((a) => ratings[a]!.elo + gap(5, 0.025 / 2 / 2) * ELO_PER_NAT)), 9);
    expect(ratings[3]!.separated!.side).toBe('below');
    expect(ratings[3]!.separated!.bound).toBeCloseTo(Math.min(...[0, 1].map((a) => ratings[a]!.elo - gap(7, 0.025 / 2 / 2) * ELO_PER_NAT)), 9);
  });
});
