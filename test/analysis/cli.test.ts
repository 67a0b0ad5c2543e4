import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisSummary, GameAnalysis } from '../../src/analysis/analysis.js';
import { parlor, parlorParsed, parlorProcess } from '../support/cli.js';
import { tempDir } from '../harness/support/run.js';

const yahtzee = ['--game', 'yahtzee', '--set', 'series=1', '--workers', '1', '--quiet'];

describe('parlor analyze', () => {
  let run = '';
  beforeAll(async () => {
    run = tempDir('parlor-analyze-');
    await parlor('run', ...yahtzee, '--bots', 'optimal,greedy', '--players', '1', '--games', '6', '--record', 'all', '--out', run);
  });

  it('analyses every game of a run folder: the entrants table, the costliest decisions with the command to see them, the files', async () => {
    const { stdout } = await parlor('analyze', run);
    const seats = readFileSync(join(run, 'records.jsonl'), 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { seats: { bot: string }[] }).seats[0]!.bot);
    const optimal = seats.filter((bot) => bot === 'optimal').length;
    expect(stdout).toMatch(/^Analysis of 6 yahtzee games: expected final scores are exact/);
    expect(stdout).toMatch(new RegExp(`\noptimal +${optimal} +\\d+ +0\\.00 \\[0\\.00, 0\\.00\\] +0 +0 +0 `));
    expect(stdout).toMatch(new RegExp(`\ngreedy +${6 - optimal} +\\d+ `));
    expect(stdout).toContain(`parlor view ${join(run, 'records.jsonl')} --game-index `);
    for (const file of ['analysis.json', 'analysis.md', 'games.jsonl']) expect(existsSync(join(run, 'analysis', file))).toBe(true);
    const games = readFileSync(join(run, 'analysis', 'games.jsonl'), 'utf8').trim().split('\n');
    expect(games.map((line) => (JSON.parse(line) as GameAnalysis).gameIndex)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(readFileSync(join(run, 'analysis', 'analysis.md'), 'utf8')).toMatch(new RegExp(`\\| greedy \\| ${6 - optimal} \\| \\d+ \\|`));
  });

  it('--json: the summary, its entrants with their intervals and luck removed, the costliest decisions', async () => {
    const out = tempDir('parlor-analyze-out-');
    const summary = JSON.parse((await parlor('analyze', join(run, 'records.jsonl'), '--json', '--out', out)).stdout) as AnalysisSummary & { analysis?: unknown };
    expect(summary).toMatchObject({ schema: 1, game: 'yahtzee', unit: 'points', games: 6 });
    expect(summary.optimalScore).toBeCloseTo(245.870775, 6);
    expect(summary.analysis).toBeUndefined();
    const greedy = summary.entrants.find((e) => e.entrant === 'greedy')!;
    expect(Object.keys(greedy.costly)).toEqual(['1', '5', '15']);
    expect(greedy.totalLoss.games + summary.entrants.find((e) => e.entrant === 'optimal')!.totalLoss.games).toBe(6);
    expect(greedy.luckRemoved!.mean).toBeCloseTo(summary.optimalScore! - greedy.totalLoss.mean, 9);
    for (const { totalLoss } of summary.entrants) {
      if (totalLoss.games < 2) expect(totalLoss.ci95).toBeNull();
      else expect(totalLoss.ci95![0]).toBeLessThanOrEqual(totalLoss.mean);
    }
    expect(summary.costliest.length).toBeGreaterThan(0);
    expect(summary.costliest.every((d) => d.bot === 'greedy' && d.loss > 0)).toBe(true);
    expect(existsSync(join(out, 'analysis.json'))).toBe(true);
  });

  it('--game-index: one game, its analysis whole in the JSON', async () => {
    const out = tempDir('parlor-analyze-one-');
    const json = JSON.parse((await parlor('analyze', run, '--game-index', '4', '--json', '--out', out)).stdout) as AnalysisSummary & { analysis: GameAnalysis };
    expect(json.games).toBe(1);
    expect(json.analysis.gameIndex).toBe(4);
    expect(json.analysis.seats).toHaveLength(1);
    const decision = json.analysis.decisions[0]!;
    expect(Object.keys(decision)).toEqual(['step', 'seat', 'action', 'loss', 'best', 'numbers']);
    expect(Object.keys(decision.numbers)).toEqual(['chosenExpectedScore', 'bestExpectedScore']);
    expect(decision.numbers.bestExpectedScore! - decision.numbers.chosenExpectedScore!).toBeCloseTo(decision.loss, 12);
  });

  it('reads a record file of one game, and writes beside it', async () => {
    const dir = tempDir('parlor-analyze-file-');
    const file = join(dir, 'game.json');
    const greedy = readFileSync(join(run, 'records.jsonl'), 'utf8').split('\n').find((line) => line.includes('"bot":"greedy"'))!;
    writeFileSync(file, greedy);
    const { stdout } = await parlor('analyze', file);
    expect(stdout).toContain(`parlor view ${file}\n`);
    expect(existsSync(join(dir, 'analysis', 'analysis.md'))).toBe(true);
  });

  it('refuses in one line what it cannot analyse', async () => {
    const deadwood = tempDir('parlor-analyze-deadwood-');
    await parlor('run', '--game', 'deadwood', '--bots', 'random,random', '--games', '2', '--record', 'all', '--workers', '1', '--quiet', '--out', deadwood);
    expect((await parlorParsed('analyze', deadwood)).error).toMatch(/^deadwood has no analysis: no exact answer exists .* \(only clue and yahtzee have one\)$/);
    const mixed = join(tempDir('parlor-analyze-mixed-'), 'mixed.jsonl');
    writeFileSync(mixed, `${readFileSync(join(run, 'records.jsonl'), 'utf8')}${readFileSync(join(deadwood, 'records.jsonl'), 'utf8')}`);
    expect((await parlorParsed('analyze', mixed)).error).toBe(`${mixed} holds games of yahtzee and deadwood (game 0): analyse one game's records at a time`);
    const empty = tempDir('parlor-analyze-empty-');
    expect((await parlorParsed('analyze', empty)).error).toBe(`${empty} holds no records.jsonl: run it with --record all or --record sample:N to analyse its games`);
    // parlor view reads a run folder through the same function, in its own words.
    expect((await parlorParsed('view', empty)).error).toBe(`${empty} holds no records.jsonl: run it with --record all or --record sample:N to view its games`);
    expect((await parlorParsed('analyze', run, '--game-index', '9')).error).toMatch(/holds no game 9: its 6 games are 0, 1, 2, 3, 4, 5$/);
    expect((await parlorParsed('analyze', run, '--game-index', '-1')).error).toBe('--game-index -1: expected a whole number >= 0');
  });

  it('is a one-line error and exit code 2 from the command line, no stack', () => {
    const { status, stderr } = parlorProcess('analyze', join(tempDir('parlor-analyze-none-'), 'nothing.jsonl'));
    expect(status).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/nothing\.jsonl: no such file/);
  });
});

describe('parlor run --analyze', () => {
  it('analyses the recorded games into <out>/analysis, and says so with the results', async () => {
    const out = tempDir('parlor-run-analyze-');
    const json = JSON.parse((await parlor('run', ...yahtzee, '--bots', 'greedy', '--games', '3', '--record', 'sample:2', '--analyze', '--json', '--out', out)).stdout) as { analysis: AnalysisSummary };
    expect(json.analysis.games).toBe(2);
    expect(json.analysis.entrants.map((e) => e.entrant)).toEqual(['greedy']);
    expect(existsSync(join(out, 'analysis', 'analysis.md'))).toBe(true);
  });

  it('refuses --record faults or none, and a game with no analysis, before anything plays', async () => {
    for (const record of ['faults', 'none']) {
      const out = tempDir('parlor-run-analyze-');
      expect((await parlorParsed('run', ...yahtzee, '--bots', 'greedy', '--games', '2', '--record', record, '--analyze', '--out', out)).error).toBe(
        `--analyze needs --record all or --record sample:N (got ${record}): analysing only the games with a fault would bias every table`,
      );
      expect(existsSync(join(out, 'summary.json'))).toBe(false);
    }
    const out = tempDir('parlor-run-analyze-');
    expect((await parlorParsed('run', '--game', 'deadwood', '--bots', 'random,random', '--games', '2', '--record', 'all', '--analyze', '--out', out)).error).toMatch(/^deadwood has no analysis: /);
    expect(existsSync(join(out, 'summary.json'))).toBe(false);
    expect((await parlorParsed('run', ...yahtzee, '--bots', 'greedy', '--games', '2', '--record', 'all', '--analyze', '--shard', '1/2', '--out', out)).error).toBe(
      '--analyze analyses a whole run: merge the shards (parlor merge), then parlor analyze the merged folder',
    );
  });
});

describe('parlor analyze on worker threads', () => {
  let run = '';
  beforeAll(async () => {
    run = tempDir('parlor-analyze-pool-');
    await parlor('run', ...yahtzee, '--bots', 'greedy', '--games', '120', '--record', 'all', '--out', run);
  });

  it('writes the same files, in the same order, as one thread', async () => {
    const one = tempDir('parlor-analyze-one-thread-');
    const two = tempDir('parlor-analyze-two-threads-');
    await parlor('analyze', run, '--workers', '1', '--out', one, '--json');
    await parlor('analyze', run, '--workers', '2', '--out', two, '--json');
    for (const file of ['games.jsonl', 'analysis.json']) expect(readFileSync(join(two, file), 'utf8')).toBe(readFileSync(join(one, file), 'utf8'));
    expect(readFileSync(join(two, 'games.jsonl'), 'utf8').trim().split('\n')).toHaveLength(120);
  });

  it('says in one line which game a worker could not replay', async () => {
    const lines = readFileSync(join(run, 'records.jsonl'), 'utf8').trim().split('\n');
    // Game 97 scores a turn in a category the record's dice do not pay.
    lines[97] = lines[97]!.replace(/"score":(\d+)/, (_, n: string) => `"score":${Number(n) + 1}`);
    const file = join(tempDir('parlor-analyze-broken-'), 'records.jsonl');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const { error } = await parlorParsed('analyze', file, '--workers', '2');
    expect(error).toMatch(/^game 97: the record does not replay as recorded, so it cannot be analysed: /);
    expect((await parlorParsed('analyze', file, '--workers', '0')).error).toBe('--workers 0: expected a whole number >= 1');
  });
});
