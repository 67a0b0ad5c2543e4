import { takeoverBuiltin } from '../../bots/registry.js';
import type { BotFactory } from '../core/bot.js';
import { InputError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import { generatedSeatNames } from '../core/seat.js';
import { loadBotFactory, parseEntrants, type EntrantSpec } from '../harness/entrants.js';
import type { Sitter } from './terminal-game.js';
import type { Terminal } from './terminal.js';

/** Why a name a person typed will not do, in the game's words (Yahtzee UC-01's message), or null. */
export function nameProblem(game: GameDefinition, name: string, taken: readonly string[]): string | null {
  if (game.checkName !== undefined) return game.checkName(name, taken);
  if (name.trim() === '') return 'Please enter a name.';
  if (taken.some((other) => other.toLowerCase() === name.trim().toLowerCase())) return `The name "${name.trim()}" is already taken. Please select another name.`;
  return null;
}

/** Asks until the person gives a name the game accepts; a name given on the command line is tried first. */
export async function askName(terminal: Terminal, game: GameDefinition, player: number, given: string, taken: readonly string[]): Promise<string> {
  let name = given;
  for (;;) {
    if (name !== '') {
      const problem = nameProblem(game, name, taken);
      if (problem === null) return name.trim();
      terminal.print(problem);
    }
    name = await terminal.ask(`Player ${player}, your name:`);
  }
}

/**
 * The seats of a table from `--bots`: people named (their names checked as the game checks names
 * people type), System Players loaded and given generated names none of the people took.
 */
export async function seatTable(terminal: Terminal, game: GameDefinition, entrants: readonly EntrantSpec[]): Promise<Sitter[]> {
  const names: (string | null)[] = entrants.map(() => null);
  for (let i = 0; i < entrants.length; i++) {
    const source = entrants[i]!.source;
    if (source.kind !== 'human') continue;
    names[i] = await askName(terminal, game, i + 1, source.name, names.filter((n): n is string => n !== null));
  }
  const taken = new Set(names.filter((n): n is string => n !== null).map((n) => n.toLowerCase()));
  const free = generatedSeatNames(entrants.length + taken.size).filter((n) => !taken.has(n.toLowerCase()));
  const sitters: Sitter[] = [];
  for (let i = 0; i < entrants.length; i++) {
    const entrant = entrants[i]!;
    const person = names[i];
    if (person !== null && person !== undefined) sitters.push({ name: person, label: `human:${person}`, bot: null });
    else sitters.push({ name: free.shift()!, label: entrant.label, bot: await loadBotFactory(game.id, entrant.source) });
  }
  return sitters;
}

/**
 * The System Player that takes the seat of a person who leaves: the one asked for, or else the
 * one the game's bot package names for it (bots/<game>/index.ts, through bots/registry.ts).
 */
export async function takeoverBot(gameId: string, asked: string | undefined): Promise<{ label: string; bot: BotFactory }> {
  if (asked !== undefined) {
    const [entrant, ...more] = parseEntrants(asked, gameId);
    if (entrant === undefined || more.length > 0 || entrant.source.kind === 'human') {
      throw new InputError(`--takeover ${asked}: expected one System Player, e.g. --takeover greedy`);
    }
    return { label: entrant.label, bot: await loadBotFactory(gameId, entrant.source) };
  }
  const bot = takeoverBuiltin(gameId);
  return { label: bot.name, bot };
}

/** A record's seat label as the entrant to seat again: `random#2` is random, `human:Ann then greedy` is greedy. */
export function entrantOfLabel(label: string): EntrantSpec {
  const last = label.split(' then ').at(-1)!.replace(/#\d+$/, '');
  return parseEntrants(last)[0]!;
}
