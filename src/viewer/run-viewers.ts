import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
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
}

/**
 * A viewer file (the narrator's) for each game the run's report lists, at most LISTED_GAMES, those
 * with a fault first: `<dir>/viewers/game-<gameIndex>.html`.
 */
export function writeRunViewers(dir: string, assets: ViewerAssets): RunViewers {
  const recorded = recordedGames(dir);
  const folder = join(dir, VIEWERS_DIR);
  if (recorded === null) return { dir: folder, written: 0, recorded: 0 };
  const wanted = new Set(recorded.listed.map((game) => game.gameIndex));
  mkdirSync(folder, { recursive: true });
  let written = 0;
  let at = 0;
  // Line by line, as the report read it: a run that recorded every game may hold gigabytes.
  for (const line of lines(recorded.file)) {
    at++;
    const raw = JSON.parse(line) as { gameIndex: number };
    if (!wanted.has(raw.gameIndex)) continue;
    replaceFile(join(folder, viewerFile(raw.gameIndex)), viewerHtml(viewerData(parseRecord(raw, `${recorded.file} line ${at}`), null), assets));
    written++;
  }
  return { dir: folder, written, recorded: recorded.total };
}
