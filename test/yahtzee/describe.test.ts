import { describe, expect, it } from 'vitest';
import { seenEvent, type GameEvent } from '../../src/core/events.js';
import { yahtzeeGame as yahtzee } from '../../src/games/yahtzee/game.js';
import { FOURTEENTH_TURN, GAME_TOTAL, ROLL_FOR_ORDER, SERIES_TOTAL, WINNER } from '../../src/games/yahtzee/messages.js';

const names = ['Ann', 'Bob'];
const lines = (event: GameEvent) => [0, 1, null].map((viewer) => {
  const seen = viewer === null ? event : seenEvent(event, viewer);
  return seen === null ? null : yahtzee.describe(seen, viewer, names, '');
});

describe('notebook lines', () => {
  it('uses the spec messages verbatim, "player" fixed to "play" in the 14th-turn one', () => {
    expect(FOURTEENTH_TURN).toBe('You cannot play more than 13 turns in a game. The game has ended; please wait to receive your score.');
    expect(lines({ type: 'orderPrompt' })).toEqual([ROLL_FOR_ORDER, ROLL_FOR_ORDER, ROLL_FOR_ORDER]);
  });

  it('words each event for its player, the others and the narrator', () => {
    expect(lines({ type: 'orderRoll', seat: 1, die: 4 })).toEqual([
      'Bob rolled a 4 to determine the order of their turn.',
      'You rolled a 4 to determine the order of your turn.',
      'Bob rolled a 4 to determine the order of their turn.',
    ]);
    expect(lines({ type: 'roll', seat: 0, roll: 2, hold: 0b10001, dice: [5, 2, 3, 1, 5] })).toEqual([
      'You rolled 5 2 3 1 5 (roll 2 of 3, holding dice 1 and 5).',
      'Ann rolled 5 2 3 1 5 (roll 2 of 3, holding dice 1 and 5).',
      'Ann rolled 5 2 3 1 5 (roll 2 of 3, holding dice 1 and 5).',
    ]);
    const scored = { type: 'scored', seat: 0, category: 'smallStraight', score: 30, to: [0], redacted: { type: 'scored', seat: 0 } };
    expect(lines(scored)).toEqual(['You scored 30 points in Small Straight.', 'Ann scored their turn.', 'Ann scored 30 points in Small Straight.']);
    const total = { type: 'gameTotal', seat: 1, game: 2, upper: 70, bonus: 35, total: 301, to: [1] };
    expect(lines(total)).toEqual([null, `${GAME_TOTAL} Game 2: 301 points (upper section 70, upper bonus 35).`, "Bob's total score for the game: Game 2: 301 points (upper section 70, upper bonus 35)."]);
    const series = { type: 'seriesTotal', seat: 0, games: [200, 1], total: 201, to: [0] };
    expect(lines(series)).toEqual([`${SERIES_TOTAL} 201 points over 2 games (200, 1).`, null, "Ann's total score for the Yahtzee Game: 201 points over 2 games (200, 1)."]);
    expect(lines({ type: 'winner', winners: [1], score: 1 })[0]).toBe(`${WINNER} Bob, with 1 point.`);
    expect(lines({ type: 'winner', winners: [0, 1], score: 90 })[2]).toBe('The winners for the game are the following players. Ann and Bob, with 90 points each.');
    expect(lines({ type: 'order', order: [1, 0], dice: [2, 5], tie: false })[0]).toBe('The order of turns is: Bob, Ann.');
    expect(lines({ type: 'gameStart', game: 3, games: 5 })[1]).toBe('Game 3 of 5 begins.');
    expect(lines({ type: 'left', seat: 0 })).toEqual([
      'You left the game; your remaining turns are skipped.',
      'Ann left the game; their remaining turns are skipped.',
      'Ann left the game; their remaining turns are skipped.',
    ]);
  });

  it('labels actions for menus', () => {
    const state = yahtzee.setup({ variant: '', config: { series: 1 }, seats: [{ name: 'Ann' }], rng: { stream: () => ({ next: () => 0, int: () => 0, die: () => 1 }) } });
    expect(yahtzee.describeAction({ type: 'roll', hold: 0 }, state, 0)).toBe('roll all five dice');
    expect(yahtzee.describeAction({ type: 'roll', hold: 6 }, state, 0)).toBe('roll holding dice 2 and 3');
    expect(yahtzee.describeAction({ type: 'roll', hold: 31 }, state, 0)).toBe('roll again holding all five dice');
    expect(yahtzee.describeAction({ type: 'score', category: 'fullHouse', score: 25 }, state, 0)).toBe('score 25 points in Full House');
    expect(yahtzee.describeAction({ type: 'rollOrder' }, state, 0)).toBe('roll the die to determine the order of your turn');
  });
});
