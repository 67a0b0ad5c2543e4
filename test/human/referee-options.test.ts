import { describe, expect, it } from 'vitest';
import { findBuiltinBot } from '../../bots/registry.js';
import type { BotContext } from '../../src/core/bot.js';
import { findGame } from '../../src/games/registry.js';
import { TerminalGame } from '../../src/human/terminal-game.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gameRecordSchema } from '../../src/core/record.js';
import { seedKey } from '../../src/core/rng.js';
import { playGame } from '../../src/referee/match.js';
import { tempDir } from '../harness/support/run.js';
import { slowly } from '../support/slow-bot.js';
import { yahtzeePlayer } from './support/people.js';
import { ScriptedTerminal } from './support/scripted.js';
import { newSession } from './support/table.js';

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
    const table = new TerminalGame({ game, variant: '', config, seed: '7', moveTimeMs: 50, sitters: [{ name: 'Bob', label: 'slow', bot: slowly(greedy, 150) }, { name: 'Cy', label: 'greedy', bot: greedy }] });
    const { fault } = table.playBot(0);
    expect(fault).toMatch(/^timeout: took \d+\.\d ms, limit 50 ms$/);
    expect(table.record().steps).toEqual([{ seat: 0, forfeit: 'timeout', detail: fault!.slice('timeout: '.length) }]);
    // Without a move time the same bot plays on.
    const patient = new TerminalGame({ game, variant: '', config, seed: '7', sitters: [{ name: 'Bob', label: 'slow', bot: slowly(greedy, 150) }, { name: 'Cy', label: 'greedy', bot: greedy }] });
    expect(patient.playBot(0).fault).toBeUndefined();
  });

  it('stops a game that needs a step past its step limit on an engine error, recorded as a tournament records it', () => {
    const table = new TerminalGame({ game, variant: '', config, seed: '7', maxSteps: 3, sitters: [{ name: 'Bob', label: 'greedy', bot: greedy }] });
    for (let i = 0; i < 3; i++) table.playBot(0);
    expect(table.toAct()).toBe(0);
    expect(table.playBot(0)).toEqual({ events: [] });
    expect(table.toAct()).toBeNull();
    expect(table.engineError).toBe('Error: the game did not end within 3 steps');
    const record = table.record();
    expect(record.steps).toHaveLength(3);
    expect(record.outcome).toBeNull();
    expect(record.engineError).toBe('Error: the game did not end within 3 steps');
    // The same game in a tournament's loop stops at the same step with the same record.
    const played = playGame({ game, variant: '', config, seed: '7', key: seedKey('7'), index: 0, maxSteps: 3, seats: [{ name: 'Bob', label: 'greedy', bot: greedy }] });
    expect(played.record()).toEqual(record);
  });

  it("parlor play: a person's game past its step limit ends on the engine error, saved, and says so", async () => {
    const file = join(tempDir('parlor-human-'), 'limit.json');
    const table = new TerminalGame({ game, variant: '', config, seed: '7', maxSteps: 5, sitters: [{ name: 'Ann', label: 'human:Ann', bot: null }, { name: 'Bob', label: 'greedy', bot: greedy }] });
    const terminal = new ScriptedTerminal(yahtzeePlayer());
    const end = await newSession(terminal, table, file).run();
    expect(end.kind).toBe('stopped');
    expect(terminal.text()).toContain(`The game stopped on an engine error (Error: the game did not end within 5 steps). Its record is saved to ${file} for a bug report.`);
    expect(terminal.text()).not.toContain('the game is over');
    const record = gameRecordSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(record.steps).toHaveLength(5);
    expect(record.outcome).toBeNull();
    expect(record.engineError).toBe('Error: the game did not end within 5 steps');
  });
});
