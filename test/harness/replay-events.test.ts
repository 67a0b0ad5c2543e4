import { describe, expect, test } from 'vitest';
import { RuleError } from '../../src/core/errors.js';
import type { GameRecord } from '../../src/core/record.js';
import { replayRecord } from '../../src/referee/replay.js';
import { diceRace } from './support/dice-race.js';
import { moved, raceRecord, steps } from './support/race-records.js';

type Race = typeof diceRace;

/**
 * A replay against the events a record holds for each step (as the golden playthroughs keep them):
 * the first step whose events differ is named, with the first event and field that differ, or how
 * many events there are now against the record's and the first one missing or new.
 *
 * The race to 2 in steps of 1: A, B, A, B; after B's second step the round closes with both on 2,
 * a shared win. Each step makes one event, the mover's `moved` by 1.
 */
const OUTCOME = { winners: [0, 1], rank: [1, 1], score: [2, 2] };
const EVENTS = [[moved(0)], [moved(1)], [moved(0)], [moved(1)]];
const race = (more: Partial<GameRecord> = {}): GameRecord => raceRecord({ target: 2 }, steps(4), { outcome: OUTCOME, events: EVENTS, ...more });
/** The record's events with step `step`'s (from 1) replaced. */
const eventsWith = (step: number, events: unknown[]): unknown[][] => EVENTS.map((made, i) => (i === step - 1 ? events : made));

const A_STEP = '(seat 0, {"type":"step"})';
const B_STEP = '(seat 1, {"type":"step"})';

describe('a record\'s events, replayed', () => {
  test('the same events, step by step, and the same ending: the same game', () => {
    expect(replayRecord(race(), { game: diceRace })).toMatchObject({ verdict: 'same', mismatch: null, outcome: OUTCOME, replayed: 4, playedOn: 0, engineError: null, events: EVENTS.flat() });
  });

  test('a field changed in an event names the step, the event and the field; the first step that differs only', () => {
    const changed = race({ events: eventsWith(2, [{ ...moved(1), distance: 2 }]) });
    // The outcome is the record's: the events alone make the replay differ.
    expect(replayRecord(changed, { game: diceRace })).toMatchObject({ verdict: 'differs', mismatch: `step 2 ${B_STEP}: event 1 differs: .distance: expected 2, got 1`, outcome: OUTCOME });
    const twice = race({ events: eventsWith(2, [{ ...moved(1), distance: 2 }]).map((made, i) => (i === 3 ? [{ ...moved(1), seat: 0 }] : made)) });
    expect(replayRecord(twice, { game: diceRace }).mismatch).toBe(`step 2 ${B_STEP}: event 1 differs: .distance: expected 2, got 1`);
  });

  test('a field the recorded event does not have differs too: events are compared whole', () => {
    const without = race({ events: eventsWith(1, [{ type: 'moved', seat: 0 }]) });
    expect(replayRecord(without, { game: diceRace }).mismatch).toBe(`step 1 ${A_STEP}: event 1 differs: .distance: expected nothing, got 1`);
  });

  test('an event the record holds and the step no longer makes: the counts, and the first missing event', () => {
    const more = race({ events: eventsWith(3, [moved(0), { type: 'cheered', seat: 1 }]) });
    expect(replayRecord(more, { game: diceRace }).mismatch).toBe(`step 3 ${A_STEP}: 1 event now, the record holds 2: event 2 is missing: {"type":"cheered","seat":1}`);
    // The rules changed: a step tells no one now.
    const silent: Race = { ...diceRace, apply: (state, seat, action, rng) => (diceRace.apply(state, seat, action, rng), []) };
    expect(replayRecord(race(), { game: silent }).mismatch).toBe(`step 1 ${A_STEP}: 0 events now, the record holds 1: event 1 is missing: {"type":"moved","seat":0,"distance":1}`);
  });

  test('an event the step makes now and the record does not hold: the counts, and the first new event', () => {
    const fewer = race({ events: eventsWith(3, []) });
    expect(replayRecord(fewer, { game: diceRace }).mismatch).toBe(`step 3 ${A_STEP}: 1 event now, the record holds 0: event 1 is new: {"type":"moved","seat":0,"distance":1}`);
    // The rules changed: a step also says whose turn it is now (B's after A's first step).
    const telling: Race = { ...diceRace, apply: (state, seat, action, rng) => [...diceRace.apply(state, seat, action, rng), { type: 'turn', seat: state.turn }] };
    expect(replayRecord(race(), { game: telling }).mismatch).toBe(`step 1 ${A_STEP}: 2 events now, the record holds 1: event 2 is new: {"type":"turn","seat":1}`);
  });

  test('a record holding the events of fewer steps than it has says where they stop', () => {
    expect(replayRecord(race({ events: EVENTS.slice(0, 1) }), { game: diceRace }).mismatch).toBe(`step 2 ${B_STEP}: the record holds no events for it`);
  });

  test('events that differ, then a step the rules refuse now: both, in order, and no ending', () => {
    // A may step only once now: A's second step, step 3, is refused.
    const once: Race = { ...diceRace, apply: (state, seat, action, rng) => { if (state.positions[seat] === 1) throw new RuleError('One step each.'); return diceRace.apply(state, seat, action, rng); } };
    const changed = race({ events: eventsWith(1, [{ ...moved(0), distance: 3 }]) });
    expect(replayRecord(changed, { game: once })).toMatchObject({
      verdict: 'differs',
      mismatch: `step 1 ${A_STEP}: event 1 differs: .distance: expected 3, got 1; then step 3 ${A_STEP}: the rules refuse it now: One step each.`,
      outcome: null,
      state: null,
      replayed: 2,
      playedOn: 0,
    });
  });

  test('events that differ before the record\'s own engine error, met again where it stopped: the events alone are the mismatch', () => {
    // With the bug at 2, A's second step (step 3) lands on it; the record holds the events of the two steps before.
    const record = raceRecord({ target: 12, bugAt: 2 }, steps(3), { engineError: 'Error: landed on 2', events: [[moved(0)], [{ ...moved(1), distance: 6 }]] });
    expect(replayRecord(record, { game: diceRace })).toMatchObject({
      verdict: 'engine-error',
      mismatch: `step 2 ${B_STEP}: event 1 differs: .distance: expected 6, got 1`,
      engineError: { message: 'Error: landed on 2', step: 3, same: true },
      replayed: 2,
    });
  });
});
