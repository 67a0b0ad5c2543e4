import { describe, expect, it } from 'vitest';
import { findBuiltinBot } from '../../bots/registry.js';
import type { BotContext } from '../../src/core/bot.js';
import { findGame } from '../../src/games/registry.js';
import { TerminalGame } from '../../src/human/terminal-game.js';
import { slowly } from '../support/slow-bot.js';

const game = findGame('yahtzee');
const config = game.configSchema.parse({ series: 1 });
const greedy = findBuiltinBot('yahtzee', 'greedy');

describe('a game at the terminal, over the referee', () => {
  it("hands its System Players the seed and game index of the game's streams, as a tournament does", () => {
    const contexts: BotContext[] = [];
    new TerminalGame({ game, variant: '', config, seed: '7', sitters: [{ name: 'Ann', label: 'human:Ann', bot: null }, { name: 'Bob', label: 'noting', bot: slowly(greedy, 0, contexts) }] });
    expect(contexts.map(({ seed, index, seat, seats }) => ({ seed, index, seat, seats }))).toEqual([{ seed: '7', index: 0, seat: 1, seats: 2 }]);
  });

  it('holds System Players to the move time: a slow decision is a timeout fault that forfeits the seat, recorded as in a tournament', () => {
    const table = new TerminalGame({ game, variant: '', config, seed: '7', moveTimeMs: 5, sitters: [{ name: 'Bob', label: 'slow', bot: slowly(greedy, 20) }, { name: 'Cy', label: 'greedy', bot: greedy }] });
    const { fault } = table.playBot(0);
    expect(fault).toMatch(/^timeout: took \d+\.\d ms, limit 5 ms$/);
    expect(table.record().steps).toEqual([{ seat: 0, forfeit: 'timeout', detail: fault!.slice('timeout: '.length) }]);
    // Without a move time the same bot plays on.
    const patient = new TerminalGame({ game, variant: '', config, seed: '7', sitters: [{ name: 'Bob', label: 'slow', bot: slowly(greedy, 20) }, { name: 'Cy', label: 'greedy', bot: greedy }] });
    expect(patient.playBot(0).fault).toBeUndefined();
  });

  it('refuses to play past its step limit, the safety net a tournament records as an engine error', () => {
    const table = new TerminalGame({ game, variant: '', config, seed: '7', maxSteps: 3, sitters: [{ name: 'Bob', label: 'greedy', bot: greedy }] });
    for (let i = 0; i < 3; i++) table.playBot(0);
    expect(() => table.playBot(0)).toThrow('the game did not end within 3 steps');
    expect(table.steps).toHaveLength(3);
  });
});
