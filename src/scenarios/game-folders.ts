import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import { collectFixtureFiles } from './run-fixtures.js';

/** The fixtures of one game: every .json file under its folder, sorted. */
export interface GameFixtures {
  readonly game: string;
  readonly files: readonly string[];
}

/**
 * The fixtures under `root` (the package's scenarios/) by the folder named for their game,
 * `<root>/<game id>/`, at any depth below it, in the order of `gameIds`. A folder that holds no
 * fixture (scenarios/golden/ holds .jsonl records) belongs to no game; a folder of fixtures that
 * names no game of `gameIds`, or a fixture outside any game's folder, is one line.
 */
export function fixturesByGame(root: string, gameIds: readonly string[]): GameFixtures[] {
  const found = new Map<string, string[]>();
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (!entry.isDirectory()) {
      if (entry.name.endsWith('.json')) throw new InputError(`${path}: a fixture outside a game's folder: expected it under ${join(root, '<game>')}/, the folder named for its game`);
      continue;
    }
    const files = collectFixtureFiles([path]);
    if (files.length === 0) continue;
    if (!gameIds.includes(entry.name)) throw new InputError(`${path}: a folder of fixtures that names no registered game: expected a folder named for its game (${gameIds.join(', ')})`);
    found.set(entry.name, files);
  }
  return gameIds.flatMap((game) => (found.has(game) ? [{ game, files: found.get(game)! }] : []));
}
