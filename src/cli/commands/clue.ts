import type { CommandModule } from 'yargs';
import { VARIANT_IDS } from '../../games/clue/cards.js';
import { withJson } from '../shared.js';
import type { CardsArgs, NotebookArgs } from '../actions/clue.js';

const notebookCommand: CommandModule<object, NotebookArgs> = {
  command: 'notebook',
  describe: 'the exact notebook of a real game: who may hold each card, and how likely, from your observations',
  builder: (yargs) =>
    withJson(yargs).option('input', {
      type: 'string',
      demandOption: true,
      describe: 'the observation log (JSON; see the README), or - for standard input',
    }) as never,
  handler: async (args) => (await import('../actions/clue.js')).notebookAction(args),
};

const cardsCommand: CommandModule<object, CardsArgs> = {
  command: 'cards',
  describe: "a variant's cards in their canonical spelling (the names the notebook input takes)",
  builder: (yargs) =>
    withJson(yargs).option('variant', { type: 'string', default: 'classic', choices: VARIANT_IDS, describe: 'the Clue variant' }) as never,
  handler: async (args) => (await import('../actions/clue.js')).cardsAction(args),
};

export const clueCommand: CommandModule = {
  command: 'clue',
  describe: 'Clue tools for people and front ends: the exact notebook, the card lists',
  builder: (yargs) => yargs.command(notebookCommand).command(cardsCommand).demandCommand(1, 'name a clue command: notebook or cards'),
  handler: () => {},
};
