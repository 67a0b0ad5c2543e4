import { describe, expect, test } from 'vitest';
import { GameStreams, seedKey } from '../../src/core/rng.js';
import { endTurn } from '../../src/games/deadwood/days.js';
import type { DeadwoodEvent } from '../../src/games/deadwood/events.js';
import { deadwoodGame } from '../../src/games/deadwood/game.js';
import type { DeadwoodState } from '../../src/games/deadwood/state.js';

/**
 * The winners of the `gameEnded` event and of the outcome come from one place: a departed seat
 * never wins there, however high its score, whether the game ends on a departure, at the end of
 * the last day, or at the turn cap.
 */
function table(players: number, dollars: readonly number[]): DeadwoodState {
  const config = deadwoodGame.configSchema.parse({});
  const seats = Array.from({ length: players }, (_, s) => ({ name: `P${s}` }));
  const state = deadwoodGame.setup({ variant: '', config, seats, rng: new GameStreams(seedKey('deadwood-outcome'), 0) });
  state.players.forEach((p, s) => {
    p.dollars = dollars[s]!;
    p.credits = 0;
    p.rank = 1;
  });
  return state;
}

const ended = (events: readonly DeadwoodEvent[]) => events.filter((e) => e.type === 'gameEnded');

describe('Deadwood\'s winners', () => {
  test('a game ended by departures: the one left wins, the richest who left does not', () => {
    const state = table(3, [50, 10, 20]);
    expect(deadwoodGame.forfeit(state, 0)).toEqual([{ type: 'forfeited', seat: 0 }]);
    expect(deadwoodGame.outcome(state)).toBeNull();
    const events = deadwoodGame.forfeit(state, 2) as DeadwoodEvent[];
    // Scores are dollars + credits + 5 * rank.
    expect(ended(events)).toEqual([{ type: 'gameEnded', scores: [55, 15, 25], winners: [1] }]);
    expect(deadwoodGame.outcome(state)).toEqual({ winners: [1], rank: [3, 1, 2], score: [55, 15, 25] });
    expect(deadwoodGame.forfeit(state, 1)).toEqual([]);
  });

  test('the last day\'s end: the best of those still in share the win', () => {
    const state = table(4, [90, 30, 30, 20]);
    deadwoodGame.forfeit(state, 0);
    state.day = state.days;
    state.sets.forEach((set, i) => {
      if (i > 0) set.scene = null;
    });
    const events: DeadwoodEvent[] = [];
    endTurn(state, events);
    expect(ended(events)).toEqual([{ type: 'gameEnded', scores: [95, 35, 35, 25], winners: [1, 2] }]);
    expect(deadwoodGame.outcome(state)).toEqual({ winners: [1, 2], rank: [4, 1, 1, 3], score: [95, 35, 35, 25] });
  });

  test('the turn cap: a draw, no winner, the seat that left ranked last', () => {
    const state = table(3, [40, 10, 10]);
    deadwoodGame.forfeit(state, 1);
    state.turnsToday = state.turnCap - 1;
    const events: DeadwoodEvent[] = [];
    endTurn(state, events);
    expect(ended(events)).toEqual([{ type: 'gameEnded', scores: [45, 15, 15], winners: [] }]);
    expect(deadwoodGame.outcome(state)).toEqual({ winners: [], rank: [1, 3, 1], score: [45, 15, 15], capped: true });
  });
});
