import { describe, expect, test } from 'vitest';
import { declareReadOnly, type BotFactory } from '../../src/core/bot.js';
import { RuleError } from '../../src/core/errors.js';
import type { GameEvent } from '../../src/core/events.js';
import type { Outcome } from '../../src/core/outcome.js';
import { seedKey } from '../../src/core/rng.js';
import { findGame } from '../../src/games/registry.js';
import { BotFault } from '../../src/protocol/bot-fault.js';
import { judgeDecision, refusalOf } from '../../src/referee/decision.js';
import { playGame, StepLog } from '../../src/referee/match.js';
import { openReferee, Referee, type RefereeSeat } from '../../src/referee/referee.js';
import { parseRecord, replayRecord } from '../../src/referee/replay.js';
import { Refusal } from '../../src/referee/step-log.js';
import { diceRace, type RaceAction } from './support/dice-race.js';

/** A bot that plays at random and writes down what it is told, and how the game ended. */
function listening(name: string, told: GameEvent[], ends: (Outcome | null)[] = []): BotFactory {
  return {
    name,
    description: 'random, listening',
    create: (ctx) => ({
      act: (_view, legal) => legal[ctx.rng.int(legal.length)],
      observe: (event) => told.push(event),
      end: (outcome) => ends.push(outcome),
    }),
  };
}

const config = diceRace.configSchema.parse({ target: 12 });
/** The dice race at seed `steps`: its seats, and any other setup, as the caller gives them. */
const race = <T extends RefereeSeat>(seats: T[], extra: object = {}) => ({ game: diceRace, variant: '', config, seed: 'steps', key: seedKey('steps'), index: 3, seats, ...extra });

describe('the referee, step by step', () => {
  test('decisions one at a time play the game the tournament plays, events and outcome told the same', () => {
    const [toldA, toldB, ended] = [[] as GameEvent[], [] as GameEvent[], [] as (Outcome | null)[]];
    const whole = playGame(race([{ name: 'A', label: 'a', bot: listening('a', toldA) }, { name: 'B', label: 'b', bot: listening('b', [], []) }]));
    const all: GameEvent[] = [];
    const referee = openReferee(race([{ name: 'A', label: 'a', bot: listening('a', toldB, ended) }, { name: 'B', label: 'b', bot: listening('b', []) }], { onEvent: (e: GameEvent) => all.push(e) }));
    expect(referee.over).toBe(false);
    let decisions = 0;
    for (let seat = referee.toAct(); seat !== null; seat = referee.toAct()) {
      expect(referee.legal(seat).length).toBe(2);
      expect(referee.view(seat)).toMatchObject({ me: seat });
      referee.decide(seat);
      decisions++;
    }
    expect(referee.over).toBe(true);
    expect(referee.record()).toEqual(whole.record());
    expect(referee.outcome).toEqual(whole.outcome);
    expect(referee.steps).toBe(decisions);
    expect(referee.played).toBe(decisions);
    expect(toldB).toEqual(toldA);
    expect(all).toEqual(toldA);
    expect(ended).toEqual([whole.outcome]);
  });

  test('a person\'s action: a rule error changes nothing; a good one is logged and told to the bots', () => {
    const told: GameEvent[] = [];
    const starts: unknown[] = [];
    const ends: unknown[] = [];
    const referee = openReferee(race([{ name: 'Ann', label: 'human:Ann', bot: null }, { name: 'B', label: 'b', bot: listening('b', told) }], { onStart: (s: unknown) => starts.push(structuredClone(s)), onEnd: (s: unknown) => ends.push(s) }));
    expect(starts).toHaveLength(1);
    expect(referee.botOf(0)).toBeNull();
    expect(() => referee.decide(0)).toThrow('seat 0 has no System Player to decide');
    expect(() => referee.act(1, { type: 'step' })).toThrow(RuleError);
    expect(referee.played).toBe(0);
    const events = referee.act(0, { type: 'step' });
    expect(events).toEqual([{ type: 'moved', seat: 0, distance: 1 }]);
    expect(told).toEqual(events);
    expect(referee.recordedSteps()).toEqual([{ seat: 0, action: { type: 'step' } }]);
    expect(referee.record().seats).toEqual([{ name: 'Ann', bot: 'human:Ann' }, { name: 'B', bot: 'b' }]);
    expect(ends).toEqual([]);
  });

  test('a departure is a forfeit step, told to the bots; the game ends when no one is left to act', () => {
    const told: GameEvent[] = [];
    const ended: (Outcome | null)[] = [];
    const referee = openReferee(race([{ name: 'Ann', label: 'human:Ann', bot: null }, { name: 'B', label: 'b', bot: listening('b', told, ended) }]));
    referee.act(0, { type: 'step' });
    expect(referee.depart(0, 'left', 'closed the window')).toEqual([{ type: 'left', seat: 0 }]);
    expect(referee.departed).toEqual([0]);
    expect(told.at(-1)).toEqual({ type: 'left', seat: 0 });
    expect(referee.recordedSteps()[1]).toEqual({ seat: 0, forfeit: 'left', detail: 'closed the window' });
    referee.depart(1, 'left', undefined);
    expect(referee.recordedSteps()[2]).toEqual({ seat: 1, forfeit: 'left' });
    expect(referee.toAct()).toBeNull();
    // Both left: the first to leave ranks last, and no one wins.
    expect(referee.outcome).toEqual({ winners: [], rank: [2, 1], score: [1, 0] });
    expect(ended).toEqual([referee.outcome]);
  });

  test('a System Player takes a seat: it first reads what the seat saw, and the record names it', () => {
    const read: GameEvent[] = [];
    const referee = openReferee(race([{ name: 'Ann', label: 'human:Ann', bot: null }, { name: 'B', label: 'b', bot: listening('b', []) }]));
    const seen = referee.act(0, { type: 'step' });
    referee.seatBot(0, listening('sub', read), 'random (for Ann)', seen);
    expect(read).toEqual(seen);
    expect(referee.record().seats[0]).toEqual({ name: 'Ann', bot: 'random (for Ann)' });
    expect(referee.label(1)).toBe('b');
    referee.decide(referee.toAct()!);
    expect(read.length).toBeGreaterThan(seen.length);
  });

  test('past the step limit a game stops on an engine error, in the loop and step by step, bots told once', () => {
    const ended: (Outcome | null)[] = [];
    const looped = playGame(race([{ name: 'A', label: 'a', bot: listening('a', [], ended) }, { name: 'B', label: 'b', bot: listening('b', []) }], { maxSteps: 3 }));
    expect(looped.outcome).toBeNull();
    expect(looped.engineError).toBe('Error: the game did not end within 3 steps');
    expect(looped.steps).toBe(3);
    expect(ended).toEqual([null]);
    const stepped: (Outcome | null)[] = [];
    const referee = openReferee(race([{ name: 'A', label: 'a', bot: listening('a', [], stepped) }, { name: 'B', label: 'b', bot: null }], { maxSteps: 2 }));
    referee.decide(0);
    referee.act(1, { type: 'step' });
    expect(referee.act(0, { type: 'step' })).toEqual([]);
    expect(referee.decide(0)).toEqual({ events: [] });
    expect(referee.toAct()).toBeNull();
    expect(referee.over).toBe(true);
    expect(referee.record()).toMatchObject({ outcome: null, engineError: 'Error: the game did not end within 2 steps' });
    expect(referee.recordedSteps()).toHaveLength(2);
    expect(stepped).toEqual([null]);
  });

  test('a game that fails in setup or in a step ends with no outcome, its error recorded', () => {
    const broken = { ...diceRace, setup: () => { throw new TypeError('no board'); } };
    const ended: (Outcome | null)[] = [];
    const result = playGame({ ...race([{ name: 'A', label: 'a', bot: listening('a', [], ended) }]), game: broken });
    expect(result.outcome).toBeNull();
    expect(result.engineError).toBe('TypeError: no board');
    const bug = openReferee(race([{ name: 'A', label: 'a', bot: null }, { name: 'B', label: 'b', bot: null }], { config: diceRace.configSchema.parse({ bugAt: 1 }) }));
    expect(() => bug.act(0, { type: 'step' })).toThrow('landed on 1');
    bug.fail(new Error('landed on 1'));
    expect(bug.record()).toMatchObject({ outcome: null, engineError: 'Error: landed on 1' });
    expect(bug.toAct()).toBeNull();
  });

  test('an engine that offers no legal action, or a game played to its end with a person seated, stops on an engine error', () => {
    const stuck = { ...diceRace, legalActions: () => [] };
    const result = playGame({ ...race([{ name: 'A', label: 'a', bot: listening('a', []) }, { name: 'B', label: 'b', bot: listening('b', []) }]), game: stuck });
    expect(result.engineError).toBe('Error: seat 0 is to act but has no legal action');
    expect(result.outcome).toBeNull();
    const ended: (Outcome | null)[] = [];
    const referee = new Referee(race([{ name: 'A', label: 'a', bot: listening('a', [], ended) }, { name: 'B', label: 'human:B', bot: null }])).open().playToEnd();
    expect(referee.engineError).toBe('Error: a game played to its end seats System Players only');
    expect(referee.played).toBe(0);
    expect(ended).toEqual([null]);
  });

  test('a step log reused by another game refuses to build the first game\'s record', () => {
    const log = new StepLog();
    const seats = [{ name: 'A', label: 'a', bot: listening('a', []) }, { name: 'B', label: 'b', bot: listening('b', []) }];
    const first = playGame(race(seats, { log }));
    const steps = first.record().steps;
    expect(steps.length).toBe(first.steps);
    const second = playGame(race(seats, { log, index: 4 }));
    expect(() => first.record()).toThrow('the step log was reused by another game before this game\'s record was built');
    expect(second.record().steps).toHaveLength(second.steps);
  });
});

describe('faults judged one decision at a time', () => {
  const legal: readonly RaceAction[] = [{ type: 'step' }, { type: 'roll' }];
  const bot = (act: () => unknown) => ({ act });

  test('the legal action chosen, a copy mapped to it, or the refusal', () => {
    expect(judgeDecision(bot(() => legal[1]), {}, legal, 0)).toBe(legal[1]);
    expect(judgeDecision(bot(() => ({ type: 'roll' })), {}, legal, 0)).toBe(legal[1]);
    expect(judgeDecision(bot(() => ({ type: 'fly' })), {}, legal, 0)).toEqual(new Refusal('illegal', 'returned {"type":"fly"}, which is not a legal action'));
    expect(judgeDecision(bot(() => { throw new Error('boom'); }), {}, legal, 0)).toEqual(new Refusal('threw', 'Error: boom'));
    const late = judgeDecision(bot(() => { const t = performance.now(); while (performance.now() - t < 30); return legal[0]; }), {}, legal, 10);
    expect(late).toBeInstanceOf(Refusal);
    expect((late as Refusal).kind).toBe('timeout');
    expect((late as Refusal).detail).toMatch(/^took \d+\.\d ms, limit 10 ms$/);
    expect(judgeDecision(bot(() => legal[0]), {}, legal, 1000)).toBe(legal[0]);
  });

  test('a process bot\'s named fault keeps its kind, detail and substitute', () => {
    expect(refusalOf(new BotFault('crash', 'exited', legal[0]))).toEqual(new Refusal('crash', 'exited', legal[0]));
    expect(refusalOf('a string')).toEqual(new Refusal('threw', 'a string'));
  });

  test('in the step loop, a fault with a substitute plays it and the seat stays', () => {
    let calls = 0;
    const faulting: BotFactory = { name: 'f', description: '', create: () => ({ act: (_v, l) => (calls++ === 1 ? (() => { throw new BotFault('malformed', 'garbled', l[1]); })() : l[0]) }) };
    const result = playGame(race([{ name: 'A', label: 'a', bot: faulting }, { name: 'B', label: 'b', bot: listening('b', []) }]));
    expect(result.faults).toEqual([{ seat: 0, kind: 'malformed', detail: 'garbled' }]);
    expect(result.departed).toEqual([]);
    expect(result.record().steps.filter((s) => s.seat === 0).slice(0, 3)).toEqual([{ seat: 0, action: { type: 'step' } }, { seat: 0, action: { type: 'roll' } }, { seat: 0, action: { type: 'step' } }]);
    expect(result.outcome).not.toBeNull();
  });
});

describe('what a bot is handed', () => {
  test('a bot not declared read-only gets frozen copies, and its choice is mapped back to the game\'s own action', () => {
    const handed: { config: unknown; view: unknown; legal: readonly unknown[] }[] = [];
    const events: GameEvent[] = [];
    const ends: unknown[] = [];
    const own: BotFactory = {
      name: 'own',
      description: '',
      create: (ctx) => ({
        act: (view, legal) => {
          handed.push({ config: ctx.config, view, legal });
          return { ...legal[0] };
        },
        observe: (e) => events.push(e),
        end: (o) => ends.push(o),
      }),
    };
    const result = playGame(race([{ name: 'A', label: 'a', bot: own }, { name: 'B', label: 'b', bot: listening('b', []) }]));
    expect(result.faults).toEqual([]);
    expect(handed.length).toBeGreaterThan(0);
    for (const h of handed) {
      expect(Object.isFrozen(h.config)).toBe(true);
      expect(Object.isFrozen(h.view)).toBe(true);
      expect(Object.isFrozen(h.legal)).toBe(true);
    }
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => Object.isFrozen(e))).toBe(true);
    expect(Object.isFrozen(ends[0])).toBe(true);
    expect(ends).toEqual([result.outcome]);
  });

  test('a bot declared read-only gets the game\'s own objects', () => {
    const legals: (readonly unknown[])[] = [];
    const trusted = declareReadOnly({ name: 't', description: '', create: () => ({ act: (_v: unknown, legal: readonly RaceAction[]) => (legals.push(legal), legal[0]!) }) });
    playGame(race([{ name: 'A', label: 'a', bot: trusted }, { name: 'B', label: 'b', bot: listening('b', []) }]));
    expect(legals.length).toBeGreaterThan(0);
    expect(Object.isFrozen(legals[0])).toBe(false);
  });
});

describe('a record played again', () => {
  const yahtzee = findGame('yahtzee');
  const seats = [{ name: 'Ann', label: 'a', bot: listening('a', []) }, { name: 'Bob', label: 'b', bot: listening('b', []) }];
  // Played inside each test: a game played while the file loads would make the referee's mutants static.
  const play = () => {
    const played = playGame({ game: yahtzee, variant: '', config: yahtzee.configSchema.parse({ series: 1 }), seed: 'replay', key: seedKey('replay'), index: 2, seats });
    return { played, record: JSON.parse(JSON.stringify(played.record())) };
  };

  test('ends as recorded, every step heard with its events and the state', () => {
    const { played, record } = play();
    const heard: string[] = [];
    const replay = replayRecord(parseRecord(record, 'game.json'), { onStep: (state, step, events) => heard.push(`${step === null ? 'setup' : step.seat}:${events.length}:${state !== null}`) });
    expect(replay.mismatch).toBeNull();
    expect(replay.outcome).toEqual(played.outcome);
    expect(replay.state).not.toBeNull();
    expect(heard[0]).toBe('setup:0:true');
    expect(heard).toHaveLength(record.steps.length + 1);
    expect(replay.events.length).toBeGreaterThan(record.steps.length);
  });

  test('says how the ending differs, or that the replay failed', () => {
    const { played, record } = play();
    const other = { ...record, outcome: { ...record.outcome, winners: [9] } };
    expect(replayRecord(other).mismatch).toBe(`the replay ends with ${JSON.stringify(played.outcome)}, the record says ${JSON.stringify(other.outcome)}`);
    const extra = { ...record, steps: [...record.steps, record.steps[0]] };
    expect(replayRecord(extra).mismatch).toBe(`the replay failed: step ${record.steps.length + 1}: the game was already over`);
    const malformed = { ...record, steps: [{ seat: 0, action: { type: 'nonsense' } }] };
    expect(replayRecord(malformed).mismatch).toMatch(/^the replay failed: step 1: malformed action: /);
    // A record of a game that ended on an engine error is held to it too: a malformed step is the record's problem, not the error.
    expect(replayRecord({ ...malformed, outcome: null, engineError: 'Error: bug' })).toMatchObject({ verdict: 'differs', outcome: null, state: null, events: [], engineError: null, mismatch: expect.stringMatching(/^the replay failed: step 1: malformed action: /) });
  });

  test('a file that is not a record is refused in one line, saying what it is when it is another of parlor\'s', () => {
    expect(() => parseRecord({ schema: 1 }, 'x.json')).toThrow(/^x\.json is not a parlor game record: /);
    expect(() => parseRecord({ schema: 3, entrants: [], headToHead: [] }, 'summary.json')).toThrow(/^summary\.json is a run's summary: /);
  });
});
