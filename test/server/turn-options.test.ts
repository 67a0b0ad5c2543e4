import { describe, expect, it } from 'vitest';
import type { ClueAction } from '../../src/games/clue/actions.js';
import { yourTurn } from '../../src/server/turn-options.js';

const accuse: ClueAction = { type: 'accuse', suspect: 'Mr. Green', weapon: 'Rope', room: 'Hall' };
const label = (action: ClueAction): string => action.type;

describe('the prompt of a turn', () => {
  it('asks a player with somewhere to go to move, and one whose every way out is blocked (G.15.3) only to accuse or end the turn', () => {
    const open = yourTurn('g1', 'start', [{ type: 'move', to: 'Hall-Lounge' }, accuse], label);
    expect(open.prompt).toBe('Move, or make an accusation');
    const blocked = yourTurn('g1', 'start', [{ type: 'pass' }, accuse], label);
    expect(blocked.moves).toEqual([]);
    expect(blocked.pass).toBe(true);
    expect(blocked.prompt).toBe('You cannot move: make an accusation, or end your turn (you forfeit it)');
  });
});
