import { afterAll, describe, expect, test } from 'vitest';
import type { BotFactory } from '../../src/core/bot.js';
import { seenEvent, type GameEvent } from '../../src/core/events.js';
import type { Action } from '../../src/core/game.js';
import type { GameRecord } from '../../src/core/record.js';
import { GameStreams, seedKey } from '../../src/core/rng.js';
import { findGame } from '../../src/games/registry.js';
import { processBotFactory } from '../../src/protocol/process-bot.js';
import { processLimitsSchema } from '../../src/protocol/process-limits.js';
import { playGame } from '../../src/referee/match.js';
import { openReferee } from '../../src/referee/referee.js';
import { misbehaving } from './support.js';

/**
 * A process bot under `onFault: "random"` answers illegally at its third decision; the referee
 * plays a random legal move for it instead of forfeiting the seat. That move's events are events
 * like any other: the bot beside it must be told every one, as its seat sees it.
 */
const yahtzee = findGame('yahtzee');
const config = yahtzee.configSchema.parse({ series: 1 });
const substituting = processBotFactory(misbehaving('illegal'), processLimitsSchema.parse({ onFault: 'random' }));
afterAll(() => substituting.close());

/** A random player that writes down every event it is told. */
function observer(told: GameEvent[]): BotFactory {
  return {
    name: 'observer',
    description: 'plays at random, notes every event',
    create: (ctx) => ({
      act: (_view, legal) => legal[ctx.rng.int(legal.length)],
      observe: (event) => told.push(JSON.parse(JSON.stringify(event)) as GameEvent),
    }),
  };
}

const seats = (told: GameEvent[]) => [
  { name: 'Ann', label: 'process', bot: substituting },
  { name: 'Bob', label: 'observer', bot: observer(told) },
];

/** What seat 1 sees of the record's steps, replayed with the engine alone. */
function seenBySeat1(record: GameRecord): unknown[] {
  const rng = new GameStreams(seedKey(record.seed), record.index);
  const state = yahtzee.setup({ variant: '', config, seats: record.seats.map((s) => ({ name: s.name })), rng });
  const seen: unknown[] = [];
  for (const step of record.steps) {
    const events = 'forfeit' in step ? yahtzee.forfeit(state, step.seat) : yahtzee.apply(state, step.seat, step.action as Action, rng);
    for (const event of events) {
      const visible = seenEvent(event, 1);
      if (visible !== null) seen.push(JSON.parse(JSON.stringify(visible)));
    }
  }
  return seen;
}

describe('a substituted move under onFault "random"', () => {
  test('played to the end: the observer is told exactly the record\'s events, the substitute\'s included', () => {
    const told: GameEvent[] = [];
    const result = playGame({ game: yahtzee, variant: '', config, seed: 'substitute', key: seedKey('substitute'), index: 0, seats: seats(told) });
    expect(result.faults).toEqual([expect.objectContaining({ seat: 0, kind: 'illegal' })]);
    expect(result.departed).toEqual([]);
    const record = result.record();
    // The substitute is recorded as the seat's action, not as a forfeit.
    expect(record.steps.every((s) => 'action' in s)).toBe(true);
    expect(told).toEqual(seenBySeat1(record));
    expect(result.outcome).not.toBeNull();
  });

  test('step by step: the decision says it was substituted, and the observer is told its events', () => {
    const told: GameEvent[] = [];
    const referee = openReferee({ game: yahtzee, variant: '', config, seed: 'substitute', index: 1, seats: seats(told) });
    const decisions = [];
    for (let seat = referee.toAct(); seat !== null; seat = referee.toAct()) decisions.push({ seat, ...referee.decide(seat) });
    const substituted = decisions.filter((d) => d.substituted === true);
    expect(substituted).toHaveLength(1);
    expect(substituted[0]).toMatchObject({ seat: 0, fault: { seat: 0, kind: 'illegal' } });
    expect(substituted[0]!.events.length).toBeGreaterThan(0);
    expect(decisions.filter((d) => d.fault !== undefined)).toHaveLength(1);
    expect(referee.departed).toEqual([]);
    expect(told).toEqual(seenBySeat1(referee.record()));
    expect(referee.outcome).not.toBeNull();
  });
});
