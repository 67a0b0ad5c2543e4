import type { AnalysisSummary } from '../analysis/analysis.js';
import { ANALYSIS_DIR, ANALYSIS_FILES } from '../analysis/files.js';
import { RECORDS_FILE } from '../harness/run-files.js';
import type { Summary } from './summary.js';

/** What a report says above the analysis table: which games it covers, and where the rest is. */
export function analysisIntro(summary: Summary, analysis: AnalysisSummary): string {
  const which = analysis.games === summary.games ? `every one of the run's ${summary.games} games` : `the ${analysis.games} of the run's ${summary.games} games that ${RECORDS_FILE} holds`;
  return `Every decision of ${which}, each seat judged by what it knew when it chose (parlor analyze); the whole analysis is in the run folder's ${ANALYSIS_DIR}/ (${ANALYSIS_FILES.markdown}, ${ANALYSIS_FILES.summary}, and each game's decisions in ${ANALYSIS_FILES.games}).`;
}
