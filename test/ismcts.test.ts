import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseEntrants } from '../src/harness/entrants.js';
import { parlor } from './support/cli.js';
import { summaryWithoutTiming, tempDir } from './harness/support/run.js';

const solitaire = ['--game', 'yahtzee', '--players', '1', '--set', 'series=1'];

describe('ismcts in runs', () => {
  test('with iterations=, 1 and 2 workers play byte-identical summaries (timing aside), and the decisions are timed', async () => {
    const flags = [...solitaire, '--bots', 'ismcts(iterations=16),greedy', '--games', '6', '--quiet'];
    const [one, two] = [tempDir(), tempDir()];
    await parlor('run', ...flags, '--workers', '1', '--out', one);
    await parlor('run', ...flags, '--workers', '2', '--out', two);
    expect(summaryWithoutTiming(two)).toBe(summaryWithoutTiming(one));
    const summary = JSON.parse(readFileSync(join(one, 'summary.json'), 'utf8'));
    expect(summary.reproducible).toBe(true);
    const search = summary.timing.decisions.find((d: { entrant: string }) => d.entrant === 'ismcts(iterations=16)');
    expect(search.timed).toBeGreaterThan(6 * 13);
    expect(readFileSync(join(one, 'report.md'), 'utf8')).toMatch(/Decision time \(mean \/ p99\): ismcts\(iterations=16\) [\d.]+ \/ [\d.]+ ms/);
  });

  test('with ms= the run says it is not reproducible', async () => {
    const out = tempDir();
    await parlor('run', ...solitaire, '--bots', 'ismcts(ms=2),random', '--games', '2', '--workers', '1', '--quiet', '--out', out);
    expect(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')).reproducible).toBe(false);
  });

  test('its parameters: defaults left out of the label, a bad rollout named with the choices', () => {
    expect(parseEntrants('ismcts(iterations=3000,rollout=random,exploration=0.7),ismcts(rollout=greedy)', 'yahtzee').map((e) => e.label)).toEqual(['ismcts', 'ismcts(rollout=greedy)']);
    expect(() => parseEntrants('ismcts(rollout=notebook)', 'deadwood')).toThrow(/^ismcts\(rollout=notebook\): rollout: .*; ismcts takes iterations \(integer, default 100\), ms \(integer\), rollout \(one of random, greedy, planner, default random\), exploration \(number, default 0\.7\)$/);
  });

  test('the Clue-Less server refuses it in one line', async () => {
    await expect(parlor('serve', '--fill-with', 'ismcts', '--port', '0')).rejects.toThrow(
      '--fill-with ismcts: the server takes System Players that decide within 5 ms, and ismcts takes tens of milliseconds a decision; expected one of random, checklist, deduction, notebook',
    );
  });
});
