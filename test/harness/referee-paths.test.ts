import { describe, expect, test } from 'vitest';
import type { BotFactory } from '../../src/core/bot.js';
import type { GameEvent } from '../../src/core/events.js';
import { seedKey } from '../../src/core/rng.js';
import { findGame } from '../../src/games/registry.js';
import { DecisionClock } from '../../src/referee/decision-times.js';
import { playGame } from '../../src/referee/match.js';
import { openReferee, type RefereeSeat } from '../../src/referee/referee.js';
import { replayRecord } from '../../src/referee/replay.js';
import { diceRace } from './support/dice-race.js';

const config = diceRace.configSchema.parse({ target: 12 });
const race = <T extends RefereeSeat>(seats: T[], extra: object = {}) => ({ game: diceRace, variant: '', config, seed: 'paths', key: seedKey('paths'), index: 1, seats, ...extra });
const bot = (name: string, act: BotFactory['create']): BotFactory => ({ name, description: '', create: act });
const first = bot('first', () => ({ act: (_v, legal) => legal[0] }));

describe('the referee\'s other paths', () => {
  test('the seats\' names, to the referee and to each bot; a seat with no System Player, even past the table, cannot decide', () => {
    const told: unknown[] = [];
    const naming = bot('naming', (ctx) => (told.push(ctx.names), { act: (_v, legal) => legal[0] }));
    const referee = openReferee(race([{ name: 'Ann', label: 'a', bot: naming }, { name: 'Bob', label: 'b', bot: null }]));
    expect(referee.names).toEqual(['Ann', 'Bob']);
    expect(told).toEqual([['Ann', 'Bob']]);
    expect(() => referee.decide(5)).toThrow('seat 5 has no System Player to decide');
  });

  test('step by step, a decision over the move time or a throw is a fault that forfeits, with no substitute', () => {
    const slow = bot('slow', () => ({ act: (_v, legal) => { const t = performance.now(); while (performance.now() - t < 60); return legal[0]; } }));
    const timed = openReferee(race([{ name: 'A', label: 'a', bot: slow }, { name: 'B', label: 'b', bot: first }], { moveTimeMs: 20 }));
    expect(timed.decide(0)).toEqual({ events: [{ type: 'left', seat: 0 }], fault: { seat: 0, kind: 'timeout', detail: expect.stringMatching(/, limit 20 ms$/) } });
    const throwing = bot('throwing', () => ({ act: () => { throw new Error('no'); } }));
    const threw = openReferee(race([{ name: 'A', label: 'a', bot: throwing }, { name: 'B', label: 'b', bot: first }]));
    const decision = threw.decide(0);
    expect(decision).toEqual({ events: [{ type: 'left', seat: 0 }], fault: { seat: 0, kind: 'threw', detail: 'Error: no' } });
    expect('substituted' in decision).toBe(false);
    expect(threw.departed).toEqual([0]);
  });

  test('past the step limit a bot is not even asked', () => {
    let asked = 0;
    const counting = bot('counting', () => ({ act: (_v, legal) => (asked++, legal[0]) }));
    const referee = openReferee(race([{ name: 'A', label: 'a', bot: counting }, { name: 'B', label: 'b', bot: counting }], { maxSteps: 1 }));
    referee.decide(0);
    expect(asked).toBe(1);
    expect(referee.decide(1)).toEqual({ events: [] });
    expect(asked).toBe(1);
  });

  test('a System Player without observe can take a seat that has seen events', () => {
    const referee = openReferee(race([{ name: 'A', label: 'a', bot: null }, { name: 'B', label: 'b', bot: first }]));
    const seen = referee.act(0, { type: 'step' });
    expect(() => referee.seatBot(0, first, 'first (for A)', seen)).not.toThrow();
    expect(referee.record().seats).toEqual([{ name: 'A', bot: 'first (for A)' }, { name: 'B', bot: 'b' }]);
  });

  test('played to the end: onEvent hears every event with no bot listening, the clock times each decision', () => {
    const heard: GameEvent[] = [];
    const clock = new DecisionClock(2);
    expect(clock.timing([0, 1])).toBe(true);
    const result = playGame(race([{ name: 'A', label: 'a', bot: first }, { name: 'B', label: 'b', bot: first }], { onEvent: (e: GameEvent) => heard.push(e), clock }));
    // The race makes one event a step.
    expect(heard).toHaveLength(result.steps);
    expect(heard[0]).toEqual({ type: 'moved', seat: 0, distance: 1 });
    // A game that ended well: its record says nothing of an engine error, not even undefined.
    expect(Object.keys(result.record())).not.toContain('engineError');
    const times = clock.data();
    expect(times[0]!.timed + times[1]!.timed).toBe(result.steps);
    for (const t of times) expect(t.totalNs / t.timed).toBeLessThan(1e9);
  });

  test('a game over with no outcome is an engine error; a game\'s metrics are read at its end', () => {
    const silent = { ...diceRace, outcome: () => null };
    expect(playGame({ ...race([{ name: 'A', label: 'a', bot: first }, { name: 'B', label: 'b', bot: first }]), game: silent }).engineError).toBe('Error: the game has no one to act but no outcome');
    const yahtzee = findGame('yahtzee');
    const result = playGame({ game: yahtzee, variant: '', config: yahtzee.configSchema.parse({ series: 1 }), seed: 'metrics', key: seedKey('metrics'), index: 0, seats: [{ name: 'A', label: 'a', bot: first }, { name: 'B', label: 'b', bot: first }] });
    expect(result.metrics).toHaveLength(2);
    expect(Object.keys(result.metrics![1]!).sort()).toEqual(yahtzee.metrics!.list.map((m) => m.name).sort());
  });

  test('a forced setup is the game\'s; a forfeit replays as a forfeit, its record step without a detail it never had', () => {
    const yahtzee = findGame('yahtzee');
    const yahtzeeConfig = yahtzee.configSchema.parse({ series: 1 });
    const forced = openReferee({ game: yahtzee, variant: '', config: yahtzeeConfig, seed: 'forced', index: 0, seats: [{ name: 'A', label: 'a', bot: null }, { name: 'B', label: 'b', bot: null }], forced: { order: [1, 0] } });
    expect((forced.state as { order: number[] }).order).toEqual([1, 0]);
    forced.depart(1, 'left', undefined);
    expect(Object.keys(forced.recordedSteps()[0]!)).toEqual(['seat', 'forfeit']);
    const throwing = bot('throwing', () => ({ act: () => { throw new Error('gone'); } }));
    const result = playGame({ game: yahtzee, variant: '', config: yahtzeeConfig, seed: 'forfeit', key: seedKey('forfeit'), index: 0, seats: [{ name: 'A', label: 'a', bot: first }, { name: 'B', label: 'b', bot: throwing }] });
    const record = JSON.parse(JSON.stringify(result.record()));
    expect(record.steps.filter((s: object) => 'forfeit' in s)).toEqual([{ seat: 1, forfeit: 'threw', detail: 'Error: gone' }]);
    expect(replayRecord(record).mismatch).toBeNull();
  });

  test('a bot not declared read-only choosing from a frozen legal list: the game plays exactly its choice', () => {
    // Frozen all the way down, the list is handed as it is, and the choice found in it by position.
    const frozen = Object.freeze([Object.freeze({ type: 'step' as const }), Object.freeze({ type: 'roll' as const })]);
    const game = { ...diceRace, legalActions: (state: Parameters<typeof diceRace.legalActions>[0], seat: number) => (diceRace.legalActions(state, seat).length > 0 ? frozen : []) };
    const chosen: unknown[] = [];
    const stepping = bot('stepping', () => ({ act: (_v, legal) => { chosen.push(legal[0]); return legal[0]; } }));
    const result = playGame({ ...race([{ name: 'A', label: 'a', bot: stepping }, { name: 'B', label: 'b', bot: first }]), game });
    expect(result.faults).toEqual([]);
    expect(chosen.every((a) => a === frozen[0])).toBe(true);
    expect(result.record().steps.filter((s) => s.seat === 0).map((s) => ('action' in s ? s.action : null))).toEqual(chosen);
  });
});
