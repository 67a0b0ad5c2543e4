import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { InputError } from '../../src/core/errors.js';
import { seedKey } from '../../src/core/rng.js';
import { findGame, GAMES, playerRange, resolveVariant } from '../../src/games/registry.js';
import { parseEntrants } from '../../src/harness/entrants.js';
import { playGame } from '../../src/referee/match.js';
import { processBotFactory } from '../../src/protocol/process-bot.js';
import { processLimitsSchema } from '../../src/protocol/process-limits.js';
import { checkBot, type CheckReport } from '../../src/protocol-check/check.js';
import { scriptsFor } from '../../src/protocol-check/scripts.js';
import { parseBotLine, parseHarnessLine, PROTOCOL_VERSION } from '../../src/protocol/messages.js';
import { BotServer } from '../../src/protocol/serve.js';
import { builtinBots, findBuiltinBot } from '../../bots/registry.js';
import { parlor, parlorProcess } from '../support/cli.js';
import { hiddenCups } from '../support/hidden-cups.js';
import { misbehaving, PYTHON_BOT } from './support.js';

afterEach(() => {
  process.exitCode = undefined;
});

/** The games a bot's ready names, asked directly with a hello of the first game. */
function readyGames(command: string): string[] {
  const game = GAMES[0]!;
  const hello = { type: 'hello', protocol: PROTOCOL_VERSION, game: game.id, variant: resolveVariant(game, undefined), config: game.configSchema.parse({}), seat: 0, seats: 2, seed: 's', index: 0, time: { moveMs: 1000, bankMs: 0, handshakeMs: 1000 } };
  const [program, ...args] = command.split(' ');
  const answer = spawnSync(program!, args, { input: `${JSON.stringify(hello)}\n{"type":"bye"}\n`, encoding: 'utf8' });
  const ready = JSON.parse(answer.stdout.split('\n')[0]!) as { games: (string | { game: string })[] };
  return ready.games.map((c) => (typeof c === 'string' ? c : c.game));
}

describe('parlor protocol check', () => {
  test('passes the Python example bot on every game it claims, refutation choices included', async () => {
    const { stdout } = await parlor('protocol', 'check', '--json', '--', ...PYTHON_BOT.split(' '));
    const report = JSON.parse(stdout) as CheckReport;
    expect(report.failures).toEqual([]);
    const claimed = readyGames(PYTHON_BOT);
    expect([...report.claims].sort()).toEqual(GAMES.map((g) => g.id).filter((id) => claimed.includes(id)).sort());
    const scripted = report.claims.flatMap((id) => scriptsFor(findGame(id)).scripts.map((s) => `${id}/${s.variant}`));
    expect(new Set(report.games.map((g) => `${g.game}/${g.variant}`))).toEqual(new Set(scripted));
    const waiting = report.claims.filter((id) => scriptsFor(findGame(id)).choice !== undefined);
    expect(waiting.length).toBeGreaterThan(0);
    for (const id of waiting) expect(report.games.some((g) => g.game === id && g.refutationChoices > 0), id).toBe(true);
    expect(process.exitCode).toBeUndefined();
  });

  test('reports what a bot got wrong, one line per fault, and exits 1', async () => {
    const { stdout } = await parlor('protocol', 'check', '--game', 'yahtzee', '--', ...misbehaving('illegal').split(' '));
    expect(stdout).toContain('claims: yahtzee');
    expect(stdout).toMatch(/failed: yahtzee, seat 0 of 1, game 0: illegal: chose \{"type":"score","category":"chance","score":999\}, which is not one of the \d+ legal actions/);
    expect(process.exitCode).toBe(1);
  });

  test('a bot that answers hello with garbage claims nothing and fails', async () => {
    const { stdout } = await parlor('protocol', 'check', '--json', '--game', 'clue', '--', 'sh', '-c', 'echo hello there');
    const report = JSON.parse(stdout);
    expect(report.claims).toEqual([]);
    expect(report.failures).toEqual(['clue: answered hello with not JSON: hello there']);
    expect(process.exitCode).toBe(1);
  });

  test('no command is one clear line', async () => {
    await expect(parlor('protocol', 'check')).rejects.toThrow(/name the bot command after --/);
  });
});

describe('the scripts of the check', () => {
  test.each(GAMES.map((g) => [g.id, g] as const))('%s: every script is a table the game can seat, with options it takes', (_, game) => {
    const { scripts } = scriptsFor(game);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(resolveVariant(game, script.variant)).toBe(script.variant);
      const [min, max] = playerRange(game, script.variant);
      expect(script.players).toBeGreaterThanOrEqual(min);
      expect(script.players).toBeLessThanOrEqual(max);
      expect(script.seat).toBeLessThan(script.players);
      expect(() => game.configSchema.parse(script.config)).not.toThrow();
    }
  });

  test('a game without scripts of its own gets each variant at its fewest players, the bot first and last, default options', () => {
    const cups = { ...hiddenCups, id: 'cups', players: [2, 4] as const, variants: [] };
    expect(scriptsFor(cups)).toEqual({ game: 'cups', scripts: [{ variant: '', config: {}, players: 2, seat: 0 }, { variant: '', config: {}, players: 2, seat: 1 }] });
    const variants = { ...cups, id: 'cups-in-variants', variants: [{ id: 'pair', title: 'Pair', players: [2, 2] as const }, { id: 'trio', title: 'Trio', players: [3, 4] as const }] };
    expect(scriptsFor(variants).scripts).toEqual([
      { variant: 'pair', config: {}, players: 2, seat: 0 },
      { variant: 'pair', config: {}, players: 2, seat: 1 },
      { variant: 'trio', config: {}, players: 3, seat: 0 },
      { variant: 'trio', config: {}, players: 3, seat: 2 },
    ]);
    const solitaire = { ...cups, id: 'one-cup', players: [1, 1] as const };
    expect(scriptsFor(solitaire).scripts).toEqual([{ variant: '', config: {}, players: 1, seat: 0 }]);
  });
});

describe('messages', () => {
  const yahtzee = findGame('yahtzee').actionSchema;

  test('a bot line is checked with the game’s own action schema', () => {
    expect(parseBotLine('{"type":"action","id":3,"action":{"score":25,"type":"score","category":"fullHouse"}}', yahtzee)).toEqual({
      type: 'action',
      id: 3,
      action: { type: 'score', category: 'fullHouse', score: 25 },
    });
    expect(parseBotLine('{"type":"ready","games":["yahtzee"]}', yahtzee)).toEqual({ type: 'ready', games: ['yahtzee'] });
    expect(parseBotLine('{"type":"action","id":3,"action":{"type":"fly"}}', yahtzee)).toMatch(/^action \{"type":"fly"\} is not an action of this game/);
    expect(parseBotLine('{"type":"action","id":"3","action":{"type":"rollOrder"}}', yahtzee)).toMatch(/^not a protocol message/);
    expect(parseBotLine('{"type":"hello"}', yahtzee)).toMatch(/^not a protocol message/);
    expect(parseBotLine('[1,2', yahtzee)).toBe('not JSON: [1,2');
    expect(parseBotLine('x'.repeat(500), yahtzee)).toMatch(/^not JSON: x{200}\.\.\. \(500 characters\)$/);
  });

  test('harness lines are validated too: a hello needs the protocol version', () => {
    expect(parseHarnessLine('{"type":"bye"}')).toEqual({ type: 'bye' });
    expect(parseHarnessLine('{"type":"hello","protocol":1,"game":"clue"}')).toMatch(/^not a protocol message: protocol/);
  });
});

describe('parlor bot', () => {
  const hello = (game: string, variant = '') =>
    JSON.stringify({ type: 'hello', protocol: PROTOCOL_VERSION, game, variant, config: findGame(game).configSchema.parse({}), seat: 0, seats: 2, seed: 's', index: 0, time: { moveMs: 1, bankMs: 1, handshakeMs: 1 } });

  test('answers a hello for its game with ready, and a hello for another game with ready naming its own', () => {
    const server = new BotServer({ game: findGame('clue'), variant: 'clueless', factory: findBuiltinBot('clue', 'notebook') });
    expect(JSON.parse(server.receive(hello('clue', 'clueless')).replies[0]!)).toMatchObject({ type: 'ready', name: 'notebook', games: [{ game: 'clue', variants: ['clueless'] }] });
    expect(JSON.parse(server.receive(hello('yahtzee')).replies[0]!)).toEqual({ type: 'ready', name: 'notebook', games: [{ game: 'clue', variants: ['clueless'] }] });
    expect(() => server.receive('{"type":"act","id":1,"view":{},"legal":[{"type":"pass"}],"deadlineMs":5}')).toThrow(/act 1 before a hello for clue/);
    expect(() => server.receive('nonsense')).toThrow('not JSON: nonsense');
    expect(() => server.receive(hello('clue', 'clueless').replace('"maxTurns":1000', '"maxTurns":0'))).toThrow(/^hello's config for clue: maxTurns: /);
    expect(server.receive('{"type":"bye"}').done).toBe(true);
  });

  test('a broken line is one line on stderr and exit 2', () => {
    const bad = parlorProcess('bot', '--game', 'yahtzee', '--bot', 'nosuch');
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toMatch(/^parlor: unknown bot "nosuch" for yahtzee/);
  });
});

describe('cmd: entrants and bots files', () => {
  const file = (content: string) => {
    const path = join(mkdtempSync(join(tmpdir(), 'parlor-bots-')), 'bots.json');
    writeFileSync(path, content);
    return path;
  };

  test('a bots file mixes names and commands with their limits; labels stay distinct', () => {
    const entrants = parseEntrants(`greedy,${file('["greedy", {"cmd": "python3 bot.py", "label": "py", "moveMs": 50, "onFault": "random"}]')},cmd:"python3 bot.py"`);
    expect(entrants.map((e) => e.label)).toEqual(['greedy', 'greedy#2', 'py', 'cmd:"python3 bot.py"']);
    expect(entrants[2]!.source).toMatchObject({ kind: 'cmd', command: 'python3 bot.py', limits: { moveMs: 50, onFault: 'random', bankMs: 10_000 } });
    expect(entrants[3]!.source).toMatchObject({ kind: 'cmd', command: 'python3 bot.py', limits: { moveMs: 1000, onFault: 'forfeit' } });
  });

  test('mistakes are one clear line', () => {
    expect(() => parseEntrants('cmd:""')).toThrow(InputError);
    expect(() => parseEntrants('cmd:""')).toThrow(/the command is empty/);
    expect(() => parseEntrants(file('[{"cmd": "x", "moveMs": -1}]'))).toThrow(/entry 1: moveMs: Too small/);
    expect(() => parseEntrants(file('[{"cmd": "x", "onFault": "retry"}]'))).toThrow(/onFault/);
    expect(() => parseEntrants(file('[{"cmd": "x", "deadline": 5}]'))).toThrow(/deadline/);
    expect(() => parseEntrants(file('{"bots": []}'))).toThrow(/expected a list of bot names/);
    expect(() => parseEntrants('/nonexistent/bots.json')).toThrow(/cannot read the bots file/);
  });
});

describe('a bot that claims one variant', () => {
  const bot = `${process.execPath} --import tsx ${fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url))} bot --game clue --variant clueless --bot notebook`;

  test('protocol check plays only that variant, and passes', () => {
    const report = checkBot(bot, processLimitsSchema.parse({}));
    expect(report.failures).toEqual([]);
    expect(report.claims).toEqual(['clue']);
    expect(new Set(report.games.map((g) => g.variant))).toEqual(new Set(['clueless']));
  });

  test('entered in another variant, it is a malformed fault in one line', () => {
    const factory = processBotFactory(bot, { ...processLimitsSchema.parse({}), onFault: 'forfeit' });
    const game = findGame('clue');
    const seats = ['Ann', 'Bob', 'Cid'].map((name, seat) => (seat === 0 ? { name, label: 'cmd', bot: factory } : { name, label: 'random', bot: builtinBots('clue')[0]! }));
    const result = playGame({ game, variant: 'classic', config: game.configSchema.parse({}), seed: 's', key: seedKey('s'), index: 0, seats });
    factory.close();
    expect(result.faults).toEqual([expect.objectContaining({ seat: 0, kind: 'malformed', detail: 'entered in clue (classic), which its ready does not claim (it plays clue (clueless))' })]);
  });
});
