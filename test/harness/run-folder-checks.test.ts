import { cpSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { RunLock } from '../../src/harness/run-lock.js';
import { mergeShards } from '../../src/tournament/merge.js';
import { readTallyFile } from '../../src/tournament/tally-file.js';
import { play, raceSpec, tempDir } from './support/run.js';
import { editLine } from '../support/edit-line.js';

const SHARD_FIX = 'play that shard again (its parlor run command with --force)';

/** A copy of `dir` with `edit` made to it. */
function copyOf(dir: string, edit: (copy: string) => void): string {
  const copy = join(tempDir(), 'run');
  cpSync(dir, copy, { recursive: true });
  edit(copy);
  return copy;
}

const append = (file: string, text: string): void => writeFileSync(file, text, { flag: 'a' });
const size = (file: string): number => statSync(file).size;

/** The message of what `act` throws, which must be an InputError of one line. */
function refusal(act: () => unknown): string {
  let caught: unknown = null;
  try {
    act();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(InputError);
  const message = (caught as Error).message;
  expect(message).not.toContain('\n');
  return message;
}

// 3 entrants at 3 seats, 2 blocks of 3 games, every game recorded: records.jsonl is not empty.
const spec = raceSpec({ games: 6, record: 'all' });
/** The whole run, one checkpoint line a block. */
let whole: string;
/** Shard 1/3 of it: blocks [0, 0], no game, a checkpoint of its header alone. */
let empty: string;

beforeAll(async () => {
  whole = (await play(spec, { batchGames: 3 })).out;
  empty = (await play(spec, { shard: { index: 1, count: 3 } })).out;
});

describe('a merge checks a run folder\'s checkpoint, records and outcomes against its tally.json', () => {
  test.each<[string, (copy: string) => void, (copy: string) => string]>([
    // The header alone: the checkpoint ends where the part begins, at block 0.
    ['a checkpoint of no batch beside a finished run', (c) => writeFileSync(join(c, 'checkpoint.jsonl'), `${readFileSync(join(c, 'checkpoint.jsonl'), 'utf8').split('\n')[0]}\n`), (c) => `${c}/checkpoint.jsonl ends at block 0, before the run's end at block 2, yet ${c}/tally.json says it is finished; ${SHARD_FIX}`],
    ['a checkpoint header of another seed', (c) => editLine(join(c, 'checkpoint.jsonl'), 1, (h) => void (h.spec.seed = 'other')), (c) => `${c}/checkpoint.jsonl and ${c}/tally.json are of different runs: seed differs ("other" vs "${spec.seed}"); ${SHARD_FIX}`],
    // Shard 1 of 1 is the whole run's blocks, so the tally file is valid on its own.
    ['a tally.json of shard 1/1 beside a checkpoint of the whole run', (c) => editLine(join(c, 'tally.json'), 1, (t) => void (t.part.shard = { index: 1, count: 1 })), (c) => `${c}/checkpoint.jsonl and ${c}/tally.json are of different runs: the part differs ({"shard":null,"blocks":[0,2]} vs {"shard":{"index":1,"count":1},"blocks":[0,2]}); ${SHARD_FIX}`],
    // The checkpoint's last line says how long records.jsonl was: the size of the intact run's.
    ['two bytes appended to records.jsonl', (c) => append(join(c, 'records.jsonl'), 'x\n'), (c) => `${c}/records.jsonl holds ${size(join(whole, 'records.jsonl')) + 2} bytes, but ${c}/checkpoint.jsonl says ${size(join(whole, 'records.jsonl'))}; ${SHARD_FIX}`],
    ['two bytes appended to outcomes.jsonl', (c) => append(join(c, 'outcomes.jsonl'), 'x\n'), (c) => `${c}/outcomes.jsonl goes on past its last game (2 bytes from byte ${size(join(whole, 'outcomes.jsonl'))}); ${SHARD_FIX}`],
  ])('%s is refused', (_name, edit, message) => {
    const copy = copyOf(whole, edit);
    expect(refusal(() => mergeShards([copy], tempDir()))).toBe(message(copy));
  });

  test('a shard of no blocks has a checkpoint of its header alone: it merges, and records.jsonl must be empty there', () => {
    const shards = [2, 3].map((index) => play(spec, { shard: { index, count: 3 } }));
    return Promise.all(shards).then((rest) => {
      const merged = mergeShards([empty, ...rest.map((r) => r.out)], tempDir());
      expect(merged.games).toBe(6);
      const copy = copyOf(empty, (c) => append(join(c, 'records.jsonl'), 'x\n'));
      expect(refusal(() => mergeShards([copy, ...rest.map((r) => r.out)], tempDir()))).toBe(`${copy}/records.jsonl holds 2 bytes, but ${copy}/checkpoint.jsonl says 0; ${SHARD_FIX}`);
    });
  });

  test('--baseline names one of the entrants\' labels', () => {
    const labels = spec.entrants.map((e) => e.label);
    expect(refusal(() => mergeShards([whole], tempDir(), { baseline: 'nobody' }))).toBe(`--baseline nobody: expected one of the entrants' labels: ${labels.join(', ')}`);
    expect(mergeShards([whole], tempDir(), { baseline: labels[1]! }).games).toBe(6);
  });

  test('--break-lock takes the merged folder from the command holding it', () => {
    const out = tempDir();
    const held = RunLock.acquire(out);
    expect(refusal(() => mergeShards([whole], out))).toMatch(new RegExp(`^${out} is in use by process ${process.pid}`));
    expect(mergeShards([whole], out, { breakLock: true }).games).toBe(6);
    expect(readTallyFile(out).data.games).toEqual(readTallyFile(whole).data.games);
    held.release();
  });
});

describe('tally.json is refused in one line unless a merge can add it up', () => {
  /** A copy of the whole run with its tally.json's text edited. */
  function withTally(edit: (text: string) => string): string {
    return copyOf(whole, (c) => writeFileSync(join(c, 'tally.json'), edit(readFileSync(join(c, 'tally.json'), 'utf8'))));
  }
  /** The same, its timing replaced by `timing`, JSON text as the file would hold it. */
  const withTiming = (timing: string): string => withTally((text) => JSON.stringify({ ...JSON.parse(text), timing: '@' }).replace('"@"', timing));

  test('null, and decision times that are not', () => {
    const empty = withTally(() => 'null');
    expect(refusal(() => readTallyFile(empty))).toBe(`${empty}/tally.json is not a parlor tally file`);
    const decisions = withTally((text) => JSON.stringify({ ...JSON.parse(text), decisions: 'x' }));
    expect(refusal(() => readTallyFile(decisions))).toBe(`${decisions}/tally.json: its decisions are not the decision times of 3 entrants; run it again with --force`);
  });

  test.each([
    ['seconds below 0', '{"seconds":-1,"workers":1}', '{"seconds":-1,"workers":1}'],
    ['seconds as a string', '{"seconds":"5","workers":1}', '{"seconds":"5","workers":1}'],
    // JSON.parse reads 1e999 as Infinity, which JSON writes as null.
    ['seconds past every number', '{"seconds":1e999,"workers":1}', '{"seconds":null,"workers":1}'],
    ['workers below 0', '{"seconds":1,"workers":-1}', '{"seconds":1,"workers":-1}'],
    ['workers that are no whole number', '{"seconds":1,"workers":1.5}', '{"seconds":1,"workers":1.5}'],
  ])('a timing of %s', (_name, timing, shown) => {
    const copy = withTiming(timing);
    expect(refusal(() => readTallyFile(copy))).toBe(`${copy}/tally.json: its timing is ${shown}, not {"seconds", "workers", ...}; run it again with --force`);
  });

  test('0 seconds and 0 workers (a run in the command\'s own thread) are a timing', () => {
    expect(readTallyFile(withTiming('{"seconds":0,"workers":0}')).timing).toEqual({ seconds: 0, workers: 0 });
  });
});
