import type { BotFactory } from '../../../src/core/bot.js';
import type { GameEvent } from '../../../src/core/events.js';
import type { GameRecord, RecordedStep } from '../../../src/core/record.js';
import { diceRace } from './dice-race.js';

/**
 * Dice race records written by hand, for replay's tests: every action a step of 1, so that each
 * position, event and ending can be worked out on paper (no die is rolled).
 */

/** `count` steps of 1, the seats taking turns from seat 0 as the race's turn passes. */
export function steps(count: number, seats = 2): RecordedStep[] {
  return Array.from({ length: count }, (_, i) => ({ seat: i % seats, action: { type: 'step' } }));
}

/** The event a step of 1 by `seat` makes. */
export const moved = (seat: number): GameEvent => ({ type: 'moved', seat, distance: 1 });

/** A record of the race between seats A, B, ... (labels a, b, ...) with the given config and steps; `more` adds or overrides fields. */
export function raceRecord(config: { target: number; bugAt?: number }, recorded: RecordedStep[], more: Partial<GameRecord> = {}, seats = 2): GameRecord {
  return {
    schema: 1,
    game: diceRace.id,
    variant: '',
    config: diceRace.configSchema.parse(config),
    seed: 'by-hand',
    index: 0,
    seats: Array.from({ length: seats }, (_, s) => ({ name: 'ABCD'[s]!, bot: 'abcd'[s]! })),
    steps: recorded,
    outcome: null,
    ...more,
  };
}

/** A System Player that always steps 1 (the race offers the step first), writing down what its seat is told into `told[seat]`. */
export function stepper(told: GameEvent[][] = []): BotFactory {
  return {
    name: 'stepper',
    description: 'steps 1',
    create: (ctx) => ({
      act: (_view, legal) => legal[0],
      observe: (event) => void (told[ctx.seat] ??= []).push(event),
    }),
  };
}
