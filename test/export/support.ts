import { builtinBots, findBuiltinBot } from '../../bots/registry.js';
import type { Bot } from '../../src/core/bot.js';
import { playLineup, type Played, type TestGame } from './play-lineup.js';

export type { Played, TestGame };

/** Plays `spec` in the harness, each seat's bot made by `start` (default: the built-in bot itself). */
export function playInHarness(spec: TestGame, start?: (name: string, seat: number, seats: number) => Bot): Played {
  return playLineup(spec, (name) => {
    const builtin = findBuiltinBot(spec.game, name);
    return start === undefined ? builtin : { ...builtin, create: (ctx) => start(name, ctx.seat, ctx.seats) };
  });
}

export const CLUE_GAME: TestGame = { game: 'clue', variant: 'clueless', options: {}, lineup: ['notebook', 'deduction', 'checklist', 'random'], seed: 'export', index: 3 };
export const YAHTZEE_GAME: TestGame = { game: 'yahtzee', variant: '', options: {}, lineup: ['greedy', 'random'], seed: 'export', index: 1 };

/** What an unknown Clue bot's error lists: every built-in Clue bot, weakest first. */
export const CLUE_BOT_NAMES = builtinBots('clue').map((b) => b.name).join(', ');
