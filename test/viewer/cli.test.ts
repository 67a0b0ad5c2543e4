import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { tempDir } from '../harness/support/run.js';
import { parlor, parlorProcess } from '../support/cli.js';

const GOLDEN = join(import.meta.dirname, '../../scenarios/golden');

async function refusal(...args: string[]): Promise<string> {
  try {
    await parlor(...args);
  } catch (error) {
    if (error instanceof InputError) return error.message;
    throw error;
  }
  throw new Error(`parlor ${args.join(' ')} was not refused`);
}

describe('parlor view', () => {
  it('writes the page beside the record unless told where, and prints its path', async () => {
    const dir = tempDir();
    const records = join(dir, 'clue.jsonl');
    copyFileSync(join(GOLDEN, 'clue.cluedo.3p.jsonl'), records);
    const first = JSON.parse(readFileSync(records, 'utf8').split('\n')[0]!) as { seats: { name: string }[] };
    const record = join(dir, 'one.json');
    writeFileSync(record, readFileSync(records, 'utf8').split('\n')[0]!);
    expect((await parlor('view', record)).stdout).toBe(`${join(dir, 'one.html')}\n`);
    const name = first.seats[1]!.name;
    expect((await parlor('view', records, '--game-index', '0', '--as', name.toUpperCase())).stdout).toBe(`${join(dir, `clue-0-as-${name}.html`)}\n`);
    const out = join(dir, 'mine.html');
    expect((await parlor('view', records, '--game-index', '1', '--as', '2', '--out', out)).stdout).toBe(`${out}\n`);
    expect(readFileSync(out, 'utf8')).toMatch(/^<!doctype html>/);
  });

  it('refuses in one line a record that is missing or not a record, a seat or game that is not there, and a bad --game-index', async () => {
    const dir = tempDir();
    const records = join(dir, 'records.jsonl');
    copyFileSync(join(GOLDEN, 'deadwood.2p.jsonl'), records);
    expect(await refusal('view', join(dir, 'none.json'))).toBe(`cannot read ${join(dir, 'none.json')}: no such file`);
    expect(await refusal('view', join(GOLDEN, '../../package.json'))).toMatch(/is not a parlor game record: /);
    expect(await refusal('view', records, '--game-index', '0', '--as', 'Zed')).toMatch(/^--as Zed: expected a seat 0-1 or a player's name \(0 \w+, 1 \w+\)$/);
    expect(await refusal('view', records, '--game-index', '-1')).toBe('--game-index -1: expected a whole number >= 0');
    // The golden files hold records without a gameIndex: each is the game of its place in the file.
    expect(await refusal('view', records, '--game-index', '5')).toBe(`${records} holds no game 5: its 2 games are 0, 1`);
    expect(await refusal('view', records)).toBe(`${records} holds 2 games (0, 1): choose one with --game-index N`);
    // The real process: exit 2 and the same one line, no stack trace.
    const run = parlorProcess('view', records, '--game-index', '0', '--as', 'Zed');
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('run --viewers writes a page per recorded game, at most 100, says when it capped, and the report links them', async () => {
    const out = tempDir();
    const { stdout } = await parlor('run', '--game', 'yahtzee', '--set', 'series=1', '--bots', 'greedy,random', '--games', '120', '--record', 'all', '--out', out, '--viewers', '--quiet');
    expect(stdout).toContain(`viewers: 100 in ${join(out, 'viewers')} (the first 100 of 120 recorded games, those with a fault first: parlor view writes any other)`);
    const files = readdirSync(join(out, 'viewers'));
    expect(files).toHaveLength(100);
    const report = readFileSync(join(out, 'report.html'), 'utf8');
    expect(report).toContain('100 of the 120 recorded games are listed');
    for (const file of files) expect(report).toContain(`<a href="viewers/${file}">open</a>`);
    expect(report).toContain(`npx parlor view ${join(out, 'records.jsonl')} --game-index 0`);
    expect(await refusal('view', join(out, 'records.jsonl'), '--game-index', '500')).toBe(`${join(out, 'records.jsonl')} holds no game 500: its 120 games are 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, ...`);
    expect(await refusal('view', join(out, 'records.jsonl'))).toBe(`${join(out, 'records.jsonl')} holds 120 games (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, ...): choose one with --game-index N`);
    expect(existsSync(join(out, 'viewers', 'game-0.html'))).toBe(true);
  });
});
