import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtinBots, findBuiltinBot } from '../bots/registry.js';
import { paramList } from '../src/core/bot-params.js';
import { createBot } from '../src/export/create-bot.js';
import { CATEGORIES } from '../src/games/yahtzee/scoring.js';
import { loadBotFactory, parseEntrants } from '../src/harness/entrants.js';
import { parlor } from './support/cli.js';

const file = (content: string): string => {
  const path = join(mkdtempSync(join(tmpdir(), 'parlor-params-')), 'bots.json');
  writeFileSync(path, content);
  return path;
};

describe('bots with parameters: name(key=value,...)', () => {
  test('commas inside the parentheses do not split the list; the label is canonical', () => {
    const entrants = parseEntrants('notebook(shortlist=4,accuseFloor=0.5),random,notebook(accuseFloor=0.5,shortlist=4),notebook(accuseFirst=0.95)', 'clue');
    expect(entrants.map((e) => e.label)).toEqual(['notebook(accuseFloor=0.5,shortlist=4)', 'random', 'notebook(accuseFloor=0.5,shortlist=4)#2', 'notebook']);
    expect(entrants[0]!.source).toEqual({ kind: 'builtin', name: 'notebook', params: { accuseFloor: 0.5, shortlist: 4 } });
    // A default given explicitly is the bot without parameters: the same entrant, the same spec.
    expect(entrants[3]!.source).toEqual({ kind: 'builtin', name: 'notebook' });
  });

  test('a bad or unknown parameter is one line listing the bot\'s parameters', () => {
    expect(() => parseEntrants('notebook(shortlst=4)', 'clue')).toThrow(
      'notebook(shortlst=4): unknown parameter shortlst; notebook takes accuseFirst (number, default 0.95), accuseStep (number, default 0.03), accuseFloor (number, default 0.6), shortlist (integer, default 3)',
    );
    expect(() => parseEntrants('greedy(parWeight=heavy)', 'yahtzee')).toThrow(/^greedy\(parWeight=heavy\): parWeight: .*expected number.*; greedy takes parWeight \(number, default 0\.75\)$/);
    expect(() => parseEntrants('random(speed=2)', 'yahtzee')).toThrow('random(speed=2): random takes no parameters');
    expect(() => parseEntrants('notebook(shortlist)', 'clue')).toThrow('notebook(shortlist): "shortlist" is not key=value');
    expect(() => parseEntrants('notebook(shortlist=2,shortlist=3)', 'clue')).toThrow('shortlist is given twice');
    expect(() => parseEntrants('notebook(shortlist=2,random', 'clue')).toThrow('a parenthesis is not closed');
  });

  test('without the game the parameters are checked when the bot loads', async () => {
    const [entrant] = parseEntrants('greedy(parWeight=2.5)');
    expect(entrant!.label).toBe('greedy(parWeight=2.5)');
    await expect(loadBotFactory('yahtzee', entrant!.source)).rejects.toThrow(/parWeight: Too big/);
  });

  test('a bots file takes {"bot", "params", "label"?}', () => {
    const path = file('[{"bot": "notebook", "params": {"shortlist": 4}}, {"bot": "notebook", "params": {"accuseFloor": 0.5}, "label": "brave"}, "random"]');
    expect(parseEntrants(path, 'clue').map((e) => [e.label, e.source])).toEqual([
      ['notebook(shortlist=4)', { kind: 'builtin', name: 'notebook', params: { shortlist: 4 } }],
      ['brave', { kind: 'builtin', name: 'notebook', params: { accuseFloor: 0.5 } }],
      ['random', { kind: 'builtin', name: 'random' }],
    ]);
    expect(() => parseEntrants(file('[{"bot": "notebook", "params": {"shortlist": 0}}]'), 'clue')).toThrow(/entry 1: shortlist: Too small/);
    expect(() => parseEntrants(file('[{"bot": "notebook(shortlist=2)"}]'), 'clue')).toThrow(/give its parameters as "params"/);
  });

  test('the parameters reach the bot: a different knob plays differently, the default plays as the bare name', () => {
    const play = (params?: Record<string, number>) => {
      const bot = createBot({ game: 'yahtzee', bot: 'greedy', seat: 0, seats: 1, seed: 's', ...(params !== undefined ? { params } : {}) });
      const view = { game: 1, round: 1, rolls: 3, dice: [1, 1, 2, 6, 6], sheet: new Array(13).fill(null), upper: 0 };
      return bot.act(view, CATEGORIES.map((category) => ({ type: 'score', category })));
    };
    expect(play({ parWeight: 0.75 })).toEqual(play());
    // Points alone take the sixes; weighed against par, the ones cost least.
    expect(play({ parWeight: 0 })).toEqual({ type: 'score', category: 'sixes' });
    expect(play({ parWeight: 2 })).toEqual({ type: 'score', category: 'ones' });
    expect(() => play({ parWeight: -1 })).toThrow(/params of greedy\(parWeight=-1\): parWeight: Too small/);
  });

  test('parlor bots --json lists every bot\'s parameters', async () => {
    const { stdout } = await parlor('bots', '--game', 'clue', '--json');
    const listed = JSON.parse(stdout) as { bots: { name: string; params: unknown[] }[] };
    expect(listed.bots.find((b) => b.name === 'notebook')!.params).toContainEqual({
      name: 'shortlist',
      type: 'integer',
      default: 3,
      description: 'how many of the most uncertain suspects and weapons a suggestion is chosen among',
      // The schema's z.number().int().min(1).max(6): the bounds parlor tune reads.
      minimum: 1,
      maximum: 6,
    });
    expect(listed.bots.find((b) => b.name === 'random')!.params).toEqual([]);
    for (const bot of builtinBots('clue')) expect(listed.bots.find((b) => b.name === bot.name)!.params).toEqual(paramList(findBuiltinBot('clue', bot.name)));
  });
});
