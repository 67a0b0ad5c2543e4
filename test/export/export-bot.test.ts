import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { builtinBots } from '../../bots/registry.js';
import { createBot } from '../../src/export/create-bot.js';
import { findGame, GAMES } from '../../src/games/registry.js';
import { VARIANTS } from '../../src/games/clue/rules.js';
import { exportBot } from '../../src/export/bot-module.js';
import { bundleForBrowser } from '../../src/export/bundle.js';
import { parlor, parlorProcess } from '../support/cli.js';
import { CLUE_BOT_NAMES, CLUE_GAME, playInHarness, YAHTZEE_GAME } from './support.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'parlor-export-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Every import or require left in a module's text: a self-contained bundle has none. */
function importsLeft(code: string): string[] {
  return [...code.matchAll(/\bimport\s*[({"'\w*]|\bfrom\s*["']|\brequire\s*\(/g)].map((m) => m[0]);
}

describe('parlor export-bot', () => {
  test('writes one self-contained ES module and describes it in --json', async () => {
    const file = join(out, 'notebook.js');
    const { stdout } = await parlor('export-bot', '--game', 'clue', '--variant', 'clueless', '--bot', 'notebook', '--out', file, '--json');
    const written = JSON.parse(stdout) as Record<string, unknown>;
    const code = readFileSync(file, 'utf8');
    expect(written).toEqual({ file, bytes: Buffer.byteLength(code), game: 'clue', variant: 'clueless', bot: 'notebook', modules: expect.any(Number) });
    expect(importsLeft(code)).toEqual([]);
    expect(code).not.toContain(ROOT);
    expect(code.startsWith('// parlor System Player "notebook" for clue (clueless)')).toBe(true);
    const module = (await import(pathToFileURL(file).href)) as { bot: unknown; createBot: unknown };
    expect(module.bot).toEqual({ game: 'clue', variant: 'clueless', name: 'notebook', description: expect.any(String), config: { maxTurns: 1000, ...VARIANTS.clueless.rules }, players: [3, 6] });
    expect(typeof module.createBot).toBe('function');
  });

  test('the module plays as the built-in bot does with the same seed, and checks its seating', async () => {
    const modules = new Map<string, { createBot(seating: object): never }>();
    for (const bot of ['greedy', 'random']) {
      const file = join(out, `${bot}.js`);
      await parlor('export-bot', '--game', 'yahtzee', '--bot', bot, '--out', file);
      modules.set(bot, (await import(pathToFileURL(file).href)) as { createBot(seating: object): never });
    }
    const exported = playInHarness(YAHTZEE_GAME, (bot, seat, seats) => modules.get(bot)!.createBot({ seat, seats, seed: YAHTZEE_GAME.seed, index: YAHTZEE_GAME.index }));
    expect(exported).toEqual(playInHarness(YAHTZEE_GAME));
    expect(() => modules.get('greedy')!.createBot({ seat: 3, seats: 2, seed: 's' })).toThrow('seat: expected a whole number from 0 to 1 (got 3)');
    expect(() => modules.get('greedy')!.createBot({ seat: 0, seats: 6, seed: 's' })).toThrow('seats: yahtzee is played by 1 to 5 players (got 6)');
  });

  test("a bot with parameters is written with them, and plays as the built-in bot given them", async () => {
    const file = join(out, 'notebook4.js');
    const { stdout } = await parlor('export-bot', '--game', 'clue', '--variant', 'clueless', '--bot', 'notebook(shortlist=4)', '--out', file, '--json');
    expect(JSON.parse(stdout)).toEqual(expect.objectContaining({ bot: 'notebook(shortlist=4)' }));
    const module = (await import(pathToFileURL(file).href)) as { bot: { params: unknown }; createBot(seating: object): never };
    expect(module.bot.params).toEqual({ shortlist: 4 });
    const spec = { ...CLUE_GAME, lineup: ['notebook', 'random', 'random'] };
    const given = playInHarness(spec, (bot, seat, seats) => (bot === 'notebook' ? module.createBot({ seat, seats, seed: spec.seed, index: spec.index }) : createBot({ game: 'clue', variant: spec.variant, bot, seat, seats, seed: spec.seed, index: spec.index })));
    const builtin = playInHarness(spec, (bot, seat, seats) => createBot({ game: 'clue', variant: spec.variant, bot, seat, seats, seed: spec.seed, index: spec.index, ...(bot === 'notebook' ? { params: { shortlist: 4 } } : {}) }));
    expect(given).toEqual(builtin);
  });

  test("a user's TypeScript bot module is written as a browser module; one that reaches Node is refused with the chain", async () => {
    const dir = mkdtempSync(join(out, 'user-'));
    writeFileSync(join(dir, 'first.ts'), "import { pick } from './pick.ts';\nexport default { name: 'first', description: 'the first legal action', create: () => ({ act: (_view: unknown, legal: readonly unknown[]) => pick(legal) }) };\n");
    writeFileSync(join(dir, 'pick.ts'), 'export const pick = <T>(legal: readonly T[]): T => legal[0]!;\n');
    writeFileSync(join(dir, 'disk.ts'), "import { readFileSync } from 'node:fs';\nexport default { name: 'disk', description: 'reads a file', create: () => ({ act: () => readFileSync('x') }) };\n");
    const file = join(out, 'first.js');
    await parlor('export-bot', '--game', 'yahtzee', '--bot', join(dir, 'first.ts'), '--out', file);
    const module = (await import(pathToFileURL(file).href)) as { bot: { name: string }; createBot(seating: object): { act(view: unknown, legal: unknown[]): unknown } };
    expect(module.bot.name).toBe('first');
    expect(module.createBot({ seat: 0, seats: 1, seed: 's' }).act(null, ['a', 'b'])).toBe('a');
    await expect(parlor('export-bot', '--game', 'yahtzee', '--bot', join(dir, 'disk.ts'), '--out', join(out, 'disk.js'))).rejects.toThrow(
      expect.objectContaining({ name: 'InputError', message: expect.stringMatching(/^yahtzee's \S*disk\.ts bot cannot run in a browser: \S*disk\.ts imports node:fs$/) }),
    );
  });

  test('options given with --set reach the bot as its config', async () => {
    const file = join(out, 'series.js');
    await parlor('export-bot', '--game', 'yahtzee', '--bot', 'greedy', '--set', 'series=1', '--out', file);
    const module = (await import(pathToFileURL(file).href)) as { bot: { config: unknown } };
    expect(module.bot.config).toEqual(expect.objectContaining({ series: 1 }));
  });

  test.each([
    [['--game', 'chess', '--bot', 'notebook'], `unknown game "chess": expected one of ${GAMES.map((g) => g.id).join(', ')}`],
    [['--game', 'clue', '--bot', 'smart'], `unknown bot "smart" for clue: expected one of ${CLUE_BOT_NAMES}`],
    [['--game', 'clue', '--variant', 'mansion', '--bot', 'notebook'], 'unknown variant "mansion" of clue: expected one of classic, clueless, cluedo'],
    [['--game', 'clue', '--bot', 'notebook', '--set', 'maxTurns=0'], 'invalid options for clue: maxTurns'],
  ])('refuses %j in one line', async (args, message) => {
    await expect(parlor('export-bot', ...args, '--out', join(out, 'refused.js'))).rejects.toThrow(expect.objectContaining({ name: 'InputError', message: expect.stringContaining(message) }));
  });

  test('a refusal is one line on stderr and exit code 2 from the real command', () => {
    const run = parlorProcess('export-bot', '--game', 'clue', '--bot', 'smart', '--out', join(out, 'refused.js'));
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`parlor: unknown bot "smart" for clue: expected one of ${CLUE_BOT_NAMES}\n`);
  });
});

describe('the Node built-in guard', () => {
  test('refuses a module whose import graph reaches a Node built-in, naming the chain to each', async () => {
    const entry = `export { where } from ${JSON.stringify(join(ROOT, 'test/export/fixtures/reaches-node.ts'))};`;
    await expect(bundleForBrowser(entry, ROOT, 'the fixture')).rejects.toThrow(
      expect.objectContaining({
        name: 'InputError',
        message:
          'the fixture cannot run in a browser: test/export/fixtures/reaches-node.ts -> test/export/fixtures/uses-node.ts imports node:fs, os; ' +
          'test/export/fixtures/reaches-node.ts -> test/export/fixtures/uses-node.ts uses process',
      }),
    );
  });

  test('every built-in bot of every game bundles self-contained, the search player and Yahtzee\'s optimal included', async () => {
    for (const game of GAMES) {
      const variant = game.variants[0]?.id ?? '';
      for (const factory of builtinBots(game.id)) {
        const module = await exportBot(findGame(game.id), variant, {}, factory.name);
        expect(importsLeft(module.code), `${game.id}'s ${factory.name}`).toEqual([]);
      }
    }
  });
});
