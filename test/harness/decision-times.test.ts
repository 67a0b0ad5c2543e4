import { describe, expect, test } from 'vitest';
import { DecisionClock, decisionTimeStats, mergeEntrantTimes, NO_DECISION_TIMES } from '../../src/referee/decision-times.js';
import { play, raceSpec } from './support/run.js';

describe('decision times', () => {
  test('a slow entrant has every decision timed; histograms merge exactly, in any order', () => {
    const clocks = [new DecisionClock(2), new DecisionClock(2)];
    for (const [c, clock] of clocks.entries()) {
      for (let game = 0; game < 50; game++) {
        if (!clock.timing([0, 1])) continue;
        // Entrant 0 decides in 20 ms, entrant 1 in 1 µs; one stall of entrant 1 must not make it "slow".
        for (let step = 0; step < 10; step++) clock.record(step % 2, step % 2 === 0 ? 20 : game === 3 && c === 0 ? 5 : 0.001);
      }
    }
    const [a, b] = clocks.map((clock) => clock.data());
    // Entrant 0 turned slow after its first timed games: every later game was timed.
    expect(a![0]!.timed).toBeGreaterThan(200);
    const merged = mergeEntrantTimes(a!, b!);
    expect(mergeEntrantTimes(b!, a!)).toEqual(merged);
    expect(merged[0]!.timed).toBe(a![0]!.timed + b![0]!.timed);
    const slow = decisionTimeStats(merged[0]!);
    expect(slow.meanMs).toBe(20);
    // The p99 is its bin's upper edge: within 2^(1/8) above the true 20 ms.
    expect(slow.p99Ms).toBeGreaterThanOrEqual(20);
    expect(slow.p99Ms).toBeLessThan(20 * 2 ** (1 / 8));
    expect(decisionTimeStats(NO_DECISION_TIMES)).toEqual({ timed: 0, meanMs: 0, p99Ms: 0 });
  });

  test('a run reports them per entrant under timing', async () => {
    const run = await play(raceSpec({ games: 120 }));
    const decisions = run.summary!.timing.decisions!;
    expect(decisions.map((d) => d.entrant).sort()).toEqual(run.summary!.entrants.map((e) => e.bot).sort());
    expect(decisions.some((d) => d.timed > 0)).toBe(true);
    for (const d of decisions) if (d.timed > 0) expect(d.p99Ms).toBeGreaterThan(0);
  });
});
