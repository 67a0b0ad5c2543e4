import { describe, expect, it } from 'vitest';
import { GameStreams, seedKey, Sfc32, shuffleInPlace, streamRng, streamsFrom } from '../src/core/rng.js';

describe('seeded streams', () => {
  it('gives the same numbers for the same (seed, game, stream)', () => {
    const a = streamRng(seedKey('s'), 7, 'dice');
    const b = streamRng(seedKey('s'), 7, 'dice');
    const xs = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(xs);
  });

  it('gives independent streams for another seed, game index or stream name', () => {
    const first = (key: string, index: number, name: string) => streamRng(seedKey(key), index, name).nextUint32();
    const base = first('s', 7, 'dice');
    expect(first('t', 7, 'dice')).not.toBe(base);
    expect(first('s', 8, 'dice')).not.toBe(base);
    expect(first('s', 7, 'deal')).not.toBe(base);
    expect(first('s', 7 + 2 ** 32, 'dice')).not.toBe(base);
  });

  it('grows named streams from one generator: the same generator state gives the same streams, whatever order they are asked for', () => {
    const one = streamsFrom(new Sfc32(1, 2, 3, 4));
    const two = streamsFrom(new Sfc32(1, 2, 3, 4));
    const dice = Array.from({ length: 10 }, () => one.stream('dice').next());
    for (let i = 0; i < 5; i++) two.stream('deal').next();
    expect(Array.from({ length: 10 }, () => two.stream('dice').next())).toEqual(dice);
    expect(one.stream('deal').next()).not.toBe(one.stream('dice').next());
    expect(streamsFrom(new Sfc32(1, 2, 3, 5)).stream('dice').next()).not.toBe(dice[0]);
  });

  it('draws one stream without shifting another', () => {
    const left = new GameStreams(seedKey('x'), 3);
    const right = new GameStreams(seedKey('x'), 3);
    for (let i = 0; i < 50; i++) left.stream('bot:0').next();
    expect(left.stream('dice').next()).toBe(right.stream('dice').next());
  });

  it('is uniform enough: die faces within 1% of 1/6 over 600 000 rolls', () => {
    const rng = streamRng(seedKey('uniform'), 0, 'dice');
    const counts = [0, 0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 600_000; i++) counts[rng.die(6)]!++;
    expect(counts[0]).toBe(0);
    for (let f = 1; f <= 6; f++) expect(Math.abs(counts[f]! / 600_000 - 1 / 6)).toBeLessThan(0.01);
  });

  it('shuffles every permutation of three items about equally often', () => {
    const rng = streamRng(seedKey('perm'), 0, 'deal');
    const counts = new Map<string, number>();
    for (let i = 0; i < 60_000; i++) {
      const key = shuffleInPlace([1, 2, 3], rng).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    for (const n of counts.values()) expect(Math.abs(n - 10_000)).toBeLessThan(500);
  });
});
