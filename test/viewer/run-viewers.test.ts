import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { analyzeRecord } from '../../src/analysis/analyze-record.js';
import type { GameRecord } from '../../src/core/record.js';
import { yahtzeeGame } from '../../src/games/yahtzee/game.js';
import { writeRunViewers } from '../../src/viewer/run-viewers.js';
import { tempDir } from '../harness/support/run.js';
import { parlor } from '../support/cli.js';

// No game has a picture of its own here: every game is drawn as one that has none would be.
vi.mock('../../src/viewer/pictures/index.js', async () => {
  const { genericPictures } = await import('../../src/viewer/pictures/generic.js');
  return { picturesOf: genericPictures };
});

describe('parlor run --viewers for a game without a picture of its own', () => {
  it('writes the generic pages and prints the results table', async () => {
    const out = tempDir();
    const { stdout } = await parlor('run', '--game', 'yahtzee', '--set', 'series=1', '--bots', 'greedy,random', '--games', '4', '--workers', '1', '--record', 'all', '--out', out, '--viewers', '--quiet');
    expect(stdout).toMatch(/│ greedy +│/);
    expect(stdout).toMatch(/│ random +│/);
    expect(stdout).toContain(`viewers: 4 in ${join(out, 'viewers')}`);
    const pages = readdirSync(join(out, 'viewers'));
    expect(pages).toHaveLength(4);
    expect(readFileSync(join(out, 'viewers', pages[0]!), 'utf8')).toContain('"setup":{"kind":"view"}');
  });

  it('skips, and says why, a listed game whose record does not replay, writing the others', async () => {
    const out = tempDir();
    await parlor('run', '--game', 'yahtzee', '--set', 'series=1', '--bots', 'greedy,random', '--games', '2', '--workers', '1', '--record', 'all', '--out', out, '--quiet');
    const records = join(out, 'records.jsonl');
    const [first, second] = readFileSync(records, 'utf8').trim().split('\n');
    const tampered = JSON.parse(first!) as { gameIndex: number; outcome: { winners: number[]; rank: number[] } };
    tampered.outcome.rank = tampered.outcome.rank.map((rank) => rank + 1);
    writeFileSync(records, `${JSON.stringify(tampered)}\n${second}\n`);
    const viewers = writeRunViewers(out, { script: '', styles: '' }, yahtzeeGame);
    expect(viewers.written).toBe(1);
    expect(viewers.unwritten).toEqual([{ gameIndex: tampered.gameIndex, reason: expect.stringMatching(/^the record does not replay: the replay ends with /) }]);
  });

  it("with an analysis, skips, and says why, a listed game the analysis holds none of, writing the others", async () => {
    const out = tempDir();
    await parlor('run', '--game', 'yahtzee', '--set', 'series=1', '--bots', 'greedy,random', '--games', '2', '--workers', '1', '--record', 'all', '--out', out, '--quiet');
    const [first, second] = readFileSync(join(out, 'records.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as GameRecord & { gameIndex: number });
    const analyses = join(out, 'games.jsonl');
    writeFileSync(analyses, `${JSON.stringify(analyzeRecord(first!, first!.gameIndex))}\n`);
    const viewers = writeRunViewers(out, { script: '', styles: '' }, yahtzeeGame, analyses);
    expect(viewers.written).toBe(1);
    expect(viewers.unwritten).toEqual([{ gameIndex: second!.gameIndex, reason: `${analyses} holds no analysis of it` }]);
    expect(readFileSync(join(out, 'viewers', `game-${first!.gameIndex}.html`), 'utf8')).toContain('"analysis":{"unit":"points"');
  });
});
