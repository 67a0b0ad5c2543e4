import { readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameRecordSchema } from '../../src/core/record.js';
import { replayRecord } from '../../src/referee/replay.js';
import { parlor } from '../support/cli.js';
import { tempDir } from '../harness/support/run.js';
import { misbehaving } from '../protocol/support.js';

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

/**
 * `parlor play` of one 1-game Yahtzee series from seed 3, Ann at the terminal through a pipe: menu 1
 * then Enter, again and again (roll, roll again holding nothing, score the first open category at
 * the offered score). It must end cleanly.
 */
function playPiped(bots: string, file: string, ...flags: string[]): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', MAIN, 'play', '--game', 'yahtzee', '--set', 'series=1', '--bots', bots, '--seed', '3', '--record', file, ...flags], {
    input: '1\n\n'.repeat(80),
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run.stdout;
}

describe('parlor play with people, from the command line', () => {
  it('plays a game read from a pipe, line by line, and saves a record that replays', () => {
    const file = join(tempDir('parlor-human-'), 'piped.json');
    const stdout = playPiped('human:Ann,greedy', file);
    expect(stdout).toContain('=== Yahtzee: the game is over ===');
    expect(stdout).toMatch(/Play another game with the same players\? \(y\/N\) > \n/);
    const record = gameRecordSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(record.seats.map((s) => s.bot)).toEqual(['human:Ann', 'greedy']);
    expect(replayRecord(record).mismatch).toBeNull();
  });

  it('plays a random legal move for a cmd: bot with onFault "random" that answers illegally, and records the fault as illegal, as parlor run does', async () => {
    const dir = tempDir('parlor-human-');
    const bots = join(dir, 'bots.json');
    writeFileSync(bots, JSON.stringify([{ cmd: misbehaving('illegal'), label: 'illegal', onFault: 'random' }]));
    const file = join(dir, 'with-person.json');
    expect(playPiped(`human:Ann,${bots}`, file)).toMatch(/Bob \[illegal\] faulted \(illegal: chose \{.*\}, which is not one of the \d+ legal actions\): a random legal move was played for it/);
    const record = gameRecordSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(record.steps.some((step) => 'forfeit' in step)).toBe(false);
    expect(record.steps.filter((step) => step.seat === 1 && 'action' in step && (step.action as { type: string }).type === 'score')).toHaveLength(13);
    expect(replayRecord(record).mismatch).toBeNull();

    // Between System Players, through the tournament's referee: the same fault, the same policy.
    const alone = JSON.parse((await parlor('play', '--game', 'yahtzee', '--set', 'series=1', '--bots', `greedy,${bots}`, '--seed', '3', '--record', join(dir, 'bots.json.out'), '--json')).stdout);
    expect(alone.faults).toEqual([{ seat: 1, kind: 'illegal', detail: expect.stringMatching(/^chose \{.*\}, which is not one of the \d+ legal actions$/) }]);
    expect(alone.outcome).not.toBeNull();
  });

  it("holds a cmd: bot to its bots file's move time and a System Player to --move-time-ms, recording a timeout fault as parlor run does", async () => {
    const dir = tempDir('parlor-human-');
    const bots = join(dir, 'bots.json');
    // The sleeper takes a second over its third decision: past its 150 ms and 100 ms of bank.
    writeFileSync(bots, JSON.stringify([{ cmd: misbehaving('sleep'), label: 'sleeper', moveMs: 150, bankMs: 100 }]));
    const file = join(dir, 'with-person.json');
    expect(playPiped(`human:Ann,${bots}`, file)).toMatch(/Bob \[sleeper\] forfeited: timeout: no action for act 3 within 250 ms/);
    const record = gameRecordSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(record.steps.filter((step) => 'forfeit' in step)).toEqual([{ seat: 1, forfeit: 'timeout', detail: 'no action for act 3 within 250 ms' }]);
    expect(replayRecord(record).mismatch).toBeNull();

    // --move-time-ms: a process that takes 100 ms a decision is too slow for 50 ms, at the terminal and between System Players.
    const slowBot = `cmd:"${misbehaving('slow')}"`;
    expect(playPiped(`human:Ann,${slowBot}`, join(dir, 'slow.json'), '--move-time-ms', '50')).toMatch(/Bob \[.*misbehave\.py slow"\] forfeited: timeout: took \d+\.\d ms, limit 50 ms/);
    const alone = JSON.parse((await parlor('play', '--game', 'yahtzee', '--set', 'series=1', '--bots', `greedy,${slowBot}`, '--seed', '3', '--move-time-ms', '50', '--record', join(dir, 'slow-alone.json'), '--json')).stdout);
    expect(alone.faults).toEqual([{ seat: 1, kind: 'timeout', detail: expect.stringMatching(/^took \d+\.\d ms, limit 50 ms$/) }]);
  });

  it.each([
    [['play', '--game', 'yahtzee', '--bots', 'human:Ann,greedy', '--json'], /^--json, --reveal and --as are for games between System Players/],
    [['play', '--game', 'yahtzee', '--bots', 'human:Ann', '--reveal'], /^--json, --reveal and --as are for games between System Players/],
    [['play', '--game', 'yahtzee', '--bots', 'human:Ann,greedy', '--takeover', 'nobody'], /^unknown bot "nobody" for yahtzee/],
    [['play', '--game', 'yahtzee', '--bots', 'human:Ann,greedy', '--takeover', 'human:Bob'], /^--takeover human:Bob: expected one System Player/],
    [['play', '--load', 'package.json', '--game', 'yahtzee'], /^--load takes the game, its options and its seats from the record/],
    [['play', '--load', 'package.json'], /^package\.json is not a parlor game record/],
    [['play', '--game', 'yahtzee', '--bots', 'greedy', '--move-time-ms', '-1'], /^--move-time-ms -1: expected a whole number of milliseconds >= 0 \(0: no limit\)$/],
    [['run', '--game', 'yahtzee', '--bots', 'human:Ann,greedy', '--games', '2', '--quiet'], /^human:Ann is a person at the terminal: people play with parlor play .*tournaments take System Players only$/],
  ])('refuses %j in one line', async (args, message) => {
    await expect(parlor(...args)).rejects.toThrow(message);
  });

  it('refuses to resume a game that is over', async () => {
    const dir = tempDir('parlor-human-');
    const file = join(dir, 'over.json');
    await parlor('play', '--game', 'yahtzee', '--set', 'series=1', '--bots', 'greedy', '--seed', '1', '--record', file, '--json');
    await expect(parlor('play', '--load', file)).rejects.toThrow(/is over: there is nothing to resume/);
    const record = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...record, outcome: null }));
    await expect(parlor('play', '--load', file)).rejects.toThrow(/no seat of .* is a person/);
  });
});
