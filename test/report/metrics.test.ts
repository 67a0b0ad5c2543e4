import { describe, expect, test } from 'vitest';
import { GameStreams, seedKey } from '../../src/core/rng.js';
import { generatedSeatNames } from '../../src/core/seat.js';
import { clueGame } from '../../src/games/clue/game.js';
import type { ClueState } from '../../src/games/clue/state.js';
import type { MatchResult } from '../../src/referee/match.js';
import { mergeTallies, TallyBuilder, type TallyData } from '../../src/harness/tally.js';

/**
 * Plays a Clue game with uniform choices, except that an accusation is taken only now and then (it
 * is legal at almost every step), half of those the right one: so players accuse wrongly, drop out
 * of the turn order, the last one left plays turn after turn alone, and games end solved. Returns the final state and, as the game really went,
 * each seat's turns and the turn it accused correctly on (read from the state after every step).
 */
function playClue(variant: string, players: number, index: number) {
  const key = seedKey('clue-metrics');
  const rng = new GameStreams(key, index);
  const choose = rng.stream('chooser');
  const state = clueGame.setup({ variant, config: clueGame.configSchema.parse({}), seats: generatedSeatNames(players).map((name) => ({ name })), rng }) as ClueState;
  const turns = new Array<number>(players).fill(0);
  let last = -1;
  let twiceInARow = false;
  const solvedOn = new Array<number | null>(players).fill(null);
  let seen = 0;
  const note = (): void => {
    if (state.turnNumber > seen && state.turn !== null) {
      turns[state.turn]! += state.turnNumber - seen;
      twiceInARow ||= state.turn === last || state.turnNumber - seen > 1;
      last = state.turn;
      seen = state.turnNumber;
    }
  };
  note();
  for (let seat = clueGame.toAct(state); seat !== null; seat = clueGame.toAct(state)) {
    const legal = clueGame.legalActions(state, seat);
    const others = legal.filter((a) => a.type !== 'accuse');
    const accusations = legal.filter((a) => a.type === 'accuse');
    const accuse = others.length === 0 || (accusations.length > 0 && choose.int(30) === 0);
    const pool = accuse ? accusations : others;
    const { suspect, weapon, room } = state.caseFile;
    const right = accusations.find((a) => JSON.stringify(a) === JSON.stringify({ type: 'accuse', suspect, weapon, room }));
    const action = accuse && right !== undefined && choose.int(4) === 0 ? right : pool[choose.int(pool.length)]!;
    clueGame.apply(state, seat, action, rng);
    if (state.winner === seat) solvedOn[seat] = turns[seat]!;
    note();
  }
  return { state, turns, solvedOn, twiceInARow };
}

describe('Clue metrics', () => {
  test.each(['classic', 'clueless', 'cluedo'])('%s: turns, turns to a correct accusation, wrong accusations and suggestions as the game went', (variant) => {
    /** Games where a seat played two turns in a row (everyone else out). */
    let alone = 0;
    let solved = 0;
    for (let index = 0; index < 60; index++) {
      const players = 3 + (index % 4);
      const { state, turns, solvedOn, twiceInARow } = playClue(variant, players, index);
      const context = `${variant}, ${players} players, game ${index} of seed "clue-metrics"`;
      if (twiceInARow) alone++;
      for (let seat = 0; seat < players; seat++) {
        const metrics = clueGame.metrics!.read(state, seat);
        const mine = state.log.filter((e) => (e as { seat?: number }).seat === seat);
        expect(metrics, `${context}, seat ${seat}`).toEqual({
          turnsToCorrectAccusation: solvedOn[seat],
          wrongAccusations: mine.filter((e) => e.type === 'accused' && !(e as { correct?: boolean }).correct).length,
          suggestions: mine.filter((e) => e.type === 'suggested').length,
          turns: turns[seat],
        });
        if (solvedOn[seat] !== null) solved++;
      }
    }
    // The games covered what the counting has to get right.
    expect(alone).toBeGreaterThan(3);
    expect(solved).toBeGreaterThan(3);
  });
});

const result = (outcome: MatchResult['outcome'], metrics: MatchResult['metrics']): MatchResult => ({ outcome, steps: 10, faults: [], departed: [], metrics, record: () => { throw new Error('not needed'); } });

function tallyOf(games: readonly { seats: number[]; metrics: MatchResult['metrics'] }[]): TallyData {
  const builder = new TallyBuilder(3, 2);
  builder.beginBlock([0, 1, 2]);
  for (const g of games) builder.addGame(g.seats, result({ winners: [0], rank: [1, 2] }, g.metrics));
  builder.endBlock();
  return builder.finish();
}

describe('metric tallies', () => {
  const games = [
    { seats: [0, 1], metrics: [{ b: 3, a: null }, { b: 5, a: 2 }] },
    { seats: [1, 2], metrics: [{ b: 4, a: 7 }, { b: 0, a: null }] },
    { seats: [2, 0], metrics: [{ b: 1, a: 1 }, { b: 9, a: 4 }] },
  ];

  test('count, sum and sum of squares per entrant over the non-null values, names in order', () => {
    const tally = tallyOf(games);
    expect(Object.keys(tally.metrics)).toEqual(['a', 'b']);
    // [count e0 e1 e2, sum e0 e1 e2, squares e0 e1 e2]
    expect(tally.metrics['a']).toEqual([1, 2, 1, 4, 9, 1, 16, 53, 1]);
    expect(tally.metrics['b']).toEqual([2, 2, 2, 12, 9, 1, 90, 41, 1]);
  });

  test('merge exactly, in any order, with tallies that have none', () => {
    const parts = games.map((g) => tallyOf([g]));
    const whole = tallyOf(games);
    const empty = tallyOf([]);
    // (Each part is a block of its own, so only the metrics compare.)
    expect(mergeTallies(mergeTallies(parts[2]!, empty), mergeTallies(parts[0]!, parts[1]!)).metrics).toEqual(whole.metrics);
    expect(JSON.stringify(mergeTallies(empty, mergeTallies(parts[1]!, mergeTallies(parts[0]!, parts[2]!))).metrics)).toBe(JSON.stringify(whole.metrics));
  });

  test('refuse a value that is not a whole number', () => {
    expect(() => tallyOf([{ seats: [0, 1], metrics: [{ a: 0.5 }, { a: 1 }] }])).toThrow(/metric a is 0.5/);
  });
});
