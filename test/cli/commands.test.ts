import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findGame, GAMES } from '../../src/games/registry.js';
import { parlor, parlorProcess } from '../support/cli.js';
import { tempDir } from '../harness/support/run.js';

describe('parlor games, bots, play, replay and scenarios', () => {
  it('games --json lists every game with its player counts, variants and summary', async () => {
    const { stdout } = await parlor('games', '--json');
    const listed = JSON.parse(stdout);
    expect(listed.games.map((g: { id: string }) => g.id)).toEqual(GAMES.map((g) => g.id));
    const yahtzee = listed.games.find((g: { id: string }) => g.id === 'yahtzee');
    expect(yahtzee).toEqual({ id: 'yahtzee', title: 'Yahtzee', players: [1, 5], variants: [], summary: findGame('yahtzee').summary });
  });

  it('bots --json lists the bots of a game', async () => {
    const { stdout } = await parlor('bots', '--game', 'yahtzee', '--json');
    const listed = JSON.parse(stdout);
    expect(listed.game).toBe('yahtzee');
    expect(listed.bots.map((b: { name: string }) => b.name)).toEqual(expect.arrayContaining(['random', 'greedy']));
  });

  it('play prints the log as one seat sees it, saves a record, and replay reproduces it', async () => {
    const dir = tempDir('parlor-cli-');
    const file = join(dir, 'game.json');
    const played = await parlor('play', '--game', 'yahtzee', '--set', 'series=1', '--bots', 'greedy,random', '--seed', '7', '--record', file, '--json');
    const result = JSON.parse(played.stdout);
    expect(result.record).toBe(file);
    expect(result.outcome.rank).toHaveLength(2);
    expect(result.log.some((line: string) => line.startsWith('You rolled'))).toBe(true);
    const replayed = JSON.parse((await parlor('replay', file, '--json')).stdout);
    expect(replayed).toMatchObject({ ok: true, outcome: result.outcome });

    const record = JSON.parse(readFileSync(file, 'utf8'));
    record.steps.pop();
    writeFileSync(file, JSON.stringify(record));
    const tampered = parlorProcess('replay', file, '--json');
    expect(tampered.status).toBe(1);
    expect(JSON.parse(tampered.stdout).ok).toBe(false);
  });

  it("replay reads one game of a golden .jsonl, chosen with --game-index", async () => {
    const golden = 'scenarios/golden/yahtzee.jsonl';
    const third = JSON.parse(readFileSync(golden, 'utf8').split('\n')[2]!);
    const replayed = JSON.parse((await parlor('replay', golden, '--game-index', '2', '--json')).stdout);
    expect(replayed).toEqual({ ok: true, verdict: 'same', outcome: third.outcome, steps: third.steps.length, replayed: third.steps.length, playedOn: 0 });
    expect((await parlor('replay', golden, '--game-index', '2')).stdout.split('\n').at(-2)).toBe(`ok: ${third.steps.length} steps replayed, same outcome as recorded`);
  });

  it("play's final ranking shows a Yahtzee seat only its own total and the winner's, everything with --reveal", async () => {
    const dir = tempDir('parlor-cli-');
    const ranking = async (...view: string[]): Promise<string[]> => {
      const { stdout } = await parlor('play', '--game', 'yahtzee', '--set', 'series=1', '--bots', 'greedy,random', '--seed', 'readme', '--record', join(dir, 'g.json'), ...view);
      return stdout.split('\n').filter((line) => /^\d\. /.test(line));
    };
    // Ann (greedy) wins this game; Bob's total is his alone.
    expect(await ranking('--as', '0')).toEqual(['1. Ann [greedy]  281  (winner)', '2. Bob [random]']);
    expect(await ranking()).toEqual(['1. Ann [greedy]  281  (winner)', '2. Bob [random]']);
    expect(await ranking('--as', 'Bob')).toEqual(['1. Ann [greedy]  281  (winner)', '2. Bob [random]  31']);
    expect(await ranking('--reveal')).toEqual(['1. Ann [greedy]  281  (winner)', '2. Bob [random]  31']);
  });

  it('scenarios --json reports each fixture and exits non-zero when one fails', () => {
    const dir = tempDir('parlor-fixtures-');
    writeFileSync(
      join(dir, 'wrong.json'),
      JSON.stringify({
        id: 'wrong-message',
        source: 'test',
        game: 'yahtzee',
        options: { series: 1 },
        players: ['Ann'],
        random: { dice: [1, 2, 3, 4, 5] },
        steps: [{ as: 'Ann', do: { type: 'roll', hold: 0 } }, { as: 'Ann', do: { type: 'score', category: 'chance', score: 14 }, expect: { error: 'not the message' } }],
      }),
    );
    const run = parlorProcess('scenarios', dir, '--json');
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.passed).toBe(0);
    expect(report.failed).toBe(1);
    const wrong = report.results.find((r: { id: string }) => r.id === 'wrong-message');
    expect(wrong.error).toBe('step 2: expected the error "not the message", got "The score you have entered is invalid for this category. Please select another scoring value."');
  });

  it('scenarios prints each failure first, in one line with its whole path and reason, then the count; --verbose the table of all', async () => {
    const dir = join(tempDir('parlor-fixtures-'), 'a-folder-with-a-long-name-that-a-table-column-would-cut', 'and-one-more');
    mkdirSync(dir, { recursive: true });
    const fixture = (id: string, expected: string) => ({
      id,
      source: 'test',
      game: 'yahtzee',
      options: { series: 1 },
      players: ['Ann'],
      random: { dice: [1, 2, 3, 4, 5] },
      steps: [{ as: 'Ann', do: { type: 'roll', hold: 0 } }, { as: 'Ann', do: { type: 'score', category: 'chance', score: 14 }, expect: { error: expected } }],
    });
    const refused = 'The score you have entered is invalid for this category. Please select another scoring value.';
    writeFileSync(join(dir, 'right.json'), JSON.stringify(fixture('right-message', refused)));
    writeFileSync(join(dir, 'wrong.json'), JSON.stringify(fixture('wrong-message', 'not the message')));
    try {
      const { stdout } = await parlor('scenarios', dir);
      expect(process.exitCode).toBe(1);
      expect(stdout).toBe(`FAIL ${join(dir, 'wrong.json')} (wrong-message): step 2: expected the error "not the message", got "${refused}"\n1 passed, 1 failed\n`);
      const table = (await parlor('scenarios', dir, '--verbose')).stdout;
      expect(table).toMatch(/^┌/);
      for (const file of ['right.json', 'wrong.json']) expect(table).toContain(join(dir, file));
      expect(table).toMatch(/│ right-message +│ [^│]+ │ pass +│/);
      expect(table.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed');
    } finally {
      process.exitCode = undefined;
    }
  });

  it.each([
    [['games', '--bogus'], /unknown argument bogus/],
    [['bots', '--game', 'chess'], `parlor: unknown game "chess": expected one of ${GAMES.map((g) => g.id).join(', ')}\n`],
    [['play', '--game', 'yahtzee', '--bots', 'greedy,nobody'], /^parlor: unknown bot "nobody" for yahtzee: expected one of random, greedy/],
    [['play', '--game', 'yahtzee', '--bots', 'greedy', '--set', 'series=0'], /^parlor: invalid options for yahtzee: series: /],
    [['play', '--game', 'yahtzee', '--bots', 'r,r,r,r,r,r'], /^parlor: yahtzee takes 1-5 players: --bots names 6\n$/],
    [['replay', 'package.json'], /^parlor: package.json is not a parlor game record: /],
    [['replay', 'no-such-record.json'], /^parlor: cannot read no-such-record\.json: no such file\n$/],
    [['replay', 'scenarios/golden/yahtzee.jsonl'], /^parlor: scenarios\/golden\/yahtzee\.jsonl holds 3 games \(0, 1, 2\): choose one with --game-index N\n$/],
    [['replay', 'scenarios/golden/yahtzee.jsonl', '--game-index', '3'], /^parlor: scenarios\/golden\/yahtzee\.jsonl holds no game 3: its 3 games are 0, 1, 2\n$/],
    [['view', 'scenarios/golden/yahtzee.jsonl', '--game-index', '3'], /^parlor: scenarios\/golden\/yahtzee\.jsonl holds no game 3: its 3 games are 0, 1, 2\n$/],
  ])('bad input %j is one line and exit code 2', (args, message) => {
    const run = parlorProcess(...args);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});
