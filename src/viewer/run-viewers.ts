import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { GameAnalysis } from '../analysis/analysis.js';
import { InputError } from '../core/errors.js';
import type { GameDefinition } from '../core/game.js';
import { replaceFile } from '../core/user-files.js';
import { lines, recordedGames, VIEWERS_DIR, viewerFile } from '../report/recorded-games.js';
import { parseRecord } from '../referee/replay.js';
import { withAnalysis } from './analysis.js';
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
 * A line's game, read before its decisions: the first `"gameIndex":` of the line is the analysis's
 * own, since a quote inside a string value is escaped.
 */
const GAME_INDEX = /"gameIndex":(\d+)/;

/**
 * The analyses of the `wanted` games among a file of one game's analysis a line, read a line at a
 * time and only the wanted lines parsed: a run that recorded every game may hold gigabytes.
 */
function analysesOf(file: string, wanted: ReadonlySet<number>): Map<number, GameAnalysis> {
  const found = new Map<number, GameAnalysis>();
  for (const line of lines(file)) {
    const gameIndex = Number(GAME_INDEX.exec(line)?.[1]);
    if (wanted.has(gameIndex)) found.set(gameIndex, JSON.parse(line) as GameAnalysis);
  }
  return found;
}

/**
 * A viewer file (the narrator's) for each game of `game` the run's report lists, at most
 * LISTED_GAMES, those with a fault first: `<dir>/viewers/game-<gameIndex>.html`, with its analysis
 * beside each decision when `analyses` names the run's analysis of its games (`parlor analyze`'s
 * games.jsonl: read, not worked out a second time). A game that cannot be drawn is skipped and
 * said: the run's results are already on disk and still to be printed.
 */
export function writeRunViewers(dir: string, assets: ViewerAssets, game: GameDefinition, analyses: string | null = null): RunViewers {
  const recorded = recordedGames(dir);
  const folder = join(dir, VIEWERS_DIR);
  if (recorded === null) return { dir: folder, written: 0, recorded: 0, unwritten: [] };
  const wanted = new Set(recorded.listed.map((listed) => listed.gameIndex));
  const analysed = analyses === null ? null : analysesOf(analyses, wanted);
  mkdirSync(folder, { recursive: true });
  let written = 0;
  const unwritten: { gameIndex: number; reason: string }[] = [];
  let at = 0;
  // Line by line, as the report read it: a run that recorded every game may hold gigabytes.
  for (const line of lines(recorded.file)) {
    at++;
    const raw = JSON.parse(line) as { gameIndex: number };
    if (!wanted.has(raw.gameIndex)) continue;
    const analysis = analysed?.get(raw.gameIndex);
    if (analysed !== null && analysis === undefined) {
      unwritten.push({ gameIndex: raw.gameIndex, reason: `${analyses} holds no analysis of it` });
      continue;
    }
    let html: string;
    try {
      const data = viewerData(parseRecord(raw, `${recorded.file} line ${at}`), null, game);
      html = viewerHtml(analysis === undefined ? data : withAnalysis(data, analysis), assets);
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
