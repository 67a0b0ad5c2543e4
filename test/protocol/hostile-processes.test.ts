import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { randomBot } from '../../bots/generic/random.js';
import type { BotFactory } from '../../src/core/bot.js';
import { seedKey } from '../../src/core/rng.js';
import { findGame } from '../../src/games/registry.js';
import { parseEntrants } from '../../src/harness/entrants.js';
import { processBotFactory } from '../../src/protocol/process-bot.js';
import { processLimitsSchema } from '../../src/protocol/process-limits.js';
import { playGame, type MatchResult } from '../../src/referee/match.js';
import { parlor } from '../support/cli.js';
import { hostile, parlorChild, survivors, until, type Finished } from './hostile-support.js';

const yahtzee = findGame('yahtzee');
const limits = (o: Record<string, unknown> = {}) => processLimitsSchema.parse(o);

/** One 2-player Yahtzee game between two bots. */
function play(a: BotFactory, b: BotFactory): MatchResult {
  const seats = [
    { name: 'Ann', label: 'a', bot: a },
    { name: 'Bob', label: 'b', bot: b },
  ];
  return playGame({ game: yahtzee, variant: '', config: yahtzee.configSchema.parse({ series: 1 }), seed: 'hostile', key: seedKey('hostile'), index: 0, seats });
}

/** A string no other process's command line holds: its processes are found by it. */
function marker(): string {
  return `${process.pid}${Math.floor(Math.random() * 1e6)}`;
}

// A run in a process of its own, started first: its start takes seconds, spent on the other tests
// (the one that terminates it comes last).
const terminated = { mark: marker(), dir: mkdtempSync(join(tmpdir(), 'parlor-term-')), pid: 0, run: null as Promise<Finished> | null };
beforeAll(() => {
  const { mark, dir } = terminated;
  const bots = join(dir, 'bots.json');
  writeFileSync(bots, JSON.stringify([{ cmd: `sleep 306.${mark} & exec ${hostile('stubborn', mark)}` }, { cmd: hostile('slow', 60, mark), moveMs: 90_000 }]));
  const args = ['run', '--game', 'yahtzee', '--set', 'series=1', '--bots', bots, '--games', '2', '--workers', '1', '--out', join(dir, 'run'), '--quiet'];
  terminated.run = parlorChild(args, { started: (pid) => (terminated.pid = pid) });
});

describe('no process of a bot’s process group outlives parlor’s use of it', () => {
  test('at the normal end: a child the bot left in the background, and a bot deaf to bye, end of input and SIGTERM', async () => {
    const mark = marker();
    const background = processBotFactory(`sleep 305.${mark} & exec ${hostile('plain')}`, limits());
    const stubborn = processBotFactory(hostile('stubborn', mark), limits());
    expect(play(background, stubborn).faults).toEqual([]);
    // The background sleep and the stubborn bot (with the shells that run them, if they did not exec).
    expect(survivors(mark).length).toBeGreaterThanOrEqual(2);
    const started = performance.now();
    background.close();
    stubborn.close();
    // bye, 0.5 s to exit, SIGTERM, SIGKILL 0.5 s later.
    expect(performance.now() - started).toBeLessThan(2500);
    expect(await until(() => survivors(mark).length === 0, 1000), `left: ${survivors(mark).join(', ')}`).toBe(true);
  });
});

describe('a memory cap (memoryMb)', () => {
  test('a bot whose processes hold more is ended: a crash that names the cap', () => {
    const result = play(processBotFactory(hostile('hog', 300), limits({ memoryMb: 100 })), randomBot);
    expect(result.faults).toHaveLength(1);
    expect(result.faults[0]!.kind).toBe('crash');
    expect(result.faults[0]!.detail).toMatch(/^the process was ended: its process group held \d+ MB, over its memoryMb cap of 100$/);
  });

  test('is a bots file field, checked like the other limits', () => {
    const dir = mkdtempSync(join(tmpdir(), 'parlor-cap-'));
    const file = (entries: unknown[]): string => {
      const path = join(dir, `${marker()}.json`);
      writeFileSync(path, JSON.stringify(entries));
      return path;
    };
    const [capped] = parseEntrants(file([{ cmd: 'true', memoryMb: 256 }]));
    expect(capped!.source).toMatchObject({ kind: 'cmd', limits: { memoryMb: 256 } });
    expect(() => parseEntrants(file([{ cmd: 'true', memoryMb: 0 }]))).toThrow(/entry 1: memoryMb: /);
    expect(() => parseEntrants(file([{ cmd: 'true', lineBytes: 1e12 }]))).toThrow(/entry 1: lineBytes: at most 16777216 \(16 MiB\)$/);
  });
});

test('protocol check --move-ms 300 gives a hung bot 300 ms, not the default bank', async () => {
  const started = performance.now();
  const { stdout } = await parlor('protocol', 'check', '--game', 'yahtzee', '--move-ms', '300', '--', ...hostile('slow', 100).split(' '));
  expect(stdout).toContain('failed: yahtzee, seat 0 of 1, game 0: timeout: no action for act 1 within 300 ms');
  expect(performance.now() - started).toBeLessThan(8000);
  expect(process.exitCode).toBe(1);
  process.exitCode = undefined;
});

describe('no process of a bot’s process group outlives parlor when it is stopped', () => {
  test('when parlor is terminated mid-run: it says how to resume, and its bots’ processes end with it', async () => {
    const { mark, dir, pid } = terminated;
    // Both bots started (the slow one thinking over its first move): the background sleep, the stubborn bot, the slow one (and its shell).
    expect(await until(() => survivors(mark).length >= 3, 30_000)).toBe(true);
    process.kill(pid, 'SIGTERM');
    const ended = await terminated.run!;
    expect(ended.status).toBe(143);
    expect(ended.stderr.trim()).toBe(`terminated: the finished batches are kept in ${join(dir, 'run')}; finish the run with the same command and --resume`);
    expect(await until(() => survivors(mark).length === 0, 3000), `left: ${survivors(mark).join(', ')}`).toBe(true);
  });
});
