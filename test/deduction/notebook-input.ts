import type { NotebookInput, NotebookSuggestion } from '../../src/notebook/input.js';
import type { ClueVariantId } from '../../src/games/clue/cards.js';
import type { ClueEvent } from '../../src/games/clue/events.js';

/** What a person at the table would write down from a seat's notebook. */
export function inputFromNotebook(variant: ClueVariantId, names: readonly string[], seat: number, notebook: readonly ClueEvent[]): NotebookInput {
  const suggestions: NotebookSuggestion[] = [];
  const accusations: { by: string; suspect: string; weapon: string; room: string; correct: boolean }[] = [];
  let myCards: readonly string[] = [];
  for (const e of notebook) {
    if (e.type === 'dealt') myCards = e.cards;
    else if (e.type === 'suggested') {
      suggestions.push({ by: names[e.seat]!, suspect: e.suspect, weapon: e.weapon, room: e.room, passed: e.passed.map((p) => names[p]!), refutedBy: e.refuter === null ? null : names[e.refuter]! });
    } else if (e.type === 'refuted' && e.card !== undefined) suggestions[suggestions.length - 1] = { ...suggestions[suggestions.length - 1]!, shown: e.card };
    else if (e.type === 'accused') accusations.push({ by: names[e.seat]!, suspect: e.suspect, weapon: e.weapon, room: e.room, correct: e.correct });
  }
  return { variant, players: names, me: names[seat]!, myCards, suggestions, accusations };
}
