import { describe, expect, test } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { seedKey } from '../../src/core/rng.js';
import { binomial, blockLineup, makeSchedule, parseShard, rotateLineup, SEATINGS, shardBlocks } from '../../src/harness/schedule.js';

describe('the schedule at its edges', () => {
  test('the seatings, and C(n, k) by hand', () => {
    expect(SEATINGS).toEqual(['duplicate', 'rotations', 'random']);
    expect([binomial(5, 0), binomial(5, 2), binomial(5, 5), binomial(30, 4), binomial(0, 0)]).toEqual([1, 10, 1, 27_405, 1]);
    // No way to choose more than there are, or fewer than none: exactly 0 (not -0).
    expect(binomial(3, 5)).toBe(0);
    expect(binomial(3, -1)).toBe(0);
  });

  test('--games must be a whole number of at least 1', () => {
    for (const games of [0, -3, 1.5, Number.NaN]) expect(() => makeSchedule(2, 2, 'duplicate', games)).toThrow(InputError);
    expect(() => makeSchedule(2, 2, 'duplicate', 1.5)).toThrow('--games 1.5: expected a whole number of games >= 1');
    expect(makeSchedule(3, 2, 'duplicate', 1)).toMatchObject({ blockSize: 2, blocks: 1, games: 2, lineups: 3 });
  });

  test('a caller\'s longer array is cut to the lineup: a lineup and its rotations have N entrants', () => {
    const key = seedKey('edges');
    for (const seating of SEATINGS) {
      const schedule = makeSchedule(5, 3, seating, 30);
      const lineup = blockLineup(schedule, key, 4, [9, 9, 9, 9, 9, 9]);
      expect(lineup).toHaveLength(3);
      expect(lineup.every((e) => e >= 0 && e < 5)).toBe(true);
      expect(rotateLineup(lineup, 2, [7, 7, 7, 7])).toEqual([lineup[2], lineup[0], lineup[1]]);
    }
  });

  test('--shard k/N: whole numbers with 1 <= k <= N, spaces around allowed', () => {
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
    expect(parseShard('1/2')).toEqual({ index: 1, count: 2 });
    expect(parseShard('2/2')).toEqual({ index: 2, count: 2 });
    expect(parseShard('12/20')).toEqual({ index: 12, count: 20 });
    expect(parseShard('  3/8 ')).toEqual({ index: 3, count: 8 });
    for (const bad of ['0/2', '3/2', '1/0', 'x1/2', '1/2x', '1/', '/2', '1.5/2', '-1/2']) {
      expect(() => parseShard(bad), bad).toThrow(`--shard ${bad}: expected k/N with 1 <= k <= N, e.g. --shard 2/8`);
    }
  });

  test('shards split the blocks into contiguous runs differing by at most one', () => {
    expect(shardBlocks(10, null)).toEqual([0, 10]);
    expect([1, 2, 3].map((index) => shardBlocks(10, { index, count: 3 }))).toEqual([[0, 3], [3, 6], [6, 10]]);
    expect([1, 2, 3, 4].map((index) => shardBlocks(2, { index, count: 4 }))).toEqual([[0, 0], [0, 1], [1, 1], [1, 2]]);
  });
});
