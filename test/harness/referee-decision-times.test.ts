import { describe, expect, test } from 'vitest';
import { DecisionClock, decisionTimeStats, mergeDecisionTimes, mergeEntrantTimes, NO_DECISION_TIMES } from '../../src/referee/decision-times.js';

/** Games the clock chooses to time out of `games`, for entrants `seats`, each timed game's decisions taking `ms`. */
function timedGames(clock: DecisionClock, games: number, seats: readonly number[], ms: number): number {
  let timed = 0;
  for (let g = 0; g < games; g++) {
    if (!clock.timing(seats)) continue;
    timed++;
    for (let s = 0; s < seats.length; s++) clock.record(s, ms);
  }
  return timed;
}

describe('the decision clock, by hand', () => {
  test('bins of 2^(1/8): 1 ms is 10^6 ns, bin floor(8 log2 10^6) = 159, whose upper edge 2^20 ns is 1.05 ms', () => {
    const clock = new DecisionClock(2);
    expect(clock.timing([1, 0])).toBe(true);
    clock.record(0, 1);
    clock.record(1, 3);
    const [first, second] = clock.data();
    // Seat 0 held entrant 1. 3 ms: floor(8 log2(3e6)) = floor(172.13) = 172.
    expect(second).toEqual({ timed: 1, totalNs: 1e6, bins: [[159, 1]] });
    expect(first).toEqual({ timed: 1, totalNs: 3e6, bins: [[172, 1]] });
    expect(decisionTimeStats(second!)).toEqual({ timed: 1, meanMs: 1, p99Ms: 1.05 });
    // Under a nanosecond counts as one, in bin 0.
    const tiny = new DecisionClock(1);
    tiny.timing([0]);
    tiny.record(0, 0);
    expect(tiny.data()[0]).toEqual({ timed: 1, totalNs: 1, bins: [[0, 1]] });
  });

  test('the 99th percentile is the upper edge of the bin holding the ceil(0.99 n)-th decision', () => {
    // 100 decisions: 99 in bin 159, one in bin 200. ceil(99) = 99: bin 159, 1.05 ms.
    expect(decisionTimeStats({ timed: 100, totalNs: 100e6, bins: [[159, 99], [200, 1]] }).p99Ms).toBe(1.05);
    // 101 decisions, 99 of them in bin 159: ceil(99.99) = 100 reaches bin 200, 2^(201/8) ns = 36.6 ms.
    expect(decisionTimeStats({ timed: 101, totalNs: 101e6, bins: [[159, 99], [200, 2]] }).p99Ms).toBe(36.6);
    expect(decisionTimeStats({ timed: 3, totalNs: 3_333_333, bins: [[159, 3]] }).meanMs).toBe(1.11);
  });

  test('fast entrants: about one game in 32 timed, gaps drawn between 1 and 63', () => {
    const clock = new DecisionClock(2);
    const timed = timedGames(clock, 64_000, [0, 1], 0.001);
    expect(timed).toBeGreaterThan(64_000 / 34);
    expect(timed).toBeLessThan(64_000 / 30);
    expect(clock.data()[0]!.timed).toBe(timed);
  });

  test('an entrant turns slow once at least 4 of its timed decisions were, and most of them: then every game is timed', () => {
    // 10 µs and more is slow. Three slow decisions are not yet enough.
    const three = new DecisionClock(2);
    three.timing([0, 1]);
    for (let i = 0; i < 3; i++) three.record(0, 0.01);
    expect(timedGames(three, 1000, [0, 1], 0.001)).toBeLessThan(100);
    const four = new DecisionClock(2);
    four.timing([0, 1]);
    for (let i = 0; i < 4; i++) four.record(0, 0.01);
    // From now on every game seating entrant 0 is timed, and only those are timed every time.
    expect(timedGames(four, 1000, [1, 0], 0.001)).toBe(1000);
    expect(timedGames(four, 1000, [1, 1], 0.001)).toBeLessThan(100);
    // Half slow is not most: 2 slow of 4 (the slow ones last) leaves the entrant sampled.
    const half = new DecisionClock(1);
    half.timing([0]);
    for (const ms of [0.001, 0.001, 0.01, 0.01]) half.record(0, ms);
    expect(timedGames(half, 1000, [0], 0.001)).toBeLessThan(100);
    // Just under 10 µs is fast.
    const under = new DecisionClock(1);
    under.timing([0]);
    for (let i = 0; i < 8; i++) under.record(0, 0.0099);
    expect(timedGames(under, 1000, [0], 0.001)).toBeLessThan(100);
  });

  test('merging adds counts bin by bin, in bin order; a missing entrant adds nothing', () => {
    const a = { timed: 3, totalNs: 30, bins: [[1, 1], [5, 2]] as [number, number][] };
    const b = { timed: 2, totalNs: 7, bins: [[0, 1], [5, 1]] as [number, number][] };
    expect(mergeDecisionTimes(a, b)).toEqual({ timed: 5, totalNs: 37, bins: [[0, 1], [1, 1], [5, 3]] });
    expect(mergeEntrantTimes([a, b], [b])).toEqual([mergeDecisionTimes(a, b), b]);
    expect(mergeDecisionTimes(NO_DECISION_TIMES, NO_DECISION_TIMES)).toEqual(NO_DECISION_TIMES);
  });
});
