import { InputError } from '../core/errors.js';
import type { GameRecord } from '../core/record.js';
import type { GameAnalysis } from './analysis.js';
import { analyzeRecord } from './analyze-record.js';

/** A batch of records for a worker to analyse, each with its game's number. */
export type AnalysisTask = readonly { readonly record: GameRecord; readonly gameIndex: number }[];

/** A game's analysis, or the user's mistake it met (a record that does not replay), as its message: an error's class does not cross threads. */
export type AnalysisResult = GameAnalysis | { readonly problem: string };

/** The piscina task: a batch of records analysed, in order; it stops at the first problem. */
export default function analyzeBatch(task: AnalysisTask): AnalysisResult[] {
  const results: AnalysisResult[] = [];
  for (const { record, gameIndex } of task) {
    try {
      results.push(analyzeRecord(record, gameIndex));
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      results.push({ problem: error.message });
      break;
    }
  }
  return results;
}
