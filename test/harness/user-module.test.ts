import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadBotFactory, parseEntrants } from '../../src/harness/entrants.js';

const dir = mkdtempSync(join(tmpdir(), 'parlor-user-module-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ESM = "export default { name: 'NAME', description: 'the first legal action', create: () => ({ act: (_view, legal) => legal[0] }) };\n";
const CJS = "module.exports = { name: 'NAME', description: 'the first legal action', create: () => ({ act: (_view, legal) => legal[0] }) };\n";
const TS = "const first = <T,>(legal: readonly T[]): T => legal[0]!;\nexport default { name: 'NAME', description: 'the first legal action', create: () => ({ act: (_view: unknown, legal: readonly unknown[]) => first(legal) }) };\n";

/** Writes `source` (its bot named after the file) into a project folder whose package.json says `type`. */
function botFile(type: 'module' | 'commonjs', file: string, source: string): string {
  const project = join(dir, type);
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: `a-${type}-project`, type }));
  writeFileSync(join(project, file), source.replace('NAME', file));
  return join(project, file);
}

describe('bot modules as users write them', () => {
  test.each([
    ['commonjs', 'esm.js', ESM],
    ['commonjs', 'cjs.js', CJS],
    ['commonjs', 'bot.cjs', CJS],
    ['commonjs', 'bot.mjs', ESM],
    ['commonjs', 'bot.ts', TS],
    ['module', 'esm.js', ESM],
    ['module', 'bot.cjs', CJS],
    ['module', 'bot.mts', TS],
    ['module', 'bot.ts', TS],
  ] as const)('in a %s project, %s loads and plays', async (type, file, source) => {
    const path = botFile(type, file, source);
    const [entrant] = parseEntrants(path, 'yahtzee');
    expect(entrant!.source.kind).toBe('module');
    const factory = await loadBotFactory('yahtzee', entrant!.source);
    expect(factory.name).toBe(file);
    expect(factory.create({ game: 'yahtzee', variant: '', config: {}, seat: 0, seats: 1, rng: { next: () => 0, int: () => 0, die: () => 1 } }).act(null, ['a', 'b'])).toBe('a');
  });

  test('a module that does not load is one line naming it', async () => {
    const path = botFile('module', 'broken.ts', 'export default {');
    await expect(loadBotFactory('yahtzee', { kind: 'module', path })).rejects.toThrow(expect.objectContaining({ name: 'InputError', message: expect.stringContaining(`cannot load the bot module ${path}:`) }));
  });
});
