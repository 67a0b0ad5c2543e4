import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkComparable, compareRuns } from '../../src/tournament/compare.js';
import { mergeShards } from '../../src/tournament/merge.js';
import { play, raceSpec, summaryWithoutTiming, tempDir } from './support/run.js';

const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'utf8');

/**
 * Makes `dir` (a run played with --seating rotations) look as a run written before fair seating:
 * version 1 files whose spec says `duplicate`, the name that design had then.
 */
function asBeforeFairSeating(dir: string): void {
  const [header, ...rest] = read(dir, 'checkpoint.jsonl').split('\n');
  const old = JSON.parse(header!) as { checkpoint: number; spec: { seating: string } };
  old.checkpoint = 1;
  old.spec.seating = 'duplicate';
  writeFileSync(join(dir, 'checkpoint.jsonl'), [JSON.stringify(old), ...rest].join('\n'));
  const tally = JSON.parse(read(dir, 'tally.json')) as { tally: number; spec: { seating: string } };
  tally.tally = 1;
  tally.spec.seating = 'duplicate';
  writeFileSync(join(dir, 'tally.json'), `${JSON.stringify(tally)}\n`);
}

describe('runs made before fair seating', () => {
  const bots = ['roller', 'stepper', 'coin'];
  const rotations = raceSpec({ bots, games: 60, seating: 'rotations' });
  const duplicate = raceSpec({ bots, games: 60 });

  test('keep their design: resumed, merged and compared as --seating rotations, and refused in one line under another', async () => {
    const reference = await play(rotations, { batchGames: 12 });
    const old = await play(rotations, { batchGames: 12 });
    asBeforeFairSeating(old.out);

    expect(() => checkComparable(old.out, rotations)).not.toThrow();
    expect(() => checkComparable(old.out, duplicate)).toThrow(`--compare ${old.out}: that run has another seating ("rotations"; this run: "duplicate"), so its games are not these games`);
    expect(compareRuns(old.out, reference.out)).toMatchObject({ compared: 60, changed: 0 });

    const merged = tempDir();
    expect(mergeShards([old.out], merged).seating).toBe('rotations');
    expect(summaryWithoutTiming(merged)).toBe(summaryWithoutTiming(reference.out));

    await expect(play(duplicate, { out: old.out, resume: true })).rejects.toThrow(
      /holds another run: seating differs \("rotations" vs "duplicate"; a run made before fair seating reads as --seating rotations\)/,
    );
    const resumed = await play(rotations, { out: old.out, resume: true });
    expect(summaryWithoutTiming(resumed.out)).toBe(summaryWithoutTiming(reference.out));
  });
});
