import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { parlor, parlorProcess } from '../support/cli.js';
import { summaryWithoutTiming, tempDir } from './support/run.js';

afterEach(() => vi.restoreAllMocks());

const yahtzee = ['--game', 'yahtzee', '--set', 'series=1'];

describe('parlor run, merge and sprt on the real registry', () => {
  test('a run prints the table and writes the report; --json prints the same summary', async () => {
    const out = tempDir();
    const table = await parlor('run', ...yahtzee, '--bots', 'greedy,random', '--games', '41', '--workers', '2', '--out', out);
    expect(table.stdout).toContain('41 games asked, rounded up to 21 whole blocks of 2');
    expect(table.stdout.match(/rounded up/g)).toHaveLength(1);
    expect(table.stdout).toMatch(/│ 1 │ greedy +│/);
    expect(table.stdout).toMatch(/│ 2 │ random +│/);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary).toMatchObject({ schema: 4, game: 'yahtzee', variant: '', seed: 'parlor', games: 42 });
    expect(summary.entrants[0].winRateCI95[0]).toBeGreaterThan(summary.entrants[1].winRateCI95[1]);
    const json = await parlor('run', ...yahtzee, '--bots', 'greedy,random', '--games', '41', '--workers', '1', '--out', tempDir(), '--json');
    const printed = JSON.parse(json.stdout);
    delete printed.timing;
    delete summary.timing;
    expect(printed).toEqual(summary);
  });

  test('shards run separately and merged equal the whole run', async () => {
    const whole = tempDir();
    const flags = [...yahtzee, '--bots', 'greedy,random,random', '--players', '2', '--games', '30', '--quiet', '--workers', '1'];
    await parlor('run', ...flags, '--out', whole);
    const shards = [tempDir(), tempDir()];
    for (const [i, dir] of shards.entries()) expect((await parlor('run', ...flags, '--shard', `${i + 1}/2`, '--out', dir)).stdout).toContain(`shard ${i + 1}/2`);
    await parlor('merge', ...shards, '--out', join(whole, 'merged'));
    expect(summaryWithoutTiming(join(whole, 'merged'))).toBe(summaryWithoutTiming(whole));
  });

  test('fault games are recorded so that parlor replay reproduces them', async () => {
    const out = tempDir();
    await parlor('run', ...yahtzee, '--bots', './test/harness/support/bots/flaky.ts', '--games', '20', '--quiet', '--workers', '1', '--out', out);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary.errors.threw + summary.errors.illegal).toBeGreaterThan(3);
    const records = readFileSync(join(out, 'records.jsonl'), 'utf8').trim().split('\n');
    expect(records.length).toBe(readFileSync(join(out, 'outcomes.jsonl'), 'utf8').split('"faults"').length - 1);
    const file = join(out, 'fault.json');
    writeFileSync(file, records[0]!);
    expect(JSON.parse((await parlor('replay', file, '--json')).stdout)).toMatchObject({ ok: true });
  });

  test('sprt decides that greedy beats random', async () => {
    const sprt = await parlor('sprt', ...yahtzee, '--base', 'random', '--test', 'greedy', '--elo1', '10', '--json', '--workers', '1');
    expect(JSON.parse(sprt.stdout)).toMatchObject({ base: 'random', test: 'greedy', result: 'H1' });
  });

  test('user mistakes are one clear message', async () => {
    const cases: [string[], RegExp][] = [
      [['--bots', 'greedy,random', '--players', '3'], /^--players 3 needs at least 3 entrants but --bots names 2: name an entrant again .* --bots greedy,random,random$/],
      [['--bots', 'greedy,nosuch'], /unknown bot "nosuch" for yahtzee/],
      [['--bots', 'greedy', '--shard', '3/2'], /--shard 3\/2: expected k\/N/],
      [['--bots', 'greedy', '--record', 'some'], /--record some: expected none, faults, sample:N/],
      [['--bots', 'greedy', '--games', '0'], /--games 0: expected a whole number/],
      [['--bots', 'greedy', '--seating', 'circle'], /Invalid values/],
    ];
    for (const [args, message] of cases) await expect(parlor('run', ...yahtzee, '--out', tempDir(), ...args)).rejects.toThrow(message);
  });

  test('from a shell: one line on stderr and exit code 2', () => {
    const run = parlorProcess('run', ...yahtzee, '--bots', 'greedy', '--players', '2');
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('parlor: --players 2 needs at least 2 entrants but --bots names 1: name an entrant again to seat it more than once, e.g. --bots greedy,greedy\n');
  });
});
