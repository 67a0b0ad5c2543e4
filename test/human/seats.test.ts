import { describe, expect, it } from 'vitest';
import { builtinBots } from '../../bots/registry.js';
import { randomBot } from '../../bots/generic/random.js';
import { findGame, GAMES } from '../../src/games/registry.js';
import { NAME_INVALID } from '../../src/games/yahtzee/messages.js';
import { parseEntrants } from '../../src/harness/entrants.js';
import { nthRecordFile } from '../../src/human/records.js';
import { entrantOfLabel, nameProblem, seatTable, takeoverBot } from '../../src/human/seats.js';
import { nthSeed } from '../../src/human/sitting.js';
import { ScriptedTerminal } from './support/scripted.js';

describe('seating people and System Players', () => {
  it('takes over with the asked System Player, else the strongest built-in (each registry lists its bots weakest first)', async () => {
    for (const game of GAMES) expect((await takeoverBot(game.id, undefined)).bot, game.id).toBe(builtinBots(game.id).at(-1));
    expect(await takeoverBot('no-such-game', undefined)).toEqual({ label: 'random', bot: randomBot });
    expect((await takeoverBot('yahtzee', 'random')).label).toBe('random');
  });

  it('names people as the game checks names, and the System Players with names no person took', async () => {
    const terminal = new ScriptedTerminal(['Bob']);
    const sitters = await seatTable(terminal, findGame('yahtzee'), parseEntrants('greedy,human:Ann,human:ann,random'));
    expect(terminal.text()).toContain(NAME_INVALID);
    expect(sitters.map((s) => [s.name, s.label])).toEqual([
      ['Cid', 'greedy'],
      ['Ann', 'human:Ann'],
      ['Bob', 'human:Bob'],
      ['Dee', 'random'],
    ]);
    expect(nameProblem(findGame('deadwood'), ' ', [])).toBe('Please enter a name.');
    expect(nameProblem(findGame('deadwood'), 'ann', ['Ann'])).toBe('The name "ann" is already taken. Please select another name.');
  });

  it('reads a record seat label back as its entrant, and numbers the games of a sitting', () => {
    expect(entrantOfLabel('human:Ann').source).toEqual({ kind: 'human', name: 'Ann' });
    expect(entrantOfLabel('human:Ann then greedy').source).toEqual({ kind: 'builtin', name: 'greedy' });
    expect(entrantOfLabel('random#2').source).toEqual({ kind: 'builtin', name: 'random' });
    expect(parseEntrants('human,human').map((e) => [e.label, e.source])).toEqual([
      ['human', { kind: 'human', name: '' }],
      ['human#2', { kind: 'human', name: '' }],
    ]);
    expect([1, 2, 3].map((n) => nthRecordFile('results/play/a.json', n))).toEqual(['results/play/a.json', 'results/play/a-2.json', 'results/play/a-3.json']);
    expect([1, 2].map((n) => nthSeed('7', n))).toEqual(['7', '7-2']);
  });
});
