import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { inlineExecutor } from '../../src/harness/pool.js';
import type { RunSpec } from '../../src/harness/spec.js';
import { runSprt, type SprtRunOptions } from '../../src/tournament/sprt-run.js';
import { inlineContext, raceSpec, summaryWithoutTiming, tempDir } from './support/run.js';

const hypotheses = { elo0: 0, elo1: 20, alpha: 0.05, beta: 0.1 };
const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'utf8');
const lines = (dir: string, file: string): string[] => read(dir, file).split('\n').filter((line) => line !== '');
const withoutTiming = (dir: string): unknown => {
  const { timing, ...report } = JSON.parse(read(dir, 'sprt.json')) as Record<string, unknown>;
  expect(timing).toBeDefined();
  return report;
};

async function sprt(spec: RunSpec, options: SprtRunOptions = {}, h = hypotheses) {
  return runSprt(spec, inlineExecutor(await inlineContext(spec)), h, options);
}

describe('parlor sprt --out', () => {
  // Two coin bots beside a roller: alike, so the test takes about 150 deals to accept H0.
  const spec = raceSpec({ bots: ['coin', 'coin', 'roller'], games: 4000, seed: 'sprt-files', sprt: { base: 0, test: 1 } });

  test('writes parlor run\'s files holding exactly the games the test counted, and sprt.json', async () => {
    const out = tempDir();
    const report = await sprt(spec, { out, batchBlocks: 7 });
    expect(report.result).toBe('H0');
    expect(report.blocks % 7).not.toBe(0);
    for (const file of ['summary.json', 'report.md', 'report.html', 'records.jsonl', 'checkpoint.jsonl', 'tally.json']) expect(existsSync(join(out, file)), file).toBe(true);
    expect(lines(out, 'outcomes.jsonl')).toHaveLength(report.games);
    expect(JSON.parse(read(out, 'summary.json')).games).toBe(report.games);
    expect(JSON.parse(read(out, 'sprt.json'))).toEqual(report);
    // Without --out nothing is written, and the result is the same.
    const { timing, ...bare } = await sprt(spec, { batchBlocks: 3 });
    expect(timing.workers).toBe(1);
    expect(bare).toEqual(withoutTiming(out));
  });

  test('--resume after an interruption ends at the same block with the same files as an uninterrupted run', async () => {
    const whole = tempDir();
    await sprt(spec, { out: whole, batchBlocks: 7 });
    const out = tempDir();
    await sprt(spec, { out, batchBlocks: 7 });
    // What a kill leaves: four batches on disk whole, a fifth half-written, no reports yet.
    const checkpoint = lines(out, 'checkpoint.jsonl');
    writeFileSync(join(out, 'checkpoint.jsonl'), `${checkpoint.slice(0, 5).join('\n')}\n${checkpoint[5]!.slice(0, 30)}`);
    for (const file of ['sprt.json', 'summary.json', 'tally.json']) rmSync(join(out, file));
    const resumed = await sprt(spec, { out, resume: true, batchBlocks: 5 });
    expect(withoutTiming(out)).toEqual(withoutTiming(whole));
    expect(resumed.games).toBe(JSON.parse(read(whole, 'sprt.json')).games);
    expect(summaryWithoutTiming(out)).toBe(summaryWithoutTiming(whole));
    expect(read(out, 'outcomes.jsonl')).toBe(read(whole, 'outcomes.jsonl'));
    expect(read(out, 'records.jsonl')).toBe(read(whole, 'records.jsonl'));
    // A finished test resumed plays nothing more and says the same.
    await sprt(spec, { out, resume: true });
    expect(withoutTiming(out)).toEqual(withoutTiming(whole));
    expect(read(out, 'outcomes.jsonl')).toBe(read(whole, 'outcomes.jsonl'));
  });

  test('--resume with other hypotheses is refused, the folder left as it was', async () => {
    const out = tempDir();
    await sprt(spec, { out, batchBlocks: 50 });
    const before = read(out, 'sprt.json');
    await expect(sprt(spec, { out, resume: true }, { ...hypotheses, elo1: 10 })).rejects.toThrow(/holds another run: sprt differs/);
    await expect(sprt(spec, { out, resume: true, maxFaultRate: 0.2 })).rejects.toThrow(/sprt differs/);
    expect(read(out, 'sprt.json')).toBe(before);
  });
});

describe('parlor sprt stops on faults', () => {
  test('test faulting in about half its games stops at the 20th game, its faults counted by kind', async () => {
    const out = tempDir();
    const spec = raceSpec({ bots: ['coin', 'flaky'], games: 4000, seed: 'sprt-faults', sprt: { base: 0, test: 1 } });
    const report = await sprt(spec, { out });
    expect(report.result).toBe('stopped');
    expect(report.games).toBe(20);
    expect(report.stoppedBy).toEqual(['test']);
    const flaky = report.entrants.find((e) => e.role === 'test')!;
    const summary = JSON.parse(read(out, 'summary.json'));
    expect(flaky.faults).toEqual(summary.entrants[1].faults);
    expect(flaky.faults.threw + flaky.faults.illegal).toBeGreaterThan(0.05 * 20);
    expect(report.verdict).toBe(
      `stopped: test ${flaky.bot} faulted in ${(100 * flaky.faultRate).toFixed(1)}% of its 20 games (illegal ${flaky.faults.illegal}, threw ${flaky.faults.threw}, timeout 0, left 0, crash 0, malformed 0), over --max-fault-rate 0.05`,
    );
    // The same run allowed every fault goes on past it.
    const tolerant = await sprt(spec, { maxFaultRate: 1 });
    expect(tolerant.result).not.toBe('stopped');
    expect(tolerant.games).toBeGreaterThan(20);
  });
});
