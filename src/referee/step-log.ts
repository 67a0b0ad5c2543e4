import type { Action } from '../core/game.js';
import type { FaultKind, RecordedStep } from '../core/record.js';
import type { Seat } from '../core/seat.js';

/** Why a bot's decision forfeits its seat, or has a substitute played for it; a departure's reason. */
export class Refusal {
  constructor(
    readonly kind: FaultKind,
    /** Absent only for a forfeit replayed from a record that gave none. */
    readonly detail: string | undefined,
    /** Played for the seat instead of forfeiting it (a process bot's `random` fault policy). */
    readonly substitute?: Action,
  ) {}
}

/**
 * The steps of the game being played, for its record: the seats and what each played (a forfeit as
 * its Refusal) in parallel arrays overwritten in place, not an object per step, since a tournament
 * plays ~50 steps a game at a few hundred ns each and rarely wants the record.
 */
export class StepLog {
  /** Written directly by the referee's step loop, which keeps the length in a local and sets it back. */
  // Stryker disable ArrayDeclaration: the length below says how much of them is the game's; a seeded slot is overwritten before it is read
  readonly seats: Seat[] = [];
  readonly actions: (Action | Refusal)[] = [];
  // Stryker restore ArrayDeclaration
  length = 0;
  /** Counts the games logged, so that a result can tell its steps were overwritten. */
  game = 0;

  start(): number {
    this.length = 0;
    // Stryker disable next-line UpdateOperator: counting games down tells them apart as well
    return ++this.game;
  }

  push(seat: Seat, action: Action | Refusal): void {
    this.seats[this.length] = seat;
    this.actions[this.length] = action;
    this.length++;
  }

  recorded(game: number): RecordedStep[] {
    if (game !== this.game) throw new Error('the step log was reused by another game before this game\'s record was built');
    const steps: RecordedStep[] = [];
    for (let i = 0; i < this.length; i++) {
      const seat = this.seats[i]!;
      const step = this.actions[i];
      if (!(step instanceof Refusal)) steps.push({ seat, action: step });
      else steps.push(step.detail === undefined ? { seat, forfeit: step.kind } : { seat, forfeit: step.kind, detail: step.detail });
    }
    return steps;
  }
}
