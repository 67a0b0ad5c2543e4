import { describe, expect, it } from 'vitest';
import { randomBot } from '../../bots/generic/random.js';
import { seedKey } from '../../src/core/rng.js';
import type { ScoreAction, YahtzeeAction } from '../../src/games/yahtzee/actions.js';
import { yahtzeeGame as yahtzee } from '../../src/games/yahtzee/game.js';
import { CATEGORIES, scoreDice } from '../../src/games/yahtzee/scoring.js';
import { playGame } from '../../src/referee/match.js';
import { sheet, table } from './support.js';

const rolls = (legal: readonly YahtzeeAction[]) => legal.filter((a) => a.type === 'roll');
const scores = (legal: readonly YahtzeeAction[]) => legal.filter((a): a is ScoreAction => a.type === 'score');

describe('legal actions, as bots see them', () => {
  it('offers the order throw to the seat whose turn it is to throw, and nothing to the others', () => {
    const t = table(['Ann', 'Bob'], { random: { order: [4] } });
    expect(yahtzee.legalActions(t.state, 0)).toEqual([{ type: 'rollOrder' }]);
    expect(yahtzee.legalActions(t.state, 1)).toEqual([]);
    t.play(0, { type: 'rollOrder' });
    expect(yahtzee.legalActions(t.state, 0)).toEqual([]);
    expect(yahtzee.legalActions(t.state, 1)).toEqual([{ type: 'rollOrder' }]);
  });

  it('is one roll of all five dice at the start of a turn', () => {
    const t = table(['Ann']);
    expect(yahtzee.legalActions(t.state, 0)).toEqual([{ type: 'roll', hold: 0 }]);
  });

  it('after the first and second roll: 32 rolls by hold mask, then one score per open category with its correct score', () => {
    const dice = [2, 2, 3, 4, 5];
    const t = table(['Ann'], { random: { dice: [...dice, 6, 2] }, forced: { sheets: [sheet({ 0: 3, 8: 25, 12: 20 })] } });
    t.play(0, { type: 'roll', hold: 0 });
    for (const [rollsMade, current] of [
      [1, dice],
      [2, [2, 2, 3, 6, 2]],
    ] as const) {
      const legal = yahtzee.legalActions(t.state, 0);
      expect(legal.length).toBe(32 + 10);
      expect(rolls(legal)).toEqual(Array.from({ length: 32 }, (_, hold) => ({ type: 'roll', hold })));
      expect(legal.slice(0, 32).every((a) => a.type === 'roll')).toBe(true);
      const open = CATEGORIES.filter((_, c) => c !== 0 && c !== 8 && c !== 12);
      expect(scores(legal)).toEqual(open.map((category) => ({ type: 'score', category, score: scoreDice(category, current) })));
      expect(t.state.rolls).toBe(rollsMade);
      if (rollsMade === 1) t.play(0, { type: 'roll', hold: 0b00111 });
    }
  });

  it('after the third roll: only the scores', () => {
    const t = table(['Ann'], { random: { dice: [1, 1, 1, 1, 1, 6, 6] } });
    t.play(0, { type: 'roll', hold: 0 });
    t.play(0, { type: 'roll', hold: 0b11110 });
    t.play(0, { type: 'roll', hold: 0b11110 });
    const legal = yahtzee.legalActions(t.state, 0);
    expect(legal.every((a) => a.type === 'score')).toBe(true);
    expect(scores(legal).map((a) => [a.category, a.score])).toEqual(CATEGORIES.map((c) => [c, scoreDice(c, [6, 1, 1, 1, 1])]));
  });

  it('reuses frozen action objects and never offers typed-in dice', () => {
    const t = table(['Ann'], { random: { dice: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3] } });
    t.play(0, { type: 'roll', hold: 0 });
    const first = [...yahtzee.legalActions(t.state, 0)];
    t.play(0, { type: 'roll', hold: 0 });
    const second = yahtzee.legalActions(t.state, 0);
    first.forEach((action, i) => expect(second[i]).toBe(action));
    for (const action of second) {
      expect(Object.isFrozen(action)).toBe(true);
      expect('dice' in action).toBe(false);
    }
  });

  it('gives nothing to a seat that is not to act, and nothing once the series is over', () => {
    const t = table(['Ann', 'Bob'], {
      forced: { order: [1, 0], sheets: [sheet({ 0: 1, 1: 2, 2: 3, 3: 4, 4: 5, 5: 6, 6: 7, 7: 8, 8: 0, 9: 0, 10: 0, 11: 0 }), sheet({ 1: 2, 2: 3, 3: 4, 4: 5, 5: 6, 6: 7, 7: 8, 8: 0, 9: 0, 10: 0, 11: 0, 12: 9 })] },
      random: { dice: [1, 1, 1, 1, 1, 2, 2, 2, 2, 2] },
    });
    expect(yahtzee.legalActions(t.state, 0)).toEqual([]);
    expect(yahtzee.legalActions(t.state, 1)).toHaveLength(1);
    t.play(1, { type: 'roll', hold: 0 });
    t.play(1, { type: 'score', category: 'ones', score: 5 });
    t.play(0, { type: 'roll', hold: 0 });
    t.play(0, { type: 'score', category: 'chance', score: 10 });
    expect(yahtzee.toAct(t.state)).toBeNull();
    expect(yahtzee.legalActions(t.state, 0)).toEqual([]);
    expect(yahtzee.legalActions(t.state, 1)).toEqual([]);
  });

  it('averages 45.8 moves per 1-player game under the uniform random policy', () => {
    const config = yahtzee.configSchema.parse({ series: 1 });
    const seats = [{ name: 'Ann', label: 'random', bot: randomBot }];
    let steps = 0;
    const games = 4000;
    for (let index = 0; index < games; index++) {
      steps += playGame({ game: yahtzee, variant: '', config, seed: 'moves', key: seedKey('moves'), index, seats }).steps;
    }
    // 13 turns of 1 + (1 + 32/(32+k) + ...) moves; the average is 45.8 with a standard error near 0.04 here.
    expect(steps / games).toBeGreaterThan(45.6);
    expect(steps / games).toBeLessThan(46.0);
  });
});
