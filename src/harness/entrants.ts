import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { findBuiltinBot } from '../../bots/registry.js';
import type { BotFactory } from '../core/bot.js';
import { describeIssues, InputError } from '../core/errors.js';
import { processBotFactory } from '../protocol/process-bot.js';
import { DEFAULT_MAX_FAULT_RATE, processLimitsSchema, type ProcessLimits } from '../protocol/process-limits.js';

/** One name of a `--bots` list: a built-in bot, a module path, a command, or a person. */
export type EntrantSource =
  | { readonly kind: 'builtin'; readonly name: string }
  | { readonly kind: 'module'; readonly path: string }
  | { readonly kind: 'cmd'; readonly command: string; readonly limits: ProcessLimits }
  | { readonly kind: 'human'; readonly name: string };

/** Above this share of its games with a fault the entrant is flagged: a process bot's own threshold, or the default. */
export function maxFaultRate(source: EntrantSource): number {
  return source.kind === 'cmd' ? source.limits.maxFaultRate : DEFAULT_MAX_FAULT_RATE;
}

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
  if (name.startsWith('cmd:')) return cmdSource(name.slice(4).replace(/^"(.*)"$/, '$1'), {}, name);
  // A bare `human` is a person who gives their name at the table.
  if (name === 'human' || name.startsWith('human:')) return { kind: 'human', name: name.slice(6).trim() };
  if (isModulePath(name)) return { kind: 'module', path: resolve(name) };
  return { kind: 'builtin', name };
}

function cmdSource(command: string, limits: unknown, where: string): EntrantSource {
  if (command.trim() === '') throw new InputError(`${where}: the command is empty (expected e.g. cmd:"python3 my_bot.py")`);
  const parsed = processLimitsSchema.safeParse(limits);
  if (!parsed.success) throw new InputError(`${where}: ${describeIssues(parsed.error.issues)}`);
  return { kind: 'cmd', command, limits: parsed.data };
}

/** A bots file entry: a `--bots` name, or a command with its own limits and label. */
const botsFileEntry = z.union([
  z.string().min(1),
  z.object({ cmd: z.string().min(1), label: z.string().min(1).optional() }).catchall(z.unknown()),
]);

/** The entrants a bots file names, as [label, source] pairs (labels not yet made distinct). */
function entrantsOfFile(path: string): [string, EntrantSource][] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new InputError(`cannot read the bots file ${path}: ${(error as Error).message}`);
  }
  const parsed = z.array(botsFileEntry).min(1).safeParse(raw);
  if (!parsed.success) {
    throw new InputError(`${path}: ${describeIssues(parsed.error.issues)} (expected a list of bot names and {"cmd": "...", "label"?, limits...} objects)`);
  }
  return parsed.data.map((entry, i) => {
    if (typeof entry === 'string') return [entry, sourceOf(entry)];
    const { cmd, label, ...limits } = entry;
    return [label ?? `cmd:${cmd}`, cmdSource(cmd, limits, `${path} entry ${i + 1}`)];
  });
}

/**
 * Parses a `--bots` list into entrants with distinct labels (`random`, `random#2`, ...). A name
 * ending in `.json` is a bots file whose entrants take its place in the list.
 */
export function parseEntrants(list: string): EntrantSpec[] {
  const names = splitList(list);
  if (names.some((n) => n === '')) throw new InputError(`--bots ${list}: an empty name in the list (expected e.g. greedy,random)`);
  const named = names.flatMap((name): [string, EntrantSource][] => (name.endsWith('.json') && !name.startsWith('cmd:') ? entrantsOfFile(name) : [[name, sourceOf(name)]]));
  const seen = new Map<string, number>();
  return named.map(([name, source]) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return { label: count === 1 ? name : `${name}#${count}`, source };
  });
}

function isBotFactory(value: unknown): value is BotFactory {
  return typeof value === 'object' && value !== null && typeof (value as BotFactory).create === 'function';
}

/** The factory behind an entrant; people sit at `parlor play` (src/human). */
export async function loadBotFactory(gameId: string, source: EntrantSource): Promise<BotFactory> {
  switch (source.kind) {
    case 'builtin':
      return findBuiltinBot(gameId, source.name, ', or a module path like ./my-bot.js');
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
      return processBotFactory(source.command, source.limits);
    case 'human':
      throw new InputError(
        `${source.name === '' ? 'human' : `human:${source.name}`} is a person at the terminal: people play with parlor play (e.g. parlor play --game ${gameId} --bots human:Ann,...); tournaments take System Players only`,
      );
  }
}
