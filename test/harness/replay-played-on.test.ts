import { describe, expect, test } from 'vitest';
import type { BotFactory } from '../../src/core/bot.js';
import type { GameEvent } from '../../src/core/events.js';
import { RuleError } from '../../src/core/errors.js';
import { openReferee, ReplayStepError, stepLimitOf } from '../../src/referee/referee.js';
import { replayRecord } from '../../src/referee/replay.js';
import { diceRace } from './support/dice-race.js';
import { moved, raceRecord, stepper, steps } from './support/race-records.js';

type Race = typeof diceRace;

/**
 * Replays of hand-built records of the dice race, every action a step of 1, so that where each
 * seat stands, who is to act and where a bug at `bugAt` strikes are worked out on paper: with two
 * seats, A's k-th step is step 2k - 1 and lands A on k, B's is step 2k and lands B on k.
 */
const A_STEP = '(seat 0, {"type":"step"})';
/** The race with its bug planted at `at`, whatever the record's config says. */
const bugAt = (at: number): Race => ({ ...diceRace, setup: (args) => ({ ...diceRace.setup(args), bugAt: at }) });

describe('a record of an engine error, replayed past where it stopped', () => {
  test('the same error later, the seats\' bots playing on: where, how many steps they played, and what each seat had seen when it took over', () => {
    // Recorded as failing at step 4 (B landing on 2), where the bug at 5 cannot be: the bots play
    // on, A's 5th step (step 9) lands on 5. Each step also tells the mover a note of its own.
    const noting: Race = { ...diceRace, apply: (state, seat, action, rng) => [...diceRace.apply(state, seat, action, rng), { type: 'note', seat, to: [seat] }] };
    const record = raceRecord({ target: 12, bugAt: 5 }, steps(4), { engineError: 'Error: landed on 5' });
    const told: GameEvent[][] = [];
    const replay = replayRecord(record, { game: noting, playOn: [stepper(told), stepper(told)] });
    expect(replay).toMatchObject({
      verdict: 'engine-error',
      mismatch: `the record's engine error happens later now, at step 9 ${A_STEP}, played on by the bots (the record has 4 steps)`,
      engineError: { message: 'Error: landed on 5', step: 9, seat: 0, action: { type: 'step' }, deciding: false, playedOn: true, same: true },
      replayed: 4,
      playedOn: 5,
      outcome: null,
    });
    // Each seat's bot first reads the record's four steps as its seat saw them: its own notes, not the other's.
    const note = (seat: number) => ({ type: 'note', seat });
    expect(told[0]!.slice(0, 6)).toEqual([moved(0), note(0), moved(1), moved(0), note(0), moved(1)]);
    expect(told[1]!.slice(0, 6)).toEqual([moved(0), moved(1), note(1), moved(0), moved(1), note(1)]);
  });

  test('the same error earlier, at a step the record played past: where, and no bots needed', () => {
    // Recorded as failing at A's 5th step (step 9), though the bug at 3 strikes A's 3rd step (step 5).
    const record = raceRecord({ target: 12, bugAt: 3 }, steps(9), { engineError: 'Error: landed on 3' });
    expect(replayRecord(record, { game: diceRace })).toMatchObject({
      verdict: 'engine-error',
      mismatch: `the record's engine error happens earlier now, at step 5 ${A_STEP} (the record has 9 steps)`,
      engineError: { step: 5, playedOn: false, same: true },
      replayed: 4,
      playedOn: 0,
    });
  });

  test('a game the record\'s last step ends, once the error is gone: fixed, no step played on', () => {
    // One seat, to 2: its second step lands on the bug at 2 as recorded; without the bug it ends the race, A alone on 2.
    const record = raceRecord({ target: 2, bugAt: 2 }, steps(2, 1), { engineError: 'Error: landed on 2' }, 1);
    const replay = replayRecord(record, { game: bugAt(-1), playOn: [stepper()] });
    const outcome = { winners: [0], rank: [1], score: [2] };
    expect(replay).toMatchObject({ verdict: 'fixed', outcome, playedOn: 0, replayed: 2, engineError: null });
    expect(replay.mismatch).toBe(`the record's engine error (Error: landed on 2) does not happen now: its 2 steps play, and the game ends with ${JSON.stringify(outcome)}`);
  });

  test('another error earlier than the record\'s: the game is not played on', () => {
    // Recorded failing at A's 5th step (step 9, landing on 5); with the bug at 3 now, A's 3rd step (step 5) fails.
    const record = raceRecord({ target: 12, bugAt: 5 }, steps(9), { engineError: 'Error: landed on 5' });
    const replay = replayRecord(record, { game: bugAt(3), playOn: [stepper(), stepper()] });
    expect(replay).toMatchObject({
      verdict: 'engine-error',
      mismatch: `step 5 ${A_STEP}: the engine failed: Error: landed on 3 (the record's engine error: Error: landed on 5)`,
      engineError: { message: 'Error: landed on 3', step: 5, seat: 0, action: { type: 'step' }, deciding: false, playedOn: false, same: false },
      replayed: 4,
      playedOn: 0,
      state: null,
    });
  });

  test('a step the rules refuse now, before the record\'s error: the game is not played on', () => {
    const once: Race = { ...diceRace, apply: (state, seat, action, rng) => { if (state.positions[seat] === 1) throw new RuleError('One step each.'); return diceRace.apply(state, seat, action, rng); } };
    const record = raceRecord({ target: 12, bugAt: 5 }, steps(9), { engineError: 'Error: landed on 5' });
    expect(replayRecord(record, { game: once, playOn: [stepper(), stepper()] })).toMatchObject({
      verdict: 'differs',
      mismatch: `step 3 ${A_STEP}: the rules refuse it now: One step each.`,
      engineError: null,
      replayed: 2,
      playedOn: 0,
      outcome: null,
      state: null,
    });
  });
});

describe('replays that fail elsewhere', () => {
  test('a forfeit the engine fails on names the seat and its fault', () => {
    const noLeaving: Race = { ...diceRace, forfeit: () => { throw new Error('no one may leave'); } };
    const record = raceRecord({ target: 12 }, [{ seat: 0, action: { type: 'step' } }, { seat: 1, forfeit: 'timeout', detail: 'too slow' }], { outcome: { winners: [0], rank: [1, 2] } });
    const replay = replayRecord(record, { game: noLeaving });
    expect(replay).toMatchObject({
      verdict: 'engine-error',
      mismatch: 'step 2 (seat 1 forfeits: timeout): the engine failed: Error: no one may leave',
      engineError: { message: 'Error: no one may leave', step: 2, seat: 1, forfeit: 'timeout', deciding: false, playedOn: false, same: false },
      replayed: 1,
    });
    expect(replay.engineError).not.toHaveProperty('action');
  });

  test('an error the referee raises itself keeps no stack in the replay either', () => {
    const stuck: Race = { ...diceRace, legalActions: () => [] };
    const replay = replayRecord(raceRecord({ target: 12 }, steps(1)), { game: stuck });
    expect(replay.engineError).toMatchObject({ message: 'Error: seat 0 is to act but has no legal action', step: 1, deciding: true });
    expect(Object.keys(replay.engineError!)).not.toContain('stack');
  });

  test('a record without an engine error that stops short of the end is not played on: its ending differs', () => {
    // After three steps (A on 2, B on 1) B is to act; the decision that would fail (any view once someone is on 2) is not asked for.
    const blindAt2: Race = { ...diceRace, view: (state, seat) => { if (state.positions.some((p) => p >= 2)) throw new TypeError('no view at 2'); return diceRace.view(state, seat); } };
    const claimed = { winners: [0], rank: [1, 2], score: [2, 1] };
    expect(replayRecord(raceRecord({ target: 12 }, steps(3), { outcome: claimed }), { game: blindAt2, playOn: [stepper(), stepper()] })).toMatchObject({
      verdict: 'differs',
      mismatch: `the replay ends with null, the record says ${JSON.stringify(claimed)}`,
      engineError: null,
      replayed: 3,
    });
  });

  test('what a step\'s callback throws is not the game\'s: it reaches the caller as it was thrown', () => {
    const stop = new Error('seen enough');
    expect(() => replayRecord(raceRecord({ target: 12 }, steps(3)), { game: diceRace, onStep: (_state, step) => { if (step !== null) throw stop; } })).toThrow(stop);
  });
});

describe('Referee.replay alone', () => {
  const referee = () => openReferee({ game: diceRace, variant: '', config: diceRace.configSchema.parse({ target: 12 }), seed: 'by-hand', index: 0, seats: [{ name: 'A', label: 'a', bot: null }, { name: 'B', label: 'b', bot: null }] });

  test('plays the steps without asking for the decisions before them unless told to, and without a callback', () => {
    const blind: Race = { ...diceRace, view: () => { throw new TypeError('no view'); } };
    const open = () => openReferee({ ...referee().setup, game: blind });
    expect(open().replay(steps(3)).played).toBe(3);
    let thrown: unknown;
    try {
      open().replay(steps(3), undefined, true);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ReplayStepError);
    expect(thrown).toMatchObject({ number: 1, kind: 'thrown', deciding: true, message: 'step 1: no view' });
  });

  test('a step the record gets wrong is the record\'s, not a decision\'s', () => {
    let thrown: unknown;
    try {
      referee().replay([{ seat: 0, action: { type: 'jump' } }]);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ReplayStepError);
    expect(thrown).toMatchObject({ number: 1, kind: 'record', deciding: false });
  });

  test('a game stopped by the referee\'s own error has a record without a stack', () => {
    const stuck = openReferee({ ...referee().setup, game: { ...diceRace, legalActions: () => [] } });
    try {
      stuck.decisionOf(0);
    } catch (error) {
      stuck.fail(error);
    }
    const record = stuck.record();
    expect(record.engineError).toBe('Error: seat 0 is to act but has no legal action');
    expect(Object.keys(record)).not.toContain('engineStack');
  });
});

test('bots that play on until the referee\'s step limit: the limit is the error, in the decision past it', () => {
  // Recorded failing on A's first step (the bug at 1); without it, and with no end in sight (a target
  // of a billion, steps telling no one, to keep it quick), the bots play until the millionth step.
  const endless: Race = { ...bugAt(-1), apply: (state, seat, action, rng) => (diceRace.apply(state, seat, action, rng), []) };
  const record = raceRecord({ target: 1e9, bugAt: 1 }, steps(1), { engineError: 'Error: landed on 1' });
  const replay = replayRecord(record, { game: endless, playOn: [stepper(), stepper()] });
  const limit = 'Error: the game did not end within 1000000 steps';
  // Step 1,000,001 would pass the limit: seat 0 is to decide it (an odd step).
  // The referee's own error: no stack, not even an empty field.
  expect(replay.engineError).toStrictEqual({ message: limit, step: 1_000_001, seat: 0, deciding: true, playedOn: true, same: false });
  expect(replay.mismatch).toBe(`step 1000001 (seat 0 to decide: its view and legal actions), played on by the bots: the engine failed: ${limit} (the record's engine error: Error: landed on 1)`);
  expect(replay.playedOn).toBe(999_999);
});

describe('a record the step limit stopped', () => {
  const limit = 'Error: the game did not end within 5 steps';
  /** A bot that must not be asked: the replay stops before any decision. */
  const unasked: BotFactory = { name: 'unasked', description: 'fails if asked', create: () => ({ act: () => expect.fail('a bot was asked to decide past the step limit') }) };

  test.each([
    ['no bots', undefined],
    ["the seats' bots", [unasked, unasked]],
  ])('replays to the same error where it stopped, whatever the run\'s limit, with %s', (_, playOn) => {
    // Five steps of a race to a billion, stopped by a limit of 5: step 6 is B's to decide (an even step).
    const record = raceRecord({ target: 1e9 }, steps(5), { engineError: limit });
    const replay = replayRecord(record, { game: diceRace, ...(playOn !== undefined ? { playOn } : {}) });
    expect(replay).toMatchObject({ verdict: 'engine-error', mismatch: null, replayed: 5, playedOn: 0, outcome: null });
    expect(replay.engineError).toStrictEqual({ message: limit, step: 6, seat: 1, deciding: true, playedOn: false, same: true });
  });

  test('as a run recorded it: parlor replay says the same error at its end', () => {
    const played = openReferee({ game: diceRace, variant: '', config: diceRace.configSchema.parse({ target: 1e9 }), seed: 's', index: 3, maxSteps: 5, seats: ['A', 'B'].map((name) => ({ name, label: 'stepper', bot: stepper() })) }).playToEnd();
    const record = played.record();
    expect(record.engineError).toBe(limit);
    expect(replayRecord(record, { game: diceRace })).toMatchObject({ verdict: 'engine-error', mismatch: null, engineError: { step: 6, same: true, playedOn: false } });
  });

  test("its limit is read from the referee's own message alone", () => {
    expect(stepLimitOf(limit)).toBe(5);
    expect(stepLimitOf('Error: the game did not end within 1000000 steps')).toBe(1_000_000);
    // The same words from an engine are the engine's error: there is no limit to replay under.
    expect(stepLimitOf('RangeError: the game did not end within 5 steps')).toBeUndefined();
    expect(stepLimitOf('Error: the game did not end within 5 steps of its start')).toBeUndefined();
    expect(stepLimitOf(undefined)).toBeUndefined();
  });

  test('short of its limit, the bots play on to it: the same error, later', () => {
    const record = raceRecord({ target: 1e9 }, steps(3), { engineError: limit });
    const replay = replayRecord(record, { game: diceRace, playOn: [stepper(), stepper()] });
    expect(replay).toMatchObject({
      verdict: 'engine-error',
      mismatch: "the record's engine error happens later now, at step 6 (seat 1 to decide: its view and legal actions), played on by the bots (the record has 3 steps)",
      replayed: 3,
      playedOn: 2,
    });
    expect(replay.engineError).toStrictEqual({ message: limit, step: 6, seat: 1, deciding: true, playedOn: true, same: true });
  });
});
