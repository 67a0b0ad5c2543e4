/**
 * parlor in a web page (`import ... from 'parlor/browser'`): the game contract, the games, the
 * table API for front ends, every System Player and the Clue deduction library, with no Node
 * built-in anywhere in its import graph (test/package/installed.test.ts bundles it for browsers).
 * The Node entry (index.ts) exports the same. A front end runs a game with `createTable`, or drives
 * a GameDefinition itself (`findGame`) and seats parlor's bots with `createBot`.
 */
export * from './core/bot.js';
export * from './core/errors.js';
export * from './core/events.js';
export * from './core/game.js';
export * from './core/outcome.js';
export * from './core/record.js';
export * from './core/rng.js';
export * from './core/seat.js';
export { resolveOptions, validateConfig } from './core/options.js';
export { GAMES, findGame, playerRange, resolveVariant } from './games/registry.js';
export { clueGame } from './games/clue/game.js';
export type { ClueAction } from './games/clue/actions.js';
export type { ClueConfig } from './games/clue/config.js';
export type { ClueEvent } from './games/clue/events.js';
export type { ClueRules } from './games/clue/rules.js';
export type { ClueView } from './games/clue/view.js';
export { yahtzee, yahtzeeGame } from './games/yahtzee/game.js';
export type { YahtzeeAction } from './games/yahtzee/actions.js';
export type { YahtzeeConfig } from './games/yahtzee/config.js';
export type { YahtzeeEvent } from './games/yahtzee/events.js';
export type { YahtzeeView } from './games/yahtzee/view.js';
export { deadwood, deadwoodGame } from './games/deadwood/game.js';
export type { DeadwoodAction } from './games/deadwood/actions.js';
export type { DeadwoodConfig } from './games/deadwood/setup.js';
export type { DeadwoodEvent } from './games/deadwood/events.js';
export type { DeadwoodView } from './games/deadwood/view.js';
export { builtinBots } from '../bots/registry.js';
export { paramList, paramsOf, type BotParamInfo, type BotParams } from './core/bot-params.js';
export { createBot, findBot, type CreateBotOptions } from './export/create-bot.js';
export { type BotSeating } from './export/seeded-bot.js';
export { playGame, type MatchResult, type MatchSeat, type MatchSetup } from './referee/match.js';
export { createTable, type BotTurn, type SeatedPlayer, type Table, type TableOptions, type TableSeat } from './table/table.js';
export { prepareTable as prepareYahtzeeTable, type TableReady } from './games/yahtzee/solver/page-table.js';
export * from './deduction/index.js';
export type { NotebookAccusation, NotebookInput, NotebookSuggestion } from './notebook/input.js';
export { notebookGrid } from './notebook/grid.js';
export { solveNotebook, type CardOwnership, type NotebookResult } from './notebook/solve-notebook.js';
