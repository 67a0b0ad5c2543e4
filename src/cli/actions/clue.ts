import type { CommandModule } from 'yargs';
import { InputError } from '../../core/errors.js';
import { readUserText } from '../../core/user-files.js';
import { notebookGrid } from '../../notebook/grid.js';
import { solveNotebook } from '../../notebook/solve-notebook.js';
import { CARDS, VARIANT_IDS, type ClueVariantId } from '../../games/clue/cards.js';
import { printJson, withJson } from '../shared.js';

interface NotebookArgs {
  input: string;
  json: boolean;
}

interface CardsArgs {
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

const notebookCommand: CommandModule<object, NotebookArgs> = {
  command: 'notebook',
  describe: 'the exact notebook of a real game: who may hold each card, and how likely, from your observations',
  builder: (yargs) =>
    withJson(yargs).option('input', {
      type: 'string',
      demandOption: true,
      describe: 'the observation log (JSON; see the README), or - for standard input',
    }) as never,
  handler: (args) => {
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
  },
};

const cardsCommand: CommandModule<object, CardsArgs> = {
  command: 'cards',
  describe: "a variant's cards in their canonical spelling (the names the notebook input takes)",
  builder: (yargs) =>
    withJson(yargs).option('variant', { type: 'string', default: 'classic', choices: VARIANT_IDS, describe: 'the Clue variant' }) as never,
  handler: (args) => {
    const variant = args.variant as ClueVariantId;
    const { suspects, weapons, rooms } = CARDS[variant];
    if (args.json) printJson({ variant, suspects, weapons, rooms });
    else console.log([`Suspects: ${suspects.join(', ')}`, `Weapons: ${weapons.join(', ')}`, `Rooms: ${rooms.join(', ')}`].join('\n'));
  },
};

export const clueCommand: CommandModule = {
  command: 'clue',
  describe: 'Clue tools for people and front ends: the exact notebook, the card lists',
  builder: (yargs) => yargs.command(notebookCommand).command(cardsCommand).demandCommand(1, 'name a clue command: notebook or cards'),
  handler: () => {},
};
