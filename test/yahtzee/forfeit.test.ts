import { describe, expect, it } from 'vitest';
import { randomBot } from '../../bots/generic/random.js';
import type { BotFactory } from '../../src/core/bot.js';
import { seedKey } from '../../src/core/rng.js';
import { yahtzeeGame as yahtzee } from '../../src/games/yahtzee/game.js';
import { playGame } from '../../src/referee/match.js';
import { sheet, table } from './support.js';

const twelve = sheet({ 0: 3, 1: 6, 2: 9, 3: 12, 4: 15, 5: 18, 6: 20, 7: 0, 8: 25, 9: 30, 10: 40, 11: 0 });

describe('a player who leaves', () => {
  it('mid-turn: their dice are cleared, the next player plays, and their later turns are skipped', () => {
    const t = table(['Ann', 'Bob', 'Cid'], { forced: { order: [0, 1, 2] }, random: { dice: [6, 6, 6, 6, 6, 1, 2, 3, 4, 5, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3] } });
    t.play(0, { type: 'roll', hold: 0 });
    t.play(0, { type: 'score', category: 'yahtzee', score: 50 });
    t.play(1, { type: 'roll', hold: 0 });
    expect(yahtzee.forfeit(t.state, 1)).toEqual([{ type: 'left', seat: 1 }]);
    expect(t.state.dice).toEqual([0, 0, 0, 0, 0]);
    expect(t.state.rolls).toBe(0);
    expect(yahtzee.toAct(t.state)).toBe(2);
    t.play(2, { type: 'roll', hold: 0 });
    t.play(2, { type: 'score', category: 'twos', score: 10 });
    expect(yahtzee.toAct(t.state)).toBe(0);
    expect(t.state.round).toBe(2);
    t.play(0, { type: 'roll', hold: 0 });
    t.play(0, { type: 'score', category: 'threes', score: 15 });
    expect(yahtzee.toAct(t.state)).toBe(2);
    expect(yahtzee.forfeit(t.state, 1)).toEqual([]);
    expect(yahtzee.describe({ type: 'left', seat: 1 }, 0, t.state.names, '')).toBe('Bob left the game; their remaining turns are skipped.');
  });

  it('while others still throw for the order: the order is decided among those who stay', () => {
    const t = table(['Ann', 'Bob', 'Cid'], { random: { order: [4, 4] } });
    t.play(0, { type: 'rollOrder' });
    t.play(1, { type: 'rollOrder' });
    const events = yahtzee.forfeit(t.state, 2);
    expect(events).toEqual([{ type: 'left', seat: 2 }, { type: 'order', order: [0, 1], dice: [4, 4, 0], tie: true }]);
    expect(yahtzee.toAct(t.state)).toBe(0);
  });

  it('at the end: no totals for them, the winner among those who stayed, and they rank last', () => {
    const t = table(['Ann', 'Bob', 'Cid'], { forced: { order: [0, 1, 2], sheets: [twelve, twelve, twelve] }, random: { dice: [1, 1, 1, 1, 2, 6, 6, 6, 6, 6] } });
    t.play(0, { type: 'roll', hold: 0 });
    t.play(0, { type: 'score', category: 'chance', score: 6 });
    yahtzee.forfeit(t.state, 2);
    t.play(1, { type: 'roll', hold: 0 });
    const events = t.play(1, { type: 'score', category: 'chance', score: 30 });
    expect(events.filter((e) => e.type === 'gameTotal').map((e) => e['seat'])).toEqual([0, 1]);
    expect(events.at(-1)).toEqual({ type: 'winner', winners: [1], score: 243 });
    expect(yahtzee.outcome(t.state)).toEqual({ winners: [1], rank: [2, 1, 3], score: [219, 243, 0] });
  });

  it('when everyone has left the game ends with no one to act', () => {
    const t = table(['Ann', 'Bob'], { forced: { order: [1, 0] } });
    yahtzee.forfeit(t.state, 0);
    yahtzee.forfeit(t.state, 1);
    expect(yahtzee.toAct(t.state)).toBeNull();
    expect(yahtzee.outcome(t.state)).not.toBeNull();
  });

  it('when everyone has left no one is named the winner, though the series is over', () => {
    const t = table(['Ann', 'Bob'], { forced: { order: [1, 0] } });
    yahtzee.forfeit(t.state, 0);
    yahtzee.forfeit(t.state, 1);
    const end = yahtzee.view(t.state, 0);
    expect(end.phase).toBe('over');
    expect(end.winner).toBeNull();
  });

  it('through the harness: a bot that throws forfeits and the others play the series to its end', () => {
    const faulty: BotFactory = { name: 'flaky', description: 'throws in round 5', create: () => ({ act: (view, legal) => {
      if (view.round === 5) throw new Error('gone');
      return legal[0];
    } }) };
    const seats = ['Ann', 'Bob', 'Cid'].map((name, i) => ({ name, label: i === 1 ? 'flaky' : 'random', bot: i === 1 ? faulty : randomBot }));
    const result = playGame({ game: yahtzee, variant: '', config: { series: 2 }, seed: 's', key: seedKey('s'), index: 0, seats });
    expect(result.engineError).toBeUndefined();
    expect(result.faults.map((f) => f.seat)).toEqual([1]);
    expect(result.outcome!.rank[1]).toBe(3);
  });
});

describe('a departure that ends a game or the series refreshes every view', () => {
  it('the next game of the series shows a fresh sheet and the last game in the totals', () => {
    const t = table(['Ann', 'Bob'], { series: 2, forced: { order: [0, 1], sheets: [twelve, twelve] }, random: { dice: [6, 6, 6, 6, 6] } });
    t.play(0, { type: 'roll', hold: 0 });
    t.play(0, { type: 'score', category: 'chance', score: 30 });
    const before = yahtzee.view(t.state, 0);
    expect(before.total).toBe(243);
    yahtzee.forfeit(t.state, 1);
    const after = yahtzee.view(t.state, 0);
    expect(after.game).toBe(2);
    expect(after.sheet.every((entry) => entry === null)).toBe(true);
    expect(after.total).toBe(0);
    expect(after.gameTotals).toEqual([243]);
    expect(after.seriesTotal).toBe(243);
  });

  it('at the series end the totals are those the winner line states', () => {
    const t = table(['Ann', 'Bob'], { forced: { order: [0, 1], sheets: [twelve, twelve] }, random: { dice: [6, 6, 6, 6, 6] } });
    t.play(0, { type: 'roll', hold: 0 });
    t.play(0, { type: 'score', category: 'chance', score: 30 });
    expect(yahtzee.view(t.state, 0).gameTotals).toEqual([]);
    yahtzee.forfeit(t.state, 1);
    const end = yahtzee.view(t.state, 0);
    expect(end.phase).toBe('over');
    expect(end.gameTotals).toEqual([243]);
    expect(end.seriesTotal).toBe(243);
    expect(end.winner).toEqual({ names: ['Ann'], score: 243 });
  });
});
