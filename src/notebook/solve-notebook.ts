import { CARDS } from '../games/clue/cards.js';
import { Knowledge, type Status } from '../deduction/knowledge.js';
import { resolveNotebook, type NotebookInput, type ResolvedNotebook } from './input.js';

export interface CardOwnership {
  readonly status: Status;
  /** The share of the worlds in which this owner holds the card. */
  readonly p: number;
}

/** The answer of `solveNotebook` (the `--json` output of `parlor clue notebook`). */
export type NotebookResult =
  | {
      readonly consistent: true;
      /** The exact number of worlds, as a decimal string. */
      readonly worlds: string;
      /** The players as the input names them, then "caseFile". */
      readonly owners: readonly string[];
      /** Canonical card name -> owner -> status and probability, cards in the variant's order. */
      readonly cards: Readonly<Record<string, Readonly<Record<string, CardOwnership>>>>;
      readonly solution: { readonly suspect: string; readonly weapon: string; readonly room: string } | null;
    }
  | {
      readonly consistent: false;
      readonly worlds: '0';
      readonly owners: readonly string[];
      /** The first observation after which no deal fits them all, as the input names it. */
      readonly observation: string;
      readonly message: string;
    };

export const CASE_FILE = 'caseFile';

/**
 * One player's exact notebook: from an observation log (see NotebookInput), the number of deals
 * consistent with it and, for every card and owner, yes / no / maybe and the probability, every
 * consistent deal being equally likely. Invalid input throws an InputError naming the field.
 */
export function solveNotebook(input: NotebookInput | unknown): NotebookResult {
  const resolved = resolveNotebook(input);
  const knowledge = new Knowledge({ categoryOf: categoriesOf(resolved), handSizes: resolved.handSizes });
  for (const observation of resolved.observations) for (const fact of observation.facts) knowledge.add(fact);
  const owners = [...resolved.players, CASE_FILE];
  if (!knowledge.consistent) {
    const observation = firstContradiction(resolved);
    return {
      consistent: false,
      worlds: '0',
      owners,
      observation,
      message: `${observation} contradicts the observations before it: no deal of the cards fits them all`,
    };
  }
  const { all } = CARDS[resolved.variant];
  const cards: Record<string, Record<string, CardOwnership>> = {};
  all.forEach((name, card) => {
    const row: Record<string, CardOwnership> = {};
    owners.forEach((owner, o) => {
      row[owner] = { status: knowledge.status(card, o), p: knowledge.probability(card, o) };
    });
    cards[name] = row;
  });
  const solution = knowledge.solution();
  return {
    consistent: true,
    worlds: String(knowledge.worlds),
    owners,
    cards,
    solution: solution === null ? null : { suspect: all[solution[0]!]!, weapon: all[solution[1]!]!, room: all[solution[2]!]! },
  };
}

function categoriesOf(resolved: ResolvedNotebook): number[] {
  const { suspects, weapons, rooms } = CARDS[resolved.variant];
  return [...suspects.map(() => 0), ...weapons.map(() => 1), ...rooms.map(() => 2)];
}

/** The label of the first observation after which the log has no world. */
function firstContradiction(resolved: ResolvedNotebook): string {
  const knowledge = new Knowledge({ categoryOf: categoriesOf(resolved), handSizes: resolved.handSizes });
  for (const observation of resolved.observations) {
    for (const fact of observation.facts) knowledge.add(fact);
    if (!knowledge.consistent) return observation.label;
  }
  throw new Error('the observations are inconsistent together but never one after another');
}
