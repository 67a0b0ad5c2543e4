import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BotFactory } from '../core/bot.js';

/** A bot factory's home: the module file that exports it, the name it has there, and whether the module exports `ready`. */
export interface FactoryModule {
  readonly file: string;
  readonly exportName: string;
  readonly ready: boolean;
}

/** The extension of the project's modules as they run: compiled, .js; from source (tests, tsx), .ts. */
export const MODULE_EXTENSION = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
const BOTS_DIR = fileURLToPath(new URL('../../bots/', import.meta.url));

function moduleFiles(): string[] {
  return readdirSync(BOTS_DIR, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(MODULE_EXTENSION) && !entry.name.endsWith(`.d${MODULE_EXTENSION}`))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The module under bots/ that exports `factory`, found by identity among the modules' exports, so
 * the registry stays the one list of bots and a bundle takes in that bot's module alone; null for
 * a factory the registry makes (the search player, made for each game).
 */
export async function locateFactory(factory: BotFactory): Promise<FactoryModule | null> {
  for (const file of moduleFiles()) {
    const exported = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exported)) {
      if (value === factory) return { file, exportName, ready: typeof exported['ready'] === 'function' };
    }
  }
  return null;
}
