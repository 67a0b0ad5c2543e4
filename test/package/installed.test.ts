import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { builtinBots, isSearchPlayer } from '../../bots/registry.js';
import type { BotParams } from '../../src/core/bot-params.js';
import type { GameRecord } from '../../src/core/record.js';
import { GAMES } from '../../src/games/registry.js';
import { parseEntrants } from '../../src/harness/entrants.js';
import { replayRecord } from '../../src/referee/replay.js';
import { createTable } from '../../src/table/table.js';
import { codeBlocks, libraryExample, readPage } from '../docs/markdown.js';
import { until } from '../server/helpers.js';
import { pageGames, playInPage, type PageGame } from './page-games.js';

/**
 * parlor as a user gets it: the package packed from the built checkout (`npm ci` built dist/),
 * installed from its tarball into a fresh project, no symlink, and every check run there, once.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHROMIUM = '/usr/bin/chromium';
const LONG = process.env['PARLOR_LONG'] === '1';
const work = mkdtempSync(join(tmpdir(), 'parlor-installed-'));
const project = join(work, 'project');
const bin = join(project, 'node_modules', '.bin', 'parlor');
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Packed {
  readonly filename: string;
  readonly size: number;
  readonly entryCount: number;
  readonly files: readonly { readonly path: string }[];
}
let packed: Packed;

function succeeded(run: SpawnSyncReturns<string>, what: string): string {
  expect(run.status, `${what}:\n${run.stdout}\n${run.stderr}`).toBe(0);
  return run.stdout;
}

/** The installed command line, run in the project. */
function parlor(...args: string[]): SpawnSyncReturns<string> {
  return spawnSync(bin, args, { cwd: project, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' }, timeout: 120_000 });
}

/** What `parlor export-bot` does for each { game, bot, out } of its argument, in the installed package, in one process. */
const EXPORT_ALL = `
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { findGame, resolveOptions } from 'parlor';
import { exportBot } from './node_modules/parlor/dist/src/export/bot-module.js';
for (const { game, bot, out } of JSON.parse(process.argv[1])) {
  const definition = findGame(game), variant = definition.variants[0]?.id ?? '';
  const module = await exportBot(definition, variant, resolveOptions(definition, variant, {}), bot);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, module.code);
}`;

beforeAll(() => {
  expect(existsSync(join(ROOT, 'dist/src/index.js')), 'dist/ is missing: npm run build first').toBe(true);
  // The build is npm ci's (prepare): packing it again would only redo it.
  packed = (JSON.parse(succeeded(spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8' }), 'npm pack')) as Packed[])[0]!;
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'a-front-end', private: true, type: 'module' }));
  // A user's bot in TypeScript, for a run and for export-bot.
  writeFileSync(join(project, 'first.ts'), "import type { BotFactory } from 'parlor';\nconst first: BotFactory = { name: 'first', description: 'the first legal action', create: () => ({ act: (_view, legal) => legal[0] }) };\nexport default first;\n");
  succeeded(spawnSync('npm', ['install', join(work, packed!.filename), '--prefer-offline', '--no-audit', '--no-fund'], { cwd: project, encoding: 'utf8' }), 'npm install');
}, 300_000);

describe('the package', () => {
  test('holds what a user runs, and nothing of the clone: no tests, benchmarks, tools, golden games, sources or source maps; under 1 MB', () => {
    const paths = packed.files.map((f) => f.path);
    expect(paths.filter((p) => /^(test|bench|tools|src|bots|scenarios\/golden|dist\/(test|bench|tools))\//.test(p) || p.endsWith('.map'))).toEqual([]);
    for (const needed of ['LICENSE', 'CHANGELOG.md', 'README.md', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/browser.js', 'dist/src/browser.d.ts', 'dist/client/index.html', 'dist/viewer/viewer.js', 'docs/writing-bots.md']) {
      expect(paths).toContain(needed);
    }
    expect(packed.size).toBeLessThan(1_000_000);
    expect(existsSync(join(project, 'node_modules', 'parlor', 'dist', 'src', 'index.js'))).toBe(true);
  });
});

describe('installed from its tarball', () => {
  test('the command line lists the games, plays a short run with bot modules of a CommonJS and an ES module project, and serves /status', async () => {
    expect(succeeded(parlor('games', '--json'), 'parlor games')).toContain('"yahtzee"');
    // The README's bot, as written, in a CommonJS project; a TypeScript bot in this ES module one.
    const readmeBot = codeBlocks(readPage('README.md')).find((b) => b.lang === 'js' && b.lines[0]!.startsWith('// my-bot.js'))!;
    mkdirSync(join(project, 'cjs'));
    writeFileSync(join(project, 'cjs', 'package.json'), JSON.stringify({ name: 'a-commonjs-project', type: 'commonjs' }));
    writeFileSync(join(project, 'cjs', 'my-bot.js'), readmeBot.lines.join('\n'));
    const summary = JSON.parse(succeeded(parlor('run', '--game', 'yahtzee', '--set', 'series=1', '--bots', './cjs/my-bot.js,./first.ts,greedy', '--games', '6', '--workers', '1', '--out', 'run', '--json'), 'parlor run')) as { entrants: { games: number; faults: Record<string, number> }[] };
    expect(summary.entrants.map((e) => [e.games, Object.values(e.faults).every((n) => n === 0)])).toEqual([[6, true], [6, true], [6, true]]);
    const server = spawn(bin, ['serve', '--port', '0', '--records', 'served', '--seed', 'installed'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      server.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      await until(() => /listening on http:\/\/\S+/.test(out), 20_000, 'the listening line');
      const status = (await (await fetch(`${/listening on (http:\/\/\S+)/.exec(out)![1]!}/status`)).json()) as { games: number };
      expect(status.games).toBe(0);
    } finally {
      server.kill();
    }
  });

  test("the README's library example runs as written and prints the outcome it shows", () => {
    const example = libraryExample('README.md');
    writeFileSync(join(project, 'example.js'), example);
    const shown = /console\.log\(table\.outcome\(\)\); \/\/ (.*)$/m.exec(example)![1]!;
    expect(succeeded(spawnSync(process.execPath, ['example.js'], { cwd: project, encoding: 'utf8', timeout: 120_000 }), 'the example').trim()).toBe(shown);
  });

  test('a TypeScript program type-checks against both entries under strict and nodenext', () => {
    copyFileSync(fileURLToPath(new URL('./consumer.mts', import.meta.url)), join(project, 'consumer.mts'));
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const flags = ['--ignoreConfig', '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--typeRoots', join(ROOT, 'node_modules/@types'), '--types', 'node', '--skipLibCheck'];
    succeeded(spawnSync(process.execPath, [tsc, ...flags, 'consumer.mts'], { cwd: project, encoding: 'utf8', timeout: 120_000 }), 'tsc');
  });

  // CI installs Debian's chromium (.ci/run), so there a missing browser fails instead of skipping.
  test.runIf(existsSync(CHROMIUM) || process.env['CI'] !== undefined)(
    'export-bot writes every built-in bot of every game, and a page built from parlor/browser plays a whole game of each with them, offline and without errors; the record replays',
    async () => {
      // Every built-in bot is exported as it is; the search player plays at Clue's own 24 iterations a decision (Yahtzee's 3000 take minutes a game in a page).
      const games = pageGames(GAMES.map((game) => ({ game: game.id, bots: builtinBots(game).map((b) => (isSearchPlayer(b) ? `${b.name}(iterations=24)` : b.name)) })));
      const entrants = GAMES.flatMap((game) => [...new Set([...builtinBots(game).map((b) => b.name), ...games.find((g) => g.game === game.id)!.bots])].map((bot) => ({ game: game.id, bot })));
      const file = (game: string, bot: string): string => join('exported', `${game}-${entrants.findIndex((e) => e.game === game && e.bot === bot)}.js`);
      // One process writes them all with the installed package's own export-bot (a process each would take most of this test's time).
      const written = spawnSync(process.execPath, ['--input-type=module', '-e', EXPORT_ALL, JSON.stringify(entrants.map(({ game, bot }) => ({ game, bot, out: file(game, bot) })))], { cwd: project, encoding: 'utf8', timeout: 120_000 });
      succeeded(written, 'export-bot for every bot');
      // The command itself, for a user's TypeScript bot.
      succeeded(parlor('export-bot', '--game', 'yahtzee', '--bot', './first.ts', '--out', join('exported', 'first.js')), 'export-bot ./first.ts');
      const engine = await esbuild.build({ stdin: { contents: "export * from 'parlor/browser';", resolveDir: project }, absWorkingDir: project, bundle: true, format: 'esm', platform: 'browser', target: 'es2022', minify: true, write: false, logLevel: 'silent' });
      const code = (game: PageGame, bot: string): string => readFileSync(join(project, file(game.game, bot)), 'utf8');
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--no-first-run'] });
      try {
        const page = await playInPage(browser, engine.outputFiles[0]!.text, games.map((game) => ({ ...game, modules: game.bots.map((bot) => code(game, bot)) })));
        expect(page.errors).toEqual([]);
        expect(page.requests.filter((url) => !url.startsWith('blob:'))).toEqual([]);
        for (const [i, game] of games.entries()) {
          const played = page.played[i]!;
          expect(played.faults, game.game).toEqual([]);
          expect(played.record.outcome?.winners.length, game.game).toBeGreaterThan(0);
          // Node's engine plays the page's game again to the same end; the long tier has Node's bots play it too.
          expect(replayRecord(played.record).mismatch, game.game).toBeNull();
          if (LONG) expect(played.record.steps, game.game).toEqual(await stepsInNode(game));
        }
        // A table's record is one the installed parlor replay reproduces and parlor view draws.
        writeFileSync(join(project, 'record.json'), JSON.stringify(page.played[0]!.record));
        expect(succeeded(parlor('replay', 'record.json', '--json'), 'parlor replay')).toContain('"verdict": "same"');
        succeeded(parlor('view', 'record.json', '--out', 'record.html'), 'parlor view');
        console.log(`Yahtzee's optimal table in the page: ${JSON.stringify(page.played.flatMap((p) => p.ready.filter((r) => r.built !== 'already')))}`);
      } finally {
        await browser.close();
      }
    },
    300_000,
  );
});

/** The steps of `game` played in Node by the same built-in bots with the same seed. */
async function stepsInNode(game: PageGame): Promise<GameRecord['steps']> {
  const seats = game.bots.map((bot, seat) => {
    const source = parseEntrants(bot, game.game)[0]!.source as { name: string; params?: BotParams };
    return { name: game.names[seat]!, bot: source.name, ...(source.params !== undefined ? { params: source.params } : {}) };
  });
  const table = createTable({ game: game.game, seed: game.seed, seats });
  while (table.toAct() !== null) await table.botTurn();
  return table.record().steps;
}
