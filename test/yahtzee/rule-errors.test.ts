import { describe, expect, it } from 'vitest';
import { InputError, RuleError } from '../../src/core/errors.js';
import type { YahtzeeAction } from '../../src/games/yahtzee/actions.js';
import { yahtzeeGame as yahtzee } from '../../src/games/yahtzee/game.js';
import {
  CATEGORY_SCORED,
  DICE_INVALID,
  FIRST_ROLL_ALL_DICE,
  FOURTEENTH_TURN,
  FOURTH_ROLL,
  HOLD_INVALID,
  LEFT_GAME,
  NAME_INVALID,
  ORDER_ALREADY_ROLLED,
  ORDER_DECIDED,
  ROLL_BEFORE_SCORING,
  ROLL_FOR_ORDER,
  ROUND_NOT_COMPLETE,
  SCORE_INVALID,
  typedDiceCount,
  unknownAction,
  unknownCategory,
  waitForTurn,
} from '../../src/games/yahtzee/messages.js';
import { sheet, table, type Table } from './support.js';

/** Plays `action` as `seat`, expects exactly `message`, and that nothing changed, not even the view. */
function refused(t: Table, seat: number, action: unknown, message: string): void {
  const before = JSON.stringify(t.state);
  const seated = seat < t.state.names.length;
  const view = seated ? JSON.stringify(yahtzee.view(t.state, seat)) : '';
  let error: unknown;
  try {
    t.play(seat, action as YahtzeeAction);
  } catch (e) {
    error = e;
  }
  expect(error, `${JSON.stringify(action)} was accepted`).toBeInstanceOf(RuleError);
  expect((error as RuleError).message).toBe(message);
  expect(JSON.stringify(t.state)).toBe(before);
  if (seated) expect(JSON.stringify(yahtzee.view(t.state, seat))).toBe(view);
}

const twelveScored = sheet({ 0: 3, 1: 6, 2: 9, 3: 12, 4: 15, 5: 18, 6: 20, 7: 0, 8: 25, 9: 30, 10: 40, 11: 0 });

describe('every RuleError leaves the state unchanged', () => {
  it('in the order phase', () => {
    const t = table(['Ann', 'Bob', 'Cid'], { random: { order: [3, 0, 2] } });
    refused(t, 0, { type: 'roll', hold: 0 }, ROLL_FOR_ORDER);
    refused(t, 1, { type: 'score', category: 'ones', score: 0 }, ROLL_FOR_ORDER);
    refused(t, 1, { type: 'rollOrder' }, waitForTurn('Ann'));
    t.play(0, { type: 'rollOrder' });
    refused(t, 0, { type: 'rollOrder' }, ORDER_ALREADY_ROLLED);
    refused(t, 1, { type: 'rollOrder' }, DICE_INVALID);
    refused(t, 1, { type: 'rollOrder', die: 7 }, DICE_INVALID);
    t.play(1, { type: 'rollOrder', die: 6 });
    t.play(2, { type: 'rollOrder' });
    refused(t, 2, { type: 'rollOrder' }, ORDER_DECIDED);
    expect(t.state.order).toEqual([1, 0, 2]);
  });

  it('while rolling', () => {
    const t = table(['Ann'], { random: { dice: [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 6, 6, 0, 6, 6, 9, 6, 6, 6, 6, 6, 6, 6] } });
    refused(t, 0, { type: 'score', category: 'chance', score: 0 }, ROLL_BEFORE_SCORING);
    refused(t, 0, { type: 'roll', hold: 1 }, FIRST_ROLL_ALL_DICE);
    refused(t, 0, { type: 'roll', hold: 32 }, HOLD_INVALID);
    refused(t, 0, { type: 'roll', hold: -1 }, HOLD_INVALID);
    refused(t, 0, { type: 'roll', hold: 1.5 }, HOLD_INVALID);
    refused(t, 0, { type: 'roll', hold: 0, dice: [1, 2, 3, 4] }, typedDiceCount(5));
    refused(t, 0, { type: 'roll', hold: 0, dice: [1, 2, 3, 4, 2.5] }, DICE_INVALID);
    t.play(0, { type: 'roll', hold: 0 });
    refused(t, 0, { type: 'roll', hold: 0b11000, dice: [1, 2] }, typedDiceCount(3));
    refused(t, 0, { type: 'roll', hold: 0b11000, dice: [1, 2, 0] }, DICE_INVALID);
    t.play(0, { type: 'roll', hold: 0 });
    refused(t, 0, { type: 'roll', hold: 0 }, DICE_INVALID);
    refused(t, 0, { type: 'roll', hold: 0 }, DICE_INVALID);
    t.play(0, { type: 'roll', hold: 0b11000 });
    expect(t.state.dice).toEqual([6, 6, 6, 4, 5]);
    refused(t, 0, { type: 'roll', hold: 31 }, FOURTH_ROLL);
    refused(t, 0, { type: 'roll', hold: 0, dice: [1, 1, 1, 1, 1] }, FOURTH_ROLL);
  });

  it('while scoring', () => {
    const t = table(['Ann'], { forced: { sheets: [sheet({ 12: 17 })] }, random: { dice: [2, 2, 2, 5, 5] } });
    t.play(0, { type: 'roll', hold: 0 });
    refused(t, 0, { type: 'score', category: 'chance', score: 16 }, CATEGORY_SCORED);
    refused(t, 0, { type: 'score', category: 'fullHouse', score: 0 }, SCORE_INVALID);
    refused(t, 0, { type: 'score', category: 'twos', score: 51 }, SCORE_INVALID);
    refused(t, 0, { type: 'score', category: 'twos', score: 6.5 }, SCORE_INVALID);
    refused(t, 0, { type: 'score', category: 'sevens', score: 0 }, unknownCategory('sevens'));
    refused(t, 0, { type: 'pass' }, unknownAction('pass'));
    t.play(0, { type: 'score', category: 'fullHouse', score: 25 });
  });

  it('out of turn, in turn order, and past the 13th turn', () => {
    const t = table(['Ann', 'Bob', 'Cid'], { forced: { order: [2, 0, 1] }, random: { dice: [6, 6, 6, 6, 6, 5, 5, 5, 5, 5] } });
    refused(t, 0, { type: 'roll', hold: 0 }, waitForTurn('Cid'));
    t.play(2, { type: 'roll', hold: 0 });
    t.play(2, { type: 'score', category: 'yahtzee', score: 50 });
    refused(t, 2, { type: 'roll', hold: 0 }, ROUND_NOT_COMPLETE);
    refused(t, 1, { type: 'roll', hold: 0 }, waitForTurn('Ann'));
    refused(t, 3, { type: 'roll', hold: 0 }, 'There is no player 3 in this game.');

    const last = table(['Ann', 'Bob'], { forced: { order: [0, 1], sheets: [twelveScored, twelveScored] }, random: { dice: [1, 2, 3, 4, 6, 1, 2, 3, 4, 6] } });
    last.play(0, { type: 'roll', hold: 0 });
    last.play(0, { type: 'score', category: 'chance', score: 16 });
    refused(last, 0, { type: 'roll', hold: 0 }, FOURTEENTH_TURN);
    refused(last, 0, { type: 'score', category: 'chance', score: 16 }, FOURTEENTH_TURN);
    last.play(1, { type: 'roll', hold: 0 });
    last.play(1, { type: 'score', category: 'chance', score: 16 });
    refused(last, 0, { type: 'roll', hold: 0 }, FOURTEENTH_TURN);
    refused(last, 1, { type: 'roll', hold: 0 }, FOURTEENTH_TURN);
    refused(last, 1, { type: 'rollOrder' }, ORDER_DECIDED);
  });

  it('after a player left', () => {
    const t = table(['Ann', 'Bob'], { forced: { order: [0, 1] } });
    yahtzee.forfeit(t.state, 0);
    refused(t, 0, { type: 'roll', hold: 0 }, LEFT_GAME);
  });
});

describe('names and setup', () => {
  it('accepts letters only (any alphabet), not taken by another player in any case', () => {
    expect(yahtzee.checkName!('Ann', [])).toBeNull();
    expect(yahtzee.checkName!('Zoë', ['Ann'])).toBeNull();
    for (const bad of ['', 'Ann2', 'Ann Lee', 'Ann-Lee', 'A.', '😀']) expect(yahtzee.checkName!(bad, [])).toBe(NAME_INVALID);
    expect(yahtzee.checkName!('Bob', ['Ann', 'Bob'])).toBe(NAME_INVALID);
    expect(yahtzee.checkName!('bob', ['Ann', 'Bob'])).toBe(NAME_INVALID);
  });

  it('refuses invalid names, player counts and inconsistent forced setups with one clear line', () => {
    expect(() => table(['Ann', 'ann'])).toThrow(InputError);
    expect(() => table(['Ann', 'ann'])).toThrow(NAME_INVALID);
    expect(() => table([])).toThrow('Yahtzee takes 1-5 players, got 0');
    expect(() => table(['A', 'B', 'C', 'D', 'E', 'F'])).toThrow('Yahtzee takes 1-5 players, got 6');
    expect(() => table(['Ann', 'Bob'], { forced: { order: [0, 0] } })).toThrow(/order must list each of the 2 seats once/);
    expect(() => table(['Ann'], { forced: { game: 2 } })).toThrow(/game 2 is past the series of 1/);
    expect(() => table(['Ann'], { series: 3, forced: { game: 2 } })).toThrow(/needs the totals of the 1 games before it/);
    expect(() => table(['Ann'], { series: 3, forced: { game: 2, totals: [[1, 2]] } })).toThrow(/1 game totals/);
    expect(() => table(['Ann'], { forced: { sheets: [sheet({ 0: 6 })] } })).toThrow(/ones cannot be 6/);
    expect(() => table(['Ann', 'Bob'], { forced: { sheets: [sheet({ 0: 1 }), sheet({})] } })).toThrow(/same number of scored categories/);
    expect(() => table(['Ann'], { forced: { sheets: [sheet({ 0: 1, 1: 2, 2: 3, 3: 4, 4: 5, 5: 6, 6: 7, 7: 8, 8: 0, 9: 0, 10: 0, 11: 0, 12: 9 })] } })).toThrow(/no turn to play/);
  });

  it('validates the options: series is a whole number from 1, 5 by default, nothing else', () => {
    expect(yahtzee.configSchema.parse({})).toEqual({ series: 5 });
    expect(yahtzee.configSchema.safeParse({ series: 0 }).success).toBe(false);
    expect(yahtzee.configSchema.safeParse({ series: 2.5 }).success).toBe(false);
    expect(yahtzee.configSchema.safeParse({ rounds: 3 }).success).toBe(false);
  });
});
