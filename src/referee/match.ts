import type { BotFactory } from '../core/bot.js';
import type { SeedKey } from '../core/rng.js';
import { Referee, type MatchResult, type RefereeSeat, type RefereeSetup } from './referee.js';

export { StepLog } from './step-log.js';
export type { Fault, MatchResult } from './referee.js';

/** A seat of a game between System Players. */
export interface MatchSeat extends RefereeSeat {
  readonly bot: BotFactory;
}

export interface MatchSetup extends RefereeSetup {
  readonly key: SeedKey;
  readonly seats: readonly MatchSeat[];
}

/**
 * Plays one whole game between System Players in this thread, through the referee (see there for
 * faults, forfeits and engine errors).
 */
export function playGame(setup: MatchSetup): MatchResult {
  const referee = new Referee(setup);
  try {
    referee.open();
  } catch (error) {
    referee.fail(error);
    referee.endBots();
    return referee;
  }
  return referee.playToEnd();
}
