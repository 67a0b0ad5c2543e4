import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../src/games/registry.js';
import { describeLiteral, gameIdLiterals, mayNameSeveralGames } from './support/game-id-literals.js';

/**
 * Every list of games is derived from the registry: no array or object literal in the code, the
 * tests, the benches or the tools holds two or more game ids (as strings or property names, at any
 * depth inside it), outside the registries and the places that belong to one game
 * (support/game-id-literals.ts). A hand-made list is a copy of GAMES that a new game would have to edit.
 */
const ROOT = join(import.meta.dirname, '..');
const IDS = GAMES.map((g) => g.id);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('lists of games', () => {
  it('are not written by hand anywhere but the registries and the places of one game', () => {
    const judged = ['src', 'bots', 'test', 'bench', 'tools'].flatMap(sourceFiles).filter((file) => !mayNameSeveralGames(file, IDS));
    expect(judged.length).toBeGreaterThan(100);
    const found = judged.flatMap((file) => gameIdLiterals(file, readFileSync(join(ROOT, file), 'utf8'), IDS));
    expect(found.map(describeLiteral)).toEqual([]);
  });
});

describe('the check of lists of games', () => {
  const ids = ['alpha', 'beta', 'gamma-ray'];
  const lines = (source: string, file = 'src/plain.ts'): [number, string[]][] => gameIdLiterals(file, source, ids).map((l) => [l.line, [...l.ids]]);

  it('finds two game ids in one literal, however it holds them', () => {
    expect(lines("export const X = ['beta', 'alpha'];")).toEqual([[1, ['alpha', 'beta']]]);
    expect(lines("const S = {\n  alpha: 1,\n  'gamma-ray': 2,\n};")).toEqual([[1, ['alpha', 'gamma-ray']]]);
    expect(lines("const K = { ['alpha']: 1, beta() { return 2; } };")).toEqual([[1, ['alpha', 'beta']]]);
    expect(lines('const alpha = 1, beta = 2;\nconst H = { alpha, beta };')).toEqual([[2, ['alpha', 'beta']]]);
    expect(lines("const T = [{ game: 'alpha', seats: [{ game: `beta` }] }] as const;")).toEqual([[1, ['alpha', 'beta']]]);
    expect(lines("const C = [findGame('alpha'), ...more('beta')] satisfies unknown[];")).toEqual([[1, ['alpha', 'beta']]]);
    expect(lines("const Q = [x ? 'alpha' : 'beta', 'alpha'];")).toEqual([[1, ['alpha', 'beta']]]);
    expect(lines("export default ['alpha', 'beta'];", 'tools/plain.mjs')).toEqual([[1, ['alpha', 'beta']]]);
  });

  it('reports a list once, at its outermost literal, and names the file, the line and the ids', () => {
    const found = gameIdLiterals('bench/plain.ts', "\n\nconst N = [\n  ['alpha', 'beta'],\n  { also: ['alpha', 'beta'] },\n];", ids);
    expect(found.map(describeLiteral)).toEqual(['bench/plain.ts:3 lists the games alpha, beta by hand: derive the list from GAMES (src/games/registry.ts), or move each game\'s part into its own folder']);
  });

  it('leaves alone one id a literal, code inside a literal, comparisons and types', () => {
    expect(lines("const A = ['alpha', 'alphabet'];\nconst B = { game: 'beta' };\nconst C = ['alpha'];\nconst D = ['beta'];")).toEqual([]);
    expect(lines("const F = { pick: (x: string) => (x === 'alpha' ? ['beta'] : []) };")).toEqual([]);
    expect(lines("if (id === 'alpha' || id === 'beta') run();\ntype Id = 'alpha' | 'beta';\nconst o = { id: 'x' as 'alpha' | 'beta' };")).toEqual([]);
    expect(lines("const F = [() => 'alpha', () => { return ['alpha', 'beta']; }];")).toEqual([[1, ['alpha', 'beta']]]);
  });

  it('lets the registries and the places of one game name several', () => {
    const allowed = ['src/games/registry.ts', 'bots/registry.ts', 'src/games/alpha/rules.ts', 'bots/gamma-ray/index.ts', 'test/beta/fixtures.test.ts', 'bench/games/alpha.ts', 'src/viewer/pictures/beta.ts', 'test/human/alpha.test.ts'];
    const judged = ['src/viewer/frames.ts', 'test/cli/bad-input.test.ts', 'src/games/alphabet/rules.ts', 'test/alpha-solver/table.test.ts', 'bots/generic/registry.ts'];
    expect(allowed.filter((file) => !mayNameSeveralGames(file, ids))).toEqual([]);
    expect(judged.filter((file) => mayNameSeveralGames(file, ids))).toEqual([]);
  });
});
