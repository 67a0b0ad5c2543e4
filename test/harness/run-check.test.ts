import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { inlineExecutor } from '../../src/harness/pool.js';
import { tallyProblem } from '../../src/harness/run-check.js';
import { RunLock } from '../../src/harness/run-lock.js';
import { emptyTally, tallyJson } from '../../src/harness/tally.js';
import { mergeShards } from '../../src/tournament/merge.js';
import { runSprt } from '../../src/tournament/sprt-run.js';
import { inlineContext, play, raceSpec, summaryWithoutTiming, tempDir } from './support/run.js';
import { editLine } from '../support/edit-line.js';

const FIX = 'start the run over with --force instead of --resume';
const SHARD_FIX = 'play that shard again (its parlor run command with --force)';

/** Every file of a folder and its bytes: a refused command changes none. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, statSync(join(dir, name)).isFile() ? readFileSync(join(dir, name), 'latin1') : 'folder']),
  );
}

/** A copy of `dir` with `edit` made to it. */
function copyOf(dir: string, edit: (copy: string) => void): string {
  const copy = join(tempDir(), 'run');
  cpSync(dir, copy, { recursive: true });
  edit(copy);
  return copy;
}

/** Edits the raw lines of a file. */
function editLines(file: string, change: (lines: string[]) => string[]): void {
  writeFileSync(file, change(readFileSync(file, 'latin1').split('\n')).join('\n'), 'latin1');
}

// 3 entrants at 3 seats, 20 blocks of 3 games, in batches of 4 blocks: checkpoint lines 2-6.
const spec = raceSpec({ games: 60 });
let finished: string;

beforeAll(async () => {
  finished = (await play(spec, { batchGames: 12 })).out;
});

describe('--resume checks the checkpoint and outcomes.jsonl against each other, and refuses what does not add up in one line', () => {
  /** A case: its name, the damage done to a copy of the finished run, and the refusal (before `; FIX`). */
  const checkpointCases: [string, (copy: string) => void, (copy: string) => string | RegExp][] = [
    ['an edited tally', (c) => editLine(join(c, 'checkpoint.jsonl'), 6, (e) => void (e.tally.rankSum[1] += 3)), (c) => `${c}/checkpoint.jsonl line 6: its tally does not match ${c}/outcomes.jsonl lines 49-60 (rankSum[1] is ${finishedLine('checkpoint.jsonl', 6).tally.rankSum[1] + 3}, not ${finishedLine('checkpoint.jsonl', 6).tally.rankSum[1]} there)`],
    ['"to" past the run', (c) => editLine(join(c, 'checkpoint.jsonl'), 6, (e) => void (e.to = 500)), (c) => `${c}/checkpoint.jsonl line 6: "to" is 500, expected a block number after 16, at most 20`],
    ['"to" not a number', (c) => editLine(join(c, 'checkpoint.jsonl'), 6, (e) => void (e.to = 'x')), (c) => `${c}/checkpoint.jsonl line 6: "to" is "x", expected a block number after 16, at most 20`],
    ['"from" not where the line before ends', (c) => editLine(join(c, 'checkpoint.jsonl'), 3, (e) => void (e.from = 5)), (c) => `${c}/checkpoint.jsonl line 3: "from" is 5, expected block 4, where the line before ends`],
    ['a negative outcomesBytes', (c) => editLine(join(c, 'checkpoint.jsonl'), 6, (e) => void (e.outcomesBytes = -5)), (c) => `${c}/checkpoint.jsonl line 6: "outcomesBytes" is -5, expected a size in bytes above ${finishedLine('checkpoint.jsonl', 5).outcomesBytes}, the line before's`],
    ['an outcomesBytes inside a line', (c) => editLine(join(c, 'checkpoint.jsonl'), 3, (e) => void (e.outcomesBytes -= 3)), (c) => `${c}/checkpoint.jsonl line 3: "outcomesBytes" is ${finishedLine('checkpoint.jsonl', 3).outcomesBytes - 3}, but its games end at byte ${finishedLine('checkpoint.jsonl', 3).outcomesBytes} of ${c}/outcomes.jsonl`],
    ['a missing tally key', (c) => editLine(join(c, 'checkpoint.jsonl'), 2, (e) => void delete e.tally.rankSum), (c) => `${c}/checkpoint.jsonl line 2: its rankSum counts are not the 3 this version of parlor keeps`],
    ['no tally', (c) => editLine(join(c, 'checkpoint.jsonl'), 2, (e) => void (e.tally = null)), (c) => `${c}/checkpoint.jsonl line 2: its tally is null, not an object`],
    ['a count that is no whole number', (c) => editLine(join(c, 'checkpoint.jsonl'), 2, (e) => void (e.tally.rankSum[0] = 1.5)), (c) => `${c}/checkpoint.jsonl line 2: its rankSum holds 1.5, not a whole number`],
    ['game lengths out of order', (c) => editLine(join(c, 'checkpoint.jsonl'), 2, (e) => void e.tally.length.reverse()), (c) => `${c}/checkpoint.jsonl line 2: its length holds ${JSON.stringify([...finishedLine('checkpoint.jsonl', 2).tally.length].reverse()[1])}, not a [value, count] pair in value order`],
    ['a tally of another count of games', (c) => editLine(join(c, 'checkpoint.jsonl'), 2, (e) => void (e.tally.games = [1_000_000])), (c) => `${c}/checkpoint.jsonl line 2: its tally counts 1000000 games, but blocks 0-3 hold 12`],
    ['a negative time', (c) => editLine(join(c, 'checkpoint.jsonl'), 4, (e) => void (e.seconds = -1)), (c) => `${c}/checkpoint.jsonl line 4: "seconds" is -1, expected a time in seconds`],
    ['decision times that are not', (c) => editLine(join(c, 'checkpoint.jsonl'), 4, (e) => void (e.decisions = 'x')), (c) => `${c}/checkpoint.jsonl line 4: its decisions are not the decision times of 3 entrants`],
    ['SPRT counts in a run that is no SPRT', (c) => editLine(join(c, 'checkpoint.jsonl'), 4, (e) => void (e.sprt = [])), (c) => `${c}/checkpoint.jsonl line 4: it has SPRT counts, but the run is no SPRT`],
    ['a header whose entrants are not a list', (c) => editLine(join(c, 'checkpoint.jsonl'), 1, (h) => void (h.spec.entrants = 5)), (c) => `${c}/checkpoint.jsonl line 1: its spec's entrants are 5, not a list of entrants`],
    ['a header whose blocks are not its part\'s', (c) => editLine(join(c, 'checkpoint.jsonl'), 1, (h) => void (h.part.blocks = [0, 45])), (c) => `${c}/checkpoint.jsonl line 1: its part's blocks are [0,45], but the whole run is blocks [0,20]`],
    ['a records.jsonl that is a folder', (c) => (rmSync(join(c, 'records.jsonl')), mkdirSync(join(c, 'records.jsonl'))), (c) => `${c}/records.jsonl is a folder, not a run's file`],
    ['a checkpoint that is a folder', (c) => (rmSync(join(c, 'checkpoint.jsonl')), mkdirSync(join(c, 'checkpoint.jsonl'))), (c) => `${c}/checkpoint.jsonl is a folder, not a run's file`],
  ];
  const outcomeCases: typeof checkpointCases = [
    ['a game written twice (two runs writing the folder)', (c) => editLines(join(c, 'outcomes.jsonl'), (l) => [...l.slice(0, 10), l[9]!, ...l.slice(10)]), (c) => `${c}/outcomes.jsonl line 11 is game 9, where game 10 belongs (each game once, in order)`],
    ['a game missing', (c) => editLines(join(c, 'outcomes.jsonl'), (l) => [...l.slice(0, 10), ...l.slice(11), l[10]!]), (c) => `${c}/outcomes.jsonl line 11 is game 11, where game 10 belongs (each game once, in order)`],
    ['NUL bytes over a line', (c) => editLines(join(c, 'outcomes.jsonl'), (l) => l.map((line, i) => (i === 20 ? '\0'.repeat(line.length) : line))), (c) => `${c}/outcomes.jsonl line 21 is not JSON (a damaged or overwritten line)`],
    ['entrants in other seats', (c) => editLine(join(c, 'outcomes.jsonl'), 5, (o) => void o.entrants.reverse()), (c) => `${c}/outcomes.jsonl line 5: game 4 seats entrants ${JSON.stringify([...finishedLine('outcomes.jsonl', 5).entrants].reverse())}, but the run's seating gives ${JSON.stringify(finishedLine('outcomes.jsonl', 5).entrants)}`],
    ['a rank that is no place', (c) => editLine(join(c, 'outcomes.jsonl'), 5, (o) => void (o.rank[0] = 0)), (c) => `${c}/outcomes.jsonl line 5: its "rank" is ${JSON.stringify([0, ...finishedLine('outcomes.jsonl', 5).rank.slice(1)])}, not 3 places from 1 to 3`],
    ['a game given to another winner', (c) => editLine(join(c, 'outcomes.jsonl'), 5, (o) => void (o.rank = o.rank.map((r: number) => (r === 1 ? 3 : 1)))), (c) => new RegExp(`^${c}/checkpoint.jsonl line 2: its tally does not match ${c}/outcomes.jsonl lines 1-12 \\(\\w+(\\[\\d+\\])? is \\d+, not \\d+ there\\); ${FIX}$`)],
  ];

  test.each([...checkpointCases, ...outcomeCases])('%s', async (_name, edit, message) => {
    const copy = copyOf(finished, edit);
    const before = snapshot(copy);
    const expected = message(copy);
    const refusal = await play(spec, { out: copy, resume: true }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(InputError);
    const text = (refusal as Error).message;
    if (expected instanceof RegExp) expect(text).toMatch(expected);
    else expect(text).toBe(`${expected}; ${FIX}`);
    expect(text).not.toContain('\n');
    expect(snapshot(copy)).toEqual(before);
  });

  test('the damage of two runs in one folder: a second resume\'s appends after the first one\'s lines', async () => {
    // What overlapping runs left: the batches of both, interleaved, past the checkpoint's lines.
    const copy = copyOf(finished, (c) => {
      editLines(join(c, 'checkpoint.jsonl'), (l) => [...l.slice(0, 4), ...l.slice(2, 4), ...l.slice(4)]);
    });
    await expect(play(spec, { out: copy, resume: true })).rejects.toThrow(`${copy}/checkpoint.jsonl line 5: "from" is 4, expected block 12, where the line before ends; ${FIX}`);
  });

  test('a resume of an intact run, of a run with faults, and of a cut tail goes on as before', async () => {
    const copy = copyOf(finished, (c) => {
      editLines(join(c, 'checkpoint.jsonl'), (l) => [...l.slice(0, 4), '{"from":12,"to"']);
      writeFileSync(join(c, 'outcomes.jsonl'), `${readFileSync(join(c, 'outcomes.jsonl'), 'latin1')}\0\0\0{"game":9`, 'latin1');
    });
    await play(spec, { out: copy, resume: true, batchGames: 6 });
    expect(summaryWithoutTiming(copy)).toBe(summaryWithoutTiming(finished));
    expect(readFileSync(join(copy, 'outcomes.jsonl'), 'utf8')).toBe(readFileSync(join(finished, 'outcomes.jsonl'), 'utf8'));
  });

  test('a batch with faults: a fault is a forfeit, so every part is checked, the scores left out too', async () => {
    const faulty = raceSpec({ bots: ['roller', 'flaky'], games: 120, seed: 'faulty-check' });
    const run = await play(faulty, { batchGames: 40 });
    const line = JSON.parse(readFileSync(join(run.out, 'checkpoint.jsonl'), 'utf8').split('\n')[1]!);
    expect(line.tally.scoresLeftOut[1]).toBeGreaterThan(0);
    await play(faulty, { out: copyOf(run.out, () => {}), resume: true });
    // A score moved between counted and left out, its totals kept.
    const moved = copyOf(run.out, (c) =>
      editLine(join(c, 'checkpoint.jsonl'), 2, (e) => {
        e.tally.scored[1]--;
        e.tally.scoresLeftOut[1]++;
      }),
    );
    await expect(play(faulty, { out: moved, resume: true })).rejects.toThrow(`${moved}/checkpoint.jsonl line 2: its tally does not match ${moved}/outcomes.jsonl lines 1-40 (scored[1] is ${line.tally.scored[1] - 1}, not ${line.tally.scored[1]} there); ${FIX}`);
    const tied = copyOf(run.out, (c) => editLine(join(c, 'checkpoint.jsonl'), 2, (e) => void (e.tally.tiedNonWinners[0] -= 1)));
    await expect(play(faulty, { out: tied, resume: true })).rejects.toThrow(`(tiedNonWinners is -1, not 0 there)`);
  });

  test('an entrant that plays on after a fault (onFault: "random"): its batches are checked on the scores\' totals', async () => {
    const base = raceSpec({ bots: ['roller', 'flaky'], games: 120, seed: 'faulty-check' });
    // What a process bot with onFault "random" says in the spec; the checks read nothing else of it.
    const faulty = { ...base, entrants: base.entrants.map((e, i) => (i === 1 ? { ...e, source: { ...e.source, limits: { onFault: 'random' } } } : e)) } as typeof base;
    const run = await play(faulty, { batchGames: 40 });
    const moved = copyOf(run.out, (c) =>
      editLine(join(c, 'checkpoint.jsonl'), 2, (e) => {
        e.tally.scored[1]--;
        e.tally.scoresLeftOut[1]++;
      }),
    );
    await play(faulty, { out: moved, resume: true });
    const edited = copyOf(run.out, (c) => editLine(join(c, 'checkpoint.jsonl'), 2, (e) => void (e.tally.scoreSum[0] += 1)));
    await expect(play(faulty, { out: edited, resume: true })).rejects.toThrow(/line 2: its tally does not match .* \(scoreSum\[0\] \+ leftOutScoreSum\[0\] is \d+, not \d+ there\)/);
  });

  test('parlor sprt: SPRT counts that do not match the outcomes are refused', async () => {
    const sprtSpec = raceSpec({ bots: ['coin', 'coin', 'roller'], games: 600, seed: 'sprt-check', sprt: { base: 0, test: 1 } });
    const hypotheses = { elo0: 0, elo1: 20, alpha: 0.05, beta: 0.1 };
    const out = tempDir();
    await runSprt(sprtSpec, inlineExecutor(await inlineContext(sprtSpec)), hypotheses, { out, batchBlocks: 10 });
    editLine(join(out, 'checkpoint.jsonl'), 2, (e) => {
      const block = e.sprt.find((b: number[]) => b[0]! > 0);
      block[0]--;
      block[2]++;
    });
    await expect(runSprt(sprtSpec, inlineExecutor(await inlineContext(sprtSpec)), hypotheses, { out, resume: true })).rejects.toThrow(
      `${out}/checkpoint.jsonl line 2: its SPRT counts do not match ${out}/outcomes.jsonl lines 1-30; ${FIX}`,
    );
  });
});

describe('merge checks each shard\'s tally.json, checkpoint and outcomes.jsonl against each other', () => {
  let shards: string[];
  beforeAll(async () => {
    shards = (await Promise.all([1, 2].map((index) => play(spec, { shard: { index, count: 2 }, batchGames: 6 })))).map((s) => s.out);
  });

  test.each<[string, (copy: string) => void, (copy: string) => string]>([
    ['a checkpoint of another part', (c) => editLine(join(c, 'checkpoint.jsonl'), 1, (h) => void (h.part = { shard: { index: 1, count: 2 }, blocks: [0, 10] })), (c) => `${c}/checkpoint.jsonl line 2: "from" is 10, expected block 0, where the part begins; ${SHARD_FIX}`],
    ['an unfinished checkpoint beside a tally.json', (c) => editLines(join(c, 'checkpoint.jsonl'), (l) => [...l.slice(0, -2), '']), (c) => `${c}/checkpoint.jsonl ends at block 18, before the shard's end at block 20, yet ${c}/tally.json says it is finished; ${SHARD_FIX}`],
    ['a tally.json that is not its batches\' sum', (c) => editLine(join(c, 'tally.json'), 1, (t) => void (t.data.games = [1_000_000])), (c) => `${c}/tally.json: its tally is not the sum of the batches in ${c}/checkpoint.jsonl (games is 1000000, not 30 there); ${SHARD_FIX}`],
    ['a records.jsonl longer than its checkpoint says', (c) => writeFileSync(join(c, 'records.jsonl'), 'x\n', { flag: 'a' }), (c) => `${c}/records.jsonl holds ${statSync(join(c, 'records.jsonl')).size} bytes, but ${c}/checkpoint.jsonl says ${statSync(join(c, 'records.jsonl')).size - 2}; ${SHARD_FIX}`],
    ['a tally.json whose spec is not a run\'s', (c) => editLine(join(c, 'tally.json'), 1, (t) => void (t.spec.players = 'x')), (c) => `${c}/tally.json: its spec's players is "x", not a number of seats from 1 to its 3 entrants; run it again with --force`],
    ['a tally.json with no timing', (c) => editLine(join(c, 'tally.json'), 1, (t) => void delete t.timing), (c) => `${c}/tally.json: its timing is undefined, not {"seconds", "workers", ...}; run it again with --force`],
    ['no checkpoint, and a tally.json that is not its outcomes\'', (c) => (rmSync(join(c, 'checkpoint.jsonl')), editLine(join(c, 'tally.json'), 1, (t) => void (t.data.rankSum[2] += 1))), (c) => `${c}/tally.json: its tally does not match ${c}/outcomes.jsonl lines 1-30 (rankSum[2] is ${rankSumOf(c, 2) + 1}, not ${rankSumOf(c, 2)} there); ${SHARD_FIX}`],
  ])('%s is refused, and nothing is merged', (_name, edit, message) => {
    const copy = copyOf(shards[1]!, edit);
    const out = join(tempDir(), 'merged');
    expect(() => mergeShards([shards[0]!, copy], out)).toThrow(message(copy));
    expect(() => statSync(out)).toThrow();
  });

  test('a shard a run is writing, and an --out another command holds, are refused', () => {
    const lock = RunLock.acquire(shards[1]!);
    expect(() => mergeShards(shards, tempDir())).toThrow(new RegExp(`^${shards[1]} is in use by process ${process.pid} on host .*: merge once that run has ended$`));
    lock.release();
    const out = tempDir();
    const held = RunLock.acquire(out);
    expect(() => mergeShards(shards, out)).toThrow(`${out} is in use by process ${process.pid}`);
    expect(readdirSync(out)).toEqual(['run.lock']);
    held.release();
    mergeShards(shards, out);
    expect(summaryWithoutTiming(out)).toBe(summaryWithoutTiming(finished));
  });
});

test('tallyProblem: whole numbers in order, of the run\'s size, what a file may hold', () => {
  const good = tallyJson(emptyTally(2, 2));
  expect(tallyProblem(good, 2, 2)).toBeNull();
  expect(tallyProblem(good, 3, 2)).toBe("its tally is of 2 entrants at 2 seats, not the run's 3 at 2");
  expect(tallyProblem({ ...good, scores: [[], [[5, 1], [3, 1]]] }, 2, 2)).toBe('its scores holds [3,1], not a [value, count] pair in value order');
  expect(tallyProblem({ ...good, blockPoints: [[0, -4], [2, 0]] }, 2, 2)).toBeNull();
  expect(tallyProblem({ ...good, length: [[7, 0]] }, 2, 2)).toBe('its length holds [7,0], not a [value, count] pair in value order');
  expect(tallyProblem({ ...good, metrics: { bonus: [1, 2, 3] } }, 2, 2)).toBe('its metrics bonus is not 6 sums');
  expect(tallyProblem({ ...good, winnerLineups: [['1,0', [1, 1, 0, 0, 0, 0, 0, 0, 0, 0]]] }, 2, 2)).toBe('its winnerLineups holds ["1,0",[1,1,0,0,0,0,0,0,0,0]], not a lineup\'s sums in lineup order');
  expect(tallyProblem({ ...good, winnerLineups: [['0,1', [1, 1, 0, 0, 0, 0, 0, 0, 0, 0]]] }, 2, 2)).toBeNull();
});

/** Line `number` of a file of the finished run, as JSON: what the expected messages quote. */
function finishedLine(file: string, number: number): any {
  return JSON.parse(readFileSync(join(finished, file), 'utf8').split('\n')[number - 1]!);
}

/** An entrant's rank sum in a shard's tally.json as the run wrote it (the test added 1). */
function rankSumOf(dir: string, entrant: number): number {
  return JSON.parse(readFileSync(join(dir, 'tally.json'), 'utf8')).data.rankSum[entrant] - 1;
}
