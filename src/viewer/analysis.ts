import type { GameAnalysis } from '../analysis/analysis.js';
import type { ViewerAnalysis, ViewerData } from './viewer-data.js';

/**
 * `data` with its game's analysis, as far as its perspective may see it: a seat sees the scores of
 * its own decisions only, since another seat's best action and loss are worked out from that seat's
 * hidden knowledge (its Clue cards), and the seed stays out as it does of every seat's file.
 */
export function withAnalysis(data: ViewerData, analysis: GameAnalysis): ViewerData {
  const seen: ViewerAnalysis = {
    unit: analysis.unit,
    costly: analysis.costly,
    caveat: analysis.caveat,
    decisions: data.seat === null ? analysis.decisions : analysis.decisions.filter((decision) => decision.seat === data.seat),
  };
  return { ...data, analysis: seen };
}
