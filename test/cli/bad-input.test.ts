import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { GAMES } from '../../src/games/registry.js';
import { tempDir } from '../harness/support/run.js';
import { parlorParsed as parlor } from '../support/cli.js';

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

function parlorProcess(args: string[], input?: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], { encoding: 'utf8', timeout: 60_000, ...(input !== undefined ? { input } : {}) });
}

const yahtzee = ['--game', 'yahtzee', '--set', 'series=1'];

describe('an output path that cannot be written is one line, before any game is played', () => {
  const root = tempDir('parlor-paths-');
  const file = join(root, 'afile');
  writeFileSync(file, 'x');

  test.each([
    [['run', ...yahtzee, '--bots', 'greedy,random', '--games', '2', '--out', join(file, 'sub')], `cannot write ${join(file, 'sub')}: ${file} is a file, not a folder`],
    [['merge', root, '--out', file], `cannot write ${file}: it is a file; expected a folder`],
    [['play', ...yahtzee, '--bots', 'greedy', '--record', root], `cannot write ${root}: it is a folder; expected a file path`],
    [['play', ...yahtzee, '--bots', 'greedy', '--record', join(file, 'game.json')], `cannot write ${join(file, 'game.json')}: ${file} is a file, not a folder`],
    [['export-bot', ...yahtzee, '--bot', 'greedy', '--out', root], `cannot write ${root}: it is a folder; expected a file path`],
    [['serve', '--port', '0', '--records', join(file, 'records')], `cannot write ${join(file, 'records')}: ${file} is a file, not a folder`],
    // Writable by its permissions (as root), yet no file can be made there: found by opening it, before the game.
    [['play', ...yahtzee, '--bots', 'greedy', '--record', '/proc/parlor-game.json'], 'cannot write /proc/parlor-game.json: the system refuses it (ENOENT)'],
  ])('%j', async (args, message) => {
    const { error, stdout } = await parlor(...args);
    expect(error).toBe(message);
    expect(stdout).toBe('');
  });
});

describe('run --compare is checked before the run plays', () => {
  test('another lineup is named by labels, and nothing is played or written', async () => {
    const earlier = tempDir('parlor-compare-');
    expect((await parlor('run', ...yahtzee, '--bots', 'greedy,random', '--games', '4', '--workers', '1', '--quiet', '--out', earlier)).error).toBeNull();
    const out = join(tempDir('parlor-compare-'), 'later');
    const refused = await parlor('run', ...yahtzee, '--bots', 'greedy,greedy', '--games', '4', '--workers', '1', '--quiet', '--out', out, '--compare', earlier);
    expect(refused.error).toBe(`--compare ${earlier}: that run has another entrants (greedy, random; this run: greedy, greedy#2), so its games are not these games`);
    expect(existsSync(out)).toBe(false);
    const self = await parlor('run', ...yahtzee, '--bots', 'greedy,random', '--games', '4', '--quiet', '--out', earlier, '--compare', earlier);
    expect(self.error).toMatch(/is the --out folder/);
    const unfinished = tempDir('parlor-compare-');
    writeFileSync(join(unfinished, 'checkpoint.jsonl'), '');
    expect((await parlor('run', ...yahtzee, '--bots', 'greedy,random', '--games', '4', '--quiet', '--out', out, '--compare', unfinished)).error).toMatch(/holds an unfinished run/);
    expect(existsSync(out)).toBe(false);
  });
});

describe('game options the table cannot use are refused before any game is played', () => {
  test.each([
    ['play', 'suspects=White,Green', '--set: suspects: 2 named for 3 players'],
    ['run', 'suspects=Bob,Green,Plum', '--set: suspects: "Bob" is not a suspect'],
    ['sprt', 'suspects=White,White,Plum', '--set: suspects: Mrs. White is named twice'],
  ])('%s --set %s', async (command, option, message) => {
    const out = join(tempDir('parlor-setup-'), 'never');
    const lineup = command === 'sprt' ? ['--base', 'random', '--test', 'checklist', '--others', 'random'] : ['--bots', 'random,random,random'];
    const where = command === 'play' ? ['--record', join(out, 'game.json')] : command === 'run' ? ['--out', out, '--quiet'] : ['--quiet'];
    const refused = await parlor(command, '--game', 'clue', ...lineup, '--set', option, ...where);
    expect(refused.error).toContain(message);
    expect(existsSync(out)).toBe(false);
  });
});

describe('flag values are quoted as typed, and a flag without its value is refused', () => {
  test.each([
    [['run', ...yahtzee, '--bots', 'greedy', '--games', 'abc'], '--games abc: expected a number'],
    [['run', ...yahtzee, '--bots', 'greedy', '--workers', 'two'], '--workers two: expected a number'],
    [['run', ...yahtzee, '--bots', 'greedy', '--players=x'], '--players x: expected a number'],
    [['sprt', ...yahtzee, '--base', 'greedy', '--test', 'random', '--elo0', 'zero'], '--elo0 zero: expected a number'],
    [['serve', '--port', 'http'], '--port http: expected a number'],
    [['protocol', 'check', '--move-ms', 'soon', '--', 'true'], '--move-ms soon: expected a number'],
    [['run', ...yahtzee, '--bots', 'greedy', '--games'], '--games was given without a value: expected --games <value>'],
    [['run', ...yahtzee, '--bots', 'greedy', '--games', '--quiet'], '--games was given without a value: expected --games <value>'],
    [['play', ...yahtzee, '--bots', 'greedy', '--seed'], '--seed was given without a value: expected --seed <value>'],
    [['play', ...yahtzee, '--bots', 'greedy', '--seed='], '--seed was given without a value: expected --seed <value>'],
    [['sprt', ...yahtzee, '--base', 'greedy', '--test', 'random', '--max-games', '0'], '--max-games 0: expected a whole number >= 1'],
    [['sprt', '--game', 'clue', '--base', 'random', '--test', 'checklist'], 'clue (classic) takes 3-6 players: --base, --test and --others name 2; name 1-4 more with --others, e.g. --others random'],
  ])('%j', async (args, message) => {
    expect((await parlor(...args)).error).toBe(message);
  });
});

describe('commands and subcommands', () => {
  test.each([
    [['nope'], /^unknown command nope: did you mean bots\? \(the commands: games, bots, play, .*serve\)$/],
    [['yahtzee'], /^name a yahtzee command: solve or advise$/],
    [['games', '--bogus'], /^unknown argument bogus: parlor games --help/],
  ])('%j', async (args, message) => {
    expect((await parlor(...args)).error).toMatch(message);
  });

  test('games, bots and scenarios print no colour codes', async () => {
    const fixtures = join(tempDir('parlor-fixtures-'), 'ok');
    mkdirSync(fixtures);
    writeFileSync(join(fixtures, 'one.json'), JSON.stringify({ id: 'one', source: 'test', game: 'yahtzee', options: { series: 1 }, players: ['Ann'], random: { dice: [1, 2, 3, 4, 5] }, steps: [{ as: 'Ann', do: { type: 'roll', hold: 0 } }] }));
    for (const args of [['games'], ['bots', '--game', 'yahtzee'], ['scenarios', fixtures, '--verbose']]) {
      const { error, stdout } = await parlor(...args);
      expect(error).toBeNull();
      expect(stdout).toContain('┌');
      expect(stdout).not.toMatch(/\x1b\[/);
    }
  });

  test('scenarios: a folder without fixtures, or a malformed fixture, is a user error', async () => {
    const empty = tempDir('parlor-fixtures-');
    expect((await parlor('scenarios', empty)).error).toBe(`no fixtures found in ${empty}: expected .json fixture files or folders holding them`);
    writeFileSync(join(empty, 'broken.json'), '{ "id": ');
    expect((await parlor('scenarios', empty)).error).toMatch(/broken\.json: not valid JSON: .*; expected a parlor fixture file \(fix or remove it\)$/);
    writeFileSync(join(empty, 'broken.json'), '{ "id": "x" }');
    expect((await parlor('scenarios', empty)).error).toMatch(/broken\.json: not a valid fixture: /);
  });
});

describe('the parlor process', () => {
  test('--version is the package version; a flag without its value exits 2 with one line, nothing written', () => {
    const version = parlorProcess(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout).toBe(`${JSON.parse(readFileSync('package.json', 'utf8')).version}\n`);
    const out = tempDir('parlor-flags-');
    const missing = parlorProcess(['run', ...yahtzee, '--bots', 'greedy,random', '--games', '--out', out]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('parlor: --games was given without a value: expected --games <value>\n');
    expect(readdirSync(out)).toEqual([]);
  });

  test('clue notebook --input - reads standard input', () => {
    const run = parlorProcess(['clue', 'notebook', '--input', '-', '--json'], JSON.stringify({ players: ['Ann', 'Bob', 'Cid'], me: 'Ann', myCards: ['Knife', 'Rope', 'Lounge', 'Mr. Green', 'Pistol', 'Wrench'] }));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ consistent: true });
  });
});

describe('sizes past what a machine can use are refused in one line', () => {
  const cores = availableParallelism();
  test.each([
    [['run', ...yahtzee, '--bots', 'greedy', '--workers', String(2 * cores + 1)], `--workers ${2 * cores + 1}: at most ${2 * cores} on this machine (twice its ${cores} cores)`],
    [['sprt', ...yahtzee, '--base', 'greedy', '--test', 'random', '--workers', '200'], `--workers 200: at most ${2 * cores} on this machine (twice its ${cores} cores)`],
    [['yahtzee', 'solve', '--threads', '64'], `--threads 64: at most ${2 * cores} on this machine (twice its ${cores} cores)`],
    [['run', ...yahtzee, '--bots', 'greedy', '--games', '1e12'], '--games 1000000000000: at most 1000000000 (1e9) games; split a larger run into several with --seed'],
    [['sprt', ...yahtzee, '--base', 'greedy', '--test', 'random', '--max-games', '2e9'], '--max-games 2000000000: at most 1000000000 (1e9) games; split a larger run into several with --seed'],
    [['sprt', ...yahtzee, '--base', 'greedy', '--test', 'random', '--elo1', '1e9'], '--elo1 1000000000: expected an Elo difference from -1000 to 1000'],
    [['sprt', ...yahtzee, '--base', 'greedy', '--test', 'random', '--elo0', '-1001', '--elo1', '5'], '--elo0 -1001: expected an Elo difference from -1000 to 1000'],
  ])('%j', async (args, message) => {
    const { error, stdout } = await parlor(...args);
    expect(error).toBe(message);
    expect(stdout).toBe('');
  });
});

describe("the parser's own mistakes in the house style", () => {
  test.each([
    [['run', ...yahtzee, '--bots', 'greedy', '--bots', 'random'], '--bots was given twice: give it once (only --set and --allow-origin repeat)'],
    [['run', ...yahtzee, '--bots', 'greedy', '--games', '10', '--games=20'], '--games was given twice: give it once (only --set and --allow-origin repeat)'],
    [['run', ...yahtzee, '--bots', 'greedy', '--seed', 'a', '--seed', 'b'], '--seed was given twice: give it once (only --set and --allow-origin repeat)'],
    [['bots'], `parlor bots needs --game: expected --game <id> (the games: ${GAMES.map((g) => g.id).join(', ')})`],
    [['run', ...yahtzee, '--bots', 'greedy', '--seating', 'foo'], '--seating foo: expected one of duplicate, rotations, random'],
    [['replay'], 'parlor replay needs <record>: expected parlor replay <record> (parlor replay --help)'],
    [['run', ...yahtzee, '--bots', 'greedy', '--shard', '-1/2'], '--shard -1/2: expected k/N with 1 <= k <= N, e.g. --shard 2/8'],
    [['yahtzee', 'advise', '--dice', '3', '3', '5', '5', '6'], '--dice takes one value, not "3 3 5 5 6": join a list with commas (--dice 3,3,5,5,6)'],
    [['yahtzee', 'advise', '--nope'], 'unknown argument nope: parlor yahtzee advise --help lists the flags and commands'],
  ])('%j', async (args, message) => {
    const { error, stdout } = await parlor(...args);
    expect(error).toBe(message);
    expect(stdout).toBe('');
  });

  test('flags meant to repeat still do', async () => {
    const { error } = await parlor('run', '--game', 'yahtzee', '--set', 'series=1', '--set', 'series=1', '--bots', 'greedy', '--games', '2', '--shard', '9/8');
    expect(error).not.toMatch(/given twice/);
  });
});

describe('a run folder is not overwritten unasked', () => {
  const run = (out: string, ...more: string[]) => ['run', ...yahtzee, '--bots', 'greedy', '--games', '4', '--workers', '1', '--quiet', '--out', out, ...more];

  test('a finished run is refused without --force, kept as it was, and replaced with it', async () => {
    const out = join(tempDir('parlor-force-'), 'r');
    expect((await parlor(...run(out))).error).toBeNull();
    const before = readFileSync(join(out, 'summary.json'), 'utf8');
    const again = await parlor(...run(out));
    expect(again.error).toBe(`${out} holds a run already: --resume finishes it, --force replaces it, or choose another --out`);
    expect(readFileSync(join(out, 'summary.json'), 'utf8')).toBe(before);
    expect((await parlor(...run(out, '--force'))).error).toBeNull();
  });

  test('--resume in a folder with no run says so and starts it', () => {
    const out = join(tempDir('parlor-force-'), 'new');
    const child = parlorProcess(run(out, '--resume'));
    expect(child.status).toBe(0);
    expect(child.stderr).toBe(`no run to resume in ${out}: starting it\n`);
    expect(existsSync(join(out, 'summary.json'))).toBe(true);
  });

  test('a shard with no games says so', async () => {
    const out = join(tempDir('parlor-shard-'), 's');
    const { error, stdout } = await parlor('run', ...yahtzee, '--bots', 'greedy', '--games', '4', '--workers', '1', '--shard', '5/8', '--out', out);
    expect(error).toBeNull();
    expect(stdout).toMatch(/^shard 5\/8: no games in this shard \(4 blocks for 8 shards\), its empty part written to /);
  });
});

describe('- is standard input (or output) wherever a file is read or written', () => {
  const dir = tempDir('parlor-stdio-');
  const record = join(dir, 'game.json');
  const fixture = fileURLToPath(new URL('../../scenarios/yahtzee', import.meta.url));

  test('replay - and scenarios - read standard input; export-bot --out - writes the module to standard output', async () => {
    expect((await parlor('play', ...yahtzee, '--bots', 'greedy', '--seed', 'stdio', '--record', record)).error).toBeNull();
    const replay = parlorProcess(['replay', '-', '--json'], readFileSync(record, 'utf8'));
    expect(replay.status).toBe(0);
    expect(JSON.parse(replay.stdout).ok).toBe(true);
    // A golden .jsonl piped in is a file of several games too: one is chosen with --game-index.
    const golden = readFileSync(fileURLToPath(new URL('../../scenarios/golden/deadwood.2p.jsonl', import.meta.url)), 'utf8');
    const second = parlorProcess(['replay', '-', '--game-index', '1', '--json'], golden);
    expect(JSON.parse(second.stdout)).toMatchObject({ ok: true, verdict: 'same', steps: (JSON.parse(golden.split('\n')[1]!) as { steps: unknown[] }).steps.length });
    const unchosen = parlorProcess(['replay', '-'], golden);
    expect([unchosen.status, unchosen.stderr]).toEqual([2, 'parlor: - holds 2 games (0, 1): choose one with --game-index N\n']);
    const one = join(fixture, readdirSync(fixture).find((f) => f.endsWith('.json'))!);
    const scenarios = parlorProcess(['scenarios', '-', '--json'], readFileSync(one, 'utf8'));
    expect(JSON.parse(scenarios.stdout)).toMatchObject({ passed: 1, failed: 0, results: [{ file: '-', ok: true }] });
    const exported = parlorProcess(['export-bot', ...yahtzee, '--bot', 'greedy', '--out', '-']);
    expect(exported.status).toBe(0);
    expect(exported.stdout).toMatch(/^\/\/ parlor System Player "greedy" for yahtzee/);
    expect(existsSync('-')).toBe(false);
  });

  test('play --load - is refused: standard input belongs to the people at the table', async () => {
    expect((await parlor('play', '--load', '-')).error).toBe('--load -: standard input belongs to the people at the table; give the saved game as a file');
  });
});

describe('a file of another kind is named for what it is, in one short line', () => {
  test('a game record given to scenarios, a fixture to replay, a summary to play --load', async () => {
    const dir = tempDir('parlor-kinds-');
    const record = join(dir, 'game.json');
    expect((await parlor('play', ...yahtzee, '--bots', 'greedy', '--seed', 'kinds', '--record', record)).error).toBeNull();
    const scenarios = (await parlor('scenarios', record)).error!;
    expect(scenarios).toBe(`${record}: not a fixture but a game record: parlor replay ${record} replays it, parlor play --load ${record} resumes an unfinished one`);
    const fixture = 'scenarios/deadwood/44-3.1-upgrade-one-credit.json';
    expect((await parlor('replay', fixture)).error).toBe(`${fixture} is a fixture: parlor scenarios ${fixture} plays it`);
    const summary = join(dir, 'summary.json');
    writeFileSync(summary, JSON.stringify({ schema: 2, game: 'yahtzee', entrants: [], headToHead: [] }));
    const load = (await parlor('play', '--load', summary)).error!;
    expect(load).toMatch(/^.*summary\.json is a run's summary: /);
  });

  test('a malformed file says its first problem and how many more, not every one', async () => {
    const dir = tempDir('parlor-kinds-');
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ schema: 1, steps: Array.from({ length: 300 }, () => ({ nope: true })) }));
    const error = (await parlor('replay', bad)).error!;
    expect(error).toMatch(/^.*bad\.json is not a parlor game record: .+ \(and \d+ more problems\)$/);
    expect(error.length).toBeLessThan(300);
  });
});
