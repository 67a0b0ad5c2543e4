import { describe, expect, test } from 'vitest';
import { seedKey } from '../../src/core/rng.js';
import { prepareRun } from '../../src/harness/prepare.js';
import { parseEntrants } from '../../src/harness/entrants.js';
import { blockLineup, makeSchedule, parseShard, rotateLineup, shardBlocks } from '../../src/harness/schedule.js';
import { diceRace } from './support/dice-race.js';
import { bot, play, raceSpec } from './support/run.js';

const key = seedKey('schedule');

describe('seating', () => {
  test('duplicate: every rotation of the lineup, so each entrant sits in every seat of each deal once', () => {
    const schedule = makeSchedule(3, 3, 'duplicate', 7);
    expect(schedule).toMatchObject({ blockSize: 3, blocks: 3, games: 9, lineups: 1 });
    const lineup = blockLineup(schedule, key, 0, []);
    const rotations = [0, 1, 2].map((r) => [...rotateLineup(lineup, r, [])]);
    expect(rotations).toEqual([
      [0, 1, 2],
      [1, 2, 0],
      [2, 0, 1],
    ]);
  });

  test('more entrants than seats: the blocks cycle through every N-subset in a fixed order', () => {
    const schedule = makeSchedule(5, 3, 'duplicate', 3 * 20);
    expect(schedule.lineups).toBe(10);
    const lineups = Array.from({ length: 20 }, (_, b) => blockLineup(schedule, key, b, []).join(''));
    expect(lineups.slice(0, 10)).toEqual(['012', '013', '014', '023', '024', '034', '123', '124', '134', '234']);
    expect(lineups.slice(10)).toEqual(lineups.slice(0, 10));
  });

  test('random: a reproducible random subset in random order, one game per block', () => {
    const schedule = makeSchedule(6, 4, 'random', 500);
    expect(schedule).toMatchObject({ blockSize: 1, blocks: 500 });
    const seen = new Map<string, number>();
    for (let b = 0; b < 500; b++) {
      const lineup = blockLineup(schedule, key, b, []);
      expect(new Set(lineup).size).toBe(4);
      expect(lineup.every((e) => e >= 0 && e < 6)).toBe(true);
      expect(blockLineup(schedule, key, b, [])).toEqual(lineup);
      seen.set(`${lineup[0]}`, (seen.get(`${lineup[0]}`) ?? 0) + 1);
    }
    // Each entrant opens about 1/6 of the games.
    for (const count of seen.values()) expect(count).toBeGreaterThan(50);
  });

  test('--games is rounded up to whole blocks', () => {
    expect(makeSchedule(2, 2, 'duplicate', 2001).games).toBe(2002);
    expect(makeSchedule(4, 4, 'duplicate', 2001).games).toBe(2004);
    expect(makeSchedule(4, 4, 'random', 2001).games).toBe(2001);
  });

  test('results are reported per seat position', async () => {
    const run = await play(raceSpec({ bots: ['roller', 'stepper'], games: 200 }));
    const summary = run.summary!;
    expect(summary.seats.map((s) => s.games)).toEqual([200, 200]);
    for (const e of summary.entrants) {
      expect(e.seats.map((s) => s.games)).toEqual([100, 100]);
      expect(e.seats[0]!.wins + e.seats[1]!.wins).toBeCloseTo(e.wins, 9);
    }
  });
});

describe('shards', () => {
  test('split the blocks into contiguous ranges that cover each block once', () => {
    for (const [blocks, count] of [[10, 3], [7, 7], [3, 5], [1000, 8]] as const) {
      let next = 0;
      for (let k = 1; k <= count; k++) {
        const [from, to] = shardBlocks(blocks, { index: k, count });
        expect(from).toBe(next);
        expect(to - from).toBeLessThanOrEqual(Math.ceil(blocks / count));
        next = to;
      }
      expect(next).toBe(blocks);
    }
  });

  test('--shard must read k/N with 1 <= k <= N', () => {
    expect(parseShard('2/8')).toEqual({ index: 2, count: 8 });
    for (const bad of ['0/3', '4/3', '1', 'a/b', '1/0']) expect(() => parseShard(bad)).toThrow(/expected k\/N with 1 <= k <= N/);
  });
});

describe('checks before a run starts', () => {
  const request = (bots: string[], players?: number) => ({
    game: diceRace,
    variant: '',
    config: {},
    seed: 's',
    entrants: parseEntrants(bots.map(bot).join(',')),
    ...(players !== undefined ? { players } : {}),
    seating: 'duplicate' as const,
    games: 10,
    record: 'faults' as const,
    moveTimeMs: 0,
  });

  test('fewer entrants than seats says to name an entrant again', async () => {
    await expect(prepareRun(request(['roller', 'coin'], 4))).rejects.toThrow(
      '--players 4 needs at least 4 entrants but --bots names 2: name an entrant again to seat it more than once, e.g. --bots ./test/harness/support/bots/roller.ts,./test/harness/support/bots/coin.ts,./test/harness/support/bots/coin.ts,./test/harness/support/bots/coin.ts',
    );
  });

  test('a player count outside the game range is refused', async () => {
    await expect(prepareRun(request(['roller', 'coin', 'coin', 'coin', 'coin']))).rejects.toThrow('dice-race takes 1-4 players: --bots names 5; set --players');
    await expect(prepareRun(request(['roller', 'coin'], 0))).rejects.toThrow('got --players 0');
  });

  test('a bot module that does not load is one clear line', async () => {
    await expect(prepareRun(request(['missing']))).rejects.toThrow(/cannot load the bot module .*missing\.ts/);
  });
});
