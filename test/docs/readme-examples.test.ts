import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'shell-quote';
import { afterAll, describe, expect, test } from 'vitest';
import { codeBlocks, readPage, ROOT } from './markdown.js';

const CLI = join(ROOT, 'dist/src/cli/main.js');
const readme = codeBlocks(readPage('README.md'));
const work = mkdtempSync(join(tmpdir(), 'parlor-readme-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The speed in a run's last line is the one part of its output that may differ from run to run. */
const speed = (line: string): string => line.replace(/^\d+ games\/s on \d+ workers?;/, '<speed>;');

/**
 * Whether `actual` is what the README shows: line for line, except that a `...` line of the README
 * stands for any number of lines.
 */
function matches(shown: readonly string[], actual: readonly string[]): boolean {
  const at = (i: number, j: number): boolean => {
    if (i === shown.length) return j === actual.length;
    if (shown[i] === '...') return Array.from({ length: actual.length - j + 1 }, (_, k) => j + k).some((k) => at(i + 1, k));
    return j < actual.length && speed(shown[i]!) === speed(actual[j]!) && at(i + 1, j + 1);
  };
  return at(0, 0);
}

describe("the README's console examples", () => {
  const consoles = readme.filter((b) => b.lang === 'console');

  test('there are three: the games, a game, a tournament', () => {
    expect(consoles.map((b) => b.lines[0])).toEqual([
      expect.stringMatching(/^\$ npx parlor games$/),
      expect.stringMatching(/^\$ npx parlor play /),
      expect.stringMatching(/^\$ npx parlor run /),
    ]);
  });

  test.each(consoles.map((b) => [b.lines[0]!, b]))('%s prints what the README shows', (_, block) => {
    const args = (parse(block.lines[0]!.replace(/^\$ npx parlor /, '')) as string[]);
    // Run in a folder of its own: the paths it prints are relative, as in the README, and the checkout stays clean.
    const child = spawnSync(process.execPath, [CLI, ...args], { cwd: work, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
    // A run past ten seconds (a busy machine) prints plain progress lines on stderr, as it should; nothing else may appear.
    expect(child.stderr.replace(/^played \d+\/\d+ games \(\d+%\), .*\n/gm, '')).toBe('');
    expect(child.status).toBe(0);
    const actual = child.stdout.replace(/\n$/, '').split('\n');
    expect(matches(block.lines.slice(1), actual), `the README's block at line ${block.line} differs from the output:\n${child.stdout}`).toBe(true);
  });

  test('"..." stands for any lines, and nothing else does', () => {
    expect(matches(['a', '...', 'd'], ['a', 'b', 'c', 'd'])).toBe(true);
    expect(matches(['a', '...', 'd'], ['a', 'd'])).toBe(true);
    expect(matches(['a', 'b'], ['a', 'c'])).toBe(false);
    expect(matches(['12 games/s on 2 workers; x'], ['345 games/s on 1 worker; x'])).toBe(true);
  });
});

describe("the README's bot", () => {
  test('plays a tournament as the README enters it', () => {
    const bot = readme.find((b) => b.lang === 'js' && b.lines[0]!.startsWith('// my-bot.js'));
    const command = readme.find((b) => b.lang === 'sh' && b.lines.some((l) => l.includes('./my-bot.js')));
    expect(bot && command).toBeTruthy();
    writeFileSync(join(work, 'my-bot.js'), bot!.lines.join('\n'));
    const args = (parse(command!.lines.find((l) => l.includes('./my-bot.js'))!.replace(/^npx parlor /, '')) as string[])
      .map((a, i, all) => (a.startsWith('results/') ? join(work, a) : all[i - 1] === '--games' ? '30' : a))
      .concat('--json');
    const child = spawnSync(process.execPath, [CLI, ...args], { cwd: work, encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const summary = JSON.parse(child.stdout) as { entrants: { bot: string; games: number; faults: Record<string, number> }[] };
    const hasty = summary.entrants.find((e) => e.bot.includes('my-bot'))!;
    expect(hasty.games).toBeGreaterThan(0);
    expect(Object.values(hasty.faults).every((n) => n === 0)).toBe(true);
  });
});

describe('the example files the docs name', () => {
  const entered = codeBlocks(readPage('examples/README.md')).flatMap((b) => b.lines);
  const examples = readdirSync(join(ROOT, 'examples')).filter((file) => /\.(js|json)$/.test(file));

  /** The game flags of the line of examples/README.md that enters `file`: the game it was written for. */
  function gameFlags(file: string): string[] {
    const line = entered.find((l) => l.includes(`examples/${file}`));
    expect(line, `examples/README.md enters examples/${file}`).toBeDefined();
    const words = parse(line!) as string[];
    return words.flatMap((word, i) => (['--game', '--variant', '--set'].includes(word) ? [word, words[i + 1]!] : []));
  }

  test.each(examples)('%s plays in a run against random without a fault', (file) => {
    const args = ['run', ...gameFlags(file), '--bots', `./examples/${file},random`, '--games', '4'];
    const child = spawnSync(process.execPath, [CLI, ...args, '--workers', '1', '--json', '--out', join(work, file)], { cwd: ROOT, encoding: 'utf8' });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const summary = JSON.parse(child.stdout) as { entrants: { games: number; faults: Record<string, number> }[] };
    for (const entrant of summary.entrants) {
      expect(entrant.games).toBeGreaterThan(0);
      expect(Object.values(entrant.faults).every((n) => n === 0)).toBe(true);
    }
  });
});
