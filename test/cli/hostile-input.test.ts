import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseEntrants } from '../../src/harness/entrants.js';
import { parlor } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'parlor-hostile-input-'));

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('bots files', () => {
  test('a label with a control character is refused where it is read: it would reach the console and report.md raw', () => {
    for (const label of ['two\nlines', 'red\u001b[31m', 'tab\tbed']) {
      const bots = file('labels.json', [{ cmd: 'true', label }, 'random']);
      expect(() => parseEntrants(bots)).toThrow(`the label ${JSON.stringify(label)} holds a control character (a newline, a tab, an escape...): expected printable text`);
    }
    expect(() => parseEntrants('greedy,cmd:"echo \u001b[2J"')).toThrow(/holds a control character/);
    expect(parseEntrants(file('fine.json', [{ cmd: 'true', label: 'Zoë’s bot | v2' }]))[0]!.label).toBe('Zoë’s bot | v2');
  });

  test('a bots file naming another bots file is refused in one line', () => {
    const inner = file('inner.json', ['greedy']);
    const outer = file('outer.json', ['random', inner]);
    expect(() => parseEntrants(outer)).toThrow(`${outer} entry 2: ${inner} is a bots file, and a bots file cannot name another: list its entrants here`);
    expect(() => parseEntrants(file('outer-bot.json', [{ bot: './inner.json' }]))).toThrow(/entry 1: \.\/inner\.json is a bots file/);
  });
});

describe('files of the right kind with a wrong field say what is wrong, not what they are', () => {
  test('a record with index -1', async () => {
    const record = file('negative.json', { schema: 1, game: 'yahtzee', variant: '', config: { series: 1 }, seed: 's', index: -1, seats: [{ name: 'Ann', bot: 'greedy' }], steps: [], outcome: null });
    await expect(parlor('replay', record)).rejects.toThrow(new RegExp(`^${record} is not a parlor game record: index: `));
  });

  test('a fixture with a step of the wrong shape', async () => {
    const fixture = file('bad-fixture.json', { id: 'bad', game: 'yahtzee', steps: 'none' });
    await expect(parlor('scenarios', fixture)).rejects.toThrow(/bad-fixture\.json: not a valid fixture: /);
  });
});

describe('a scenarios folder with symlink loops', () => {
  test('a folder reached again through a link is walked once', async () => {
    const folder = join(dir, 'tree', 'looping');
    mkdirSync(folder, { recursive: true });
    copyFileSync(join(import.meta.dirname, '../../scenarios/yahtzee/uc01-alt-winner.json'), join(folder, 'fixture.json'));
    symlinkSync('.', join(folder, 'again'));
    symlinkSync('..', join(folder, 'up'));
    const { stdout } = await parlor('scenarios', folder, '--json');
    expect(JSON.parse(stdout)).toMatchObject({ passed: 1, failed: 0 });
  });

  test('a link that leads back to itself is one line', async () => {
    const folder = join(dir, 'self');
    mkdirSync(folder);
    symlinkSync('itself', join(folder, 'itself'));
    await expect(parlor('scenarios', folder)).rejects.toThrow(`${join(folder, 'itself')} is a symlink loop (it leads back to itself): expected a fixture file or a folder of them`);
  });
});
