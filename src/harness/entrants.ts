import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { findBuiltinBot } from '../../bots/registry.js';
import type { BotFactory } from '../core/bot.js';
import { canonicalParams, paramsLabel, typedValue, withParams, type BotParams } from '../core/bot-params.js';
import { describeIssues, InputError } from '../core/errors.js';
import { readUserText } from '../core/user-files.js';
import { processBotFactory } from '../protocol/process-bot.js';
import { DEFAULT_MAX_FAULT_RATE, processLimitsSchema, type ProcessLimits } from '../protocol/process-limits.js';
import { importUserModule } from './user-module.js';
// Bots seated by name in Node (the command line, a run's workers) read Yahtzee's optimal table from the disk cache.
import '../games/yahtzee/solver/load.js';

/** One name of a `--bots` list: a built-in bot, a module path, a command, or a person. */
export type EntrantSource =
  | { readonly kind: 'builtin'; readonly name: string; readonly params?: BotParams }
  | { readonly kind: 'module'; readonly path: string; readonly params?: BotParams }
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

/**
 * Splits on commas outside double quotes and parentheses:
 * `notebook,cmd:"python3 bot.py --a,b",ismcts(iterations=500,rollout=greedy)`.
 */
function splitList(list: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let depth = 0;
  for (const ch of list) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && ch === '(') depth++;
    if (!quoted && ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && !quoted && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
  }
  if (quoted) throw new InputError(`--bots ${list}: a double quote is not closed`);
  if (depth > 0) throw new InputError(`--bots ${list}: a parenthesis is not closed (expected e.g. ismcts(iterations=500,rollout=greedy))`);
  parts.push(current.trim());
  return parts;
}

function isModulePath(name: string): boolean {
  return name.startsWith('./') || name.startsWith('../') || isAbsolute(name) || /\.(c|m)?[jt]s$/.test(name);
}

/** `name(key=value,...)` as the name and its parameters, values typed as they look. */
function withParamsOf(entry: string): { name: string; params: BotParams } {
  const call = /^([^()]+)\((.*)\)$/s.exec(entry);
  if (call === null) {
    if (/[()]/.test(entry)) throw new InputError(`${entry}: expected name(key=value,...), e.g. ismcts(iterations=500,rollout=greedy)`);
    return { name: entry, params: {} };
  }
  const params: Record<string, string | number | boolean> = {};
  const body = call[2]!.trim();
  for (const pair of body === '' ? [] : body.split(',')) {
    const equals = pair.indexOf('=');
    const key = pair.slice(0, equals).trim();
    const value = pair.slice(equals + 1).trim();
    if (equals < 0 || key === '' || value === '') throw new InputError(`${entry}: "${pair.trim()}" is not key=value (expected e.g. ismcts(iterations=500,rollout=greedy))`);
    if (key in params) throw new InputError(`${entry}: ${key} is given twice`);
    params[key] = typedValue(value);
  }
  return { name: call[1]!.trim(), params };
}

function sourceOf(entry: string, gameId: string | undefined, where = entry, given?: BotParams): EntrantSource {
  if (entry.startsWith('cmd:')) return cmdSource(entry.slice(4).replace(/^"(.*)"$/, '$1'), {}, entry);
  // A bare `human` is a person who gives their name at the table.
  if (entry === 'human' || entry.startsWith('human:')) return { kind: 'human', name: entry.slice(6).trim() };
  const { name, params } = given === undefined ? withParamsOf(entry) : { name: entry, params: given };
  const keyed = sortedParams(params);
  if (isModulePath(name)) return { kind: 'module', path: resolve(name), ...(Object.keys(keyed).length > 0 ? { params: keyed } : {}) };
  // With the game known, the parameters are checked here and written canonically (defaults left out).
  const canonical = gameId === undefined || Object.keys(params).length === 0 ? keyed : canonicalParams(findBuiltinBot(gameId, name), params, where);
  return { kind: 'builtin', name, ...(Object.keys(canonical).length > 0 ? { params: canonical } : {}) };
}

function sortedParams(params: BotParams): BotParams {
  return Object.fromEntries(Object.keys(params).sort().map((k) => [k, params[k]!]));
}

/** The entrant's name in reports before repeats are numbered: `ismcts(rollout=greedy)` for a bot with parameters. */
function labelOf(entry: string, source: EntrantSource): string {
  if (source.kind === 'builtin') return paramsLabel(source.name, source.params ?? {});
  if (source.kind === 'module') return paramsLabel(withParamsOf(entry).name, source.params ?? {});
  return entry;
}

function cmdSource(command: string, limits: unknown, where: string): EntrantSource {
  if (command.trim() === '') throw new InputError(`${where}: the command is empty (expected e.g. cmd:"python3 my_bot.py")`);
  const parsed = processLimitsSchema.safeParse(limits);
  if (!parsed.success) throw new InputError(`${where}: ${describeIssues(parsed.error.issues)}`);
  return { kind: 'cmd', command, limits: parsed.data };
}

/** A bots file entry: a `--bots` name, a bot with parameters, or a command with its own limits; the last two may have a label. */
const botsFileEntry = z.union([
  z.string().min(1),
  z
    .object({
      bot: z.string().min(1),
      params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
      label: z.string().min(1).optional(),
    })
    .strict(),
  z.object({ cmd: z.string().min(1), label: z.string().min(1).optional() }).catchall(z.unknown()),
]);

function isBotsFile(name: string): boolean {
  return name.endsWith('.json') && !name.startsWith('cmd:');
}

/** The entrants a bots file names, as [label, source] pairs (labels not yet made distinct). */
function entrantsOfFile(path: string, gameId: string | undefined): [string, EntrantSource][] {
  let raw: unknown;
  try {
    raw = JSON.parse(readUserText(path));
  } catch (error) {
    throw new InputError(`cannot read the bots file ${path}: ${(error as Error).message}`);
  }
  const parsed = z.array(botsFileEntry).min(1).safeParse(raw);
  if (!parsed.success) {
    throw new InputError(
      `${path}: ${describeIssues(parsed.error.issues)} (expected a list of bot names, {"bot": "...", "params"?: {...}, "label"?} and {"cmd": "...", "label"?, limits...} objects)`,
    );
  }
  return parsed.data.map((entry, i) => {
    const name = typeof entry === 'string' ? entry : typeof entry.bot === 'string' ? entry.bot : '';
    if (isBotsFile(name)) throw new InputError(`${path} entry ${i + 1}: ${name} is a bots file, and a bots file cannot name another: list its entrants here`);
    if (typeof entry === 'string') {
      const source = sourceOf(entry, gameId);
      return [labelOf(entry, source), source];
    }
    if ('cmd' in entry && typeof entry.cmd === 'string') {
      const { cmd, label, ...limits } = entry;
      return [typeof label === 'string' ? label : `cmd:${cmd}`, cmdSource(cmd, limits, `${path} entry ${i + 1}`)];
    }
    const { bot, params, label } = entry as { bot: string; params?: BotParams; label?: string };
    if (/[()]/.test(bot)) throw new InputError(`${path} entry ${i + 1}: "bot" is a name; give its parameters as "params": {...}`);
    const source = sourceOf(bot, gameId, `${path} entry ${i + 1}`, params ?? {});
    return [label ?? labelOf(bot, source), source];
  });
}

/** Control characters, and the Unicode line breaks and direction overrides that reorder a terminal's text. */
const UNPRINTABLE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/**
 * Parses a `--bots` list into entrants with distinct labels (`random`, `random#2`, ...). A name
 * ending in `.json` is a bots file whose entrants take its place in the list. `name(key=value,...)`
 * gives a bot parameters; with `gameId`, a built-in's are checked now and its label is canonical
 * (keys sorted, defaults left out), so that runs of one configuration match whatever was typed.
 */
export function parseEntrants(list: string, gameId?: string): EntrantSpec[] {
  const names = splitList(list);
  if (names.some((n) => n === '')) throw new InputError(`--bots ${list}: an empty name in the list (expected e.g. greedy,random)`);
  const named = names.flatMap((name): [string, EntrantSource][] => {
    if (isBotsFile(name)) return entrantsOfFile(name, gameId);
    const source = sourceOf(name, gameId);
    return [[labelOf(name, source), source]];
  });
  for (const [label] of named) {
    // A label goes to the console and into report.md's tables as it is: a newline or an escape sequence would break them.
    if (UNPRINTABLE.test(label)) throw new InputError(`the label ${JSON.stringify(label)} holds a control character (a newline, a tab, an escape...): expected printable text`);
  }
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
    case 'builtin': {
      const factory = findBuiltinBot(gameId, source.name, ', or a module path like ./my-bot.js');
      return withParams(factory, canonicalParams(factory, source.params ?? {}, paramsLabel(source.name, source.params ?? {})));
    }
    case 'module': {
      let loaded: Record<string, unknown>;
      try {
        loaded = await importUserModule(source.path);
      } catch (error) {
        throw new InputError(`cannot load the bot module ${source.path}: ${(error as Error).message}`);
      }
      const bot = loaded['default'] ?? loaded['bot'];
      if (!isBotFactory(bot)) {
        throw new InputError(`${source.path} must export a bot as default (an object with name, description and create(ctx))`);
      }
      return withParams(bot, canonicalParams(bot, source.params ?? {}, paramsLabel(source.path, source.params ?? {})));
    }
    case 'cmd':
      return processBotFactory(source.command, source.limits);
    case 'human':
      throw new InputError(
        `${source.name === '' ? 'human' : `human:${source.name}`} is a person at the terminal: people play with parlor play (e.g. parlor play --game ${gameId} --bots human:Ann,...); tournaments take System Players only`,
      );
  }
}

/**
 * The System Player a record's seat label names (`greedy`, `random#2`, `ismcts(iterations=500)`,
 * `./my-bot.js`), to play a recorded game on; or why there is none here: a person's seat, a
 * program (`cmd:`, not started to play one game on), or a label that names no bot.
 */
export async function botOfLabel(gameId: string, label: string): Promise<BotFactory | string> {
  // A repeated entrant is numbered in reports (`random#2`); the bot is the first one's.
  const name = label.replace(/#\d+$/, '');
  if (isBotsFile(name)) return `is not a bot's name`;
  try {
    const [entrant, ...more] = parseEntrants(name, gameId);
    if (entrant === undefined || more.length > 0) return `is not one bot's name`;
    if (entrant.source.kind === 'human') return "is a person's seat";
    if (entrant.source.kind === 'cmd') return 'is a program, which replay does not start';
    return await loadBotFactory(gameId, entrant.source);
  } catch (error) {
    if (error instanceof InputError) return `names no bot here (${error.message})`;
    throw error;
  }
}
