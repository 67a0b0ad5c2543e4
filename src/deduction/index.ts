/**
 * The reasoning of Clue-like games, board-agnostic: a layout of numbered cards and players, facts,
 * exact counts. A game's cards reach it as data (src/notebook gives it Clue's).
 */
export type { Fact } from './facts.js';
export { Knowledge, type Status } from './knowledge.js';
export type { Layout } from './layout.js';
export { accusationFacts, handFacts, suggestionFacts, type Accusation, type Suggestion } from './observations.js';
