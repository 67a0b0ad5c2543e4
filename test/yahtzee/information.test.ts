import { describe, expect, it } from 'vitest';
import { cloneState, type PublicSetup } from '../../src/core/game.js';
import { GameStreams, seedKey } from '../../src/core/rng.js';
import { yahtzee } from '../../src/games/yahtzee/game.js';
import { rollNumber, rollScore } from '../../src/games/yahtzee/scoring.js';
import type { YahtzeeConfig } from '../../src/games/yahtzee/config.js';
import { OPEN, ROUNDS, type YahtzeeState } from '../../src/games/yahtzee/state.js';
import type { YahtzeeView } from '../../src/games/yahtzee/view.js';
import { seededPlay, type SeededPlay } from '../support/seeded-play.js';

/** A seeded three-player series of two games up to step `steps`, what seat 0 saw, and the dice each turn of the current game was scored with. */
function playedTo(steps: number): SeededPlay<YahtzeeState> & { finals: number[][][] } {
  const finals: number[][][] = [[], [], []];
  const played = seededPlay(yahtzee, { config: { series: 2 }, players: 3, seed: 'yahtzee-information', steps, seat: 0 }, (state, seat, action) => {
    if (action.type !== 'score') return;
    if (state.round === 1 && state.order[0] === seat) finals.forEach((f) => (f.length = 0));
    finals[seat]!.push(state.dice.slice());
  });
  return { ...played, finals };
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
    const { info, state, seen, view, finals } = playedTo(200);
    expect(state.game).toBe(2);
    const sheets = new Set<string>();
    const sampler = new GameStreams(seedKey('sampler'), 0).stream('sample');
    for (let k = 0; k < 50; k++) {
      const sampled = yahtzee.sampleState!(info as PublicSetup<YahtzeeConfig>, 0, view as YahtzeeView, seen, sampler);
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
