import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import { replaceFile } from '../core/user-files.js';
import { lines, recordedGames, VIEWERS_DIR, viewerFile } from '../report/recorded-games.js';
import { parseRecord } from '../referee/replay.js';
import { viewerData } from './frames.js';
import { viewerHtml, type ViewerAssets } from './viewer-html.js';

/** What `parlor run --viewers` wrote. */
export interface RunViewers {
  readonly dir: string;
  readonly written: number;
  /** Games recorded in the run; more than `written` when the list was capped. */
  readonly recorded: number;
  /** The listed games that have no viewer file, and why (a record that does not replay). */
  readonly unwritten: readonly { readonly gameIndex: number; readonly reason: string }[];
}

/**
 * A viewer file (the narrator's) for each game of `game` the run's report lists, at most
 * LISTED_GAMES, those with a fault first: `<dir>/viewers/game-<gameIndex>.html`. A game that
 * cannot be drawn is skipped and said: the run's results are already on disk and still to be printed.
 */
export function writeRunViewers(dir: string, assets: ViewerAssets, game: GameDefinition): RunViewers {
  const recorded = recordedGames(dir);
  const folder = join(dir, VIEWERS_DIR);
  if (recorded === null) return { dir: folder, written: 0, recorded: 0, unwritten: [] };
  const wanted = new Set(recorded.listed.map((listed) => listed.gameIndex));
  mkdirSync(folder, { recursive: true });
  let written = 0;
  const unwritten: { gameIndex: number; reason: string }[] = [];
  let at = 0;
  // Line by line, as the report read it: a run that recorded every game may hold gigabytes.
  for (const line of lines(recorded.file)) {
    at++;
    const raw = JSON.parse(line) as { gameIndex: number };
    if (!wanted.has(raw.gameIndex)) continue;
    let html: string;
    try {
      html = viewerHtml(viewerData(parseRecord(raw, `${recorded.file} line ${at}`), null, game), assets);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      unwritten.push({ gameIndex: raw.gameIndex, reason: error.message });
      continue;
    }
    replaceFile(join(folder, viewerFile(raw.gameIndex)), html);
    written++;
  }
  return { dir: folder, written, recorded: recorded.total, unwritten };
}
