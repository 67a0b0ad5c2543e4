import { InputError } from '../../core/errors.js';
import { readUserText } from '../../core/user-files.js';
import { notebookGrid } from '../../notebook/grid.js';
import { solveNotebook } from '../../notebook/solve-notebook.js';
import { CARDS, type ClueVariantId } from '../../games/clue/cards.js';
import { printJson } from '../shared.js';

export interface NotebookArgs {
  input: string;
  json: boolean;
}

export interface CardsArgs {
  variant: string;
  json: boolean;
}

function readInput(path: string): unknown {
  let text: string;
  try {
    text = readUserText(path);
  } catch (error) {
    throw new InputError(`cannot read --input ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputError(`--input ${path} is not JSON: ${(error as Error).message}`);
  }
}

/** `parlor clue notebook`: exit 1 when the observations contradict each other. */
export function notebookAction(args: NotebookArgs): void {
  const input = readInput(args.input);
  const result = solveNotebook(input);
  if (args.json) printJson(result);
  else if (result.consistent) {
    const variant = (input as { variant?: ClueVariantId }).variant ?? 'classic';
    console.log(notebookGrid(result, variant));
  }
  if (!result.consistent) {
    if (!args.json) process.stderr.write(`parlor: ${result.message}\n`);
    process.exitCode = 1;
  }
}

/** `parlor clue cards`. */
export function cardsAction(args: CardsArgs): void {
  const variant = args.variant as ClueVariantId;
  const { suspects, weapons, rooms } = CARDS[variant];
  if (args.json) printJson({ variant, suspects, weapons, rooms });
  else console.log([`Suspects: ${suspects.join(', ')}`, `Weapons: ${weapons.join(', ')}`, `Rooms: ${rooms.join(', ')}`].join('\n'));
}
