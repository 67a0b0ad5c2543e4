// A TypeScript program using parlor as a dependency would, type-checked under strict and nodenext
// in a fresh project with the packed package installed (installed.test.ts), through the package's
// name and its exports map: both entries, with declarations that are not any.
import { createBot, createTable, findGame, solveNotebook, type Bot, type BotTurn, type ClueAction, type ClueView, type Table, type YahtzeeView } from 'parlor';
import { createTable as createPageTable, prepareYahtzeeTable, type TableReady } from 'parlor/browser';

const notebook: Bot<ClueView, ClueAction> = createBot({ game: 'clue', variant: 'clueless', bot: 'notebook', seat: 0, seats: 4, seed: 's' });
const yahtzee = findGame('yahtzee');
export const seen: [typeof notebook.act, string, YahtzeeView | null, typeof solveNotebook] = [notebook.act, yahtzee.id, null, solveNotebook];

const table: Table<ClueView, ClueAction> = createTable<ClueView, ClueAction>({ game: 'clue', seed: 's', seats: [{ name: 'Ann' }, { name: 'Bob', bot: 'notebook' }, { name: 'Cid', bot: 'random' }] });
export const turn: Promise<BotTurn> = table.botTurn();
export const page: Table = createPageTable({ game: 'yahtzee', seed: 's', seats: [{ name: 'Ann', bot: 'optimal' }] });
export const ready: Promise<TableReady> = prepareYahtzeeTable();

// @ts-expect-error a seat is required
createBot({ game: 'clue', bot: 'notebook', seats: 4, seed: 's' });
// @ts-expect-error the seed is a string
createBot({ game: 'clue', bot: 'notebook', seat: 0, seats: 4, seed: 7 });
// @ts-expect-error a legal list is read-only
table.legal(0).push(table.legal(0)[0]!);
