import { describe, expect, test } from 'vitest';
import { createBot } from '../../src/export/create-bot.js';
import { GAMES } from '../../src/games/registry.js';
import { libraryExample } from '../docs/markdown.js';
import { CLUE_BOT_NAMES, CLUE_GAME, playInHarness, YAHTZEE_GAME } from './support.js';

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

describe('the library example of the docs', () => {
  // test/package/installed.test.ts runs the README's copy as written, with the packed package installed.
  test.each(['docs/writing-bots.md', 'src/export/README.md'])("%s shows the README's example, which uses createTable from 'parlor'", (path) => {
    const example = libraryExample('README.md');
    expect(example).toContain("import { createTable } from 'parlor';");
    expect(libraryExample(path)).toBe(example);
  });
});
