import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import { describe, expect, test } from 'vitest';
import { createBot } from '../../src/export/create-bot.js';
import { GAMES } from '../../src/games/registry.js';
import { CLUE_BOT_NAMES, CLUE_GAME, playInHarness, YAHTZEE_GAME } from './support.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('createBot', () => {
  test.each([CLUE_GAME, YAHTZEE_GAME])('plays $game exactly as the harness seats the same bots with the same seed', (spec) => {
    const inHarness = playInHarness(spec);
    const fromSeed = playInHarness(spec, (bot, seat, seats) => createBot({ game: spec.game, variant: spec.variant, bot, seat, seats, seed: spec.seed, index: spec.index }));
    expect(inHarness.outcome).not.toBeNull();
    expect(inHarness.faults).toEqual([]);
    expect(fromSeed).toEqual(inHarness);
  });

  test('a different seed or game index draws differently', () => {
    const spec = { ...YAHTZEE_GAME, lineup: ['random', 'random'] };
    const steps = (seed: string, index: number) =>
      playInHarness(spec, (bot, seat, seats) => createBot({ game: 'yahtzee', bot, seat, seats, seed, index })).steps;
    expect(steps('export', 1)).not.toEqual(steps('other', 1));
    expect(steps('export', 1)).not.toEqual(steps('export', 2));
  });

  test.each([
    [{ game: 'chess', bot: 'notebook' }, `unknown game "chess": expected one of ${GAMES.map((g) => g.id).join(', ')}`],
    [{ game: 'clue', bot: 'smart' }, `unknown bot "smart" for clue: expected one of ${CLUE_BOT_NAMES}`],
    [{ game: 'clue', variant: 'cluedo2', bot: 'notebook' }, 'unknown variant "cluedo2" of clue: expected one of classic, clueless, cluedo'],
    [{ game: 'clue', bot: 'notebook', seats: 2 }, 'seats: clue (classic) is played by 3 to 6 players (got 2)'],
    [{ game: 'clue', bot: 'notebook', seat: 4 }, 'seat: expected a whole number from 0 to 3 (got 4)'],
    [{ game: 'clue', bot: 'notebook', seed: undefined }, 'expected either seed (a string) or rng (a random stream), exactly one of them'],
    [{ game: 'clue', bot: 'notebook', rng: {} }, 'rng: expected an object with next(), int(n) and die(sides)'],
    [{ game: 'clue', bot: 'notebook', config: { maxTurns: 0 } }, 'invalid options for clue: maxTurns:'],
  ])('refuses %o in one line', (options, message) => {
    expect(() => createBot({ seat: 0, seats: 4, seed: 's', ...options } as never)).toThrow(expect.objectContaining({ name: 'InputError', message: expect.stringContaining(message) }));
  });
});

/** A doc's example: the js block after the library-example marker. */
function docExample(path: string): string {
  const text = readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
  const block = /<!-- library-example -->\n```js\n([\s\S]*?)```/.exec(text);
  if (block === null) throw new Error(`${path} has no js block after <!-- library-example -->`);
  return block[1]!;
}

describe('the library example of the docs', () => {
  test("imports 'parlor' by name in the built checkout, plays a whole game and prints its outcome", () => {
    expect(existsSync(`${ROOT}dist/src/index.js`), 'dist/ is missing: npm run build first').toBe(true);
    const example = docExample('src/export/README.md');
    expect(docExample('docs/writing-bots.md'), 'docs/writing-bots.md shows the same example').toBe(example);
    expect(example).toContain("from 'parlor'");
    // Evaluated in the checkout, the module resolves 'parlor' by the package's own name and exports map.
    const run = spawnSync(process.execPath, ['--input-type=module'], { cwd: ROOT, input: example, encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const expected = playInHarness({ game: 'clue', variant: 'clueless', options: {}, lineup: ['notebook', 'notebook', 'notebook', 'notebook'], seed: 'readme', index: 0 });
    expect(run.stdout.trim()).toBe(inspect(expected.outcome));
  });
});

describe('the package for TypeScript', () => {
  test("a program importing 'parlor' type-checks against the built declarations, which are not any", () => {
    expect(existsSync(`${ROOT}dist/src/index.d.ts`), 'dist/ is missing: npm run build first').toBe(true);
    const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
    const flags = ['--ignoreConfig', '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--types', 'node', '--skipLibCheck'];
    const run = spawnSync(process.execPath, [tsc, ...flags, 'test/export/consumer.mts'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
