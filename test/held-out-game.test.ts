import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameRecordSchema } from '../src/core/record.js';
import { parlorIn, type ProcessResult } from './support/cli.js';
import { chromiumHere, viewerBrowser } from './viewer/support/viewer-browser.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const GAME = fileURLToPath(new URL('support/hidden-cups.ts', import.meta.url));
const ID = 'hidden-cups';

/**
 * A game parlor has never heard of, added as docs/contributing.md says a contributor adds one: its
 * folder copied into `src/games/` of a copy of this checkout, and the registry's import and list
 * entry, nothing else. The game is hidden cups (test/support/hidden-cups.ts: hidden dice, private
 * re-rolls, 2-4 players), which no registry, bot package, screen or picture names. Every generic
 * tool must then work for it, each run as a user runs it: the real `parlor` process in that copy.
 */
let tree: string;

/** `parlor ...` of the copy, from its source: exit code and both streams. */
function parlor(args: readonly string[], input = ''): ProcessResult {
  return parlorIn(tree, args, input, 120_000);
}

beforeAll(async () => {
  tree = mkdtempSync(join(tmpdir(), 'parlor-held-out-'));
  for (const part of ['src', 'bots', 'test']) cpSync(join(ROOT, part), join(tree, part), { recursive: true });
  for (const file of ['package.json', 'tsconfig.json', 'vitest.config.ts']) cpSync(join(ROOT, file), join(tree, file));
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'), 'dir');
  // The game's folder: its one file, whose imports of parlor's modules now sit two folders up.
  mkdirSync(join(tree, 'src/games', ID));
  writeFileSync(join(tree, 'src/games', ID, 'game.ts'), readFileSync(GAME, 'utf8').replaceAll("from '../../src/", "from '../../"));
  // The registry line: the game imported and listed.
  const registry = join(tree, 'src/games/registry.ts');
  const text = readFileSync(registry, 'utf8');
  const listed = text.replace(/(export const GAMES: readonly GameDefinition\[\] = \[[^\]]*)\]/, `$1, hiddenCups as never]`);
  expect(listed, 'the registry lists its games in one array').not.toBe(text);
  writeFileSync(registry, `import { hiddenCups } from './${ID}/game.js';\n${listed}`);
  // The viewer's page, as `npm run build` makes it.
  // @ts-expect-error: the build script is plain JavaScript, without declarations.
  const { buildViewer } = (await import('../src/viewer/page/build.mjs')) as { buildViewer: (dir: string) => Promise<void> };
  await buildViewer(join(tree, 'dist/viewer'));
}, 120_000);

afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe('a game added as its folder and a registry line', () => {
  it('is listed by parlor games, with random and ismcts as its bots', () => {
    const games = parlor(['games', '--json']);
    expect(games.stderr).toBe('');
    const listed = (JSON.parse(games.stdout) as { games: { id: string; summary: string }[] }).games.find((g) => g.id === ID);
    expect(listed?.summary).toMatch(/dice in a cup only you see/);
    const bots = parlor(['bots', '--game', ID, '--json']);
    expect((JSON.parse(bots.stdout) as { bots: { name: string }[] }).bots.map((b) => b.name)).toEqual(['random', 'ismcts']);
  });

  it('plays parlor run with random and ismcts; its records replay, and parlor view writes their pages', () => {
    const run = parlor(['run', '--game', ID, '--bots', 'random,ismcts', '--games', '24', '--seed', 'held-out', '--record', 'all', '--out', 'results/r']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const summary = JSON.parse(readFileSync(join(tree, 'results/r/summary.json'), 'utf8')) as { games: number; entrants: { bot: string }[] };
    expect(summary.games).toBe(24);
    expect(summary.entrants.map((e) => e.bot)).toEqual(['random', 'ismcts']);
    const replay = parlor(['replay', 'results/r/records.jsonl', '--game-index', '5']);
    expect(replay.stdout).toMatch(/^ok: /m);
    expect(replay.status).toBe(0);
    for (const as of [[], ['--as', '1']]) {
      const view = parlor(['view', 'results/r/records.jsonl', '--game-index', '5', ...as, '--out', `results/view${as.join('')}.html`]);
      expect(view.stderr).toBe('');
      expect(view.status).toBe(0);
    }
  });

  it('is played by a person at the terminal against a System Player, and the saved game replays', () => {
    const play = parlor(['play', '--game', ID, '--bots', 'human:Ann,random', '--seed', '7', '--record', 'results/person.json'], 'help\n' + '1\n'.repeat(40));
    expect(play.stderr).toBe('');
    expect(play.status).toBe(0);
    const record = gameRecordSchema.parse(JSON.parse(readFileSync(join(tree, 'results/person.json'), 'utf8')));
    expect(record.seats.map((s) => s.bot)).toEqual(['human:Ann', 'random']);
    expect(record.outcome).not.toBeNull();
    expect(parlor(['replay', 'results/person.json']).status).toBe(0);
  });

  it('passes parlor protocol check for a cmd: bot', () => {
    const bot = `${process.execPath} --import tsx ${join(tree, 'src/cli/main.ts')} bot --game ${ID} --bot random`;
    const check = parlor(['protocol', 'check', '--json', '--game', ID, '--', ...bot.split(' ')]);
    const report = JSON.parse(check.stdout) as { failures: unknown[]; games: { game: string; fault: unknown }[] };
    expect(report.failures).toEqual([]);
    expect(report.games.length).toBeGreaterThan(0);
    expect(report.games.every((g) => g.game === ID && g.fault === null)).toBe(true);
    expect(check.status).toBe(0);
  });

  it('passes the generic contract test and the leak checker', () => {
    const tests = spawnSync(process.execPath, [join(tree, 'node_modules/vitest/vitest.mjs'), 'run', 'test/contract.test.ts', 'test/information-sets.test.ts', '-t', ID, '--reporter=verbose', '--reporter=./test/support/closing-line-reporter.ts'], { cwd: tree, encoding: 'utf8', timeout: 300_000 });
    const closing = tests.stdout.trim().split('\n').at(-1);
    expect(closing, tests.stdout + tests.stderr).toMatch(/^[1-9]\d* passed, 0 failed/);
    // Every case of the new game ran: the contract's at 2, 3 and 4 players, the search player's at
    // the fewest, and the leak checker's at each count.
    for (const players of [2, 3, 4]) {
      expect(tests.stdout).toContain(`the game contract: '${ID} with ${players}' players`);
      expect(tests.stdout).toContain(`information sets: '${ID} with ${players}' players`);
    }
    expect(tests.stdout).toContain(`the search player in '${ID} with 2' players`);
    expect(tests.status).toBe(0);
  });
});

describe.runIf(chromiumHere)('the pages parlor view wrote for the added game, in Chromium', () => {
  const browser = viewerBrowser('parlor-held-out-view-');
  it('show the game, the narrator\'s and a seat\'s, without a console error or a request', async () => {
    for (const file of ['view.html', 'view--as1.html']) {
      const { page, problems } = await browser.openFile(join(tree, 'results', file));
      await page.keyboard.press('End');
      expect(await page.locator('body').innerText()).toMatch(/cup/i);
      expect(problems, file).toEqual([]);
      await page.close();
    }
  });
});
