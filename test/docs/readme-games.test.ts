import { describe, expect, test } from 'vitest';
import { gamesTable } from '../../src/cli/actions/games.js';
import { GAMES } from '../../src/games/registry.js';
import { hiddenCups } from '../support/hidden-cups.js';
import { codeBlocks, readPage } from './markdown.js';

/** The table under the README's `$ npx parlor games`, as its lines. */
function readmeTable(readme: string): string[] {
  const block = codeBlocks(readme).find((b) => b.lang === 'console' && b.lines[0] === '$ npx parlor games');
  expect(block, 'a console block of the README starting "$ npx parlor games"').toBeDefined();
  return block!.lines.slice(1);
}

describe("the README's table of games", () => {
  test('is the table made from the registry, every game with its summary', () => {
    expect(readmeTable(readPage('README.md'))).toEqual(gamesTable(GAMES).split('\n'));
  });

  test('a registered game the README does not show makes it differ', () => {
    expect(readmeTable(readPage('README.md'))).not.toEqual(gamesTable([...GAMES, hiddenCups]).split('\n'));
    expect(gamesTable([...GAMES, hiddenCups])).toContain(hiddenCups.summary.split(' ')[0]);
  });
});
