import { describe, expect, test } from 'vitest';
import type { SprtBlock } from '../../src/harness/batch.js';
import { normalCdf, pairResult, ratioEstimate } from '../../src/stats/sprt.js';
import { SequentialTest } from '../../src/tournament/sprt-run.js';

/** A test fed these blocks; nothing stops it (no faults, and bounds far off unless given). */
function fed(players: number, blocks: readonly SprtBlock[], hypotheses = { elo0: 0, elo1: 400 * Math.log10(1.5), alpha: 1e-9, beta: 1e-9 }): SequentialTest {
  const t = new SequentialTest(players, { ...hypotheses, maxFaultRate: 0.05 });
  for (const block of blocks) t.add(block);
  return t;
}

const times = (n: number, block: SprtBlock): SprtBlock[] => Array.from({ length: n }, () => [...block] as SprtBlock);

/** The number of the deal at which a test fed `block` again and again ends (as the run, which feeds no more after it). */
function decidedAt(t: SequentialTest, block: SprtBlock): number {
  for (let deal = 1; deal <= 100; deal++) if (t.add(block)) return deal;
  return Infinity;
}

describe('parlor sprt: one game of test against base', () => {
  test('a full ranking compares ranks, a tie counting; a winner-only game counts only when exactly one of them won', () => {
    const full = { winners: [2], rank: [3, 2, 1] };
    expect(pairResult(full, 1, 0, false)).toBe('ahead');
    expect(pairResult(full, 0, 1, false)).toBe('behind');
    // Full rankings: equal ranks are a tie, half a point (a shared win, two seats sharing a place).
    expect(pairResult({ winners: [0, 1], rank: [1, 1] }, 0, 1, false)).toBe('tied');
    expect(pairResult({ winners: [0], rank: [1, 2, 2] }, 1, 2, false)).toBe('tied');
    // Winner-only games: two non-winners say nothing on who is stronger, nor do two winners.
    expect(pairResult({ winners: [0], rank: [1, 2, 2] }, 1, 2, true)).toBe('uncounted');
    expect(pairResult({ winners: [3], rank: [2, 2, 2, 1] }, 0, 1, true)).toBe('uncounted');
    expect(pairResult({ winners: [0, 1], rank: [1, 1, 3] }, 0, 1, true)).toBe('uncounted');
    // No winner and every seat tied (a Clue game nobody solved): nothing either.
    expect(pairResult({ winners: [], rank: [1, 1, 1] }, 0, 1, true)).toBe('uncounted');
    // The winner is ahead; a seat that forfeited ranks last on its own and is behind.
    expect(pairResult({ winners: [0], rank: [1, 2, 2] }, 0, 2, true)).toBe('ahead');
    expect(pairResult({ winners: [0], rank: [1, 2, 4, 2] }, 1, 2, true)).toBe('ahead');
    expect(pairResult({ winners: [0], rank: [1, 2, 4, 2] }, 2, 1, true)).toBe('behind');
  });
});

describe('parlor sprt: the statistic, worked by hand', () => {
  test('the ratio of a few blocks of winner-only games at 3 seats, alpha != beta', () => {
    // Blocks of 3 games (ahead, tied, behind, uncounted, errors, base's faults, test's faults): twice
    // test won one game and neither won the other two (A = 1 of M = 1), once base did (A = 0, M = 1),
    // once each won one (A = 1, M = 2). As A / N and M / N: (1/3, 1/3) twice, (0, 1/3), (1/3, 2/3);
    // n = 4, p = (1/2, 1/4, 1/4). The smallest scale the blocks show is one game (M / N = 1/3), and
    // both of its one-sided blocks were seen, so no unseen extreme gets the 1/1000 mass. Times 3,
    // z = A - p M = (1 - p, -p, 1 - 2p), and the multiplier solves sum p_i z_i / (1 + l z_i) = 0.
    // p0 = 1/2 (elo0 0): z = (1/2, -1/2, 0): (1/4) / (1 + l/2) = (1/8) / (1 - l/2), so l0 = 2/3.
    // p1 = 0.6 (elo1 = 400 log10 1.5): z = (0.4, -0.6, -0.2) has mean 0 already (A / M = 3/5): l1 = 0.
    // LLR = 4 [1/2 ln(1 + 1/3) + 1/4 ln(1 - 1/3) + 1/4 ln 1] = ln(32/27) = 0.1698990.
    // (Fishtest's extremes, test or base taking all three games, would have added mass: 0.1670230.)
    const blocks: SprtBlock[] = [...times(2, [1, 0, 0, 2, 0, 0, 0]), [0, 0, 1, 2, 0, 0, 0], [1, 0, 1, 1, 0, 0, 0]];
    const t = fed(3, blocks, { elo0: 0, elo1: 400 * Math.log10(1.5), alpha: 0.05, beta: 0.1 });
    expect(t.llr).toBeCloseTo(Math.log(32 / 27), 7);
    // Wald's bounds with alpha 0.05, beta 0.1: ln(0.1 / 0.95) = -2.2512918 and ln(0.9 / 0.05) = ln 18 = 2.8903718.
    expect(t.bounds[0]).toBeCloseTo(-2.2512918, 6);
    expect(t.bounds[1]).toBeCloseTo(2.8903718, 6);
    expect(t.result).toBe('inconclusive');
    // p = 3 / 5: the uncounted games do not dilute it.
    expect(ratioEstimate(t.samples()).score).toBeCloseTo(0.6, 12);
    expect({ wins: t.ahead, tied: t.tied, behind: t.behind, uncounted: t.uncounted }).toEqual({ wins: 3, tied: 0, behind: 2, uncounted: 7 });
  });

  test('the Elo interval and LOS of ten blocks at 2 seats', () => {
    // (ahead, tied, behind): (2, 0, 0) x3, (1, 0, 1) x4, (0, 0, 2) x1, (1, 1, 0) x2, so A = 2, 1, 0, 1.5
    // of M = 2 each: p = 13 / 20 = 0.65, Elo 400 log10(0.65 / 0.35) = 107.538.
    // sum (A - p M)^2 = 3 (0.7)^2 + 4 (0.3)^2 + (1.3)^2 + 2 (0.2)^2 = 3.6; var = 3.6 / 20^2 * 10 / 9 = 0.01,
    // se = 0.1. 95%: 0.65 -+ 0.1959964 = 0.4540036 .. 0.8459964, as Elo -32.052 .. 295.935.
    // LOS = Phi(0.15 / 0.1) = Phi(1.5) = 0.9331928 (normal table).
    const blocks = [...times(3, [2, 0, 0, 0, 0, 0, 0]), ...times(4, [1, 0, 1, 0, 0, 0, 0]), [0, 0, 2, 0, 0, 0, 0] as SprtBlock, ...times(2, [1, 1, 0, 0, 0, 0, 0])];
    const t = fed(2, blocks);
    const estimate = ratioEstimate(t.samples());
    expect(estimate.score).toBeCloseTo(0.65, 12);
    expect(estimate.elo).toBeCloseTo(107.538125, 5);
    expect(estimate.eloCI95![0]).toBeCloseTo(-32.052192, 5);
    expect(estimate.eloCI95![1]).toBeCloseTo(295.935055, 5);
    expect(estimate.los).toBeCloseTo(0.9331928, 6);
    // Wins, draws, losses, and the deals by test's wins minus losses (-2..+2: the pentanomial counts).
    expect([t.ahead, t.tied, t.behind]).toEqual([12, 2, 6]);
    expect(t.byLead).toEqual([1, 0, 4, 2, 3]);
    // A deal with an engine error is left out of all of it; its games still count as played.
    const withError = fed(2, [...blocks, [1, 0, 0, 0, 1, 0, 0]]);
    expect(ratioEstimate(withError.samples())).toEqual(estimate);
    expect([withError.blocks, withError.leftOut, withError.games]).toEqual([10, 1, 22]);
  });

  test('the normal distribution function against its table', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.8413447, 6);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-2.575829)).toBeCloseTo(0.005, 6);
  });
});

describe('parlor sprt: when it stops', () => {
  test('Wald\'s bounds with alpha != beta decide which hypothesis is accepted', () => {
    // Test sweeping every 2-seat deal, elo1 = 70.4 (p1 = 0.6), alpha 0.05, beta 0.1. On two support
    // points the distribution of mean p is (p, 1 - p) whatever the data, so after k deals, with the
    // unseen extreme's 1/1000: LLR = k [P ln(0.6/0.5) + (1 - P) ln(0.4/0.5)], P = k / (k + 0.001); a
    // deal is one observation whatever its games. k = 15: 2.7344, k = 16: 2.9167, past ln 18 = 2.8904.
    const hypotheses = { elo0: 0, elo1: 400 * Math.log10(1.5), alpha: 0.05, beta: 0.1 };
    const sweep = new SequentialTest(2, { ...hypotheses, maxFaultRate: 0.05 });
    expect(decidedAt(sweep, [2, 0, 0, 0, 0, 0, 0])).toBe(16);
    expect(sweep.result).toBe('H1');
    expect(sweep.llr).toBeCloseTo(2.9167395, 6);
    // Base sweeping: k = 10: -2.2310, k = 11: -2.4542, past ln(0.1 / 0.95) = -2.2513. With alpha and
    // beta swapped the bounds would be -2.8904 and 2.2513, and both would stop at the 13th deal.
    const lost = new SequentialTest(2, { ...hypotheses, maxFaultRate: 0.05 });
    expect(decidedAt(lost, [0, 0, 2, 0, 0, 0, 0])).toBe(11);
    expect(lost.result).toBe('H0');
  });

  test('a bound reached exactly decides: the ratio at or past it', () => {
    // A deal with an engine error is left out and keeps the ratio at 0. With alpha = beta = 0.5 both
    // bounds are ln 1 = 0, and H1 is looked at first. With alpha 0.05 and beta 1 - 0.05 = 0.95 the
    // lower bound is ln 1 = 0 and the upper one ln((1 - 0.95) / 0.05) is 9e-16 (1 - 0.95 is
    // 0.050000000000000044 in doubles), above it: H0.
    const error: SprtBlock = [0, 0, 0, 0, 2, 0, 0];
    const both = new SequentialTest(2, { elo0: 0, elo1: 20, alpha: 0.5, beta: 0.5, maxFaultRate: 0.05 });
    expect(both.add(error)).toBe(true);
    expect([both.llr, both.bounds[0], both.bounds[1], both.result]).toEqual([0, 0, 0, 'H1']);
    const lower = new SequentialTest(2, { elo0: 0, elo1: 20, alpha: 0.05, beta: 1 - 0.05, maxFaultRate: 0.05 });
    expect(lower.bounds[1]).toBeGreaterThan(0);
    expect(lower.add(error)).toBe(true);
    expect([lower.llr, lower.bounds[0], lower.result]).toEqual([0, 0, 'H0']);
  });

  test('faults: from the 20th game on, more than maxFaultRate faults a game stops the test, naming who', () => {
    const rule = { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05, maxFaultRate: 0.05 };
    // Test faults in one game of each 2-game deal: 50%, but only looked at from 20 games on.
    const t = new SequentialTest(2, rule);
    expect(decidedAt(t, [1, 0, 1, 0, 0, 0, 1])).toBe(10);
    expect(t.result).toBe('stopped');
    expect(t.faulty()).toEqual(['test']);
    // At exactly the limit (1 fault in 20 games) it goes on; one more stops it, and names base.
    const edge = new SequentialTest(2, rule);
    expect(edge.add([1, 0, 1, 0, 0, 1, 0])).toBe(false);
    for (let i = 0; i < 9; i++) expect(edge.add([1, 0, 1, 0, 0, 0, 0])).toBe(false);
    expect(edge.add([1, 0, 1, 0, 0, 1, 0])).toBe(true);
    expect(edge.faulty()).toEqual(['base']);
  });
});
