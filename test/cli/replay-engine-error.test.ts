import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { findBuiltinBot } from '../../bots/registry.js';
import type { GameRecord } from '../../src/core/record.js';
import { seedKey } from '../../src/core/rng.js';
import { findGame } from '../../src/games/registry.js';
import type { YahtzeeAction } from '../../src/games/yahtzee/actions.js';
import { playGame } from '../../src/referee/match.js';
import { tempDir } from '../harness/support/run.js';
import { parlor } from '../support/cli.js';

/**
 * `parlor replay` of a record of an engine error, with a bug planted in Yahtzee as a rules
 * maintainer's change would: scoring Chance throws. The registry hands the commands the planted
 * game (this file runs isolated, its modules mocked), so the bug can be there, be fixed, or change.
 */
const planted = vi.hoisted(() => ({ bug: 'chance' as 'chance' | 'none' | 'other' }));
vi.mock('../../src/games/registry.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/games/registry.js')>();
  const yahtzee = real.findGame('yahtzee');
  const buggy = {
    ...yahtzee,
    apply(state: unknown, seat: number, action: YahtzeeAction, rng: never) {
      if (planted.bug !== 'none' && action.type === 'score' && action.category === 'chance') throw planted.bug === 'chance' ? new TypeError('chance is broken') : new RangeError('another bug');
      return yahtzee.apply(state, seat, action, rng);
    },
  };
  return { ...real, findGame: (id: string) => (id === 'yahtzee' ? buggy : real.findGame(id)) };
});

afterEach(() => {
  planted.bug = 'chance';
  process.exitCode = undefined;
});

/** A Yahtzee game of greedy and random played with the bug: every whole game scores Chance once, so it stops there. */
function failedGame(): { file: string; record: GameRecord } {
  const yahtzee = findGame('yahtzee');
  const seats = ['greedy', 'random'].map((bot, seat) => ({ name: ['Ann', 'Bob'][seat]!, label: bot, bot: findBuiltinBot('yahtzee', bot) }));
  const played = playGame({ game: yahtzee, variant: '', config: yahtzee.configSchema.parse({ series: 1 }), seed: 'bug', key: seedKey('bug'), index: 0, seats });
  const record = JSON.parse(JSON.stringify(played.record())) as GameRecord;
  const file = join(tempDir('parlor-replay-'), 'bug.json');
  writeFileSync(file, JSON.stringify(record));
  return { file, record };
}

describe('parlor replay of a game that stopped on an engine error', () => {
  test('the record holds the error and its stack, down to the planted throw', () => {
    const { record } = failedGame();
    expect(record.engineError).toBe('TypeError: chance is broken');
    expect(record.engineStack).toMatch(/^TypeError: chance is broken\n\s+at .*test\/cli\/replay-engine-error\.test\.ts:\d+:\d+/);
    expect(record.steps.at(-1)).toMatchObject({ action: { type: 'score', category: 'chance' } });
  });

  test('the bug still there: the same error, its step and action, exit 3, never "ok"; --verbose adds both stacks', async () => {
    const { file, record } = failedGame();
    const last = record.steps.at(-1)!;
    const where = `step ${record.steps.length} (seat ${last.seat}, ${JSON.stringify((last as { action: unknown }).action)})`;
    const { stdout } = await parlor('replay', file);
    expect(process.exitCode).toBe(3);
    expect(stdout).toBe(
      `ENGINE ERROR at ${where}: TypeError: chance is broken\n  the same error as the record's, where its game stopped (after ${record.steps.length} steps)\n  (--verbose prints the stack)\n`,
    );
    const verbose = (await parlor('replay', file, '--verbose')).stdout.split('\n');
    expect(verbose.indexOf('stack now:')).toBe(2);
    expect(verbose[3]).toBe('  TypeError: chance is broken');
    expect(verbose[4]).toMatch(/^ {2}at .*test\/cli\/replay-engine-error\.test\.ts:\d+:\d+/);
    expect(verbose.slice(verbose.indexOf('stack as recorded:') + 1, -1)).toEqual(record.engineStack!.split('\n').map((line) => `  ${line.trim()}`));
    const json = JSON.parse((await parlor('replay', file, '--json')).stdout);
    expect(json).toMatchObject({ ok: false, verdict: 'engine-error', outcome: null, steps: record.steps.length, engineError: { message: 'TypeError: chance is broken', step: record.steps.length, seat: last.seat, same: true } });
    expect(json).not.toHaveProperty('mismatch');
  });

  test('the bug fixed: the step plays, the seats\' bots play the game on, its outcome printed, exit 0', async () => {
    const { file, record } = failedGame();
    planted.bug = 'none';
    const lines = (await parlor('replay', file)).stdout.trim().split('\n');
    expect(process.exitCode).toBeUndefined();
    expect(lines.slice(0, 2)).toEqual([expect.stringMatching(/^1\. \w+ \[(greedy|random)\] {2}\d+ {2}\(winner\)$/), expect.stringMatching(/^2\. \w+ \[(greedy|random)\] {2}\d+$/)]);
    expect(lines[2]).toMatch(new RegExp(`^the record's engine error \\(TypeError: chance is broken\\) does not happen now: its ${record.steps.length} steps play, and the seats' bots played \\d+ more to the outcome above$`));
    expect(lines).toHaveLength(3);
  });

  test('another bug at that step: says it is not the record\'s, exit 3', async () => {
    const { file } = failedGame();
    planted.bug = 'other';
    const { stdout } = await parlor('replay', file);
    expect(process.exitCode).toBe(3);
    expect(stdout.split('\n').slice(0, 2)).toEqual([expect.stringMatching(/^ENGINE ERROR at step \d+ \(seat \d, \{"type":"score","category":"chance",.*\}\): RangeError: another bug$/), "  another error than the record's: TypeError: chance is broken"]);
  });

  test('a game that ended well and fails now: the engine error, exit 3; the record says how it ended', async () => {
    planted.bug = 'none';
    const { file, record } = failedGame();
    expect(record.engineError).toBeUndefined();
    planted.bug = 'chance';
    const { stdout } = await parlor('replay', file);
    expect(process.exitCode).toBe(3);
    expect(stdout.split('\n')[1]).toBe(`  the record has no engine error: it ended with ${JSON.stringify(record.outcome)}`);
  });
});
