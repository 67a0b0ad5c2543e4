import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { tempDir } from '../harness/support/run.js';
import { played, updated } from '../../src/tune/values.js';
import { TUNE_FILE, type TuneFile } from '../../src/tune/tuning.js';
import { GUESSER, tuneGuesser, tuneJsonWithoutTiming } from './support/tuning.js';

const read = (dir: string): TuneFile => JSON.parse(readFileSync(join(dir, TUNE_FILE), 'utf8')) as TuneFile;

describe('parlor tune on a game whose best guess is known', () => {
  const base = { seed: 'tune-test', games: 800, verifyGames: 200 };
  const one = tempDir('parlor-tune-');

  test('one worker and two give the same tune.json, timing aside', async () => {
    const two = tempDir('parlor-tune-');
    await tuneGuesser({ ...base, out: one, workers: 1 });
    await tuneGuesser({ ...base, out: two, workers: 2 });
    expect(tuneJsonWithoutTiming(two)).toBe(tuneJsonWithoutTiming(one));
    const file = read(one);
    expect(file.iterations).toHaveLength(50);
    expect(file.iterations.every((it) => it.games === 16)).toBe(true);
  }, 60_000);

  test('an interrupted tuning, resumed, ends as the uninterrupted one', async () => {
    const cut = tempDir('parlor-tune-');
    const first = await tuneGuesser({ ...base, verifyGames: 0, out: cut, workers: 1, stopAt: 17 });
    expect(first.iterations).toHaveLength(17);
    expect(read(cut).iterations).toHaveLength(17);
    await tuneGuesser({ ...base, out: cut, workers: 1 });
    expect(tuneJsonWithoutTiming(cut)).toBe(tuneJsonWithoutTiming(one));
  }, 60_000);

  test('each iteration plays theta +- c * flip and moves theta by (a / c) * result * flip', () => {
    const { setup, iterations } = read(one);
    for (const it of iterations) {
      setup.params.forEach((p, j) => {
        expect(it.plus[j]).toBe(played(it.theta[j]! + it.c[j]! * it.flips[j]!, p));
        expect(it.minus[j]).toBe(played(it.theta[j]! - it.c[j]! * it.flips[j]!, p));
        expect(it.after[j]).toBe(updated(it.theta[j]!, it.flips[j]!, it.a[j]!, it.c[j]!, it.result, p));
      });
      expect(it.result).toBe(it.points[0] - it.points[1]);
      // Head to head every game gives its point to one version or halves it.
      expect(it.points[0] + it.points[1]).toBe(it.games);
    }
    iterations.slice(1).forEach((it, i) => expect(it.theta).toEqual(iterations[i]!.after));
  });

  test('the verification plays tuned against start on its own seed and reads the ladder', () => {
    const { verification, label } = read(one);
    expect(verification).toMatchObject({ iteration: 50, seed: 'tune-test:verify', folder: 'verify-50', tuned: label, start: `${GUESSER}(x=30,y=0.7)`, games: 200 });
    const summary = JSON.parse(readFileSync(join(one, 'verify-50', 'summary.json'), 'utf8'));
    expect(summary.seed).toBe('tune-test:verify');
    expect(verification!.ahead + verification!.behind + verification!.tied).toBe(200);
  });

  test('against opponents: each version in the same seats of the same deals, points per opponent seat', async () => {
    const out = tempDir('parlor-tune-');
    const file = await tuneGuesser({ seed: 'against', games: 3000, workers: 1, out, against: [`${GUESSER}(x=50,y=0.5)`, `${GUESSER}(x=50,y=0.5)`] });
    expect(file.setup.players).toBe(3);
    expect(file.iterations.every((it) => it.games === 48 && it.points.every((p) => p >= 0 && p <= 24))).toBe(true);
    // Started at (30, 0.7), far from the best (70, 0.25): 3000 games' steps are short, but go that way.
    expect(file.values[0]).toBeGreaterThan(30);
    expect(file.values[1]).toBeLessThan(0.7);
  }, 60_000);
});
