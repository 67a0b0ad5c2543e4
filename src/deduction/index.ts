/**
 * The reasoning of Clue-like games, for front ends and scripts: the exact notebook of a Clue
 * observation log (`solveNotebook`), and underneath, the board-agnostic library (a layout of
 * numbered cards and players, facts, exact counts).
 */
export type { Fact } from './facts.js';
export { Knowledge, type Status } from './knowledge.js';
export type { Layout } from './layout.js';
export { accusationFacts, handFacts, suggestionFacts, type Accusation, type Suggestion } from './observations.js';
export type { NotebookAccusation, NotebookInput, NotebookSuggestion } from './notebook/input.js';
export { notebookGrid } from './notebook/grid.js';
export { solveNotebook, type CardOwnership, type NotebookResult } from './notebook/solve-notebook.js';
