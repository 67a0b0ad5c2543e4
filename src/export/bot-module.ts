import { fileURLToPath } from 'node:url';
import type { BotFactory } from '../core/bot.js';
import type { BotParams } from '../core/bot-params.js';
import { InputError } from '../core/errors.js';
import { gameLabel, type GameDefinition } from '../core/game.js';
import { playerRange } from '../games/registry.js';
import { loadBotFactory, parseEntrants } from '../harness/entrants.js';
import { importUserModule } from '../harness/user-module.js';
import { bundleForBrowser } from './bundle.js';
import { findBot } from './create-bot.js';
import { locateFactory, MODULE_EXTENSION } from './locate-factory.js';

/** What the module tells about the System Player it holds: its `bot` export. */
export interface ExportedBotInfo {
  readonly game: string;
  readonly variant: string;
  readonly name: string;
  readonly description: string;
  /** The game's options, as the bot's context gets them. */
  readonly config: unknown;
  /** The player counts the game allows in this variant. */
  readonly players: readonly [min: number, max: number];
  /** The parameters the bot was exported with (`--bot 'notebook(shortlist=4)'`); absent: its defaults. */
  readonly params?: BotParams;
}

export interface BotModule {
  readonly info: ExportedBotInfo;
  /** The ES module's source text. */
  readonly code: string;
  /** The source files bundled into it. */
  readonly inputs: readonly string[];
  /** The bot as `--bot` named it: `notebook`, `notebook(shortlist=4)`, `./my-bot.js`. */
  readonly label: string;
}

const SEEDED_BOT = fileURLToPath(new URL(`./seeded-bot${MODULE_EXTENSION}`, import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function banner(info: ExportedBotInfo): string {
  return [
    `// parlor System Player "${info.name}" for ${gameLabel(info.game, info.variant)}: ${info.description}.`,
    '// One self-contained ES module for browsers (written by parlor export-bot). Its API:',
    '//   export const bot: { game, variant, name, description, config, players: [min, max] }',
    '//   export function createBot({ seat, seats, seed, index? } | { seat, seats, rng }): { act(view, legal), observe?(event) }',
    '//   export function ready(): Promise: resolves once the bot can decide at once (Yahtzee\'s optimal builds its table, in a worker where it can)',
    '// act returns one of the legal actions; observe takes every event the seat may see (parlor\'s seenEvent).',
    '// With the same seed and game index the bot plays exactly as in parlor play/run --seed <seed>.',
  ].join('\n');
}

/** The bot `--bot` names, the lines of the written module's entry that make its factory, and its parameters. */
interface ExportedEntrant {
  readonly factory: BotFactory;
  /** Imports that bind `factory` (and `prepare`, the module's `ready`, when it has one). */
  readonly imports: readonly string[];
  readonly ready: boolean;
  readonly params: BotParams;
  readonly label: string;
}

const REGISTRY = fileURLToPath(new URL(`../../bots/registry${MODULE_EXTENSION}`, import.meta.url));

/** The entry's imports of `exportName` (as `factory`) and, when there is one, `ready` (as `prepare`) from `file`. */
function importsOf(file: string, exportName: string, ready: boolean): string[] {
  return [`import { ${exportName === 'default' ? 'default' : exportName} as factory${ready ? ', ready as prepare' : ''} } from ${JSON.stringify(file)};`];
}

/** `--bot`: a built-in bot or a bot module, with parameters or without; one line saying what is wrong otherwise. */
async function exportedEntrant(game: GameDefinition, entrant: string): Promise<ExportedEntrant> {
  const [named, ...more] = parseEntrants(entrant, game.id);
  const source = named?.source;
  if (source === undefined || more.length > 0 || source.kind === 'cmd' || source.kind === 'human') {
    throw new InputError(`--bot ${entrant}: expected one built-in bot (e.g. notebook or 'notebook(shortlist=4)') or a bot module (e.g. ./my-bot.js)`);
  }
  const params = source.params ?? {};
  const label = named!.label;
  if (source.kind === 'module') {
    const factory = await loadBotFactory(game.id, source);
    // As loadBotFactory takes it: the default export, else one named `bot`.
    const exported = await importUserModule(source.path);
    const ready = typeof exported['ready'] === 'function';
    return { factory, imports: importsOf(source.path, exported['default'] !== undefined ? 'default' : 'bot', ready), ready, params, label };
  }
  const factory = findBot(game, source.name);
  const home = await locateFactory(factory);
  if (home !== null) return { factory, imports: importsOf(home.file, home.exportName, home.ready), ready: home.ready, params, label };
  // A bot the registry makes for each game (the search player) comes with the registry, every game's engine and bots.
  const imports = [`import { findBuiltinBot } from ${JSON.stringify(REGISTRY)};`, `const factory = findBuiltinBot(${JSON.stringify(game.id)}, ${JSON.stringify(factory.name)});`];
  return { factory, imports, ready: false, params, label };
}

/**
 * Bundles a System Player into one ES module that runs in a browser, for a game whose variant and
 * options are already checked: one of parlor's (`notebook`, `notebook(shortlist=4)`) or a user's
 * module whose imports are browser-safe. A bot's module may export `ready(moduleUrl)`, which the
 * written module's `ready()` calls with its own URL. An unknown bot, or one whose imports reach
 * Node built-ins, is an InputError.
 */
export async function exportBot(game: GameDefinition, variant: string, config: unknown, entrant: string): Promise<BotModule> {
  const { factory, imports, ready, params, label } = await exportedEntrant(game, entrant);
  const info: ExportedBotInfo = {
    game: game.id,
    variant,
    name: factory.name,
    description: factory.description,
    config,
    players: playerRange(game, variant),
    ...(Object.keys(params).length > 0 ? { params } : {}),
  };
  const entry = [
    `import { startBot } from ${JSON.stringify(SEEDED_BOT)};`,
    ...imports,
    `export const bot = Object.freeze(${JSON.stringify(info)});`,
    'export function createBot(seating) { return startBot(factory, bot, seating); }',
    `export function ready() { return Promise.resolve(${ready ? 'prepare(import.meta.url)' : ''}); }`,
  ].join('\n');
  const bundle = await bundleForBrowser(entry, ROOT, `${game.id}'s ${label} bot`, { banner: banner(info) });
  return { info, code: bundle.code, inputs: bundle.inputs, label };
}
