import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameAnalysis } from '../../src/analysis/analysis.js';
import { analyzeRecord } from '../../src/analysis/analyze-record.js';
import { viewerAssets } from '../../src/cli/actions/view.js';
import type { GameRecord } from '../../src/core/record.js';
import { withAnalysis } from '../../src/viewer/analysis.js';
import { viewerData } from '../../src/viewer/frames.js';
import { viewerHtml } from '../../src/viewer/viewer-html.js';
import { tempDir } from '../harness/support/run.js';
import { parlor, parlorParsed, parlorProcess } from '../support/cli.js';
import { ANALYSED_GAMES, embeddedData, GOLDEN } from './support/analysed-games.js';

const ANALYSED = ANALYSED_GAMES.filter((g) => g.analysis !== null);
const WITHOUT = ANALYSED_GAMES.filter((g) => g.refusal !== null);

describe('parlor view --analyze', () => {
  it.each(ANALYSED)('$file: the page carries the analysis, for the narrator and for a seat; without --analyze, the same bytes as before', async ({ file, record, analysis }) => {
    const dir = tempDir();
    const records = join(dir, file);
    copyFileSync(join(GOLDEN, file), records);
    const read = async (...args: string[]): Promise<string> => {
      const out = join(dir, `${args.join('')}.html`);
      await parlor('view', records, '--game-index', '0', '--out', out, ...args);
      return readFileSync(out, 'utf8');
    };
    const plain = await read();
    expect(plain).toBe(viewerHtml(viewerData(record, null), viewerAssets()));
    expect(embeddedData(plain)).not.toHaveProperty('analysis');
    expect(embeddedData(await read('--analyze'))).toEqual(withAnalysis(viewerData(record, null), analysis!));
    expect(embeddedData(await read('--analyze', '--as', '1'))).toEqual(withAnalysis(viewerData(record, 1), analysis!));
  });

  it.each(WITHOUT)('$file: refused in one line with the reason its game has no analysis, exit 2', async ({ file, refusal: reason }) => {
    const records = join(GOLDEN, file);
    expect((await parlorParsed('view', records, '--game-index', '0', '--analyze', '--out', join(tempDir(), 'page.html'))).error).toBe(reason);
    const run = parlorProcess('view', records, '--game-index', '0', '--analyze', '--out', join(tempDir(), 'page.html'));
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(`parlor: ${reason}`);
  });

  it('run --viewers --analyze: each page carries its game analysis, the one in the run analysis; a run folder is viewed too', async () => {
    const out = tempDir();
    const { stdout } = await parlor('run', '--game', 'yahtzee', '--set', 'series=1', '--bots', 'greedy,random', '--games', '4', '--workers', '1', '--record', 'all', '--out', out, '--viewers', '--analyze', '--quiet');
    expect(stdout).toContain(`viewers: 4 in ${join(out, 'viewers')}`);
    const analyses = readFileSync(join(out, 'analysis', 'games.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as GameAnalysis);
    const records = readFileSync(join(out, 'records.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as GameRecord & { gameIndex: number });
    expect(readdirSync(join(out, 'viewers')).sort()).toEqual(records.map((r) => `game-${r.gameIndex}.html`).sort());
    for (const record of records) {
      const page = embeddedData(readFileSync(join(out, 'viewers', `game-${record.gameIndex}.html`), 'utf8'));
      const analysis = analyzeRecord(record, record.gameIndex);
      expect(analyses.find((a) => a.gameIndex === record.gameIndex)).toEqual(analysis);
      expect(page).toEqual(withAnalysis(viewerData(record, null), analysis));
    }
    const viewed = join(tempDir(), 'game.html');
    await parlor('view', out, '--game-index', String(records[1]!.gameIndex), '--analyze', '--out', viewed);
    expect(embeddedData(readFileSync(viewed, 'utf8'))).toEqual(withAnalysis(viewerData(records[1]!, null), analyzeRecord(records[1]!, records[1]!.gameIndex)));
  });
});
