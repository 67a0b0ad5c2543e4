import { describe, expect, test } from 'vitest';
import type { BotFactory } from '../../src/core/bot.js';
import { RuleError } from '../../src/core/errors.js';
import type { GameRecord } from '../../src/core/record.js';
import { seedKey } from '../../src/core/rng.js';
import { playGame } from '../../src/referee/match.js';
import { openReferee } from '../../src/referee/referee.js';
import { describeFailurePlace, replayRecord } from '../../src/referee/replay.js';
import { diceRace, type RaceAction } from './support/dice-race.js';

/** A bot that plays at random from its own stream. */
const randomly = (name: string): BotFactory => ({ name, description: 'random', create: (ctx) => ({ act: (_view, legal) => legal[ctx.rng.int(legal.length)] }) });
const SEATS = [
  { name: 'A', label: 'a', bot: randomly('a') },
  { name: 'B', label: 'b', bot: randomly('b') },
];
type Race = typeof diceRace;

/** The dice race with the engine bug of its config: a player landing on 5 throws. */
const buggy = diceRace.configSchema.parse({ target: 12, bugAt: 5 });
const sound = diceRace.configSchema.parse({ target: 12 });

/** The record (as read back from JSON) of the first game of seed `errors` that `game` played to an engine error, or to its end. */
function recorded(game: Race, config: unknown, ending: 'error' | 'outcome'): GameRecord {
  for (let index = 0; index < 100; index++) {
    const played = playGame({ game, variant: '', config, seed: 'errors', key: seedKey('errors'), index, seats: SEATS });
    if ((played.engineError !== undefined) === (ending === 'error')) return JSON.parse(JSON.stringify(played.record())) as GameRecord;
  }
  throw new Error('no such game in 100');
}

/** The bug fixed: the same game, where no one's landing throws. */
const fixed: Race = { ...diceRace, setup: (args) => ({ ...diceRace.setup(args), bugAt: -1 }) };
/** The bug changed: the same place fails with another error. */
const otherBug: Race = {
  ...diceRace,
  apply: (state, seat, action, rng) => {
    try {
      return diceRace.apply(state, seat, action, rng);
    } catch (error) {
      if (error instanceof RuleError) throw error;
      throw new RangeError('off the board');
    }
  },
};
/** A view that fails once someone has passed 6: an engine error before a decision, not in a step. */
const blindPast6: Race = {
  ...diceRace,
  view: (state, seat) => {
    if (state.positions.some((p) => p > 6)) throw new TypeError('no view past 6');
    return diceRace.view(state, seat);
  },
};

describe('an engine error, recorded and replayed', () => {
  test('a game that fails in a step keeps its error and stack, cut at the referee, paths from parlor\'s folder', () => {
    const record = recorded(diceRace, buggy, 'error');
    expect(record.engineError).toBe('Error: landed on 5');
    const stack = record.engineStack!.split('\n');
    expect(stack[0]).toBe('Error: landed on 5');
    expect(stack[1]).toMatch(/^\s+at .*\(?test\/harness\/support\/dice-race\.ts:\d+:\d+\)?$/);
    // The referee's frame that called the game ends it: none of the driver's below, nothing of this machine's folders.
    expect(stack.at(-1)).toMatch(/src\/referee\/referee\.ts:\d+:\d+\)?$/);
    expect(stack.filter((line) => line.includes('src/referee/'))).toHaveLength(1);
    expect(record.engineStack).not.toContain(process.cwd());
  });

  test('an error the referee raises itself (a seat with nothing to choose) keeps no stack: the referee\'s frames say nothing of the game', () => {
    const stuck: Race = { ...diceRace, legalActions: () => [] };
    const record = recorded(stuck, sound, 'error');
    expect(record.engineError).toBe('Error: seat 0 is to act but has no legal action');
    expect(record).not.toHaveProperty('engineStack');
    expect(replayRecord(record, { game: stuck })).toMatchObject({ verdict: 'engine-error', mismatch: null, engineError: { step: 1, seat: 0, deciding: true, same: true } });
  });

  test('replayed, the same error happens at the same step, with its action: a replay that ends as recorded', () => {
    const record = recorded(diceRace, buggy, 'error');
    const last = record.steps.at(-1) as { seat: number; action: RaceAction };
    const replay = replayRecord(record, { game: diceRace });
    expect(replay.verdict).toBe('engine-error');
    expect(replay.mismatch).toBeNull();
    expect(replay.engineError).toMatchObject({ message: 'Error: landed on 5', step: record.steps.length, seat: last.seat, action: last.action, deciding: false, playedOn: false, same: true });
    expect(replay.engineError!.stack).toMatch(/^Error: landed on 5\n\s+at .*dice-race\.ts/);
    expect(describeFailurePlace(replay.engineError!)).toBe(`step ${record.steps.length} (seat ${last.seat}, ${JSON.stringify(last.action)})`);
    expect(replay.replayed).toBe(record.steps.length - 1);
    expect(replay.outcome).toBeNull();
    // A record made before stacks were kept replays the same.
    const { engineStack: _stack, ...old } = record;
    expect(replayRecord(old, { game: diceRace })).toMatchObject({ verdict: 'engine-error', mismatch: null, engineError: { same: true } });
  });

  test('the bug fixed: the step plays, the seats\' bots play the game on to an outcome; without bots it cannot end', () => {
    const record = recorded(diceRace, buggy, 'error');
    const replay = replayRecord(record, { game: fixed, playOn: [randomly('a'), randomly('b')] });
    expect(replay.verdict).toBe('fixed');
    expect(replay.engineError).toBeNull();
    expect(replay.outcome?.rank).toHaveLength(2);
    expect(replay.playedOn).toBeGreaterThan(0);
    expect(replay.mismatch).toBe(`the record's engine error (Error: landed on 5) does not happen now: its ${record.steps.length} steps play, the seats' bots play ${replay.playedOn} more, and the game ends with ${JSON.stringify(replay.outcome)}`);
    // Played on from the record's seed and the bots' own streams: the same every time.
    expect(replayRecord(record, { game: fixed, playOn: [randomly('a'), randomly('b')] }).outcome).toEqual(replay.outcome);
    const alone = replayRecord(record, { game: fixed });
    expect(alone.verdict).toBe('unfinished');
    expect(alone.mismatch).toMatch(/^the record's engine error \(Error: landed on 5\) does not happen now: its \d+ steps play, and the game goes on \(seat \d to act\) but cannot be played on: no System Players were given to play it on$/);
    const person = replayRecord(record, { game: fixed, playOn: [randomly('a'), "is a person's seat"] });
    expect(person.mismatch).toMatch(/but cannot be played on: seat 1 \(b\) is a person's seat$/);
  });

  test('another error at the same step is not the record\'s, and says both', () => {
    const record = recorded(diceRace, buggy, 'error');
    const last = record.steps.at(-1) as { seat: number; action: RaceAction };
    const replay = replayRecord(record, { game: otherBug });
    expect(replay.verdict).toBe('engine-error');
    expect(replay.engineError).toMatchObject({ message: 'RangeError: off the board', same: false });
    expect(replay.mismatch).toBe(`step ${record.steps.length} (seat ${last.seat}, ${JSON.stringify(last.action)}): the engine failed: RangeError: off the board (the record's engine error: Error: landed on 5)`);
  });

  test('an engine error in a decision (a view) is recorded after the last step, and replayed there', () => {
    const record = recorded(blindPast6, sound, 'error');
    expect(record.engineError).toBe('TypeError: no view past 6');
    const replay = replayRecord(record, { game: blindPast6 });
    expect(replay).toMatchObject({ verdict: 'engine-error', mismatch: null, replayed: record.steps.length });
    expect(replay.engineError).toMatchObject({ step: record.steps.length + 1, deciding: true, same: true });
    expect(replay.engineError).not.toHaveProperty('action');
    expect(describeFailurePlace(replay.engineError!)).toBe(`step ${record.steps.length + 1} (seat ${replay.engineError!.seat} to decide: its view and legal actions)`);
  });

  test('a game that ended well fails where the engine would now fail a tournament: before the decision that needs the view', () => {
    const record = recorded(diceRace, sound, 'outcome');
    const replay = replayRecord(record, { game: blindPast6 });
    expect(replay.verdict).toBe('engine-error');
    const { step } = replay.engineError!;
    expect(step).toBeLessThanOrEqual(record.steps.length);
    expect(replay.mismatch).toBe(`step ${step} (seat ${record.steps[step - 1]!.seat} to decide: its view and legal actions): the engine failed: TypeError: no view past 6`);
    expect(replay.replayed).toBe(step - 1);
  });

  test('a step the rules refuse now is named with its action', () => {
    const record = recorded(diceRace, sound, 'outcome');
    const noRolls: Race = { ...diceRace, apply: (state, seat, action, rng) => { if (action.type === 'roll') throw new RuleError('Rolling is not allowed.'); return diceRace.apply(state, seat, action, rng); } };
    const at = record.steps.findIndex((step) => 'action' in step && (step.action as RaceAction).type === 'roll');
    const replay = replayRecord(record, { game: noRolls });
    expect(replay.verdict).toBe('differs');
    expect(replay.mismatch).toBe(`step ${at + 1} (seat ${record.steps[at]!.seat}, {"type":"roll"}): the rules refuse it now: Rolling is not allowed.`);
  });

  test('a game played step by step keeps the failing action in its record, as a tournament does, so it replays to it', () => {
    const referee = openReferee({ game: diceRace, variant: '', config: buggy, seed: 'errors', index: 0, seats: SEATS.map((s) => ({ ...s, bot: null })) });
    let steps = 0;
    try {
      for (let seat = referee.toAct(); seat !== null; seat = referee.toAct()) {
        referee.act(seat, { type: 'step' });
        steps++;
      }
    } catch (error) {
      referee.fail(error);
    }
    const record = referee.record();
    expect(record.engineError).toBe('Error: landed on 5');
    expect(record.steps).toHaveLength(steps + 1);
    expect(record.engineStack).toMatch(/^Error: landed on 5\n/);
    expect(replayRecord(record, { game: diceRace })).toMatchObject({ verdict: 'engine-error', mismatch: null, engineError: { step: steps + 1, action: { type: 'step' }, same: true } });
  });

  test('a game that fails in its setup replays to its setup', () => {
    const broken: Race = { ...diceRace, setup: () => { throw new TypeError('no board'); } };
    const played = playGame({ game: broken, variant: '', config: sound, seed: 'errors', key: seedKey('errors'), index: 0, seats: SEATS });
    const replay = replayRecord(played.record(), { game: broken });
    expect(replay).toMatchObject({ verdict: 'engine-error', mismatch: null, replayed: 0, engineError: { message: 'TypeError: no board', step: 0, seat: null, deciding: false, playedOn: false, same: true } });
    expect(describeFailurePlace(replay.engineError!)).toBe("the game's setup");
  });
});
