import { fileURLToPath } from 'node:url';
import { isSearchPlayer } from '../../bots/registry.js';
import { InputError } from '../core/errors.js';
import { gameLabel, type GameDefinition } from '../core/game.js';
import { playerRange } from '../games/registry.js';
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
}

export interface BotModule {
  readonly info: ExportedBotInfo;
  /** The ES module's source text. */
  readonly code: string;
  /** The source files bundled into it. */
  readonly inputs: readonly string[];
}

const SEEDED_BOT = fileURLToPath(new URL(`./seeded-bot${MODULE_EXTENSION}`, import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function banner(info: ExportedBotInfo): string {
  return [
    `// parlor System Player "${info.name}" for ${gameLabel(info.game, info.variant)}: ${info.description}.`,
    '// One self-contained ES module for browsers (written by parlor export-bot). Its API:',
    '//   export const bot: { game, variant, name, description, config, players: [min, max] }',
    '//   export function createBot({ seat, seats, seed, index? } | { seat, seats, rng }): { act(view, legal), observe?(event) }',
    '// act returns one of the legal actions; observe takes every event the seat may see (parlor\'s seenEvent).',
    '// With the same seed and game index the bot plays exactly as in parlor play/run --seed <seed>.',
  ].join('\n');
}

/**
 * Bundles one of parlor's System Players into one ES module that runs in a browser, for a game
 * whose variant and options are already checked. An unknown bot, or one whose imports reach Node
 * built-ins, is an InputError.
 */
export async function exportBot(game: GameDefinition, variant: string, config: unknown, botName: string): Promise<BotModule> {
  const factory = findBot(game, botName);
  if (isSearchPlayer(factory)) {
    throw new InputError(
      `${game.id}'s ${factory.name} bot is not exported: it carries the whole game engine to simulate and takes tens of milliseconds a decision, too long for a page's main thread; seat it with createBot or parlor bot instead`,
    );
  }
  const info: ExportedBotInfo = { game: game.id, variant, name: factory.name, description: factory.description, config, players: playerRange(game, variant) };
  const home = await locateFactory(factory);
  const entry = [
    `import { startBot } from ${JSON.stringify(SEEDED_BOT)};`,
    `import { ${home.exportName} as factory } from ${JSON.stringify(home.file)};`,
    `export const bot = Object.freeze(${JSON.stringify(info)});`,
    'export function createBot(seating) { return startBot(factory, bot, seating); }',
  ].join('\n');
  const bundle = await bundleForBrowser(entry, ROOT, `${game.id}'s ${factory.name} bot`, { banner: banner(info) });
  return { info, code: bundle.code, inputs: bundle.inputs };
}
