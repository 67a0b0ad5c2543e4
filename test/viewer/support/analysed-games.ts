import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameAnalysis } from '../../../src/analysis/analysis.js';
import { analyzeRecord } from '../../../src/analysis/analyze-record.js';
import { InputError } from '../../../src/core/errors.js';
import type { GameRecord } from '../../../src/core/record.js';
import type { ViewerData } from '../../../src/viewer/viewer-data.js';
import { GOLDEN_CASES } from '../../harness/golden-cases.js';

export const GOLDEN = join(import.meta.dirname, '../../../scenarios/golden');

/** A registered game's first golden record, and its analysis, or the one line refusing it. */
export interface AnalysedGame {
  readonly game: string;
  /** The golden file, in scenarios/golden; the record is its game 0. */
  readonly file: string;
  readonly record: GameRecord;
  readonly analysis: GameAnalysis | null;
  readonly refusal: string | null;
}

function analysed(game: string, file: string): AnalysedGame {
  const record = JSON.parse(readFileSync(join(GOLDEN, file), 'utf8').split('\n')[0]!) as GameRecord;
  try {
    return { game, file, record, analysis: analyzeRecord(record, 0), refusal: null };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return { game, file, record, analysis: null, refusal: error.message };
  }
}

/**
 * Every registered game with golden playthroughs, by its first: the games with an analyzer get one
 * (a game's analyzer added elsewhere joins the tests that use this with no edit), the others the
 * refusal `parlor view --analyze` must give.
 */
export const ANALYSED_GAMES: readonly AnalysedGame[] = GOLDEN_CASES.filter((c, i) => GOLDEN_CASES.findIndex((d) => d.game === c.game) === i).map((c) => analysed(c.game, c.file));

/** The data a viewer file holds, read back out of its page. */
export function embeddedData(html: string): ViewerData {
  const json = /<script type="application\/json" id="viewer-data">(.*?)<\/script>/s.exec(html);
  if (json === null) throw new Error('no viewer data in the page');
  return JSON.parse(json[1]!) as ViewerData;
}
