import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { builtinBots } from '../../bots/registry.js';
import type { BotFactory } from '../core/bot.js';
import { InputError } from '../core/errors.js';

/** One name of a `--bots` list: a built-in bot, a module path, a command, or a person. */
export type EntrantSource =
  | { readonly kind: 'builtin'; readonly name: string }
  | { readonly kind: 'module'; readonly path: string }
  | { readonly kind: 'cmd'; readonly command: string }
  | { readonly kind: 'human'; readonly name: string };

export interface EntrantSpec {
  /** The entrant's name in reports: the name as given, `#2`, `#3`... for repeats. */
  readonly label: string;
  readonly source: EntrantSource;
}

/** Splits on commas outside double quotes: `notebook,cmd:"python3 bot.py --a,b",random`. */
function splitList(list: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of list) {
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) {
      parts.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
  }
  if (quoted) throw new InputError(`--bots ${list}: a double quote is not closed`);
  parts.push(current.trim());
  return parts;
}

function isModulePath(name: string): boolean {
  return name.startsWith('./') || name.startsWith('../') || isAbsolute(name) || /\.(c|m)?js$/.test(name);
}

function sourceOf(name: string): EntrantSource {
  if (name.startsWith('cmd:')) return { kind: 'cmd', command: name.slice(4).replace(/^"(.*)"$/, '$1') };
  // A bare `human` is a person who gives their name at the table.
  if (name === 'human' || name.startsWith('human:')) return { kind: 'human', name: name.slice(6).trim() };
  if (isModulePath(name)) return { kind: 'module', path: resolve(name) };
  return { kind: 'builtin', name };
}

/** Parses a `--bots` list into entrants with distinct labels (`random`, `random#2`, ...). */
export function parseEntrants(list: string): EntrantSpec[] {
  const names = splitList(list);
  if (names.some((n) => n === '')) throw new InputError(`--bots ${list}: an empty name in the list (expected e.g. greedy,random)`);
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return { label: count === 1 ? name : `${name}#${count}`, source: sourceOf(name) };
  });
}

function isBotFactory(value: unknown): value is BotFactory {
  return typeof value === 'object' && value !== null && typeof (value as BotFactory).create === 'function';
}

/** The factory behind a built-in or module entrant. Commands are served elsewhere; people sit at `parlor play` (src/human). */
export async function loadBotFactory(gameId: string, source: EntrantSource): Promise<BotFactory> {
  switch (source.kind) {
    case 'builtin': {
      const bots = builtinBots(gameId);
      const bot = bots.find((b) => b.name === source.name);
      if (bot === undefined) {
        throw new InputError(`unknown bot "${source.name}" for ${gameId}: expected one of ${bots.map((b) => b.name).join(', ')}, or a module path like ./my-bot.js`);
      }
      return bot;
    }
    case 'module': {
      let loaded: Record<string, unknown>;
      try {
        loaded = (await import(pathToFileURL(source.path).href)) as Record<string, unknown>;
      } catch (error) {
        throw new InputError(`cannot load the bot module ${source.path}: ${(error as Error).message}`);
      }
      const bot = loaded['default'] ?? loaded['bot'];
      if (!isBotFactory(bot)) {
        throw new InputError(`${source.path} must export a bot as default (an object with name, description and create(ctx))`);
      }
      return bot;
    }
    case 'cmd':
      throw new InputError(`cmd: entrants (external processes) are not supported yet: use a built-in bot or a module path`);
    case 'human':
      throw new InputError(
        `${source.name === '' ? 'human' : `human:${source.name}`} is a person at the terminal: people play with parlor play (e.g. parlor play --game ${gameId} --bots human:Ann,...); tournaments take System Players only`,
      );
  }
}
