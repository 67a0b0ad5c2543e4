import type { ClueAccusationScore, ClueSeatSummary, ClueSuggestionScore } from './clue-analysis.js';

/** One seat's aggregates in one game; `turnsLost` null: never certain. */
export function summarizeSeat(accusations: readonly ClueAccusationScore[], suggestions: readonly ClueSuggestionScore[], turnsLost: number | null): ClueSeatSummary {
  const uncertain = accusations.filter((a) => !a.certain);
  return {
    certainties: turnsLost === null ? 0 : 1,
    turnsLost: turnsLost ?? 0,
    accusations: accusations.length,
    wrong: accusations.filter((a) => !a.correct).length,
    uncertain: uncertain.length,
    wrongUncertain: uncertain.filter((a) => !a.correct).length,
    expectedWrong: accusations.reduce((sum, a) => sum + (1 - a.probability), 0),
    suggestions: suggestions.length,
    meanInformation: mean(suggestions.map((s) => s.information)),
    meanShortfall: mean(suggestions.map((s) => s.shortfall)),
  };
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

/** An entrant's aggregates over its seats' summaries (of any games): counts add, means weigh by suggestions. */
export function mergeClueSummaries(summaries: readonly ClueSeatSummary[]): ClueSeatSummary {
  const sum = (read: (s: ClueSeatSummary) => number): number => summaries.reduce((total, s) => total + read(s), 0);
  const suggestions = sum((s) => s.suggestions);
  const weighed = (read: (s: ClueSeatSummary) => number | null): number | null => (suggestions === 0 ? null : sum((s) => s.suggestions * (read(s) ?? 0)) / suggestions);
  return {
    certainties: sum((s) => s.certainties),
    turnsLost: sum((s) => s.turnsLost),
    accusations: sum((s) => s.accusations),
    wrong: sum((s) => s.wrong),
    uncertain: sum((s) => s.uncertain),
    wrongUncertain: sum((s) => s.wrongUncertain),
    expectedWrong: sum((s) => s.expectedWrong),
    suggestions,
    meanInformation: weighed((s) => s.meanInformation),
    meanShortfall: weighed((s) => s.meanShortfall),
  };
}
