import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { play, raceSpec, summaryWithoutTiming, tempDir } from './support/run.js';

const read = (dir: string, file: string): string => readFileSync(join(dir, file), 'utf8');

/**
 * The state a kill leaves: the first `batches` checkpoint lines whole, then a half-written line,
 * and outcome/record files with half-written lines past what the checkpoint vouches for.
 */
function cutAfter(dir: string, batches: number): void {
  const lines = read(dir, 'checkpoint.jsonl').split('\n');
  const kept = lines.slice(0, 1 + batches);
  writeFileSync(join(dir, 'checkpoint.jsonl'), `${kept.join('\n')}\n${lines[1 + batches]!.slice(0, 40)}`);
  appendFileSync(join(dir, 'outcomes.jsonl'), '{"game":99999,"entr');
  appendFileSync(join(dir, 'records.jsonl'), '{"schema":1,"ga');
  for (const file of ['summary.json', 'tally.json', 'report.md', 'report.html']) writeFileSync(join(dir, file), 'stale');
}

describe('resume', () => {
  const spec = raceSpec({ bots: ['roller', 'flaky', 'coin'], games: 300, record: 'sample:7' });

  test('finishing an interrupted run gives the same files as an uninterrupted one', async () => {
    const whole = await play(spec, { batchGames: 30 });
    const interrupted = await play(spec, { batchGames: 30 });
    cutAfter(interrupted.out, 4);
    const resumed = await play(spec, { out: interrupted.out, resume: true, batchGames: 12 });
    expect(resumed.resumedAt).toBe(40);
    expect(summaryWithoutTiming(resumed.out)).toBe(summaryWithoutTiming(whole.out));
    expect(read(resumed.out, 'outcomes.jsonl')).toBe(read(whole.out, 'outcomes.jsonl'));
    expect(read(resumed.out, 'records.jsonl')).toBe(read(whole.out, 'records.jsonl'));
  });

  test('resuming a finished run plays nothing and rewrites the same summary', async () => {
    const whole = await play(spec);
    const before = summaryWithoutTiming(whole.out);
    const again = await play(spec, { out: whole.out, resume: true });
    expect(again.resumedAt).toBe(again.part.blocks[1]);
    expect(summaryWithoutTiming(again.out)).toBe(before);
  });

  test('--resume into a folder of another run is refused; without --resume the folder starts over', async () => {
    const whole = await play(spec);
    await expect(play({ ...spec, seed: 'different' }, { out: whole.out, resume: true })).rejects.toThrow(/holds another run: seed differs/);
    const fresh = await play({ ...spec, seed: 'different' }, { out: whole.out });
    expect(fresh.resumedAt).toBe(0);
    expect(read(fresh.out, 'outcomes.jsonl').trim().split('\n')).toHaveLength(300);
  });

  test('a shard resumes as itself only', async () => {
    const shard = await play(spec, { shard: { index: 1, count: 2 } });
    await expect(play(spec, { out: shard.out, resume: true, shard: { index: 2, count: 2 } })).rejects.toThrow(/shard differs/);
  });

  test('a process killed mid-run resumes to the uninterrupted result', async () => {
    const slow = { ...spec, gamesAsked: 3000, config: { target: 400, bugAt: -1 } };
    const whole = await play(slow, { batchGames: 30 });
    const out = tempDir();
    const script = new URL('./support/run-script.ts', import.meta.url).pathname;
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(slow), out], { stdio: 'ignore' });
    // Kill it without warning once a few batches are on disk.
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        const checkpoint = join(out, 'checkpoint.jsonl');
        if (existsSync(checkpoint) && read(out, 'checkpoint.jsonl').split('\n').length > 4) {
          clearInterval(timer);
          child.kill('SIGKILL');
        }
      }, 5);
      child.on('exit', () => {
        clearInterval(timer);
        resolve();
      });
      child.on('error', reject);
    });
    expect(existsSync(join(out, 'summary.json'))).toBe(false);
    const resumed = await play(slow, { out, resume: true });
    expect(resumed.resumedAt).toBeGreaterThan(0);
    expect(resumed.resumedAt).toBeLessThan(resumed.part.blocks[1]);
    expect(summaryWithoutTiming(out)).toBe(summaryWithoutTiming(whole.out));
    expect(read(out, 'outcomes.jsonl')).toBe(read(whole.out, 'outcomes.jsonl'));
  });
});
