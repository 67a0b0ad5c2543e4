// A TypeScript program using parlor as a dependency would: type-checked by library.test.ts against
// the built declarations (dist/src/index.d.ts), through the package's name and exports map.
import { createBot, findGame, solveNotebook, type Bot, type ClueAction, type ClueView, type YahtzeeView } from 'parlor';

const notebook: Bot<ClueView, ClueAction> = createBot({ game: 'clue', variant: 'clueless', bot: 'notebook', seat: 0, seats: 4, seed: 's' });
const yahtzee = findGame('yahtzee');
export const seen: [typeof notebook.act, string, YahtzeeView | null, typeof solveNotebook] = [notebook.act, yahtzee.id, null, solveNotebook];

// @ts-expect-error a seat is required
createBot({ game: 'clue', bot: 'notebook', seats: 4, seed: 's' });
// @ts-expect-error the seed is a string
createBot({ game: 'clue', bot: 'notebook', seat: 0, seats: 4, seed: 7 });
