/** Clue's analysis: every accusation and suggestion of a record scored from its seat's exact notebook. */
export { analyzeClueRecord } from './analyze.js';
export * from './clue-analysis.js';
export { accusationProbability, likeliestAccusation, scoreSuggestions, type LikelyTriple, type ScoredTriple, type Triple } from './information.js';
export { SeatKnowledge } from './seat-knowledge.js';
export { mergeClueSummaries, summarizeSeat } from './summary.js';
