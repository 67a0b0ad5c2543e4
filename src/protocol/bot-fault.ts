import type { Action } from '../core/game.js';
import type { FaultKind } from '../core/record.js';

/**
 * Thrown by a bot's `act` to name its fault (a process bot's timeout, crash or malformed line)
 * instead of counting as `threw`. With a `substitute`, the seat is not forfeited: that legal action
 * is played for it and the fault is still counted.
 */
export class BotFault extends Error {
  override readonly name = 'BotFault';

  constructor(
    readonly kind: FaultKind,
    readonly detail: string,
    readonly substitute?: Action,
  ) {
    super(detail);
  }
}
