import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parlor, parlorParsed, parlorProcess } from '../support/cli.js';
import { tempDir } from '../harness/support/run.js';
import { tuneJsonWithoutTiming } from './support/tuning.js';

const yahtzee = ['--game', 'yahtzee', '--set', 'series=1'];
const DEFAULTS: Record<string, string> = { '--bot': 'greedy', '--params': 'parWeight', '--games': '160', '--verify-games': '100' };

/** `parlor tune` on Yahtzee into `out`: the flags in `more` replace the defaults' values, or are added. */
function flags(out: string, ...more: string[]): string[] {
  const given = { ...DEFAULTS };
  const added: string[] = [];
  for (let i = 0; i < more.length; i++) {
    const value = more[i + 1];
    if (value !== undefined && !value.startsWith('--')) given[more[i]!] = more[++i]!;
    else added.push(more[i]!);
  }
  return ['tune', ...yahtzee, ...Object.entries(given).flat(), '--quiet', '--out', out, ...added];
}

describe('parlor tune on the command line', () => {
  test('one worker and two write the same tune.json; --verify, the console and the label to paste; a finished tuning resumed plays nothing', async () => {
    const [one, two] = [tempDir('parlor-tune-'), tempDir('parlor-tune-')];
    await parlor(...flags(one, '--workers', '1', '--verify-games', '0'));
    await parlor(...flags(two, '--workers', '2', '--verify-games', '0'));
    expect(tuneJsonWithoutTiming(two)).toBe(tuneJsonWithoutTiming(one));

    const { stdout } = await parlor(...flags(one, '--workers', '1', '--verify'));
    const file = JSON.parse(readFileSync(join(one, 'tune.json'), 'utf8'));
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^10 of 10 iterations, 160 games, \d+ s on 1 worker$/);
    expect(lines[1]).toBe(`parWeight: 0.75 -> ${file.values[0]} (range 0 to 2)`);
    expect(lines[2]).toMatch(/^verification: 100 games on seed "parlor:verify" after iteration 10: greedy\(parWeight=[\d.]+\) ahead of greedy in \d+, behind in \d+, tied in \d+; tuned minus start [+-][\d.]+ Elo \(95%: [+-][\d.]+ to [+-][\d.]+\)$/);
    expect(lines[3]).toBe(`files: ${join(one, 'tune.json')}, tune.md, tune.html`);
    expect(lines.at(-1)).toBe(file.label);
    expect(file.label).toBe(`greedy(parWeight=${file.values[0]})`);
    const html = readFileSync(join(one, 'tune.html'), 'utf8');
    expect(html).toContain('<svg');
    expect(html).not.toMatch(/<script|src="http/);
    expect(readFileSync(join(one, 'tune.md'), 'utf8')).toContain(`tuned: ${file.label}`);

    const before = tuneJsonWithoutTiming(one);
    const again = await parlor(...flags(one, '--workers', '1', '--resume'));
    expect(again.stdout.trim().split('\n').slice(1)).toEqual(lines.slice(1));
    expect(tuneJsonWithoutTiming(one)).toBe(before);
  }, 60_000);

  test('every mistake is one line', async () => {
    const out = tempDir('parlor-tune-');
    const refused = async (...args: string[]): Promise<string | null> => (await parlorParsed(...args)).error;
    const cases: [string[], string][] = [
      [['--params', 'nope'], "--params nope: greedy has no parameter nope; greedy's integer and real parameters: parWeight"],
      [['--params', 'parWeight=3'], '--params parWeight=3: the start 3 is outside 0:2'],
      [['--params', 'parWeight=a:0:1'], '--params parWeight=a:0:1: the start "a" is not a number (expected key=start:min:max[:step], key=start or key)'],
      [['--games', '0'], '--games 0: expected a whole number >= 1'],
      [['--deals', '1.5'], '--deals 1.5: expected a whole number >= 1'],
      [['--verify-games', '-1'], '--verify-games -1: expected a whole number of games, 0 for no verification'],
      [['--alpha', '0'], '--alpha 0: expected a number above 0 up to 1, e.g. 0.602'],
      [['--a-ratio', '-1'], '--a-ratio -1: expected a number from 0 to 1, e.g. 0.1'],
      [['--r-end', '2'], '--r-end 2: expected a number above 0 up to 1, e.g. 0.002'],
      [['--players', '3'], '--players 3: without --against the two versions play each other at 2 players; name the other seats\' opponents with --against'],
      [['--against', 'random', '--players', '3'], '--players 3 seats the tuned bot and 2 opponents, but --against names 1: name one for each other seat (an opponent named twice sits twice)'],
      [['--against', 'cmd:"python3 bot.py"'], '--against cmd:"python3 bot.py": parlor tune seats System Players of this process (built-ins and modules) only'],
      [['--bot', 'greedy(parWeight=1)'], '--bot greedy(parWeight=1) sets parWeight, which --params tunes: give its start in --params instead'],
      [['--bot', 'random,greedy'], '--bot random,greedy: expected one built-in bot or module path, e.g. --bot greedy'],
      [['--verify'], `--verify: ${out} holds no tuning (no tune.json) to verify`],
      [['--verify', '--verify-games', '0'], '--verify plays --verify-games games: give more than 0'],
      [['--resume', '--force'], '--resume goes on with the tuning in --out and --force replaces it: give one'],
    ];
    for (const [more, message] of cases) expect(await refused(...flags(out, ...more))).toBe(message);
    expect(await refused('tune', ...yahtzee, '--bot', 'ismcts', '--params', 'rollout', '--out', out)).toBe(
      '--params rollout: rollout is one of random, greedy, optimal; SPSA tunes integer and real parameters only (compare discrete choices with parlor run or parlor sprt)',
    );

    await parlor(...flags(out, '--workers', '1', '--games', '32', '--verify-games', '0'));
    expect(await refused(...flags(out, '--games', '32'))).toBe(`${out} holds a tuning already: --resume goes on with it, --force replaces it, or choose another --out`);
    expect(await refused(...flags(out, '--games', '32', '--resume', '--params', 'parWeight=1'))).toBe(
      `--resume: ${out} holds another tuning: params differs ([{"name":"parWeight","integer":false,"start":0.75,"min":0,"max":2,"cEnd":0.1}] vs [{"name":"parWeight","integer":false,"start":1,"min":0,"max":2,"cEnd":0.1}]); rerun it with its own flags or choose another --out`,
    );
    const run = tempDir('parlor-tune-');
    writeFileSync(join(run, 'checkpoint.jsonl'), '');
    expect(await refused(...flags(run))).toBe(`${run} holds a parlor run, not a tuning: choose another --out`);
    const other = join(tempDir('parlor-tune-'), 'x');
    mkdirSync(other);
    writeFileSync(join(other, 'tune.json'), '{"tune": 7}');
    expect(await refused(...flags(other))).toBe(`${join(other, 'tune.json')} is not a parlor tuning: start the tuning over with --force, or choose another --out`);
  }, 60_000);

  test('a refusal exits non-zero with its line alone, no stack', () => {
    const result = parlorProcess('tune', ...yahtzee, '--bot', 'greedy', '--params', 'parWeight=9', '--out', tempDir('parlor-tune-'));
    expect(result.status).not.toBe(0);
    expect(result.stderr.trim()).toBe('parlor: --params parWeight=9: the start 9 is outside 0:2');
  }, 30_000);
});
