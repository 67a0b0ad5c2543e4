import { describe, expect, it } from 'vitest';
import { seenEvent, type GameEvent } from '../../src/core/events.js';
import { cloneState } from '../../src/core/game.js';
import { GameStreams, seedKey } from '../../src/core/rng.js';
import { yahtzee } from '../../src/games/yahtzee/game.js';
import { rollNumber, rollScore } from '../../src/games/yahtzee/scoring.js';
import { OPEN, ROUNDS, type YahtzeeState } from '../../src/games/yahtzee/state.js';

const config = yahtzee.configSchema.parse({ series: 2 });
const seats = ['Ann', 'Bob', 'Cid'].map((name) => ({ name }));

/** A seeded three-player series played with uniform legal actions up to step `steps`, and what seat 0 saw. */
function playedTo(steps: number): { state: YahtzeeState; seen: GameEvent[]; finals: number[][][] } {
  const rng = new GameStreams(seedKey('yahtzee-information'), 0);
  const state = yahtzee.setup({ variant: '', config, seats, rng });
  const pick = rng.stream('pick');
  const seen: GameEvent[] = [];
  // finals[seat]: the dice each of the seat's turns of the current game was scored with.
  const finals: number[][][] = seats.map(() => []);
  for (let step = 0; step < steps; step++) {
    const seat = yahtzee.toAct(state)!;
    const legal = yahtzee.legalActions(state, seat);
    const action = legal[pick.int(legal.length)]!;
    if (action.type === 'score') finals[seat]!.push(state.dice.slice());
    for (const event of yahtzee.apply(state, seat, action, rng)) {
      if (event.type === 'gameStart') finals.forEach((f) => (f.length = 0));
      const visible = seenEvent(event, 0);
      if (visible !== null) seen.push(JSON.parse(JSON.stringify(visible)));
    }
  }
  return { state, seen, finals };
}

/** Whether each entry can be paired with its own turn whose roll scores it in its category. */
function matches(entries: readonly { score: number; c: number }[], rolls: readonly number[], used = new Set<number>()): boolean {
  const [first, ...rest] = entries;
  if (first === undefined) return true;
  return rolls.some((roll, turn) => {
    if (used.has(turn) || rollScore(roll, first.c) !== first.score) return false;
    used.add(turn);
    if (matches(rest, rolls, used)) return true;
    used.delete(turn);
    return false;
  });
}

describe('Yahtzee information sets', () => {
  it('samples other players\' sheets that score each of their turns\' final dice once, in varying categories, and its own sheet as it is', () => {
    // Far enough into the second game that every sheet has entries and the first game's totals exist.
    const { state, seen, finals } = playedTo(200);
    expect(state.game).toBe(2);
    const view = JSON.parse(JSON.stringify(yahtzee.view(state, 0)));
    const sheets = new Set<string>();
    const sampler = new GameStreams(seedKey('sampler'), 0).stream('sample');
    for (let k = 0; k < 50; k++) {
      const sampled = yahtzee.sampleState!({ variant: '', config, seats }, 0, view, seen, sampler);
      expect(JSON.parse(JSON.stringify(yahtzee.view(sampled, 0)))).toEqual(view);
      expect(sampled.sheets.slice(0, ROUNDS)).toEqual(state.sheets.slice(0, ROUNDS));
      for (let seat = 1; seat < 3; seat++) {
        const sheet = sampled.sheets.slice(seat * ROUNDS, (seat + 1) * ROUNDS);
        const filled = sheet.flatMap((score, c) => (score === OPEN ? [] : [{ score, c }]));
        expect(filled).toHaveLength(finals[seat]!.length);
        // Every entry is the score of one of the seat's turns in its category, each turn used once.
        expect(matches(filled, finals[seat]!.map((dice) => rollNumber(dice)))).toBe(true);
        expect(sampled.totals[seat]).toHaveLength(1);
        sheets.add(JSON.stringify(sheet));
      }
      expect(sampled.totals[0]).toEqual(state.totals[0]);
    }
    expect(sheets.size).toBeGreaterThan(50);
  });

  it('clones a state that plays on apart from its original', () => {
    const { state } = playedTo(40);
    const before = JSON.stringify(state);
    const copy = cloneState(yahtzee, state);
    const rng = new GameStreams(seedKey('clone'), 0);
    for (let step = 0; step < 30; step++) {
      const seat = yahtzee.toAct(copy)!;
      yahtzee.apply(copy, seat, yahtzee.legalActions(copy, seat)[0]!, rng);
    }
    expect(JSON.stringify(state)).toBe(before);
    expect(JSON.stringify(copy)).not.toBe(before);
  });
});
