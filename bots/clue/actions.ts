import type { ClueAction } from '../../src/games/clue/actions.js';

export interface Triple {
  readonly suspect: string;
  readonly weapon: string;
  readonly room: string;
}

export function isAccusationOf(action: ClueAction, t: Triple): boolean {
  return action.type === 'accuse' && action.suspect === t.suspect && action.weapon === t.weapon && action.room === t.room;
}
