import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/events.js';
import { suggestionDetails } from '../../src/games/clue/notebook.js';

const names = ['Ann', 'Bob', 'Cid', 'Dee'];
const suspects = ['Miss Scarlet', 'Colonel Mustard', 'Mrs. White', 'Mr. Green'];
const suggested = (fields: Record<string, unknown>): GameEvent =>
  ({ type: 'suggested', seat: 1, suspect: 'Miss Scarlet', weapon: 'Rope', room: 'Study', suspectFrom: null, weaponFrom: null, passed: [], refuter: null, ...fields }) as unknown as GameEvent;

describe('what a suggestion did beyond its notebook line', () => {
  it('names who could not disprove it, in the order asked, and "I" for the reader', () => {
    expect(suggestionDetails(suggested({ passed: [2, 3], refuter: 0 }), 0, names, suspects)).toEqual(['Cid and Dee could not disprove it.']);
    expect(suggestionDetails(suggested({ passed: [2, 3, 0] }), 0, names, suspects)).toEqual(['Cid, Dee and I could not disprove it.']);
    expect(suggestionDetails(suggested({ passed: [], refuter: 2 }), 0, names, suspects)).toEqual([]);
  });

  it('says what it carried into the room, the reader’s own pawn as such', () => {
    const moved = suggested({ suspectFrom: 'Hall-Lounge', weaponFrom: 'Kitchen', passed: [2] });
    expect(suggestionDetails(moved, 0, names, suspects)).toEqual([
      'My pawn (Miss Scarlet) was moved from the Hall-Lounge hallway to the Study.',
      'The Rope was moved from the Kitchen to the Study.',
      'Cid could not disprove it.',
    ]);
    expect(suggestionDetails(moved, 3, names, suspects)[0]).toBe('Miss Scarlet was moved from the Hall-Lounge hallway to the Study.');
  });

  it('covers a Cluedo accusation that moves the accused into the room, and nothing else', () => {
    const accused = { type: 'accused', seat: 1, suspect: 'Mr. Green', weapon: 'Rope', room: 'Hall', correct: false, suspectFrom: "Mr. Green's home", weaponFrom: null } as unknown as GameEvent;
    expect(suggestionDetails(accused, null, names, suspects)).toEqual(["Mr. Green was moved from Mr. Green's home to the Hall."]);
    expect(suggestionDetails({ type: 'passed', seat: 1, reason: 'pass' } as unknown as GameEvent, 0, names, suspects)).toEqual([]);
  });
});
