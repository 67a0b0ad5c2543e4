import { describe, expect, it } from 'vitest';
import { seenEvent, type GameEvent } from '../../src/core/events.js';
import { GameStreams, seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import { yahtzeeGame as yahtzee } from '../../src/games/yahtzee/game.js';
import { OPEN, ROUNDS, type YahtzeeState } from '../../src/games/yahtzee/state.js';
import { table } from './support.js';

/**
 * The others' part of the state changed at random: their sheets (which categories and what),
 * their totals, and the dice and rolls when it is not `seat`'s turn. A view that leaks nothing
 * is the same for both states.
 */
function withOthersChanged(state: YahtzeeState, seat: number, pick: () => number): YahtzeeState {
  const other = JSON.parse(JSON.stringify(state)) as YahtzeeState;
  for (let s = 0; s < other.names.length; s++) {
    if (s === seat) continue;
    for (let c = 0; c < ROUNDS; c++) other.sheets[s * ROUNDS + c] = pick() % 3 === 0 ? OPEN : pick() % 31;
    other.totals[s] = other.totals[s]!.map(() => pick() % 400);
  }
  if (yahtzee.toAct(state) !== seat) {
    other.dice = other.dice.map(() => 1 + (pick() % 6));
    other.rolls = pick() % 4;
  }
  return other;
}

describe('views and events leak nothing of the other players', () => {
  it('a view is the same whatever the other players have scored, at every step of seeded games', () => {
    const pickRng = new GameStreams(seedKey('leak'), 0).stream('pick');
    const pick = () => pickRng.int(1 << 20);
    for (let index = 0; index < 40; index++) {
      const players = 2 + (index % 4);
      const names = generatedSeatNames(players);
      const rng = new GameStreams(seedKey('views'), index);
      const state = yahtzee.setup({ variant: '', config: { series: 2 }, seats: names.map((name) => ({ name })), rng });
      for (let seat = yahtzee.toAct(state); seat !== null; seat = yahtzee.toAct(state)) {
        if (yahtzee.toAct(state) !== null && state.phase !== 'over') {
          for (let s = 0; s < players; s++) {
            const mine = JSON.stringify(yahtzee.view(state, s));
            expect(JSON.stringify(yahtzee.view(withOthersChanged(state, s, pick), s))).toBe(mine);
          }
        }
        const legal = yahtzee.legalActions(state, seat);
        const events = yahtzee.apply(state, seat, legal[pick() % legal.length]!, rng);
        for (const event of events) checkVisibility(event, players);
      }
    }
  });

  it('at the end of the series a view shows only the winner\'s name and total besides its own', () => {
    const t = table(['Ann', 'Bob'], {
      forced: { order: [0, 1], sheets: [Array.from({ length: 13 }, (_, c) => (c === 12 ? null : 0)), Array.from({ length: 13 }, (_, c) => (c === 12 ? null : 0))] },
      random: { dice: [6, 6, 6, 6, 5, 1, 1, 1, 2, 2] },
    });
    t.play(0, { type: 'roll', hold: 0 });
    t.play(0, { type: 'score', category: 'chance', score: 29 });
    t.play(1, { type: 'roll', hold: 0 });
    t.play(1, { type: 'score', category: 'chance', score: 7 });
    const bob = yahtzee.view(t.state, 1);
    expect(bob.winner).toEqual({ names: ['Ann'], score: 29 });
    expect(bob.seriesTotal).toBe(7);
    expect(JSON.stringify(bob)).not.toContain('29,');
    expect(JSON.stringify(bob).match(/29/g)).toHaveLength(1);
  });

  it('a bot that writes into its view changes only its own copy, never the game', () => {
    const t = table(['Ann', 'Bob'], { forced: { order: [0, 1] }, random: { dice: [1, 2, 3, 4, 5] } });
    t.play(0, { type: 'roll', hold: 0 });
    const before = JSON.stringify(t.state);
    const view = yahtzee.view(t.state, 0);
    const seen = JSON.stringify(view);
    (view.sheet as (number | null)[])[5] = 30;
    (view.order as number[])[0] = 1;
    view.dice![0] = 6;
    view.round = 13;
    expect(JSON.stringify(t.state)).toBe(before);
    expect(yahtzee.toAct(t.state)).toBe(0);
    expect(yahtzee.legalActions(t.state, 0).find((a) => a.type === 'score' && a.category === 'sixes')).toEqual({ type: 'score', category: 'sixes', score: 0 });
    const again = yahtzee.view(t.state, 0);
    expect(again.dice).toEqual([1, 2, 3, 4, 5]);
    expect(again.round).toBe(1);
    expect(seen).toContain('"sheet":[null,null,null,null,null,null,');
  });
});

/** Scores and totals reach their player alone; the others see at most that a turn was scored. */
function checkVisibility(event: GameEvent, players: number): void {
  for (let s = 0; s < players; s++) {
    const seen = seenEvent(event, s);
    switch (event.type) {
      case 'scored':
        expect(seen).toEqual(s === event['seat'] ? { type: 'scored', seat: event['seat'], category: event['category'], score: event['score'] } : { type: 'scored', seat: event['seat'] });
        break;
      case 'gameTotal':
      case 'seriesTotal':
        expect(event.to).toEqual([event['seat']]);
        expect(seen === null).toBe(s !== event['seat']);
        break;
      default:
        expect(event.to).toBeUndefined();
    }
  }
}
