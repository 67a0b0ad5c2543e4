import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { inlineExecutor } from '../../src/harness/pool.js';
import { gsprtLlr } from '../../src/stats/sprt.js';
import { compareRuns } from '../../src/tournament/compare.js';
import { mergeShards } from '../../src/tournament/merge.js';
import { runSprt } from '../../src/tournament/sprt-run.js';
import { runTournament } from '../../src/tournament/tournament.js';
import { readTallyFile } from '../../src/tournament/tally-file.js';
import { inlineContext, play, raceSpec, summaryWithoutTiming, tempDir } from './support/run.js';

const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'utf8');
/** This process's open file descriptors (Linux): a merge or a comparison leaves none open. */
const openFiles = (): number => readdirSync('/proc/self/fd').length;
const lines = (dir: string, file: string): any[] => read(dir, file).trim().split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));

describe('a small run, its shards and its resume', () => {
  // 3 entrants at 2 seats: 3 lineups, 2 games a block, 15 blocks.
  const spec = raceSpec({ bots: ['roller', 'flaky', 'coin'], players: 2, games: 30, record: 'sample:4' });

  test('the shards merged in any order are the single run, timing added up', async () => {
    const whole = await play(spec, { batchGames: 4 });
    expect(whole.summary!.games).toBe(30);
    expect(whole.part).toEqual({ shard: null, blocks: [0, 15] });
    const shards = await Promise.all([1, 2, 3].map((index) => play(spec, { shard: { index, count: 3 }, batchGames: 2 })));
    expect(shards.map((s) => s.part.blocks)).toEqual([[0, 5], [5, 10], [10, 15]]);
    expect(shards.map((s) => s.summary)).toEqual([null, null, null]);
    expect(shards.every((s) => !existsSync(join(s.out, 'summary.json')))).toBe(true);
    const out = tempDir();
    const open = openFiles();
    const summary = mergeShards([shards[1]!.out, shards[2]!.out, shards[0]!.out], out);
    expect(openFiles()).toBe(open);
    expect(summaryWithoutTiming(out)).toBe(summaryWithoutTiming(whole.out));
    expect(read(out, 'outcomes.jsonl')).toBe(read(whole.out, 'outcomes.jsonl'));
    expect(read(out, 'records.jsonl')).toBe(read(whole.out, 'records.jsonl'));
    const seconds = shards.reduce((s, x) => s + x.timing.seconds, 0);
    expect(summary.timing.seconds).toBeCloseTo(seconds, 2);
    expect(summary.timing.gamesPerSecond).toBe(Math.round(30 / seconds));
    expect(summary.timing.workers).toBe(1);
    const file = readTallyFile(out);
    expect(file.part).toEqual({ shard: null, blocks: [0, 15] });
    expect(file.data.games).toEqual([30]);
    expect(file.decisions).toHaveLength(3);
    // A merged folder is a whole run: it merges again into the same summary.
    expect(summaryWithoutTiming(mergeShards([out], tempDir()) && out)).toBe(summaryWithoutTiming(whole.out));
  });

  test('merged timing: seconds added, the most workers, decisions per entrant; shards of older versions merge too', async () => {
    const shards = await Promise.all([1, 2].map((index) => play(spec, { shard: { index, count: 2 } })));
    const edit = (dir: string, change: (file: any) => void) => {
      const file = JSON.parse(read(dir, 'tally.json'));
      change(file);
      writeFileSync(join(dir, 'tally.json'), JSON.stringify(file));
    };
    edit(shards[0]!.out, (file) => {
      file.timing = { ...file.timing, seconds: 2, workers: 3 };
      delete file.decisions;
    });
    edit(shards[1]!.out, (file) => {
      file.timing = { ...file.timing, seconds: 4, workers: 1 };
    });
    rmSync(join(shards[1]!.out, 'records.jsonl'));
    const out = tempDir();
    const merged = mergeShards(shards.map((s) => s.out), out);
    expect(merged.timing).toMatchObject({ seconds: 6, gamesPerSecond: 5, workers: 3 });
    expect(merged.timing.decisions!.map((d) => d.entrant)).toEqual(spec.entrants.map((e) => e.label));
    expect(merged.timing.decisions!.map((d) => d.timed)).toEqual(readTallyFile(shards[1]!.out).decisions!.map((d) => d.timed));
    expect(read(out, 'records.jsonl')).toBe(read(shards[0]!.out, 'records.jsonl'));
    for (const dir of shards.map((s) => s.out)) edit(dir, (file) => (file.timing = { ...file.timing, seconds: 0 }));
    expect(mergeShards(shards.map((s) => s.out), tempDir()).timing.gamesPerSecond).toBe(0);
    const other = await play({ ...spec, seed: 'merge-other' }, { shard: { index: 2, count: 2 } });
    expect(() => mergeShards([shards[0]!.out, other.out], tempDir())).toThrow(`${other.out} is from another run than ${shards[0]!.out}: seed differs`);
  });

  test('progress and timing: games counted from the first block of the part, stale reports removed', async () => {
    const calls: string[] = [];
    const progress = { start: (total: number, done: number) => calls.push(`start ${total} ${done}`), update: (done: number) => calls.push(`update ${done}`), stop: () => calls.push('stop') };
    const out = tempDir();
    await play(spec, { out });
    expect(existsSync(join(out, 'summary.json'))).toBe(true);
    const executor = inlineExecutor(await inlineContext(spec));
    const result = await runTournament({ spec, shard: { index: 2, count: 3 }, out, resume: false, executor, batchGames: 4, progress });
    // Shard 2 of 3 is blocks 5 to 9: 10 games, counted from 0, in batches of 2 blocks.
    expect(calls).toEqual(['start 10 0', 'update 4', 'update 8', 'update 10', 'stop']);
    for (const file of ['summary.json', 'report.md', 'report.html']) expect(existsSync(join(out, file))).toBe(false);
    expect(result.timing.seconds).toBeGreaterThan(0);
    expect(result.timing.seconds).toBeLessThan(60);
    // Games over the unrounded time; the reported seconds are rounded to the millisecond.
    expect(result.timing.gamesPerSecond).toBeGreaterThanOrEqual(Math.floor(10 / (result.timing.seconds + 0.0005)));
    expect(result.timing.gamesPerSecond).toBeLessThanOrEqual(Math.ceil(10 / Math.max(0.0001, result.timing.seconds - 0.0005)));
    expect(result.timing.peakRssMB).toBeGreaterThan(10);
    expect(result.timing.peakRssMB).toBeLessThan(100_000);
    expect(result.timing.decisions!.map((d) => d.entrant)).toEqual(spec.entrants.map((e) => e.label));
    const seconds = read(out, 'checkpoint.jsonl').trim().split('\n').slice(1).map((l) => JSON.parse(l).seconds as number);
    expect(seconds).toHaveLength(3);
    // The run's own seconds are rounded to the millisecond, the checkpoints' are not.
    expect(seconds.every((x, i) => x > 0 && x <= result.timing.seconds + 0.0005 && (i === 0 || x >= seconds[i - 1]!))).toBe(true);
    // Resumed when finished: nothing played, the time as it was.
    const again = await runTournament({ spec, shard: { index: 2, count: 3 }, out, resume: true, executor: inlineExecutor(await inlineContext(spec)), progress });
    expect(again.resumedAt).toBe(10);
    expect(again.timing.seconds).toBeCloseTo(seconds.at(-1)!, 3);
    expect(calls.slice(5)).toEqual(['start 10 10', 'stop']);
    // A shard left with no blocks plays nothing in no time.
    const empty = await play({ ...spec, gamesAsked: 2 }, { shard: { index: 1, count: 2 } });
    expect(empty.part.blocks).toEqual([0, 0]);
    expect(empty.timing).toMatchObject({ seconds: 0, gamesPerSecond: 0 });
  });

  test('merge refuses: nothing named, its own output, a gap, an overlap, a missing end', async () => {
    const [a, b] = await Promise.all([1, 2].map((index) => play(spec, { shard: { index, count: 2 } })));
    expect(a!.part.blocks).toEqual([0, 7]);
    expect(() => mergeShards([], tempDir())).toThrow('name the shard folders to merge');
    expect(() => mergeShards([a!.out, b!.out], b!.out)).toThrow(`--out ${b!.out} is one of the shards: merge into another folder`);
    expect(() => mergeShards([b!.out], tempDir())).toThrow('blocks 0-6 are missing: no shard folder covers them');
    expect(() => mergeShards([a!.out], tempDir())).toThrow('blocks 7-14 are missing: no shard folder covers them');
    expect(() => mergeShards([a!.out, a!.out, b!.out], tempDir())).toThrow(`${a!.out} overlaps another shard (blocks 0-6): name each shard once`);
    // Shard 3 of 5 is blocks 6-8: one block in common with shard 1 of 2.
    const third = await play(spec, { shard: { index: 3, count: 5 } });
    expect(() => mergeShards([a!.out, third.out], tempDir())).toThrow(`${third.out} overlaps another shard (blocks 6-8): name each shard once`);
  });

  test('resumed after its fourth batch, a run ends as the uninterrupted one, its time added to the earlier', async () => {
    const whole = await play(spec, { batchGames: 4 });
    const cut = await play(spec, { batchGames: 4 });
    const checkpoint = read(cut.out, 'checkpoint.jsonl').split('\n');
    writeFileSync(join(cut.out, 'checkpoint.jsonl'), `${checkpoint.slice(0, 5).join('\n')}\n`);
    const earlier = JSON.parse(checkpoint[4]!).seconds as number;
    const resumed = await play(spec, { out: cut.out, resume: true, batchGames: 4 });
    expect(resumed.resumedAt).toBe(8);
    expect(summaryWithoutTiming(resumed.out)).toBe(summaryWithoutTiming(whole.out));
    expect(read(resumed.out, 'outcomes.jsonl')).toBe(read(whole.out, 'outcomes.jsonl'));
    expect(resumed.timing.seconds).toBeGreaterThanOrEqual(earlier);
    expect(lines(resumed.out, 'outcomes.jsonl')).toHaveLength(30);
    expect(resumed.tally.games).toEqual([30]);
  });

  test('played again without --resume, an unfinished run starts over from its first block', async () => {
    const cut = await play(spec, { batchGames: 4 });
    const checkpoint = read(cut.out, 'checkpoint.jsonl').split('\n');
    writeFileSync(join(cut.out, 'checkpoint.jsonl'), `${checkpoint.slice(0, 5).join('\n')}\n`);
    const again = await play(spec, { out: cut.out, batchGames: 4 });
    expect(again.resumedAt).toBe(0);
    // After its header, one checkpoint line per batch of 2 blocks, from block 0.
    expect(lines(again.out, 'checkpoint.jsonl').slice(1).map((entry) => entry.from)).toEqual([0, 2, 4, 6, 8, 10, 12, 14]);
    expect(again.tally.games).toEqual([30]);
  });

  test('resumed without a folder: nothing to go on from, the whole run played', async () => {
    const result = await runTournament({ spec, shard: null, out: null, resume: true, executor: inlineExecutor(await inlineContext(spec)) });
    expect(result.resumedAt).toBe(0);
    expect(result.tally.games).toEqual([30]);
  });

  test('a run ended exactly where a batch ends keeps that batch and plays no block twice', async () => {
    const inline = inlineExecutor(await inlineContext(spec));
    const ran: { from: number; to: number }[] = [];
    const executor = { ...inline, run: (task: { from: number; to: number }) => (ran.push({ from: task.from, to: task.to }), inline.run(task)), close: () => inline.close() };
    // Batches of 4 games, 2 blocks: the run ends at block 2, the first batch's end.
    const result = await runTournament({ spec, shard: null, out: tempDir(), resume: false, executor, batchGames: 4, until: (_blocks, from) => (from === 0 ? 2 : null) });
    expect(ran.filter((task) => task.from === 0)).toEqual([{ from: 0, to: 2 }]);
    expect(result.tally.games).toEqual([4]);
  });
});

describe('tally.json and --compare, refused in one line', () => {
  const spec = raceSpec({ bots: ['roller', 'coin'], games: 8 });

  test('a folder without a run, an unfinished run, a file that is not JSON or not a tally', async () => {
    expect(() => readTallyFile(tempDir())).toThrow(/ holds no parlor run \(no tally\.json\)$/);
    const run = await play(spec);
    const path = join(run.out, 'tally.json');
    const text = read(run.out, 'tally.json');
    writeFileSync(path, '{"tally": 1,');
    expect(() => readTallyFile(run.out)).toThrow(`${path} is not JSON`);
    const file = JSON.parse(text);
    for (const broken of [{ ...file, tally: 3 }, { ...file, data: null }, { ...file, data: 5 }, { ...file, spec: 'x' }, { ...file, part: 1 }]) {
      writeFileSync(path, JSON.stringify(broken));
      expect(() => readTallyFile(run.out)).toThrow(`${path} is not a parlor tally file`);
    }
    writeFileSync(path, JSON.stringify({ ...file, data: { ...file.data, faults: [] } }));
    expect(() => readTallyFile(run.out)).toThrow(`${path}: its faults counts are not the 12 this version of parlor keeps; run it again with this version`);
    // A file of the first version is read, its seating as that version meant it.
    writeFileSync(path, JSON.stringify({ ...file, tally: 1 }));
    expect(readTallyFile(run.out).data.games).toEqual([8]);
    rmSync(path);
    expect(() => readTallyFile(run.out)).toThrow(`${run.out} holds an unfinished run: finish it with the same command and --resume`);
  });

  test('--compare: a shard, a run without outcomes, and the first changes kept', async () => {
    const before = await play(spec);
    const shard = await play(spec, { shard: { index: 1, count: 2 } });
    expect(() => compareRuns(shard.out, before.out)).toThrow(`--compare ${shard.out}: that folder holds shard 1/2 of a run; merge the shards and compare with the merged folder`);
    // The same run again, three of its games' lengths changed by hand.
    const other = await play(spec);
    const changed = lines(other.out, 'outcomes.jsonl').map((o, i) => JSON.stringify(i % 3 === 1 ? { ...o, steps: o.steps + 1 } : o));
    writeFileSync(join(other.out, 'outcomes.jsonl'), `${changed.join('\n')}\n`);
    const open = openFiles();
    const comparison = compareRuns(before.out, other.out, 2);
    expect(openFiles()).toBe(open);
    expect(comparison).toMatchObject({ against: before.out, compared: 8, changed: 3 });
    expect(comparison.first.map((c) => c.game)).toEqual([1, 4]);
    expect(comparison.first[0]!.after.steps).toBe(comparison.first[0]!.before.steps + 1);
    expect(lines(other.out, 'changes.jsonl').map((c) => c.game)).toEqual([1, 4, 7]);
    // Outcome files of different lengths: the games both have.
    writeFileSync(join(other.out, 'outcomes.jsonl'), `${changed.slice(0, 5).join('\n')}\n`);
    expect(compareRuns(before.out, other.out)).toMatchObject({ compared: 5, changed: 2 });
    const elsewhere = await play({ ...spec, seed: 'compare-other' });
    expect(() => compareRuns(before.out, elsewhere.out)).toThrow(`--compare ${before.out}: that run has another seed ("harness-test"; this run: "compare-other"), so its games are not these games`);
    rmSync(join(before.out, 'outcomes.jsonl'));
    expect(() => compareRuns(before.out, other.out)).toThrow(`--compare ${before.out}: no outcomes.jsonl there`);
  });
});

describe('parlor sprt with alpha != beta', () => {
  const hypotheses = { elo0: 0, elo1: 30, alpha: 0.05, beta: 0.1 };

  test('the bounds are ln(beta / (1 - alpha)) and ln((1 - beta) / alpha), and the test stops at the first block past one', async () => {
    const spec = raceSpec({ bots: ['roller', 'stepper'], games: 2000, seed: 'sprt-ab', sprt: { base: 0, test: 1 } });
    const result = await runSprt(spec, inlineExecutor(await inlineContext(spec)), hypotheses, { batchBlocks: 3 });
    // ln(0.1 / 0.95) = -2.2513, ln(0.9 / 0.05) = ln 18 = 2.8904 (rounded to 4 places).
    expect(result.bounds).toEqual([-2.2513, 2.8904]);
    expect(result.result).toBe('H0');
    expect(result.llr).toBeLessThanOrEqual(-2.2513);
    expect(result.games).toBe(result.blocks * 2);
    // Paired scores in [0, 1]: stepper (test) against roller (base) mostly loses the deal.
    expect(result.score).toBeLessThan(0.5);
    expect(result.elo === null || result.elo < 0).toBe(true);
    // One block fewer would not have crossed: a test that stops at its first crossing.
    const shorter = await runSprt({ ...spec, gamesAsked: (result.blocks - 1) * 2 }, inlineExecutor(await inlineContext(spec)), hypotheses);
    expect(shorter.result).toBe('inconclusive');
    expect(shorter.llr).toBeGreaterThan(-2.2513);
    expect(shorter.blocks).toBe(result.blocks - 1);
  });

  test('blocks with an engine error are left out of the ratio but counted in the games; a sweep has no Elo', async () => {
    const buggy = raceSpec({ bots: ['coin', 'roller'], games: 60, seed: 'sprt-bug', config: { bugAt: 13 }, sprt: { base: 0, test: 1 } });
    const calls: string[] = [];
    const progress = { start: (total: number, done: number) => calls.push(`start ${total} ${done}`), update: (done: number) => calls.push(`update ${done}`), stop: () => calls.push('stop') };
    const withErrors = await runSprt(buggy, inlineExecutor(await inlineContext(buggy)), { ...hypotheses, elo1: 5 }, { batchBlocks: 10, progress });
    expect(withErrors.result).toBe('inconclusive');
    expect(withErrors.engineErrors).toBeGreaterThan(0);
    expect(withErrors.blocks + withErrors.engineErrors).toBe(30);
    expect(withErrors.games).toBe(60);
    expect(calls).toEqual(['start 60 0', 'update 20', 'update 40', 'update 60', 'stop']);
    // Every game lands on 1 at its first step: no block counts, the score is the neutral 1/2.
    const allBugs = raceSpec({ bots: ['stepper', 'stepper'], games: 6, seed: 'sprt-bug', config: { bugAt: 1 }, sprt: { base: 0, test: 1 } });
    const none = await runSprt(allBugs, inlineExecutor(await inlineContext(allBugs)), hypotheses);
    expect(none).toMatchObject({ result: 'inconclusive', blocks: 0, engineErrors: 3, games: 6, score: 0.5, elo: expect.closeTo(0, 9), llr: 0 });
    // The test entrant takes every deal: score 1, no finite Elo.
    const sweep = raceSpec({ bots: ['stepper', 'roller'], games: 6, seed: 'sprt-elo', sprt: { base: 0, test: 1 } });
    const won = await runSprt(sweep, inlineExecutor(await inlineContext(sweep)), hypotheses);
    expect(won.score).toBe(1);
    expect(won.elo).toBeNull();
  });

  test('the ratio is the GSPRT\'s of the paired block scores, test against base in the same seats', async () => {
    const spec = raceSpec({ bots: ['coin', 'roller'], games: 40, seed: 'sprt-pairs', sprt: { base: 0, test: 1 } });
    const result = await runSprt(spec, inlineExecutor(await inlineContext(spec)), { ...hypotheses, elo1: 5 });
    expect(result.result).toBe('inconclusive');
    expect(result.blocks).toBe(20);
    // A block's paired score: over its two games, (2 + test's wins - base's wins) / 4, a shared win
    // counting its share; the same games as a plain run of the seed.
    const outcomes = lines((await play(raceSpec({ bots: ['coin', 'roller'], games: 40, seed: 'sprt-pairs' }))).out, 'outcomes.jsonl');
    const share = (o: any, entrant: number) => (o.winners.includes(o.entrants.indexOf(entrant)) ? 1 / o.winners.length : 0);
    const scores = Array.from({ length: 20 }, (_, b) => outcomes.slice(2 * b, 2 * b + 2).reduce((sum, o) => sum + 1 + share(o, 1) - share(o, 0), 0) / 4);
    const values = [...new Set(scores)].sort((x, y) => x - y);
    const counts = values.map((v) => scores.filter((x) => x === v).length);
    expect(values.length).toBeGreaterThan(1);
    expect(result.score).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / 20, 4);
    expect(result.llr).toBeCloseTo(gsprtLlr({ values, counts }, 0.5, 1 / (1 + 10 ** (-5 / 400))), 4);
  });
});
