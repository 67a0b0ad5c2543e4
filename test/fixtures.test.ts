import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { describe, expect, it, test } from 'vitest';
import { GAMES } from '../src/games/registry.js';
import { fixtureSchema } from '../src/scenarios/fixture.js';
import { fixturesByGame } from '../src/scenarios/game-folders.js';
import { playFixture } from '../src/scenarios/play-fixture.js';
import { runFixtureFile } from '../src/scenarios/run-fixtures.js';

/**
 * Every fixture under scenarios/, found by the folder named for its game (scenarios/<game>/, any
 * depth below), plays out as written: a new game's folder is replayed as soon as it holds one.
 */
const ROOT = join(import.meta.dirname, '..');
const SCENARIOS = join(ROOT, 'scenarios');
const IDS = GAMES.map((g) => g.id);
const groups = fixturesByGame(SCENARIOS, IDS);

describe.each(groups)('scenarios/$game', ({ game, files }) => {
  it.each(files.map((file) => relative(ROOT, file)))('%s plays out as written', (file) => {
    expect(runFixtureFile(join(ROOT, file), game).error ?? null).toBeNull();
  });
});

test("docs/fixtures.md's example is a fixture that plays out as written", () => {
  const example = /```json\n([\s\S]*?)```/.exec(readFileSync(join(ROOT, 'docs/fixtures.md'), 'utf8'))?.[1];
  expect(example).toBeDefined();
  expect(() => playFixture(fixtureSchema.parse(JSON.parse(example!)))).not.toThrow();
});

describe('fixture folders', () => {
  const [first, second] = groups;
  const someFixture = first!.files[0]!;

  it("are read from scenarios/: a game's folder at any depth, every registered game's, a new game's too, and a folder without fixtures is no game's", () => {
    const root = mkdtempSync(join(tmpdir(), 'parlor-fixture-folders-'));
    mkdirSync(join(root, 'new-game', 'rules'), { recursive: true });
    copyFileSync(someFixture, join(root, 'new-game', 'rules', 'one.json'));
    mkdirSync(join(root, 'golden'));
    writeFileSync(join(root, 'golden', 'records.jsonl'), '{}\n');
    expect(fixturesByGame(root, [...IDS, 'new-game'])).toEqual([{ game: 'new-game', files: [join(root, 'new-game', 'rules', 'one.json')] }]);
    expect(groups.map((g) => g.game)).toEqual(IDS.filter((id) => groups.some((g) => g.game === id)));
  });

  it('a folder of fixtures named for no registered game, or a fixture outside any, is one line', () => {
    const stray = mkdtempSync(join(tmpdir(), 'parlor-fixture-folders-'));
    mkdirSync(join(stray, 'chess'));
    copyFileSync(someFixture, join(stray, 'chess', 'opening.json'));
    expect(() => fixturesByGame(stray, IDS)).toThrow(`${join(stray, 'chess')}: a folder of fixtures that names no registered game: expected a folder named for its game (${IDS.join(', ')})`);
    const loose = mkdtempSync(join(tmpdir(), 'parlor-fixture-folders-'));
    copyFileSync(someFixture, join(loose, 'loose.json'));
    expect(() => fixturesByGame(loose, IDS)).toThrow(`${join(loose, 'loose.json')}: a fixture outside a game's folder: expected it under ${join(loose, '<game>')}/, the folder named for its game`);
  });

  it("a fixture in another game's folder fails, naming both games", () => {
    const result = runFixtureFile(someFixture, second!.game);
    expect(result.ok).toBe(false);
    expect(result.error).toBe(`a fixture of ${first!.game} in the folder of ${second!.game}: expected it in the folder named for its game`);
    expect(basename(result.file)).toBe(basename(someFixture));
  });
});
