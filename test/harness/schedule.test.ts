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
    expect(schedule).toMatchObject({ blockSize: 3, blocks: 3, games: 9 });
    const lineup = [...blockLineup(schedule, key, 0, [])];
    expect([...lineup].sort()).toEqual([0, 1, 2]);
    const rotations = [0, 1, 2].map((r) => [...rotateLineup(lineup, r, [])]);
    expect(rotations).toEqual([0, 1, 2].map((r) => [0, 1, 2].map((s) => lineup[(s + r) % 3])));
    for (let seat = 0; seat < 3; seat++) expect(rotations.map((entrants) => entrants[seat]).sort()).toEqual([0, 1, 2]);
  });

  /**
   * The counts of `what` over `blocks` blocks are each within 4.5 standard errors of blocks/cells
   * (a multinomial cell's sd is sqrt(blocks p (1 - p))): far enough that a fair draw never fails, near
   * enough that a fixed or lopsided one always does.
   */
  function expectUniform(counts: Map<string, number>, cells: number, blocks: number): void {
    expect(counts.size).toBe(cells);
    const p = 1 / cells;
    const sd = Math.sqrt(blocks * p * (1 - p));
    for (const count of counts.values()) expect(Math.abs(count - blocks * p)).toBeLessThan(4.5 * sd);
  }

  test('duplicate: each block draws the order around the table, every cyclic order equally often, so no entrant keeps its neighbours', () => {
    const blocks = 6000;
    const schedule = makeSchedule(4, 4, 'duplicate', 4 * blocks);
    const cyclic = new Map<string, number>();
    const leftOf0 = new Map<string, number>();
    for (let b = 0; b < blocks; b++) {
      const lineup = blockLineup(schedule, key, b, []);
      expect(blockLineup(schedule, key, b, [])).toEqual(lineup);
      // The cyclic order read from entrant 0: the rotations make it all that differs between blocks.
      const from0 = lineup.indexOf(0);
      const order = [1, 2, 3].map((i) => lineup[(from0 + i) % 4]).join('');
      cyclic.set(order, (cyclic.get(order) ?? 0) + 1);
      leftOf0.set(order[0]!, (leftOf0.get(order[0]!) ?? 0) + 1);
    }
    // 3! = 6 cyclic orders of four entrants; entrant 0's next seat held by each of the 3 others.
    expectUniform(cyclic, 6, blocks);
    expectUniform(leftOf0, 3, blocks);
  });

  test('duplicate with more entrants than seats: every N-subset drawn equally often, each in a drawn order', () => {
    const blocks = 5000;
    const schedule = makeSchedule(5, 3, 'duplicate', 3 * blocks);
    const subsets = new Map<string, number>();
    const cyclic = new Map<string, number>();
    for (let b = 0; b < blocks; b++) {
      const lineup = blockLineup(schedule, key, b, []);
      expect(new Set(lineup).size).toBe(3);
      const subset = [...lineup].sort().join('');
      subsets.set(subset, (subsets.get(subset) ?? 0) + 1);
      // With three seats a lineup's cyclic order is one of two: read from its lowest entrant.
      const low = lineup.indexOf(Math.min(...lineup));
      const order = `${subset}:${lineup[(low + 1) % 3]}`;
      cyclic.set(order, (cyclic.get(order) ?? 0) + 1);
    }
    expectUniform(subsets, 10, blocks);
    expectUniform(cyclic, 20, blocks);
  });

  test('rotations (the design before fair seating): one fixed order, the blocks cycling through every N-subset in a fixed order', () => {
    const fixed = makeSchedule(3, 3, 'rotations', 7);
    expect(fixed).toMatchObject({ blockSize: 3, blocks: 3, games: 9, lineups: 1 });
    for (let b = 0; b < 3; b++) expect(blockLineup(fixed, key, b, [])).toEqual([0, 1, 2]);
    const schedule = makeSchedule(5, 3, 'rotations', 3 * 20);
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
    expect(makeSchedule(4, 4, 'rotations', 2001).games).toBe(2004);
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
