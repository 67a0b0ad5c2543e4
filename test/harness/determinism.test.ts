import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { seedKey } from '../../src/core/rng.js';
import { mergeShards } from '../../src/tournament/merge.js';
import { blockLineup, makeSchedule, rotateLineup } from '../../src/harness/schedule.js';
import { play, raceSpec, summaryWithoutTiming, tempDir } from './support/run.js';

const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'utf8');

describe('a run does not depend on how it was computed', () => {
  const spec = raceSpec({ bots: ['roller', 'stepper', 'coin', 'flaky'], players: 3, games: 240, record: 'sample:5' });

  test('any batch size gives the same summary (but for timing), outcomes and records', async () => {
    const runs = await Promise.all([1, 4, 13].map((batchGames) => play(spec, { batchGames })));
    const adaptive = await play(spec);
    for (const run of [...runs, adaptive]) {
      expect(summaryWithoutTiming(run.out)).toBe(summaryWithoutTiming(runs[0]!.out));
      expect(read(run.out, 'outcomes.jsonl')).toBe(read(runs[0]!.out, 'outcomes.jsonl'));
      expect(read(run.out, 'records.jsonl')).toBe(read(runs[0]!.out, 'records.jsonl'));
    }
    expect(read(adaptive.out, 'outcomes.jsonl').trim().split('\n')).toHaveLength(adaptive.summary!.games);
  });

  test('every game is played by its block\'s lineup, under either seating, whatever the batch size', async () => {
    for (const seating of ['duplicate', 'random'] as const) {
      const seated = raceSpec({ bots: ['roller', 'stepper', 'coin', 'flaky'], players: 3, seating, games: 90 });
      const schedule = makeSchedule(4, 3, seating, 90);
      const key = seedKey(seated.seed);
      const runs = await Promise.all([1, 7].map((batchGames) => play(seated, { batchGames })));
      for (const run of runs) {
        const lines = read(run.out, 'outcomes.jsonl').trim().split('\n').map((l) => JSON.parse(l));
        expect(lines).toHaveLength(schedule.games);
        for (const line of lines) {
          const block = Math.floor(line.game / schedule.blockSize);
          const lineup = blockLineup(schedule, key, block, []);
          expect(line.entrants, `${seating} game ${line.game}`).toEqual(rotateLineup(lineup, line.game % schedule.blockSize, []));
        }
      }
      expect(read(runs[1]!.out, 'outcomes.jsonl')).toBe(read(runs[0]!.out, 'outcomes.jsonl'));
    }
  });

  test('1 worker thread, 2 worker threads and this thread agree byte for byte', async () => {
    const [one, two, inline] = await Promise.all([play(spec, { workers: 1, batchGames: 9 }), play(spec, { workers: 2, batchGames: 5 }), play(spec)]);
    expect(summaryWithoutTiming(two.out)).toBe(summaryWithoutTiming(one.out));
    expect(summaryWithoutTiming(inline.out)).toBe(summaryWithoutTiming(one.out));
    expect(read(two.out, 'outcomes.jsonl')).toBe(read(one.out, 'outcomes.jsonl'));
    expect(two.timing.workers).toBe(2);
  });

  test('engine errors, their stacks included, are the same bytes in 1 and 2 worker threads and in this thread', async () => {
    const failing = raceSpec({ bots: ['roller', 'coin'], games: 120, config: { bugAt: 13 } });
    const [one, two, inline] = await Promise.all([play(failing, { workers: 1, batchGames: 9 }), play(failing, { workers: 2, batchGames: 5 }), play(failing)]);
    expect(read(one.out, 'outcomes.jsonl')).toContain('"stack":"Error: landed on 13\\n');
    for (const run of [two, inline]) {
      expect(read(run.out, 'outcomes.jsonl')).toBe(read(one.out, 'outcomes.jsonl'));
      expect(read(run.out, 'records.jsonl')).toBe(read(one.out, 'records.jsonl'));
    }
  });

  test('shards merged back, in any order, equal the single run', async () => {
    const whole = await play(spec, { batchGames: 6 });
    const shards = await Promise.all([1, 2, 3].map((index) => play(spec, { shard: { index, count: 3 }, batchGames: 7 })));
    expect(shards.every((s) => s.summary === null)).toBe(true);
    const merged = tempDir();
    mergeShards([shards[2]!.out, shards[0]!.out, shards[1]!.out], merged);
    expect(summaryWithoutTiming(merged)).toBe(summaryWithoutTiming(whole.out));
    expect(read(merged, 'outcomes.jsonl')).toBe(read(whole.out, 'outcomes.jsonl'));
    expect(read(merged, 'records.jsonl')).toBe(read(whole.out, 'records.jsonl'));
  });

  test('merge refuses shards that are missing, repeated, or from another run', async () => {
    const parts = await Promise.all([1, 2].map((index) => play(spec, { shard: { index, count: 2 } })));
    const other = await play({ ...spec, seed: 'another' }, { shard: { index: 2, count: 2 } });
    expect(() => mergeShards([parts[0]!.out], tempDir())).toThrow(/blocks 40-79 are missing/);
    expect(() => mergeShards([parts[0]!.out, parts[1]!.out, parts[1]!.out], tempDir())).toThrow(/overlaps another shard/);
    expect(() => mergeShards([parts[0]!.out, other.out], tempDir())).toThrow(/from another run than .*: seed differs/);
    expect(() => mergeShards([tempDir()], tempDir())).toThrow(/holds no parlor run/);
  });

  test('a different seed gives different games', async () => {
    const a = await play(raceSpec({ games: 60 }));
    const b = await play(raceSpec({ games: 60, seed: 'other' }));
    expect(read(a.out, 'outcomes.jsonl')).not.toBe(read(b.out, 'outcomes.jsonl'));
  });
});
